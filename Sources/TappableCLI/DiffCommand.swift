import Foundation
import TappableJSON
import TappableSnapshot
import TappableSpec

extension TappableCommand {
    /// `tappable diff A.png B.png [-o DIFF.png] [--always-write] [--threshold T] [--max-diff-ratio R]
    /// [--max-diff-pixels N] [--include-aa]`: exit 0 when the images match within the tolerances,
    /// 1 when they differ, 2 on bad input. `-o` writes the diff image only when they differ,
    /// unless `--always-write`.
    static func diffCommand(_ a: Arguments) throws -> Result {
        let files = a.positionals
        var options = ImageDiff.Options()
        if let t = a.number("--threshold") { options.threshold = t }
        options.maxDiffRatio = a.number("--max-diff-ratio")
        options.maxDiffPixels = a.integer("--max-diff-pixels")
        options.includeAA = a.flag("--include-aa")
        let output = a.text("--output"), alwaysWrite = a.flag("--always-write")
        let report = try diffFiles(files[0], files[1], output: output, options: options, alwaysWrite: alwaysWrite)
        func size(_ s: RGBAImage.Size) -> JSON { .array([.int(s.width), .int(s.height)]) }
        let json = JSON.object([
            ("width", .int(report.width)), ("height", .int(report.height)),
            ("differentPixels", .int(report.differentPixels)), ("ratio", .number(report.ratio)),
            ("sizes", .object([("reference", size(report.referenceSize)), ("actual", size(report.actualSize))])),
        ])
        return Result(stdout: json.serialized() + "\n", stderr: "", exitCode: report.matches ? 0 : 1)
    }
}
