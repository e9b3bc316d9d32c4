import Foundation
import TappableLayout
import TappableShaping
import TappableText

// Benchmarks, printed as JSON. Build in release: `make bench`. Each figure comes with a baseline
// measured in the same run, so ratios stay meaningful on any machine:
//  - layout time against HarfBuzz shaping alone of the same text (what layout adds on top),
//  - strict hit-tests against a linear scan over every cluster box (what the binary search saves),
//  - an unbreakable word as long as the text against the text (wrapping stays linear),
//  - the peak memory a 100 KB layout adds, per byte of its UTF-16 text,
//  - an auto-shrinking label against the same label without auto-shrink (same text and width),
//  - a height-limited label against the same label with no height limit,
//  - PNG encoding and decompression-bomb decoding (see PNGBench.swift),
//  - layout of 1 KB to 1 MB of text and 1k/10k regions (see ScalingFigures.swift),
//  - `tappable check` throughput with one job against two (see CheckBench.swift).
// Layouts are timed again and again (a run shaped before comes from its face's shape cache) and,
// where the name says "Cold", with the caches emptied first. `--mode …` measures one operation
// on one input for running beside another engine (EngineBench.swift, bench/compare.py).

/// The CPU time `body` takes on this thread, in seconds (other processes' load does not count).
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = threadCPUNanoseconds()
    try body()
    return Double(threadCPUNanoseconds() - start) / 1e9
}

/// Best of `rounds` timings of `iterations` calls, in seconds per call.
func measure(rounds: Int = 5, iterations: Int, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<rounds {
        let t = try seconds { for _ in 0..<iterations { try body() } }
        best = min(best, t / Double(iterations))
    }
    return best
}

/// The process's peak resident memory so far, in bytes (getrusage's maxrss is in kilobytes).
func peakMemory() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) * 1024
}

// `--mode …`: one operation on one input, as one JSON line (see EngineBench.swift).
if CommandLine.arguments.count > 1 {
    do {
        print(try engineBench(try EngineOptions(Array(CommandLine.arguments.dropFirst()))))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("tappable-bench: \(error)\n".utf8))
        exit(2)
    }
}

let shaper = TextShaper()
let shortText = AttributedText("By registering, I agree to the Terms of Service and Privacy Policy of this service, and to the processing of my data.")
// 100 KB in paragraphs that never repeat, so a layout cannot take one paragraph's runs from the
// shape cache for another (ScalingFigures.swift).
let bigText = AttributedText(variedText(bytes: 100_000))
let container = TextContainer(width: 320, numberOfLines: 0)

do {
    // Warm the font cache.
    _ = try TextLayout(text: shortText, container: container, shaper: shaper)

    // Memory first, before the timing loops grow the peak: one 100 KB layout held alive.
    // The 100 KB layouts are timed from nothing (shape caches emptied), as the shaping-only
    // baseline (one paragraph too long to be kept) always is.
    let before = peakMemory()
    let held = try TextLayout(text: bigText, container: container, shaper: shaper)
    let layoutMemory = peakMemory() - before
    let heldLines = held.lines.count
    let short = try measure(iterations: 200) { _ = try TextLayout(text: shortText, container: container, shaper: shaper) }
    let shortCold = try measure(iterations: 200) {
        shaper.cache.removeShapedRuns()
        _ = try TextLayout(text: shortText, container: container, shaper: shaper)
    }
    let bigLayoutTime = try measure(rounds: 3, iterations: 1) {
        shaper.cache.removeShapedRuns()
        _ = try TextLayout(text: bigText, container: container, shaper: shaper)
    }
    let bigShapeTime = try measure(rounds: 3, iterations: 1) {
        let units = bigText.utf16
        let graphemes = UnicodeAlgorithms.graphemeBoundaries(units)
        _ = try shaper.shapeParagraph(bigText, range: TextRange(location: 0, length: units.count), terminatorLength: 0,
                                      graphemeStarts: graphemes, defaultFont: .system)
    }
    // An unbreakable word as long as the 100 KB text: wrapping it must stay linear.
    let word = AttributedText(String(repeating: "a", count: bigText.length))
    let wordTime = try measure(rounds: 3, iterations: 1) { _ = try TextLayout(text: word, container: container, shaper: shaper) }
    let layout = try TextLayout(text: bigText, container: container, shaper: shaper)
    let height = layout.usedRect.height
    var rng = SystemRandomNumberGenerator()
    let points = (0..<100_000).map { _ in Point(x: Double.random(in: 0..<340, using: &rng), y: Double.random(in: 0..<height, using: &rng)) }
    var hits = 0
    let hitTime = measure(rounds: 3, iterations: 1) { for p in points where layout.hitTest(at: p) != nil { hits += 1 } }
    let linearPoints = Array(points.prefix(200))
    let linearTime = measure(rounds: 3, iterations: 1) {
        for p in linearPoints {
            for line in layout.lines where p.y >= line.origin.y && p.y < line.origin.y + line.height {
                if line.boxes.contains(where: { p.x - line.origin.x >= $0.minX && p.x - line.origin.x < $0.maxX }) { hits += 1 }
            }
        }
    }
    // Auto-shrink: two lines at 320 pt hold the text only at a smaller font size.
    let shrinking = LabelProperties(numberOfLines: 2, adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0.5)
    let plainTwoLines = LabelProperties(numberOfLines: 2)
    let shrunk = try LabelLayout(text: shortText, width: 320, properties: shrinking, shaper: shaper)
    precondition(shrunk.fontScale < 1 && shrunk.fontScale > 0.5 && !shrunk.textLayout.isTruncated, "the bench label must shrink and fit")
    let shrinkTime = try measure(iterations: 100) { _ = try LabelLayout(text: shortText, width: 320, properties: shrinking, shaper: shaper) }
    let plainTime = try measure(iterations: 100) { _ = try LabelLayout(text: shortText, width: 320, properties: plainTwoLines, shaper: shaper) }
    // Height limit: ten paragraphs of the short text in a label 100 pt high (a few lines shown).
    let tall = AttributedText(Array(repeating: shortText.string, count: 10).joined(separator: "\n"))
    let unlimitedLines = LabelProperties(numberOfLines: 0)
    let limited = try LabelLayout(text: tall, width: 320, height: 100, properties: unlimitedLines, shaper: shaper)
    let unlimited = try LabelLayout(text: tall, width: 320, properties: unlimitedLines, shaper: shaper)
    precondition(limited.textLayout.lines.count < unlimited.textLayout.lines.count, "the height must cut lines")
    let limitedTime = try measure(iterations: 50) { _ = try LabelLayout(text: tall, width: 320, height: 100, properties: unlimitedLines, shaper: shaper) }
    let unlimitedTime = try measure(iterations: 50) { _ = try LabelLayout(text: tall, width: 320, properties: unlimitedLines, shaper: shaper) }
    let hitsPerSecond = Double(points.count) / hitTime
    let linearPerSecond = Double(linearPoints.count) / linearTime
    var figures: [(String, Double)] = [
        ("shortLabelLayoutMicroseconds", short * 1e6),
        ("shortLabelLayoutsPerSecond", 1 / short),
        ("shortLabelLayoutColdMicroseconds", shortCold * 1e6),
        ("text100KBLayoutMilliseconds", bigLayoutTime * 1e3),
        ("text100KBShapingOnlyMilliseconds", bigShapeTime * 1e3),
        ("layoutToShapingRatio", bigLayoutTime / bigShapeTime),
        ("text100KBLines", Double(layout.lines.count)),
        ("text100KBLayoutPeakMemoryMB", layoutMemory / 1_048_576),
        ("layoutBytesPerTextByte", layoutMemory / Double(bigText.length * 2)),
        ("unbreakableWord100KLayoutMilliseconds", wordTime * 1e3),
        ("unbreakableWordToTextRatio", wordTime / bigLayoutTime),
        ("hitTestsPerSecond", hitsPerSecond),
        ("linearScanHitTestsPerSecond", linearPerSecond),
        ("hitTestSpeedupOverLinearScan", hitsPerSecond / linearPerSecond),
        ("autoShrinkLabelLayoutMicroseconds", shrinkTime * 1e6),
        ("plainLabelLayoutMicroseconds", plainTime * 1e6),
        ("autoShrinkToPlainLayoutRatio", shrinkTime / plainTime),
        ("autoShrinkFontScale", shrunk.fontScale),
        ("heightLimitedLabelLayoutMicroseconds", limitedTime * 1e6),
        ("unlimitedLabelLayoutMicroseconds", unlimitedTime * 1e6),
        ("heightLimitedToUnlimitedLayoutRatio", limitedTime / unlimitedTime),
        ("heightLimitedLines", Double(limited.textLayout.lines.count)),
        ("unlimitedLines", Double(unlimited.textLayout.lines.count)),
    ]
    figures += try scalingFigures()
    precondition(heldLines == layout.lines.count)
    let allFigures = figures + (try pngFigures(shaper: shaper)) + (try checkFigures())
    let body = allFigures.map { "  \"\($0.0)\": \(String(format: "%.3f", $0.1))" }.joined(separator: ",\n")
    print("{\n" + body + "\n}")
} catch {
    FileHandle.standardError.write(Data("tappable-bench: \(error)\n".utf8))
    exit(2)
}
