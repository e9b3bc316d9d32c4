# The two commands of the README. Both bootstrap the Debian packages first (quiet when present).
.PHONY: bootstrap example test bench fuzz

bootstrap:
	@scripts/bootstrap

# Release builds link the Swift runtime and Foundation statically: a command starts faster (no
# dynamic loader binding ~15 more shared libraries; `tappable render` takes 0.75x the CPU of the
# dynamic build, README "Performance"), for a larger binary (77 MB instead of 7 MB).
RELEASE = scripts/build-release

# The main job: lay out and paint every label in Examples/ into out/ (normal, highlighted,
# overlay PNGs, layout and hit-map JSON). A failed build stops here.
example: bootstrap
	@$(RELEASE) --product tappable
	@scripts/render-examples

# The whole test suite, with the tools its specs drive (qpdf, headless Chromium).
test:
	@scripts/bootstrap test
	swift test

# Benchmarks (release builds): tappable-bench's figures with their in-run baselines, then
# Tappable against Pango 1.50 + Cairo on the same inputs (bench/compare.py; the Pango side is
# bench/pango-bench.c and pango-view, installed and built here only, never by `make test`).
bench: bootstrap
	@scripts/bootstrap-bench
	@$(RELEASE) --product tappable-bench
	@$(RELEASE) --product tappable
	@cc -O2 -o .build/pango-bench bench/pango-bench.c $$(pkg-config --cflags --libs pangocairo pangofc fontconfig harfbuzz) -lm
	@.build/release/tappable-bench
	@bench/compare.py

# Fuzzing: each parser (SPEC, Markdown, tagged strings, detectors, PNG) under libFuzzer for
# SECONDS seconds (default 60), with coverage from -sanitize=fuzzer; findings in Fuzz/findings/.
SECONDS ?= 60
fuzz: bootstrap
	@swift build -c release --product tappable-fuzz --scratch-path .build/fuzz -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING -Xswiftc -use-ld=lld --quiet
	@scripts/fuzz $(SECONDS)
