import Foundation
import Testing
import TappableInteraction
import TappableLayout
import TappableTestSupport
import TappableText

/// A text of `count` one-letter links, each its own paragraph, with a short name for the test list.
struct ManyRegions: CustomTestStringConvertible, Sendable {
    var count: Int
    var testDescription: String { "\(count) regions" }

    /// "a\n" repeated, each "a" a link (neighbouring links differ, so none merge).
    func text() throws -> AttributedText {
        let runs = (0..<count).map { AttributeRun(range: TextRange(location: 2 * $0, length: 1), attributes: TextAttributes(link: $0 % 2 == 0 ? "x" : "y")) }
        return try AttributedText(string: String(repeating: "a\n", count: count), runs: runs)
    }
}

@Suite("TappableLabel: the region limit, new settings on the same layout")
struct TappableLabelTests {
    @Test("a text with 100,000 regions makes a label; 100,001 is an error naming the count and the limit, before layout")
    func regionLimit() throws {
        let limit = TappableLabel.maximumRegionCount
        #expect(limit == 100_000)
        // One line shown: laying out stops at the first paragraph.
        let properties = LabelProperties(font: .bundled(), numberOfLines: 1)
        let label = try TappableLabel(text: try ManyRegions(count: limit).text(), width: 100, properties: properties)
        #expect(label.regions.count == 1, "only shown regions are regions")
        let error = #expect(throws: TappableLabelError.tooManyRegions(count: limit + 1, limit: limit)) {
            try TappableLabel(text: try ManyRegions(count: limit + 1).text(), width: 100, properties: properties)
        }
        #expect(error?.description == "the text has 100001 tappable regions (links and tappable runs), more than the 100000 a label takes")
    }

    @Test("with(settings:) reuses the layout and recomputes only the tap areas")
    func withSettings() throws {
        let label = try Fixture.seedLabel()
        let wider = try label.with(settings: InteractionSettings(tapAreaInsets: EdgeInsets(all: -8)))
        #expect(wider.regions.map(\.rects) == label.regions.map(\.rects))
        #expect(wider.regions[0].tapAreas[0].minX == label.regions[0].rects[0].minX - 8)
        #expect(wider.layout.textLayout.lines.count == label.layout.textLayout.lines.count)
    }
}

/// Where a tap lands: which region fires, with which index. Taps go through a TouchSession
/// (down and up at the same point) so these are the results a user sees.
@Suite("Taps: which region, which index")
struct HitTestTests {
    @Test("the first and the last character of a link tap the link with their own index (seed 001's off-by-one)")
    func firstAndLastCharacter() throws {
        let label = try Fixture.seedLabel()
        #expect(tappedIndex(label, at: label.layout.centre(ofCharacter: 9)) == 9)
        #expect(tappedIndex(label, at: label.layout.centre(ofCharacter: 22)) == 22)
        #expect(tappedIndex(label, at: label.layout.centre(ofCharacter: 27)) == 27)
        #expect(tappedIndex(label, at: label.layout.centre(ofCharacter: 42)) == 42)
        // The very first pixel column of the link belongs to it.
        let r = label.regions[0].rects[0]
        #expect(tappedIndex(label, at: Point(x: r.minX, y: r.midY)) == 9)
        let events = tapEvents(label, at: label.layout.centre(ofCharacter: 9))
        guard case let .tap(info) = events[1].kind else { Issue.record("no tap: \(events.names)"); return }
        #expect(info.attributes.link == "https://example.com/9")
        #expect(info.region == label.regions[0], "the event carries the region")
    }

    @Test("between two adjacent links, each side taps its own link")
    func adjacentLinks() throws {
        let a = TextRange(location: 0, length: 7), b = TextRange(location: 7, length: 5)
        let label = try Fixture.label("PrivacyTerms", links: [a, b], width: 300)
        let boundary = label.regions[0].rects[0].maxX
        #expect(label.regions[1].rects[0].minX == boundary)
        let y = label.regions[0].rects[0].midY
        #expect(label.regionIndex(at: Point(x: boundary - 0.01, y: y)) == 0)
        #expect(label.regionIndex(at: Point(x: boundary, y: y)) == 1, "the boundary belongs to the right glyph, as in hit-testing")
        #expect(tappedIndex(label, at: Point(x: boundary - 0.5, y: y)) == 6)
        #expect(tappedIndex(label, at: Point(x: boundary + 0.5, y: y)) == 7)
        // A finger pressing one link and lifting on the other taps neither.
        #expect(tapEvents(label, at: Point(x: boundary - 2, y: y), lift: Point(x: boundary + 2, y: y)).names
                == ["highlight {0, 7}", "unhighlight"])
    }

    @Test("the second line of a wrapped link taps the link with the index under the finger")
    func wrappedSecondLine() throws {
        let label = try Fixture.label(LoginSentence.text, links: [LoginSentence.terms, LoginSentence.privacy], width: 320)
        let second = label.regions[0].rects[1]
        for x in [second.minX + 1, second.midX, second.maxX - 1] {
            let point = Point(x: x, y: second.midY)
            let expected = try #require(label.layout.hitTest(at: point))
            #expect(expected >= 40 && expected < LoginSentence.terms.upperBound)
            #expect(tappedIndex(label, at: point) == expected)
        }
        // Pressing on the first line and lifting on the second is a tap in the same region.
        let first = label.layout.centre(ofCharacter: 31)
        let events = tapEvents(label, at: first, lift: second.centre)
        #expect(events.names == ["highlight {31, 16}", "tap \(label.layout.hitTest(at: second.centre)!)", "unhighlight"])
    }

    @Test("the grown tap area just outside the glyphs taps the nearest character of the link; beyond it, nothing")
    func grownTapArea() throws {
        let label = try Fixture.seedLabel()
        let r = label.regions[0].rects[0]
        #expect(label.layout.hitTest(at: Point(x: r.minX - 4.9, y: r.midY)) != nil, "a space glyph, not the link")
        #expect(tappedIndex(label, at: Point(x: r.minX - 4.9, y: r.midY)) == 9)
        #expect(tappedIndex(label, at: Point(x: r.maxX + 4.9, y: r.midY)) == 22)
        #expect(tapEvents(label, at: Point(x: r.minX - 5.1, y: r.midY)).names == ["unhandled"])
        #expect(tapEvents(label, at: Point(x: r.maxX + 5.1, y: r.midY)).names == ["unhandled"])
        // Below the text (inside the tap area, outside the glyphs): the character above the finger.
        let below = Point(x: label.layout.centre(ofCharacter: 12).x, y: r.maxY + 3)
        #expect(label.layout.hitTest(at: below) == nil)
        #expect(tappedIndex(label, at: below) == 12)
        #expect(tapEvents(label, at: Point(x: below.x, y: r.maxY + 5.1)).names == ["unhandled"])
        // Above the first line: outside the bounds, still inside the tap area (not clipped).
        #expect(tappedIndex(label, at: Point(x: below.x, y: r.minY - 3)) == 12)
    }

    @Test("where two links' grown areas overlap, the nearest link wins on each side of the midpoint")
    func overlappingTapAreas() throws {
        let a = TextRange(location: 0, length: 7), b = TextRange(location: 8, length: 5)
        let label = try Fixture.label("Privacy Terms", links: [a, b], width: 300)
        let left = label.regions[0].rects[0], right = label.regions[1].rects[0]
        let gap = right.minX - left.maxX
        #expect(gap > 0 && gap < 10, "the space is narrower than both grown margins together")
        let mid = (left.maxX + right.minX) / 2, y = left.midY
        for (x, region, index) in [(mid - 0.5, 0, 6), (left.maxX + 0.1, 0, 6), (mid + 0.5, 1, 8), (right.minX - 0.1, 1, 8)] {
            let p = Point(x: x, y: y)
            #expect(label.regions[0].tapAreasContain(p) && label.regions[1].tapAreasContain(p), "both areas hold x = \(x)")
            #expect(label.regionIndex(at: p) == region, "x = \(x)")
            #expect(tappedIndex(label, at: p) == index, "x = \(x)")
        }
        // Above the gap, off the text: still the nearer link.
        #expect(label.regionIndex(at: Point(x: mid - 0.5, y: left.minY - 2)) == 0)
        #expect(label.regionIndex(at: Point(x: mid + 0.5, y: left.minY - 2)) == 1)
    }

    @Test("a point equally near two links goes to the first in text order")
    func tieGoesToTextOrder() throws {
        // Two links over the same-width letters with a space between: the midpoint is exact.
        let label = try Fixture.label("l l", links: [TextRange(location: 0, length: 1), TextRange(location: 2, length: 1)], width: 100,
                                      font: Font.bundled("DejaVu Sans Mono", 10))
        let left = label.regions[0].rects[0], right = label.regions[1].rects[0]
        let mid = (left.maxX + right.minX) / 2
        try #require(mid - left.maxX == right.minX - mid, "the mono font gives an exact midpoint")
        let p = Point(x: mid, y: left.midY)
        #expect(label.regions[0].tapAreasContain(p) && label.regions[1].tapAreasContain(p))
        #expect(label.regions[0].distance(to: p) == label.regions[1].distance(to: p))
        #expect(label.regionIndex(at: p) == 0)
    }

    @Test("empty space right of a short last line and below the text is unhandled (seed bug 6)")
    func emptySpace() throws {
        let label = try Fixture.label("Short last line at the end", links: [TextRange(location: 21, length: 5)], width: 150, height: 120)
        try #require(label.layout.textLayout.lines.count == 2)
        let last = label.layout.lineRect(1)
        let link = label.regions[0].rects[0]
        #expect(link.maxX == last.maxX, "the link ends the short last line")
        let right = Point(x: last.maxX + 20, y: last.midY)
        #expect(label.layout.characterIndex(at: right) != nil, "a nearest-character lookup would fire the link")
        #expect(tapEvents(label, at: right).names == ["unhandled"])
        #expect(tapEvents(label, at: Point(x: link.midX, y: last.maxY + 10)).names == ["unhandled"])
        #expect(tapEvents(label, at: Point(x: 5, y: 110)).names == ["unhandled"], "bottom-left corner of the bounds")
        #expect(tapEvents(label, at: Point(x: 140, y: 5)).names == ["unhandled"], "top-right corner of the bounds")
        // Inside the grown margin the link still fires.
        #expect(tappedIndex(label, at: Point(x: last.maxX + 4, y: last.midY)) == 25)
    }

    @Test("truncated link: its visible part taps it; the ellipsis, even beside the link, hits nothing")
    func truncatedLink() throws {
        let string = "Please read the Terms of Service before you continue"
        let link = TextRange(location: 16, length: 16)
        let label = try Fixture.label(string, links: [link], width: 200, lines: 1, mode: .truncateTail)
        let line = label.layout.textLayout.lines[0]
        let cut = try #require(line.truncatedRange)
        let visibleIndex = cut.location - 1
        #expect(tappedIndex(label, at: label.layout.centre(ofCharacter: 17)) == 17)
        #expect(tappedIndex(label, at: label.layout.centre(ofCharacter: visibleIndex)) == visibleIndex)
        let ellipsis = try #require(line.boxes.last { $0.isEllipsis })
        let y = label.layout.lineRect(0).midY
        let x0 = label.layout.textOrigin.x + line.origin.x
        for x in [x0 + ellipsis.minX + 0.5, x0 + (ellipsis.minX + ellipsis.maxX) / 2, x0 + ellipsis.maxX - 0.5] {
            #expect(tapEvents(label, at: Point(x: x, y: y)).names == ["unhandled"], "x = \(x)")
        }
        #expect(label.regionInfo(at: Point(x: x0 + ellipsis.minX + 1, y: y)) == nil)
    }

    @Test("right-to-left: the Latin link inside Arabic taps with the index under the finger")
    func rightToLeft() throws {
        let string = "اقرأ Privacy Policy الآن"
        let link = TextRange(location: 5, length: 14)
        let label = try Fixture.label(string, links: [link], width: 400, font: Font(family: "Noto Sans Arabic", size: 16))
        #expect(label.layout.textLayout.lines[0].isRightToLeft)
        #expect(label.regions.map(\.range) == [link])
        #expect(label.regions[0].rects.count == 1)
        #expect(tappedIndex(label, at: label.layout.centre(ofCharacter: 5)) == 5)
        #expect(tappedIndex(label, at: label.layout.centre(ofCharacter: 18)) == 18)
        #expect(tappedIndex(label, at: label.layout.centre(ofCharacter: 12)) == 12)
        // The Arabic words around it are not the link.
        #expect(tapEvents(label, at: label.layout.centre(ofCharacter: 0)).names == ["unhandled"])
        #expect(tapEvents(label, at: label.layout.centre(ofCharacter: 21)).names == ["unhandled"])
        // Right of the link (towards the first Arabic word), in the grown margin: the link's rightmost character.
        let r = label.regions[0].rects[0]
        #expect(tappedIndex(label, at: Point(x: r.maxX + 3, y: r.midY)) == 18)
        #expect(tappedIndex(label, at: Point(x: r.minX - 3, y: r.midY)) == 5)
    }

    @Test("bidi: a link split into two visual pieces on one line taps from either piece with the character under the finger")
    func bidiPieces() throws {
        // "ad ש" (the end of "Read", a space and the first Hebrew letter) is two pieces visually.
        let link = TextRange(location: 2, length: 4)
        let label = try Fixture.label("Read שלום עולם now", links: [link], width: 400, font: Font.bundled("DejaVu Sans", 16))
        let region = label.regions[0]
        #expect(region.rects.count == 2)
        #expect(region.tapAreas.count == 2)
        for index in [2, 3, 5] {
            #expect(tappedIndex(label, at: label.layout.centre(ofCharacter: index)) == index)
        }
        // The rest of the Hebrew word, between or beside the pieces, is not the link.
        let lamed = label.layout.centre(ofCharacter: 7)
        #expect(label.regions[0].distance(to: lamed) > 5)
        #expect(tapEvents(label, at: lamed).names == ["unhandled"])
    }

    @Test("grapheme clusters: an index is a cluster's first UTF-16 unit")
    func graphemeSnapping() throws {
        let string = "Tap 👩‍👩‍👧 family now"
        let link = TextRange(location: 4, length: 15)
        let label = try Fixture.label(string, links: [link], width: 400)
        let emoji = label.layout.rects(for: TextRange(location: 4, length: 8))[0]
        for x in [emoji.minX + 1, emoji.midX, emoji.maxX - 1] {
            #expect(tappedIndex(label, at: Point(x: x, y: emoji.midY)) == 4)
        }
        #expect(tappedIndex(label, at: label.layout.centre(ofCharacter: 13)) == 13)
    }

    @Test("a taller label centres its text: taps land where the text is drawn")
    func tallLabel() throws {
        let label = try Fixture.label(LoginSentence.text, links: [LoginSentence.privacy], width: 320, height: 200)
        let point = label.layout.centre(ofCharacter: 55)
        #expect(point.y > 90)
        #expect(tappedIndex(label, at: point) == 55)
    }

    @Test("non-finite points hit nothing")
    func nonFinite() throws {
        let label = try Fixture.seedLabel()
        for p in [Point(x: .nan, y: 5), Point(x: 100, y: .infinity), Point(x: -.infinity, y: .nan)] {
            #expect(label.regionIndex(at: p) == nil)
            #expect(label.regionInfo(at: p) == nil)
        }
    }
}

@Suite("Invariants over many points")
struct TappableLabelInvariantTests {
    @Test("region hit-testing: glyphs always win, misses are outside every tap area, indices lie in the region")
    func pointInvariants() throws {
        var random = SeededRandom(state: 42)
        for label in try Fixture.invariantLabels() {
            let b = label.bounds
            for _ in 0..<3000 {
                let p = Point(x: random.uniform(b.minX - 30...b.maxX + 30), y: random.uniform(b.minY - 30...b.maxY + 30))
                let hit = label.regionIndex(at: p)
                if let glyph = label.regions.firstIndex(where: { $0.glyphsContain(p) }) {
                    #expect(hit == glyph, "\(p)")
                }
                if let hit {
                    #expect(label.regions[hit].tapAreasContain(p), "\(p)")
                    let nearest = label.regions.indices.filter { label.regions[$0].tapAreasContain(p) }
                        .map { label.regions[$0].distance(to: p) }.min()!
                    #expect(label.regions[hit].distance(to: p) == nearest, "\(p)")
                    let target = try #require(label.regionInfo(at: p))
                    #expect(target.region == label.regions[hit])
                    #expect(label.regions[hit].range.contains(target.index))
                    if let exact = label.layout.hitTest(at: p), label.regions[hit].range.contains(exact) {
                        #expect(target.index == exact, "the character under the finger")
                    }
                } else {
                    #expect(label.layout.hitTest(at: p).map { label.regionIndex(containing: $0) == nil } ?? true, "\(p)")
                }
            }
        }
    }
}
