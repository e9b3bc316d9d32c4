# The two commands of the README. Both bootstrap the Debian packages first (quiet when present).
.PHONY: bootstrap example test bench fuzz

bootstrap:
	@scripts/bootstrap

# The main job: lay out and paint every label in Examples/ into out/ (normal, highlighted,
# overlay PNGs, layout and hit-map JSON). A failed build stops here.
example: bootstrap
	@swift build --product tappable -c release --quiet
	@scripts/render-examples

# The whole test suite.
test: bootstrap
	swift test

# Benchmarks (release build), JSON figures with their in-run baselines.
bench: bootstrap
	@swift build --product tappable-bench -c release --quiet
	@.build/release/tappable-bench

# Fuzzing: each parser (SPEC, Markdown, tagged strings, detectors, PNG) under libFuzzer for
# SECONDS seconds (default 60), with coverage from -sanitize=fuzzer; findings in Fuzz/findings/.
SECONDS ?= 60
fuzz: bootstrap
	@swift build -c release --product tappable-fuzz --scratch-path .build/fuzz -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING -Xswiftc -use-ld=lld --quiet
	@scripts/fuzz $(SECONDS)
