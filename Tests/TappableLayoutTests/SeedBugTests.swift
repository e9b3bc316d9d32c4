import Foundation
import Testing
import TappableLayout
import TappableText

/// Each bug of the iOS approaches in shared/seeds/README.md, as a spec Tappable passes; where it
/// helps, the naive computation is shown failing on the same geometry.
@Suite("The seeds' bugs, fixed")
struct SeedBugTests {
    @Test("001: a tap on the first character of a link hits the link (naive `index > location` misses it)")
    func firstCharacterOfLink() throws {
        let layout = try Fixture.label(Fixture.login, width: 320, links: [Fixture.termsRange])
        let index = try #require(layout.hitTest(at: Fixture.centre(of: TextRange(location: 31, length: 1), in: layout)))
        #expect(index == 31)
        #expect(Fixture.termsRange.contains(index))
        #expect(!(index > Fixture.termsRange.location), "the naive check would have missed this tap")
    }

    @Test("001: the second of two identical phrases is its own link (naive range(of:) finds the first)")
    func repeatedPhrase() throws {
        let string = "Privacy Policy: read our Privacy Policy"
        let second = TextRange(location: 25, length: 14)
        let layout = try Fixture.label(string, width: 400, links: [second])
        let naive = (string as NSString).range(of: "Privacy Policy")
        #expect(naive.location == 0, "range(of:) finds the first phrase")
        let index = try #require(layout.hitTest(at: Fixture.centre(of: TextRange(location: 30, length: 1), in: layout)))
        #expect(second.contains(index))
        let first = try #require(layout.hitTest(at: Fixture.centre(of: TextRange(location: 2, length: 1), in: layout)))
        #expect(!second.contains(first))
    }

    @Test("001/004: in a label taller than its text, the centred text is hit where it is drawn")
    func tallLabel() throws {
        let layout = try Fixture.label(Fixture.login, width: 320, height: 200, links: [Fixture.privacyRange])
        #expect(abs(layout.textOrigin.y - (200 - layout.textLayout.usedRect.height) / 2) < 1e-9)
        let point = Fixture.centre(of: TextRange(location: 55, length: 1), in: layout)
        #expect(point.y > 90, "the second line is drawn near the middle of the label")
        #expect(layout.hitTest(at: point) == 55)
        // The naive approach uses the label frame as the text container: no text there.
        #expect(layout.textLayout.hitTest(at: point) == nil)
    }

    @Test("003: right-aligned text is hit without a horizontal centring offset")
    func alignment() throws {
        for alignment in [TextAlignment.left, .right, .center] {
            let layout = try Fixture.label("Terms of Service", width: 320, height: 100, alignment: alignment, links: [TextRange(location: 0, length: 16)])
            let point = Fixture.centre(of: TextRange(location: 9, length: 1), in: layout)
            #expect(layout.hitTest(at: point) == 9, "alignment \(alignment)")
            // The seed applies the vertical centring offset horizontally too.
            let used = layout.usedRect
            let naive = Point(x: point.x - (320 - used.width) / 2, y: point.y)
            if alignment != .center { #expect(layout.hitTest(at: naive) != 9, "the naive offset misses for \(alignment)") }
        }
    }

    @Test("004: indices after an emoji are UTF-16 offsets, not Character counts")
    func emojiBeforeLink() throws {
        let string = "👩‍👩‍👧 Privacy Policy"
        let link = TextRange(location: 9, length: 14)
        let layout = try Fixture.label(string, width: 320, links: [link])
        let index = try #require(layout.hitTest(at: Fixture.centre(of: TextRange(location: 9, length: 1), in: layout)))
        #expect(index == 9)
        #expect(Array(string).firstIndex(of: "P") == 2, "a Character count would say 2")
        // The emoji is one cluster: any hit on it reports its first unit.
        let emoji = try #require(layout.hitTest(at: Fixture.centre(of: TextRange(location: 0, length: 8), in: layout)))
        #expect(emoji == 0)
    }

    @Test("all: empty space hits nothing, although the nearest character exists")
    func emptySpace() throws {
        let layout = try Fixture.label("Short last line at the end", width: 150, height: 120, links: [TextRange(location: 21, length: 5)])
        let lines = layout.textLayout.lines
        try #require(lines.count == 2)
        let last = layout.lineRect(1)
        let right = Point(x: last.maxX + 10, y: last.midY)
        #expect(layout.hitTest(at: right) == nil)
        #expect(layout.characterIndex(at: right) != nil, "the nearest-character answer would fire a link")
        let below = Point(x: last.midX, y: last.maxY + 5)
        #expect(layout.hitTest(at: below) == nil)
        let above = Point(x: layout.lineRect(0).midX, y: layout.lineRect(0).minY - 3)
        #expect(layout.hitTest(at: above) == nil)
        #expect(layout.hitTest(at: Point(x: -1, y: last.midY)) == nil, "outside the bounds")
    }

    @Test("all: empty space between paragraphs hits nothing")
    func betweenParagraphs() throws {
        var text = AttributedText("First paragraph\nSecond paragraph")
        try text.addAttributes(TextAttributes(paragraphStyle: ParagraphStyle(paragraphSpacing: 12)), in: TextRange(location: 0, length: 16))
        let layout = try LabelLayout(text: text, width: 300, properties: LabelProperties(numberOfLines: 0))
        let first = layout.lineRect(0), second = layout.lineRect(1)
        #expect(abs(second.minY - first.maxY - 12) < 1e-9)
        #expect(layout.hitTest(at: Point(x: 20, y: first.maxY + 6)) == nil)
        #expect(layout.hitTest(at: Point(x: 2, y: second.midY)) == 16)
    }

    @Test("all: truncated characters hit nothing, the ellipsis hits nothing, the visible part of a cut link does")
    func truncatedText() throws {
        let string = "Please read the Terms of Service before you continue"
        let link = TextRange(location: 16, length: 16)
        let layout = try Fixture.label(string, width: 200, lines: 1, mode: .truncateTail, links: [link])
        let line = try #require(layout.textLayout.lines.first)
        let cut = try #require(line.truncatedRange)
        #expect(cut.location > link.location && cut.location < link.upperBound, "the ellipsis cuts through the link")
        let ellipsis = try #require(line.boxes.last)
        #expect(ellipsis.isEllipsis)
        let ellipsisPoint = Point(x: layout.textOrigin.x + line.origin.x + (ellipsis.minX + ellipsis.maxX) / 2, y: layout.lineRect(0).midY)
        #expect(layout.hitTest(at: ellipsisPoint) == nil)
        #expect(layout.rects(for: TextRange(location: cut.location, length: link.upperBound - cut.location)).isEmpty)
        let visible = try #require(layout.hitTest(at: Fixture.centre(of: TextRange(location: 17, length: 1), in: layout)))
        #expect(link.contains(visible))
    }

    @Test("all: a link wrapping onto a second line has one rect per line, and both lines hit it")
    func linkWrapping() throws {
        let layout = try Fixture.label(Fixture.login, width: 320, links: [Fixture.termsRange])
        let rects = layout.rects(for: Fixture.termsRange)
        #expect(rects.count == 2)
        #expect(rects[0].minY < rects[1].minY)
        let onSecondLine = try #require(layout.hitTest(at: Point(x: rects[1].midX, y: rects[1].midY)))
        #expect(Fixture.termsRange.contains(onSecondLine))
        #expect(layout.textLayout.lineIndex(forCharacterAt: onSecondLine) == 1)
    }
}
