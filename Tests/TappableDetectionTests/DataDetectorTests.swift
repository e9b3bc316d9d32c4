import Foundation
import Testing
import TappableDetection
import TappableTestSupport
import TappableText

@Suite("ZSWTappableLabel's data-detector example")
struct AcceptanceTests {
    let text = DetectorSentence.text

    @Test("finds exactly the link, the phone number and the date")
    func threeResults() {
        let found = detections(text)
        #expect(found == [
            Detection(type: .link, range: range(6, 10), text: "google.com", urlString: "http://google.com"),
            Detection(type: .phoneNumber, range: range(25, 12), text: "415-555-5555", urlString: "tel:+14155555555",
                      phoneNumber: "+14155555555"),
            Detection(type: .date, range: range(49, 13), text: "friday at 5pm", date: instant("2026-12-04T17:00:00Z"),
                      hasTime: true, timeZone: utc),
        ])
        #expect(found.map { $0.dateString(in: utc) } == [nil, nil, "2026-12-04T17:00:00Z"])
    }

    @Test("the reference date is a Sunday at noon UTC")
    func referenceDate() {
        #expect(ISO8601DateFormatter().string(from: sunday) == "2026-11-29T12:00:00Z")
    }

    @Test("applying the results makes each match a tappable link carrying its payload")
    func applied() throws {
        let attributed = detector().attributedText(for: text)
        let link = attributed.attributes(at: 6)
        #expect(link.range == TextRange(location: 6, length: 10))
        #expect(link.attributes.link == "http://google.com")
        #expect(link.attributes.isTappableRegion)
        #expect(link.attributes.custom["detectionType"] == "link")
        #expect(link.attributes.underline == .single)
        #expect(link.attributes.foregroundColor == .link)
        #expect(attributed.attributes(at: 30).attributes.link == "tel:+14155555555")
        #expect(attributed.attributes(at: 30).attributes.custom["detectionType"] == "phoneNumber")
        #expect(attributed.attributes(at: 50).attributes.link == "2026-12-04T17:00:00Z")
        #expect(attributed.attributes(at: 50).attributes.custom["detectionType"] == "date")
        // Plain text around the matches stays plain.
        #expect(attributed.attributes(at: 0).attributes == TextAttributes())
        #expect(attributed.attributes(at: 37).attributes == TextAttributes())
        #expect(attributed.runs.count == 7)
    }
}

@Suite("Mixed text, all types")
struct MixedTests {
    @Test("every type in one paragraph")
    func paragraph() {
        let text = "Mail jane@example.com, visit (example.org/docs) or http://localhost:8080/x, ping @jack #swift, " +
            "call (415) 555-5555 tomorrow at 9am at 1 Infinite Loop, Cupertino, CA 95014."
        let ds = detector().detections(in: text)
        #expect(ds.map(\.type.name) == ["email", "link", "link", "mention", "hashtag", "phoneNumber", "date", "address"])
        #expect(ds.map(\.text) == ["jane@example.com", "example.org/docs", "http://localhost:8080/x", "@jack", "#swift",
                                   "(415) 555-5555", "tomorrow at 9am", "1 Infinite Loop, Cupertino, CA 95014"])
    }
}

@Suite("Overlaps, custom types, hostile input")
struct DataDetectorRobustnessTests {
    @Test("overlaps go to the longest match, then to the earlier type in the caller's list")
    func overlaps() throws {
        // The e-mail is longer than the link inside it.
        #expect(detector([.link, .email]).detections(in: "jane@example.com").map(\.type) == [.email])
        // Equal length: the caller's order decides.
        let a = try DataDetector(types: [.custom(CustomPattern(name: "word", pattern: "[a-z]+\\.com")), .link], referenceDate: sunday)
        #expect(a.detections(in: "see google.com").map(\.type.name) == ["word"])
        let b = try DataDetector(types: [.link, .custom(CustomPattern(name: "word", pattern: "[a-z]+\\.com"))], referenceDate: sunday)
        #expect(b.detections(in: "see google.com").map(\.type.name) == ["link"])
    }

    @Test("custom patterns: ActiveLabel-style name and regex, payload name:text")
    func custom() throws {
        let d = try DataDetector(types: [.custom(CustomPattern(name: "ticket", pattern: "\\b[A-Z]{2,5}-\\d+\\b"))], referenceDate: sunday)
        let ds = d.detections(in: "fixed in ÄPP-1 and APP-42 😀 OPS-7")
        #expect(ds.map(\.text) == ["APP-42", "OPS-7"])
        #expect(ds.map(\.range) == [TextRange(location: 19, length: 6), TextRange(location: 29, length: 5)])
        #expect(ds.map(\.urlString) == ["ticket:APP-42", "ticket:OPS-7"])
        #expect(throws: DataDetectorError.self) { try DataDetector(types: [.custom(CustomPattern(name: "bad", pattern: "("))]) }
    }

    /// Inputs that would take quadratic time if a scanner looked ahead or back without bound; the
    /// suite finishing is the check (no clock).
    static let hostileInputs: [NamedCase<String>] = [
        NamedCase("100k ( around a URL", String(repeating: "(", count: 100_000) + "http://x.com/" + String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)),
        NamedCase("1M dots", String(repeating: ".", count: 1_000_000)),
        NamedCase("200k labels then com", String(repeating: "a.", count: 200_000) + "com"),
        NamedCase("200k @a", String(repeating: "@a", count: 200_000)),
        NamedCase("200k #", String(repeating: "#", count: 200_000)),
        NamedCase("200k 1-", String(repeating: "1-", count: 200_000)),
        NamedCase("50k 5 pm", String(repeating: "5 pm ", count: 50_000)),
        NamedCase("100k a.みんなa.", String(repeating: "a.みんなa.", count: 100_000)),
        NamedCase("http:// then 200k あ. labels", "http://" + String(repeating: "あ.", count: 200_000) + "com"),
        NamedCase("t.co query of 200k &?", "http://t.co/a?" + String(repeating: "&?", count: 200_000)),
        NamedCase("200k @a/b", String(repeating: "@a/b", count: 200_000)),
        NamedCase("100k control characters", String((0..<100_000).map { Character(Unicode.Scalar(UInt8($0 % 32))) })),
        NamedCase("lone surrogates around google.com", String(decoding: [UInt16](repeating: 0xD800, count: 50_000) + Array("google.com".utf16) + [0xDC00, 0xDC00], as: UTF16.self)),
    ]

    @Test("hostile input returns promptly and finds nothing odd", arguments: hostileInputs)
    func hostile(_ h: NamedCase<String>) {
        expectOrderedInText(detector().detections(in: h.value), h.value)
        _ = detector().attributedText(for: h.value)
    }
}

/// twitter-text's extractor conformance suite (TwitterTextConformanceCases.swift, generated by
/// scripts/generate-conformance.py) run through `DataDetector`: URL sections with `[.link]`,
/// hashtag sections with `[.hashtag]`, mention sections with `[.mention]`, as the suite intends.
///
/// A case passes when the detector finds exactly the expected items, in order (and at the
/// expected UTF-16 ranges in the sections with indices). Precision and recall count items:
/// a found item is right when an expected item has the same text (and range).
@Suite("twitter-text conformance")
struct TwitterTextConformanceTests {
    static func type(of section: String) -> DetectionType {
        if section.hasPrefix("mention") { return .mention }
        if section.hasPrefix("hashtag") { return .hashtag }
        return .link
    }

    /// What the suite calls the item: the name without `@`, the tag without `#`, the URL as written.
    static func value(_ d: Detection) -> String {
        switch d.type {
        case .mention, .hashtag: return String(String.UnicodeScalarView(d.text.unicodeScalars.dropFirst()))
        default: return d.text
        }
    }

    struct Outcome {
        var description: String
        var passed: Bool
        var truePositives: Int
        var found: Int
        var expected: Int
        var got: [String]
    }

    static func run(_ c: ConformanceCase) -> Outcome {
        let type = Self.type(of: c.section)
        let results = detector([type]).detections(in: c.text)
        let got = results.map { d -> String in
            c.ranges == nil ? value(d) : "\(value(d))@\(d.range.location)+\(d.range.length)"
        }
        let want = c.expected.indices.map { i -> String in
            guard let r = c.ranges?[i] else { return c.expected[i] }
            return "\(c.expected[i])@\(r[0])+\(r[1])"
        }
        var remaining = want
        var hits = 0
        for g in got {
            if let k = remaining.firstIndex(of: g) { remaining.remove(at: k); hits += 1 }
        }
        return Outcome(description: "\(c.section): \(c.description)", passed: got == want, truePositives: hits,
                       found: got.count, expected: want.count, got: got)
    }

    struct Score: CustomStringConvertible {
        var cases = 0, passed = 0, truePositives = 0, found = 0, expected = 0
        var passRate: Double { cases == 0 ? 1 : Double(passed) / Double(cases) }
        var precision: Double { found == 0 ? 1 : Double(truePositives) / Double(found) }
        var recall: Double { expected == 0 ? 1 : Double(truePositives) / Double(expected) }
        mutating func add(_ o: Outcome) {
            cases += 1; passed += o.passed ? 1 : 0
            truePositives += o.truePositives; found += o.found; expected += o.expected
        }
        var description: String {
            func pct(_ v: Double) -> String { String(format: "%.1f%%", v * 100) }
            return "\(passed)/\(cases) cases (\(pct(passRate))), precision \(pct(precision)), recall \(pct(recall))"
        }
    }

    /// Cases that fail on purpose or for want of a rule, by "section: description". See
    /// docs/detection.md, "Conformance". None at present: every case of the suite passes.
    static let knownFailures: Set<String> = []

    @Test("pass rates, precision and recall per type stay at or above their floors")
    func conformance() {
        var scores: [String: Score] = [:]
        var total = Score()
        var failures: [String] = []
        for c in twitterTextConformanceCases {
            let o = Self.run(c)
            scores[Self.type(of: c.section).name, default: Score()].add(o)
            total.add(o)
            if !o.passed { failures.append("\(o.description) -> \(o.got)") }
        }
        print("twitter-text conformance: all \(total)")
        for name in ["link", "hashtag", "mention"] { print("  \(name): \(scores[name]!)") }
        for f in failures { print("  FAIL \(f)") }

        // The achieved rates (213/213 cases); lower them only with a reason in docs/detection.md.
        let floors: [String: (passRate: Double, precision: Double, recall: Double)] = [
            "link": (1.0, 1.0, 1.0),       // 106 cases (baseline 85.8% / 93.2% / 87.9%)
            "hashtag": (1.0, 1.0, 1.0),    // 76 cases (baseline 96.1% / 100% / 97.9%)
            "mention": (1.0, 1.0, 1.0),    // 31 cases (baseline 90.3% / 90.9% / 90.9%)
        ]
        #expect(total.cases == 213)
        for (name, floor) in floors {
            let s = scores[name]!
            #expect(s.passRate >= floor.passRate, "\(name): \(s)")
            #expect(s.precision >= floor.precision, "\(name): \(s)")
            #expect(s.recall >= floor.recall, "\(name): \(s)")
        }
        let unexpected = failures.filter { f in !Self.knownFailures.contains(where: { f.hasPrefix($0 + " -> ") }) }
        #expect(unexpected.isEmpty, "failures not in knownFailures: \(unexpected)")
    }
}
