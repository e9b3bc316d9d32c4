import Foundation
import TappableCLI
import TappableDetection
import TappableInteraction
import TappableMarkup
import TappableText

/// Scaling figures: the time per unit of work at a small and a ten (or four) times larger size,
/// and their ratio. A ratio near 1 means the work grows linearly; a quadratic path shows as a
/// ratio near the size factor. For inputs (Markdown, tagged text, detection) the ratio of the
/// 1 MB time to the 100 KB time: about 10 is linear, 100 quadratic (the targets: ≤ 12).
func scalingFigures() throws -> [(String, Double)] {
    /// A one-line label of `n` links ("date 1, date 2, …" each its own region).
    func regionsLabelTime(_ n: Int) throws -> Double {
        var string = ""
        var runs: [AttributeRun] = []
        for i in 0..<n {
            let word = "link\(i)"
            runs.append(AttributeRun(range: TextRange(location: string.utf16.count, length: word.utf16.count),
                                     attributes: TextAttributes(link: "https://example.com/\(i)")))
            string += word + " "
        }
        let text = try AttributedText(string: string, runs: runs)
        var regions = 0
        let t = try measure(rounds: 3, iterations: 1) { regions = try TappableLabel(text: text).regions.count }
        precondition(regions == n)
        return t / Double(n)
    }

    /// A SPEC whose `runs` give `n` overlapping links and colours over a long text.
    func specRunsTime(_ n: Int) throws -> Double {
        let text = String(repeating: "word ", count: n)
        let runs = (0..<n).map { i in
            "{\"range\":[\(5 * i),\(min(9, 5 * (n - i)))],\"link\":\"https://example.com/\(i)\",\"color\":\"#0000\(i % 2 == 0 ? "ff" : "aa")\"}"
        }
        let spec = Data("{\"text\":\"\(text)\",\"runs\":[\(runs.joined(separator: ","))]}".utf8)
        let t = try measure(rounds: 3, iterations: 1) { _ = try LabelSpec.parse(spec) }
        return t / Double(n)
    }

    /// Seconds to parse or scan `text(n)` for a 100 KB and a 1 MB text (UTF-8 bytes).
    func inputScaling(_ text: (Int) -> String, _ work: (String) throws -> Void) throws -> (small: Double, large: Double) {
        let small = text(100_000), large = text(1_000_000)
        return (try measure(rounds: 3, iterations: 1) { try work(small) }, try measure(rounds: 3, iterations: 1) { try work(large) })
    }
    func repeated(_ unit: String) -> (Int) -> String { { n in String(repeating: unit, count: n / unit.utf8.count + 1) } }
    let markdownText = repeated("Some *text* with a [link 👍](https://e.example/a-b?x=1) and `code`.\n")
    let markdown = try inputScaling(markdownText) { _ = Markdown.attributedText($0) }
    // Past the CPU caches: 2 MB against 1 MB. From 100 KB to 1 MB the working set (libcmark's node
    // tree, the attribute runs) outgrows the caches: libcmark's parse alone grows 15 to 25 times
    // there on the development machine (32 MB L3). From 1 MB to 2 MB linear work doubles.
    let markdown2MBText = markdownText(2_000_000)
    let markdown2MB = measure(rounds: 3, iterations: 1) { _ = Markdown.attributedText(markdown2MBText) }
    let tagged = try inputScaling(repeated("Read the <a href='https://e.example/?q=1&amp;r=2'>terms &amp; rules</a> now. ")) {
        _ = try TaggedString($0).attributedText(with: .standard())
    }
    let detector = try DataDetector(types: DetectionType.allSystemTypes, referenceDate: Date(timeIntervalSince1970: 1_795_000_000))
    let detection = try inputScaling(repeated("check google.com or call 415-555-5555? how about friday at 5pm? #tag @user a@b.com (((... ")) {
        _ = detector.detections(in: $0)
    }

    let regions1k = try regionsLabelTime(1_000), regions10k = try regionsLabelTime(10_000)
    let runs2k = try specRunsTime(2_000), runs8k = try specRunsTime(8_000)
    return [
        ("regions1kMicrosecondsPerRegion", regions1k * 1e6),
        ("regions10kMicrosecondsPerRegion", regions10k * 1e6),
        ("regionsPerRegionRatio10kTo1k", regions10k / regions1k),
        ("specRuns2kMicrosecondsPerRun", runs2k * 1e6),
        ("specRuns8kMicrosecondsPerRun", runs8k * 1e6),
        ("specRunsPerRunRatio8kTo2k", runs8k / runs2k),
        ("markdown1MBMilliseconds", markdown.large * 1e3),
        ("markdown1MBTo100KBRatio", markdown.large / markdown.small),
        ("markdown2MBTo1MBRatio", markdown2MB / markdown.large),
        ("tagged1MBMilliseconds", tagged.large * 1e3),
        ("tagged1MBTo100KBRatio", tagged.large / tagged.small),
        ("detection1MBMilliseconds", detection.large * 1e3),
        ("detection1MBTo100KBRatio", detection.large / detection.small),
    ]
}
