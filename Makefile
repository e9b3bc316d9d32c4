# The two commands of the README. Both bootstrap the Debian packages first (quiet when present).
.PHONY: bootstrap example test bench

bootstrap:
	@scripts/bootstrap

# The main job: lay out and paint every label in Examples/ into out/ (normal, highlighted,
# overlay PNGs, layout and hit-map JSON). A failed build stops here.
example: bootstrap
	@swift build --product tappable -c release --quiet
	@scripts/render-examples

# The whole test suite, with the tools its specs drive (qpdf, headless Chromium).
test:
	@scripts/bootstrap test
	swift test

# Benchmarks (release build), JSON figures with their in-run baselines.
bench: bootstrap
	@swift build --product tappable-bench -c release --quiet
	@.build/release/tappable-bench
