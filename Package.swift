// swift-tools-version:6.0
// Tappable: labels with tappable links, laid out, hit-tested and painted headless on Linux.
// One module per pipeline stage; dependencies point one way (see ARCHITECTURE.md).
import PackageDescription

let package = Package(
    name: "Tappable",
    products: [
        .library(name: "TappableText", targets: ["TappableText"]),
        .library(name: "TappableDetection", targets: ["TappableDetection"]),
    ],
    targets: [
        // C libraries from Debian, through pkg-config.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo-ft", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CCmarkGFM", pkgConfig: "libcmark-gfm", providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        // ICU behind plain C types: its headers clash with Foundation's ICU copy in one Swift module.
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icudata")]),

        // The pipeline.
        .target(name: "TappableText"),
        .target(name: "TappableDetection", dependencies: ["TappableText"]),

        .testTarget(name: "TappableTextTests", dependencies: ["TappableText"]),
        .testTarget(name: "TappableDetectionTests", dependencies: ["TappableDetection"]),
    ],
    swiftLanguageModes: [.v6]
)
