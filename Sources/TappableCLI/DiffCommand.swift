import Foundation
import TappableJSON
import TappableSnapshot
import TappableSpec

extension TappableCommand {
    /// `tappable diff A.png B.png [-o DIFF.png] [--always-write] [--threshold T] [--max-diff-ratio R]
    /// [--max-diff-pixels N] [--include-aa]`: exit 0 when the images match within the tolerances,
    /// 1 when they differ, 2 on bad input. `-o` writes the diff image only when they differ,
    /// unless `--always-write`.
    static func diffCommand(_ args: [String]) throws -> Result {
        var files: [String] = []
        var output: String?
        var alwaysWrite = false
        var options = ImageDiff.Options()
        var i = 0
        func number(_ flag: String, _ range: ClosedRange<Double>) throws -> Double {
            guard i + 1 < args.count, let d = Double(args[i + 1]), d.isFinite, range.contains(d) else {
                throw UsageError(message: "\(flag) takes a number in \(range.lowerBound)...\(range.upperBound)")
            }
            i += 1
            return d
        }
        func count(_ flag: String) throws -> Int {
            guard i + 1 < args.count, let n = Int(args[i + 1]), n >= 0 else {
                throw UsageError(message: "\(flag) takes a whole number of pixels, 0 or more")
            }
            i += 1
            return n
        }
        while i < args.count {
            switch args[i] {
            case "-o":
                guard i + 1 < args.count else { throw UsageError(message: "-o needs a path") }
                i += 1
                output = args[i]
            case "--always-write": alwaysWrite = true
            case "--threshold": options.threshold = try number("--threshold", 0...1)
            case "--max-diff-ratio": options.maxDiffRatio = try number("--max-diff-ratio", 0...1)
            case "--max-diff-pixels": options.maxDiffPixels = try count("--max-diff-pixels")
            case "--include-aa": options.includeAA = true
            case let flag where flag.hasPrefix("-") && flag.count > 1: throw UsageError(message: "unknown option \(flag)")
            default: files.append(args[i])
            }
            i += 1
        }
        guard files.count == 2 else { throw UsageError(message: "expected two PNG files") }
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
