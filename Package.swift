// swift-tools-version:6.0
// Tappable: labels with tappable links, laid out, hit-tested and painted headless on Linux.
// One module per pipeline stage; dependencies point one way (see ARCHITECTURE.md).
import PackageDescription

let package = Package(
    name: "Tappable",
    products: [
        .library(name: "TappableText", targets: ["TappableText"]),
        .library(name: "TappableMarkup", targets: ["TappableMarkup"]),
        .library(name: "TappableDetection", targets: ["TappableDetection"]),
        .library(name: "TappableShaping", targets: ["TappableShaping"]),
        .library(name: "TappableLayout", targets: ["TappableLayout"]),
        .library(name: "TappableInteraction", targets: ["TappableInteraction"]),
        .library(name: "TappableRendering", targets: ["TappableRendering"]),
        .library(name: "TappableSnapshot", targets: ["TappableSnapshot"]),
        .executable(name: "tappable", targets: ["tappable"]),
        .executable(name: "tappable-bench", targets: ["tappable-bench"]),
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
        // libphonenumber (C++, Debian libphonenumber-dev) behind a C API: phone number metadata.
        .target(name: "CPhoneNumbers", linkerSettings: [.linkedLibrary("phonenumber"), .linkedLibrary("protobuf")]),

        // The pipeline, in order.
        .target(name: "TappableText"),
        .target(name: "TappableMarkup", dependencies: ["TappableText", "CCmark"]),
        .target(name: "TappableDetection", dependencies: ["TappableText", "CPhoneNumbers"]),
        .target(name: "TappableShaping", dependencies: ["TappableText", "CICU", "CHarfBuzz", "CFreeType"]),
        .target(name: "TappableLayout", dependencies: ["TappableText", "TappableShaping", "CICU"]),
        .target(name: "TappableInteraction", dependencies: ["TappableText", "TappableLayout"]),
        .target(name: "TappableRendering", dependencies: ["TappableText", "TappableShaping", "TappableLayout", "TappableInteraction", "CCairo", "CFreeType"]),
        .target(name: "TappableSnapshot", dependencies: ["CPNGCodec"]),
        // PNG files built byte by byte (hand-made images, decompression bombs) for tests and bench.
        .target(name: "PNGFixtures"),
        .target(name: "TappableCLI", dependencies: ["TappableText", "TappableMarkup", "TappableDetection", "TappableShaping", "TappableLayout", "TappableInteraction", "TappableRendering", "TappableSnapshot"]),
        .executableTarget(name: "tappable", dependencies: ["TappableCLI"]),
        .executableTarget(name: "tappable-bench", dependencies: ["TappableText", "TappableMarkup", "TappableDetection", "TappableShaping", "TappableLayout", "TappableInteraction",
                                                                 "TappableRendering", "TappableSnapshot", "TappableCLI", "PNGFixtures", "CPNG"]),

        .testTarget(name: "TappableTextTests", dependencies: ["TappableText"]),
        .testTarget(name: "TappableMarkupTests", dependencies: ["TappableMarkup"]),
        .testTarget(name: "TappableDetectionTests", dependencies: ["TappableDetection"]),
        .testTarget(name: "TappableShapingTests", dependencies: ["TappableShaping"]),
        .testTarget(name: "TappableLayoutTests", dependencies: ["TappableLayout"]),
        .testTarget(name: "TappableInteractionTests", dependencies: ["TappableInteraction"]),
        .testTarget(name: "TappableRenderingTests", dependencies: ["TappableRendering", "TappableInteraction", "TappableDetection", "TappableSnapshot"]),
        .testTarget(name: "TappableSnapshotTests", dependencies: ["TappableSnapshot", "PNGFixtures"]),
        .testTarget(name: "TappableCLITests", dependencies: ["TappableCLI", "TappableText", "TappableMarkup", "TappableDetection",
                                                            "TappableSnapshot", "PNGFixtures"], exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
