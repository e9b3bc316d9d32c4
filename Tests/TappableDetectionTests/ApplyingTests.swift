import Foundation
import Testing
import TappableDetection
import TappableTestSupport
import TappableText

@Suite("Applying detections: merged over the existing attributes")
struct ApplyingTests {
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
}
