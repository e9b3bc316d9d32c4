import Foundation
import Testing
import TappableInteraction
import TappableLayout
import TappableTestSupport
import TappableText

@Suite("Highlight: what the renderer paints while a region is pressed")
struct HighlightTests {
    @Test("the pressed region's unexpanded rects, the settings' corner radius and text colour, the region's own background")
    func highlight() throws {
        var text = AttributedText(SeedSentence.text)
        try text.addAttributes(TextAttributes(link: "p", highlightedForegroundColor: .white, highlightedBackgroundColor: .black),
                               in: SeedSentence.privacy)
        try text.addAttributes(TextAttributes(link: "t"), in: SeedSentence.terms)
        let style = HighlightStyle(backgroundColor: .lightGray, textColor: Color(hex: "#ff0000"), cornerRadius: 3)
        let label = try TappableLabel(text: text, width: 400, settings: InteractionSettings(highlightStyle: style))
        var session = TouchSession(label: label)
        #expect(session.highlight == nil)
        _ = session.began(label.layout.centre(ofCharacter: 10), time: 0)
        let h = try #require(session.highlight)
        #expect(h.range == SeedSentence.privacy)
        #expect(h.rects == label.layout.rects(for: SeedSentence.privacy))
        #expect(h.cornerRadius == 3)
        #expect(h.backgroundColor == .black, "the region's own pressed background wins")
        #expect(h.foregroundColor == Color(hex: "#ff0000"), "characters with their own pressed colour keep it when painted")
        #expect(label.highlight(for: label.regions[0]) == h)
        let terms = label.highlight(for: label.regions[1])
        #expect(terms.backgroundColor == .lightGray, "without its own, the settings' background")
        #expect(terms.rects == label.regions[1].rects)
    }

    @Test("a highlight over any range: the range's shown rects; nothing for an empty or outside range")
    func covering() throws {
        let label = try Fixture.label(LoginSentence.text, links: [LoginSentence.terms], width: 320)
        let range = TextRange(location: 3, length: 40)
        #expect(label.highlight(covering: range).rects == label.layout.rects(for: range))
        #expect(label.highlight(covering: range).rects.count == 2, "the range wraps")
        #expect(label.highlight(covering: TextRange(location: 5, length: 0)).rects.isEmpty)
        #expect(label.highlight(covering: TextRange(location: 500, length: 3)).rects.isEmpty)
    }
}
