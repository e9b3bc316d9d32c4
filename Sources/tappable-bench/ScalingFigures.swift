import Foundation
import TappableSpec
import TappableDetection
import TappableInteraction
import TappableJSON
import TappableLayout
import TappableMarkup
import TappableShaping
import TappableText

/// About `bytes` of English-like text, the same on every run: sentences of 6 to 20 words from a
/// small vocabulary, paragraphs of 2 to 7 sentences, none repeated.
func variedText(bytes: Int) -> String {
    let words = ("the of and to in is that for it as was with be by on not this are or from at which but have an they you were "
                 + "there one all we their can has more if no out so what up its about into than them only some could new time "
                 + "registering agree terms service privacy policy e-mail well-known link label tap region office affine waffle").split(separator: " ")
    var rng = SplitMix()
    func pick(_ n: Int) -> Int { Int(rng.unit() * Double(n)) }
    var text = ""
    text.reserveCapacity(bytes + 200)
    while text.utf8.count < bytes {
        for s in 0..<(2 + pick(6)) {
            if s > 0 { text += " " }
            for w in 0..<(6 + pick(15)) {
                let word = words[pick(words.count)]
                text += w == 0 ? word.prefix(1).uppercased() + word.dropFirst() : " " + word
            }
            text += pick(4) == 0 ? "?" : "."
        }
        text += "\n"
    }
    return text
}

/// Scaling figures: the time per unit of work at a small and a ten (or four) times larger size,
/// and their ratio. A ratio near 1 means the work grows linearly; a quadratic path shows as a
/// ratio near the size factor. For inputs (Markdown, tagged text, detection, JSON) the ratio of the
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
    // Hostile Markdown, where libcmark 0.30.2 alone is quadratic: lines opening hundreds of lists,
    // and floods of `![` brackets (bounded by MarkdownNesting).
    let deepLists = try inputScaling({ n in
        var s = ""; var i = 0
        while s.utf8.count < n { s += String(repeating: "- ", count: 1 + i % 300) + "a\n\n"; i += 1 }
        return s
    }) { _ = Markdown.attributedText($0) }
    let bracketFlood = try inputScaling(repeated("![[a](b)")) { _ = Markdown.attributedText($0) }
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
    // JSON: SPEC-like objects (keys, escaped and non-ASCII strings, numbers, nesting) in one array;
    // the 1 MB time against Foundation's JSONSerialization on the same text, as a baseline.
    let jsonText = { (n: Int) in "[" + repeated(##"{"range":[12,3],"link":"https://e.example/\u00e9?q=\"1\"","color":"#0000ff","kern":-0.25,"runs":[true,null]},"##)(n) + "0]" }
    let json = try inputScaling(jsonText) { _ = try JSONReader().read($0) }
    let foundationData = Data(jsonText(1_000_000).utf8)
    let foundationJSON = try measure(rounds: 3, iterations: 1) { _ = try JSONSerialization.jsonObject(with: foundationData) }

    // Layout of 1 KB, 10 KB, 100 KB and 1 MB of varied text (no paragraph repeats), each from
    // nothing (the shape caches emptied first): milliseconds, and microseconds per KB.
    let shaper = TextShaper()
    var layoutFigures: [(String, Double)] = []
    var perKB: [Double] = []
    for (name, bytes, rounds) in [("1KB", 1_000, 5), ("10KB", 10_000, 5), ("100KB", 100_000, 3), ("1MB", 1_000_000, 1)] {
        let text = AttributedText(variedText(bytes: bytes))
        let t = try measure(rounds: rounds, iterations: 1) {
            shaper.cache.removeShapedRuns()
            _ = try LabelLayout(text: text, width: 320, properties: LabelProperties(numberOfLines: 0), shaper: shaper)
        }
        perKB.append(t * 1e6 / (Double(bytes) / 1000))
        layoutFigures += [("layout\(name)Milliseconds", t * 1e3), ("layout\(name)MicrosecondsPerKB", perKB.last!)]
    }
    layoutFigures.append(("layoutPerKBRatio1MBTo1KB", perKB[3] / perKB[0]))
    let regions1k = try regionsLabelTime(1_000), regions10k = try regionsLabelTime(10_000)
    let runs2k = try specRunsTime(2_000), runs8k = try specRunsTime(8_000)
    return layoutFigures + [
        ("regions1kMicrosecondsPerRegion", regions1k * 1e6),
        ("regions10kMicrosecondsPerRegion", regions10k * 1e6),
        ("regionsPerRegionRatio10kTo1k", regions10k / regions1k),
        ("specRuns2kMicrosecondsPerRun", runs2k * 1e6),
        ("specRuns8kMicrosecondsPerRun", runs8k * 1e6),
        ("specRunsPerRunRatio8kTo2k", runs8k / runs2k),
        ("markdown1MBMilliseconds", markdown.large * 1e3),
        ("markdown1MBTo100KBRatio", markdown.large / markdown.small),
        ("markdown2MBTo1MBRatio", markdown2MB / markdown.large),
        ("markdownDeepLists1MBMilliseconds", deepLists.large * 1e3),
        ("markdownDeepLists1MBTo100KBRatio", deepLists.large / deepLists.small),
        ("markdownBracketFlood1MBMilliseconds", bracketFlood.large * 1e3),
        ("markdownBracketFlood1MBTo100KBRatio", bracketFlood.large / bracketFlood.small),
        ("tagged1MBMilliseconds", tagged.large * 1e3),
        ("tagged1MBTo100KBRatio", tagged.large / tagged.small),
        ("detection1MBMilliseconds", detection.large * 1e3),
        ("detection1MBTo100KBRatio", detection.large / detection.small),
        ("jsonReader1MBMilliseconds", json.large * 1e3),
        ("jsonReader1MBTo100KBRatio", json.large / json.small),
        ("jsonReaderToFoundation1MBRatio", json.large / foundationJSON),
    ]
}
