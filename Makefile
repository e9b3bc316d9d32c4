# The two commands of the README. Both bootstrap the Debian packages first (quiet when present).
.PHONY: bootstrap example test bench

bootstrap:
	@scripts/bootstrap

# The main job: lay out (and, once painting lands, render) every label in Examples/.
example: bootstrap
	@swift build --product tappable -c release 2>&1 | grep -E "error|warning: unre" || true
	@scripts/render-examples

# The whole test suite.
test: bootstrap
	swift test

bench: bootstrap
	swift build --product tappable-bench -c release
	.build/release/tappable-bench
