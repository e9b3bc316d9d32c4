import Foundation
import Testing
import TappableInteraction
import TappableLayout
import TappableTestSupport
import TappableText

@Suite("Regions: derived from link and tappable-region attributes, laid out once")
struct TappableRegionTests {
    @Test("the seed string has two link regions in text order, glyph rects from the layout, tap areas 5 pt larger")
    func seedRegions() throws {
        let label = try Fixture.seedLabel()
        #expect(label.regions.map(\.range) == [SeedSentence.privacy, SeedSentence.terms])
        #expect(label.regions.map(\.link) == ["https://example.com/9", "https://example.com/27"])
        for region in label.regions {
            #expect(region.rects == label.layout.rects(for: region.range))
            #expect(region.rects.count == 1)
            let r = region.rects[0], a = region.tapAreas[0]
            #expect(a == Rect(x: r.minX - 5, y: r.minY - 5, width: r.width + 10, height: r.height + 10))
            #expect(region.frame == r)
            #expect(region.visibleRanges == [region.range])
        }
    }

    @Test("adjacent runs with the same link form one region, even when other attributes differ")
    func sameLinkMerges() throws {
        var text = AttributedText("Read the Privacy Policy now")
        try text.addAttributes(TextAttributes(link: "privacy"), in: TextRange(location: 9, length: 14))
        try text.addAttributes(TextAttributes(font: Font(family: "Inter", size: 17, weight: .bold)), in: TextRange(location: 9, length: 7))
        #expect(text.runs.count == 4, "the bold part is its own run")
        let label = try TappableLabel(text: text, width: 400)
        #expect(label.regions.map(\.range) == [TextRange(location: 9, length: 14)])
        #expect(label.regions[0].attributes.font?.weight == .bold, "attributes are those at the region's start")
    }

    @Test("two different links side by side are two regions; flag-only runs with different payloads (custom attributes) too")
    func differentLinksSplit() throws {
        var text = AttributedText("PrivacyTerms and more")
        try text.addAttributes(TextAttributes(link: "a"), in: TextRange(location: 0, length: 7))
        try text.addAttributes(TextAttributes(link: "b"), in: TextRange(location: 7, length: 5))
        try text.addAttributes(TextAttributes(isTappableRegion: true), in: TextRange(location: 13, length: 3))
        try text.addAttributes(TextAttributes(isTappableRegion: true, custom: ["kind": "x"]), in: TextRange(location: 16, length: 5))
        let label = try TappableLabel(text: text, width: 400)
        #expect(label.regions.map(\.range) == [TextRange(location: 0, length: 7), TextRange(location: 7, length: 5),
                                               TextRange(location: 13, length: 3), TextRange(location: 16, length: 5)])
        #expect(label.regions[2].link == nil)
        #expect(label.regions[2].attributes.isTappableRegion)
        #expect(label.regions[3].attributes.custom == ["kind": "x"])
    }

    @Test("a link wrapping onto a second line has one glyph rect and one tap area per line")
    func wrappedLink() throws {
        let label = try Fixture.label(LoginSentence.text, links: [LoginSentence.terms, LoginSentence.privacy], width: 320)
        let terms = label.regions[0]
        #expect(terms.rects.count == 2)
        #expect(terms.tapAreas.count == 2)
        #expect(terms.rects[0].minY < terms.rects[1].minY)
        #expect(terms.frame == terms.rects[0].union(terms.rects[1]))
    }

    @Test("truncation: truncated characters are in no region; the shown part of a cut link is; a hidden link is no region")
    func truncatedLink() throws {
        let string = "Please read the Terms of Service before you continue"
        let link = TextRange(location: 16, length: 16), hidden = TextRange(location: 44, length: 8)
        let label = try Fixture.label(string, links: [link, hidden], width: 200, lines: 1, mode: .truncateTail)
        let cut = try #require(label.layout.textLayout.lines[0].truncatedRange)
        #expect(cut.location > link.location && cut.location < link.upperBound)
        #expect(label.regions.count == 1, "the fully truncated link disappears")
        let region = label.regions[0]
        #expect(region.range == TextRange(link.location..<cut.location))
        #expect(region.fullRange == link)
        #expect(region.visibleRanges == [TextRange(link.location..<cut.location)])
        #expect(region.rects == label.layout.rects(for: TextRange(link.location..<cut.location)))
        let ellipsis = try #require(label.layout.textLayout.lines[0].boxes.last)
        #expect(ellipsis.isEllipsis)
        #expect(region.rects.allSatisfy { $0.maxX <= ellipsis.minX + 1e-9 }, "the ellipsis is not part of the region")
    }

    @Test("minimum tap target 44 x 44: each tap area grows to at least 44 x 44, centred on its glyph rect")
    func minimumTapTarget() throws {
        let string = "Tap a or the long Privacy Policy link"
        let small = TextRange(location: 4, length: 1), wide = TextRange(location: 18, length: 14)
        let settings = InteractionSettings(minimumTapTargetSize: Size(width: 44, height: 44))
        let label = try Fixture.label(string, links: [small, wide], width: 400, settings: settings)
        let a = label.regions[0], p = label.regions[1]
        let glyph = a.rects[0], area = a.tapAreas[0]
        #expect(glyph.width + 10 < 44, "the letter a is narrower than the target even when grown")
        #expect(abs(area.width - 44) < 1e-9 && abs(area.height - 44) < 1e-9)
        #expect(abs(area.midX - glyph.midX) < 1e-9 && abs(area.midY - glyph.midY) < 1e-9)
        // The wide link keeps its grown width and only grows in height.
        let wideGlyph = p.rects[0], wideArea = p.tapAreas[0]
        #expect(abs(wideArea.width - (wideGlyph.width + 10)) < 1e-9)
        #expect(abs(wideArea.height - 44) < 1e-9)
        // A tap 20 pt right of the letter's centre lands inside the 44 pt target; without it, nothing.
        let point = Point(x: glyph.midX + 20, y: glyph.midY + 20)
        #expect(label.regionIndex(at: point) == 0)
        #expect(try label.with(settings: InteractionSettings()).regionIndex(at: point) == nil)
    }

    @Test("positive insets cannot shrink a tap area below its glyph rect: glyphs always hit")
    func positiveInsets() throws {
        let settings = InteractionSettings(tapAreaInsets: EdgeInsets(all: 3))
        let label = try Fixture.seedLabel(settings: settings)
        #expect(label.regions[0].tapAreas == label.regions[0].rects)
        let r = label.regions[0].rects[0]
        #expect(label.regionIndex(at: Point(x: r.minX + 0.5, y: r.minY + 0.5)) == 0)
    }

    @Test("empty text and text without links have no regions; every point is unhandled")
    func noRegions() throws {
        for label in [try TappableLabel(text: AttributedText(""), width: 100, height: 40),
                      try TappableLabel(text: AttributedText("plain words"), width: 100, height: 40)] {
            #expect(label.regions.isEmpty)
            #expect(label.regionIndex(at: Point(x: 5, y: 20)) == nil)
            #expect(tapEvents(label, at: Point(x: 5, y: 20)).names == ["unhandled"])
        }
    }
}
