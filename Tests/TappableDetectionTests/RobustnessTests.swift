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

    @Test("hostile input returns promptly and finds nothing odd", arguments: [
        NamedInput("100k parentheses around a link", String(repeating: "(", count: 100_000) + "http://x.com/" + String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)),
        NamedInput("a million dots", String(repeating: ".", count: 1_000_000)),
        NamedInput("200k labels of a domain", String(repeating: "a.", count: 200_000) + "com"),
        NamedInput("200k @ signs", String(repeating: "@a", count: 200_000)),
        NamedInput("200k # signs", String(repeating: "#", count: 200_000)),
        NamedInput("200k digit-dash pairs", String(repeating: "1-", count: 200_000)),
        NamedInput("50k times \"5 pm\"", String(repeating: "5 pm ", count: 50_000)),
        NamedInput("100k Unicode TLD fragments", String(repeating: "a.みんなa.", count: 100_000)),
        NamedInput("a URL with 200k Japanese labels", "http://" + String(repeating: "あ.", count: 200_000) + "com"),
        NamedInput("a query of 200k &?", "http://t.co/a?" + String(repeating: "&?", count: 200_000)),
        NamedInput("200k mention slugs", String(repeating: "@a/b", count: 200_000)),
        NamedInput("100k control characters", String((0..<100_000).map { Character(Unicode.Scalar(UInt8($0 % 32))) })),
        NamedInput("50k lone surrogates before a domain", String(decoding: [UInt16](repeating: 0xD800, count: 50_000) + Array("google.com".utf16) + [0xDC00, 0xDC00], as: UTF16.self)),
    ])
    func hostile(_ input: NamedInput) {
        let text = input.text
        let ds = detector().detections(in: text)
        for d in ds { #expect(d.range.upperBound <= text.utf16.count) }
        _ = detector().attributedText(for: text)
    }
}
