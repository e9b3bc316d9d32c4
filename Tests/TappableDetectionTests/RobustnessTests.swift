import Foundation
import Testing
import TappableDetection
import TappableText

@Suite("Overlaps, custom types, applying, hostile input")
struct RobustnessTests {
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

    @Test("applying many matches merges over the existing attributes and keeps the rest")
    func applyMany() {
        let text = String(repeating: "#tag and x@y.com ", count: 200)
        let base = TextAttributes(font: Font(size: 12))
        let result = detector([.hashtag, .email]).attributedText(for: text, linkStyle: TextAttributes(foregroundColor: .link),
                                                                   baseAttributes: base)
        #expect(result.string == text)
        #expect(result.runs.count == 800)
        let tag = result.attributes(at: 17)
        #expect(tag.range == TextRange(location: 17, length: 4))
        #expect(tag.attributes.link == "hashtag:tag")
        #expect(tag.attributes.font == Font(size: 12))
        #expect(tag.attributes.foregroundColor == .link)
        #expect(result.attributes(at: 26).attributes.link == "mailto:x@y.com")
        #expect(result.attributes(at: 22).attributes == base)
    }

    @Test("applying hand-made detections: out-of-text ones are ignored, an overlapping one loses to the earlier")
    func applyHandMade() {
        var text = AttributedText("call 415-555-5555 now")
        text = DataDetector.apply([
            Detection(type: .phoneNumber, range: TextRange(location: 9, length: 8), text: "555-5555", urlString: "tel:5555555"),
            Detection(type: .phoneNumber, range: TextRange(location: 5, length: 12), text: "415-555-5555", urlString: "tel:4155555555"),
            Detection(type: .link, range: TextRange(location: 18, length: 10), text: "x", urlString: "http://x"),
            Detection(type: .link, range: TextRange(location: -1, length: 2), text: "x", urlString: "http://x"),
        ], to: text)
        #expect(text.runs.map(\.range) == [TextRange(location: 0, length: 5), TextRange(location: 5, length: 12), TextRange(location: 17, length: 4)])
        #expect(text.attributes(at: 5).attributes.link == "tel:4155555555")
        #expect(text.attributes(at: 5).attributes.custom[DataDetector.detectionTypeKey] == "phoneNumber")
        #expect(text.attributes(at: 18).attributes == TextAttributes())
    }

    @Test("quotes and control characters around a hashtag stay out of it")
    func quotedHashtag() {
        // The escaping of quotes, backslashes and control characters in the JSON output is
        // tested in TappableCLITests/DetectionJSONTests.
        #expect(detections("\"#tag\"\u{1}", [.hashtag]) == [
            Detection(type: .hashtag, range: range(1, 4), text: "#tag", urlString: "hashtag:tag"),
        ])
    }

    /// A hostile input with a short name (the test's output never prints the megabytes).
    struct Hostile: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        init(_ name: String, _ text: String) { self.name = name; self.text = text }
        var testDescription: String { name }
    }

    /// Inputs that would take quadratic time if a scanner looked ahead or back without bound; the
    /// suite finishing is the check (no clock).
    static let hostileInputs: [Hostile] = [
        Hostile("100k ( around a URL", String(repeating: "(", count: 100_000) + "http://x.com/" + String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)),
        Hostile("1M dots", String(repeating: ".", count: 1_000_000)),
        Hostile("200k labels then com", String(repeating: "a.", count: 200_000) + "com"),
        Hostile("200k @a", String(repeating: "@a", count: 200_000)),
        Hostile("200k #", String(repeating: "#", count: 200_000)),
        Hostile("200k 1-", String(repeating: "1-", count: 200_000)),
        Hostile("50k 5 pm", String(repeating: "5 pm ", count: 50_000)),
        Hostile("100k a.みんなa.", String(repeating: "a.みんなa.", count: 100_000)),
        Hostile("http:// then 200k あ. labels", "http://" + String(repeating: "あ.", count: 200_000) + "com"),
        Hostile("t.co query of 200k &?", "http://t.co/a?" + String(repeating: "&?", count: 200_000)),
        Hostile("200k @a/b", String(repeating: "@a/b", count: 200_000)),
        Hostile("100k control characters", String((0..<100_000).map { Character(Unicode.Scalar(UInt8($0 % 32))) })),
        Hostile("lone surrogates around google.com", String(decoding: [UInt16](repeating: 0xD800, count: 50_000) + Array("google.com".utf16) + [0xDC00, 0xDC00], as: UTF16.self)),
    ]

    @Test("hostile input returns promptly and finds nothing odd", arguments: hostileInputs)
    func hostile(_ h: Hostile) {
        expectOrderedInText(detector().detections(in: h.text), h.text)
        _ = detector().attributedText(for: h.text)
    }

    /// The link rules of linkify-it's fixtures: userinfo, protocol-relative URLs, quotes, braces,
    /// Unicode paths and hosts, IPv4 hosts, quoted e-mail local parts, mailto:. Only links and
    /// e-mails run on these (the other scanners have their own cases above).
    static let hostileLinkInputs: [Hostile] = [
        Hostile("200k slashes", String(repeating: "/", count: 200_000)),
        Hostile("200k @", String(repeating: "@", count: 200_000)),
        Hostile("http:// then 60k a:b, no @", "http://" + String(repeating: "a:b", count: 60_000)),
        Hostile("20k http://a:b", String(repeating: "http://a:b", count: 20_000)),
        Hostile("http://a: then 30k a.b.c@", "http://a:" + String(repeating: "a.b.c@", count: 30_000)),
        Hostile("40k //x.", String(repeating: " //x.", count: 40_000)),
        Hostile("path of 100k 'a", "http://x.com/" + String(repeating: "'a", count: 100_000)),
        Hostile("path of 100k _\"", "http://x.com/" + String(repeating: "_\"", count: 100_000)),
        Hostile("path of 100k '(", "http://x.com/" + String(repeating: "'(", count: 100_000)),
        Hostile("path of 200k {", "http://x.com/" + String(repeating: "{", count: 200_000)),
        Hostile("path of 100k 日/", "http://x.com/" + String(repeating: "日/", count: 100_000)),
        Hostile("path of 100k a日", "http://x.com/" + String(repeating: "a日", count: 100_000)),
        Hostile("50k \"a\". then @x.com", String(repeating: "\"a\".", count: 50_000) + "@x.com"),
        Hostile("50k \"a\"@", String(repeating: "\"a\"@", count: 50_000)),
        Hostile("100k д. then рф", String(repeating: "д.", count: 100_000) + "рф"),
        Hostile("20k mailto:a@", String(repeating: "mailto:a@", count: 20_000)),
        Hostile("25k 1.1.1.1/", String(repeating: "1.1.1.1/", count: 25_000)),
        Hostile("30k hppt://", String(repeating: "hppt://", count: 30_000)),
    ]

    @Test("hostile input on the link paths returns promptly and finds nothing odd", arguments: hostileLinkInputs)
    func hostileLinks(_ h: Hostile) {
        expectOrderedInText(detector([.link, .email]).detections(in: h.text), h.text)
    }

    /// The detections are in text order, without overlaps, inside the text.
    func expectOrderedInText(_ ds: [Detection], _ text: String) {
        var end = 0
        for d in ds {
            #expect(d.range.location >= end && d.range.upperBound <= text.utf16.count)
            end = d.range.upperBound
        }
    }
}
