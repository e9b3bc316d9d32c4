import Foundation
import TappableJSON
import TappableSnapshot
import TappableSpec

extension TappableCommand {
    /// How images are compared, for `diff` and `check`: threshold, tolerances, anti-aliasing.
    static let comparisonOptions = [
        OptionDefinition("--threshold", .number(placeholder: "T", range: 0...1), default: "0.1",
                         "per-pixel colour distance that counts as different"),
        OptionDefinition("--max-diff-ratio", .number(placeholder: "R", range: 0...1), default: "0 unless --max-diff-pixels",
                         "largest share of different pixels that still matches"),
        OptionDefinition("--max-diff-pixels", .integer(placeholder: "N", range: 0...Int.max), default: "0 unless --max-diff-ratio",
                         "most different pixels that still match"),
        OptionDefinition("--include-aa", .flag, default: "off", "count anti-aliased pixels as differences"),
    ]

    /// The comparison `comparisonOptions` ask for.
    static func comparison(_ a: Arguments) -> ImageDiff.Options {
        var options = ImageDiff.Options()
        if let t = a.number("--threshold") { options.threshold = t }
        options.maxDiffRatio = a.number("--max-diff-ratio")
        options.maxDiffPixels = a.integer("--max-diff-pixels")
        options.includeAA = a.flag("--include-aa")
        return options
    }

    /// `tappable diff A.png B.png [-o DIFF.png] [--always-write] [--threshold T] [--max-diff-ratio R]
    /// [--max-diff-pixels N] [--include-aa]`: exit 0 when the images match within the tolerances,
    /// 1 when they differ, 2 on bad input. `-o` writes the diff image only when they differ,
    /// unless `--always-write`.
    static func diffCommand(_ a: Arguments) throws -> Result {
        let files = a.positionals
        let options = comparison(a)
        let output = a.text("--output"), alwaysWrite = a.flag("--always-write")
        if let output, (output as NSString).pathExtension.lowercased() != "png" {
            throw OptionError("--output \(output) must end in .png (the diff image is a PNG)")
        }
        // The two images may be one file; the diff image may be neither.
        try Arguments.requireDistinct([("the first image", files[0]), ("--output", output)])
        try Arguments.requireDistinct([("the second image", files[1]), ("--output", output)])
        let report = try diffFiles(files[0], files[1], output: output, options: options, alwaysWrite: alwaysWrite,
                                   compression: a.pngCompression, sync: a.flag("--sync"))
        func size(_ s: RGBAImage.Size) -> JSON { .array([.int(s.width), .int(s.height)]) }
        let json = JSON.object([
            ("width", .int(report.width)), ("height", .int(report.height)),
            ("differentPixels", .int(report.differentPixels)), ("ratio", .number(report.ratio)),
            ("sizes", .object([("reference", size(report.referenceSize)), ("actual", size(report.actualSize))])),
        ])
        return Result(stdout: json.serialized() + "\n", stderr: "", exitCode: report.matches ? 0 : 1)
    }
}
