// swift-tools-version:6.0
// Tappable: labels with tappable links, laid out, hit-tested and painted headless on Linux.
// One module per pipeline stage; dependencies point one way (see ARCHITECTURE.md).
import PackageDescription

let package = Package(
    name: "Tappable",
    products: [
        // One import for apps: every stage, SPECs, JSON, snapshots and checks (no test framework).
        .library(name: "Tappable", targets: ["Tappable"]),
        // One import for tests: `assertSnapshot(of:as:)` for Swift Testing and XCTest, plus all of `Tappable`.
        .library(name: "TappableSnapshotTesting", targets: ["TappableSnapshotTesting"]),
        .library(name: "TappableText", targets: ["TappableText"]),
        .library(name: "TappableMarkup", targets: ["TappableMarkup"]),
        .library(name: "TappableDetection", targets: ["TappableDetection"]),
        .library(name: "TappableShaping", targets: ["TappableShaping"]),
        .library(name: "TappableLayout", targets: ["TappableLayout"]),
        .library(name: "TappableInteraction", targets: ["TappableInteraction"]),
        .library(name: "TappableRendering", targets: ["TappableRendering"]),
        .library(name: "TappableSnapshot", targets: ["TappableSnapshot"]),
        .library(name: "TappableJSON", targets: ["TappableJSON"]),
        .library(name: "TappableSpec", targets: ["TappableSpec"]),
        .library(name: "TappableLabelSnapshot", targets: ["TappableLabelSnapshot"]),
        .library(name: "TappableCheck", targets: ["TappableCheck"]),
        .executable(name: "tappable", targets: ["tappable"]),
        .executable(name: "tappable-bench", targets: ["tappable-bench"]),
        .executable(name: "tappable-fuzz", targets: ["tappable-fuzz"]),
    ],
    targets: [
        // C libraries from Debian, through pkg-config.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo-ft", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        // ICU behind plain C types: its headers clash with Foundation's ICU copy in one Swift module.
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icudata")]),
        // libpng's low-level API behind plain C: its errors longjmp, which Swift cannot catch.
        .target(name: "CPNGCodec", dependencies: ["CPNG"]),
        // The temporary files being written, where a SIGINT/SIGTERM handler can unlink them (async-signal-safe C).
        .target(name: "CTemporaryFiles"),
        // libphonenumber (C++, Debian libphonenumber-dev) behind a C API: phone number metadata.
        .target(name: "CPhoneNumbers", linkerSettings: [.linkedLibrary("phonenumber"), .linkedLibrary("protobuf")]),

        // The pipeline, in order.
        .target(name: "TappableText"),
        .target(name: "TappableMarkup", dependencies: ["TappableText", "CCmark"]),
        .target(name: "TappableDetection", dependencies: ["TappableText", "CPhoneNumbers"]),
        .target(name: "TappableShaping", dependencies: ["TappableText", "CICU", "CHarfBuzz", "CFreeType"]),
        .target(name: "TappableLayout", dependencies: ["TappableText", "TappableShaping"]),
        .target(name: "TappableInteraction", dependencies: ["TappableText", "TappableLayout"]),
        .target(name: "TappableRendering", dependencies: ["TappableText", "TappableShaping", "TappableLayout", "TappableInteraction", "TappableSnapshot", "CCairo", "CFreeType"]),
        .target(name: "TappableSnapshot", dependencies: ["TappableText", "CPNGCodec", "CTemporaryFiles"]),
        // PNG files built byte by byte (hand-made images, decompression bombs) for tests and bench.
        .target(name: "PNGFixtures"),
        // Label descriptions (SPEC files) in, the label's JSON shapes out, through the one JSON writer.
        .target(name: "TappableJSON", dependencies: ["TappableText"]),
        .target(name: "TappableSpec", dependencies: ["TappableJSON", "TappableText", "TappableMarkup", "TappableDetection", "TappableShaping",
                                                     "TappableLayout", "TappableInteraction", "TappableRendering"]),
        // Labels as snapshots: their forms (normal, highlighted, overlay, hit map, layout) and strategies.
        .target(name: "TappableLabelSnapshot", dependencies: ["TappableSnapshot", "TappableSpec", "TappableJSON", "TappableRendering", "TappableInteraction"]),
        // `tappable check`'s engine: a folder of SPECs against references, in parallel and in shards; HTML and JUnit reports.
        .target(name: "TappableCheck", dependencies: ["TappableLabelSnapshot", "TappableSnapshot", "TappableSpec", "TappableJSON", "TappableInteraction", "TappableRendering"]),
        // The umbrella: re-exports the stage modules and the framework-free snapshot modules.
        .target(name: "Tappable", dependencies: ["TappableText", "TappableMarkup", "TappableDetection", "TappableShaping", "TappableLayout",
                                                 "TappableInteraction", "TappableRendering", "TappableSnapshot", "TappableJSON", "TappableSpec",
                                                 "TappableLabelSnapshot", "TappableCheck"]),
        // Test assertions (Swift Testing and XCTest); kept out of `Tappable` so apps never link a test framework.
        .target(name: "TappableSnapshotTesting", dependencies: ["Tappable"]),
        .target(name: "TappableCLI", dependencies: ["TappableCheck", "TappableLabelSnapshot", "TappableJSON", "TappableSpec", "TappableText", "TappableMarkup", "TappableDetection",
                                                    "TappableShaping", "TappableLayout", "TappableInteraction", "TappableRendering", "TappableSnapshot"]),
        .executableTarget(name: "tappable", dependencies: ["TappableCLI", "TappableSnapshot"]),
        // Fuzz targets over the parsers (SPEC, Markdown, tagged strings, detectors, PNG): `make fuzz`.
        .executableTarget(name: "tappable-fuzz", dependencies: ["TappableSpec", "TappableJSON", "TappableMarkup", "TappableDetection",
                                                                "TappableLayout", "TappableInteraction", "TappableSnapshot", "TappableText"]),
        .executableTarget(name: "tappable-bench", dependencies: ["TappableText", "TappableMarkup", "TappableDetection", "TappableShaping", "TappableLayout", "TappableInteraction",
                                                                 "TappableRendering", "TappableSnapshot", "TappableSpec", "TappableJSON", "TappableCheck", "PNGFixtures", "CPNG"]),

        // What several test targets share: the login sentence and other fixtures, linked labels, geometry helpers,
        // temporary folders, external tools and headless Chromium. Test tooling, in no product.
        .target(name: "TappableTestSupport", dependencies: ["TappableText", "TappableLayout", "TappableInteraction"], path: "Tests/TappableTestSupport"),

        .testTarget(name: "TappableTextTests", dependencies: ["TappableText", "TappableTestSupport"]),
        .testTarget(name: "TappableMarkupTests", dependencies: ["TappableMarkup", "TappableTestSupport"]),
        .testTarget(name: "TappableDetectionTests", dependencies: ["TappableDetection", "TappableTestSupport"]),
        .testTarget(name: "TappableShapingTests", dependencies: ["TappableShaping", "TappableTestSupport"]),
        .testTarget(name: "TappableLayoutTests", dependencies: ["TappableLayout", "TappableShaping", "TappableTestSupport"]),
        .testTarget(name: "TappableInteractionTests", dependencies: ["TappableInteraction", "TappableTestSupport"]),
        .testTarget(name: "TappableRenderingTests", dependencies: ["TappableRendering", "TappableInteraction", "TappableDetection", "TappableSnapshot",
                                                                 "TappableSnapshotTesting", "TappableTestSupport"], exclude: ["__Snapshots__"]),
        .testTarget(name: "TappableSnapshotTests", dependencies: ["TappableSnapshot", "PNGFixtures", "TappableTestSupport"]),
        .testTarget(name: "TappableLabelSnapshotTests", dependencies: ["TappableLabelSnapshot", "TappableSpec", "TappableSnapshot", "TappableJSON", "TappableTestSupport"]),
        .testTarget(name: "TappableCheckTests", dependencies: ["TappableCheck", "TappableSnapshot", "TappableSpec", "TappableTestSupport"]),
        .testTarget(name: "TappableSnapshotTestingTests", dependencies: ["TappableSnapshotTesting", "TappableTestSupport"], exclude: ["__Snapshots__"]),
        .testTarget(name: "TappableJSONTests", dependencies: ["TappableJSON"], exclude: ["JSONTestSuite"]),
        .testTarget(name: "TappableSpecTests", dependencies: ["TappableSpec", "TappableJSON", "TappableText", "TappableMarkup", "TappableDetection", "TappableLayout", "TappableInteraction",
                                                             "TappableTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "TappableCLITests", dependencies: ["tappable", "tappable-fuzz", "TappableCLI", "TappableLabelSnapshot", "TappableSpec", "TappableJSON", "TappableText", "TappableMarkup", "TappableDetection",
                                                            "TappableSnapshot", "PNGFixtures", "TappableTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
