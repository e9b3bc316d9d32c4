import Testing
import TappableLayout
import TappableTestSupport
import TappableText

@Suite("Line fragments: cluster boxes and positioned glyphs, stored compactly")
struct LineFragmentTests {
    @Test("a cluster box and a positioned glyph take 24 bytes each (a megabyte of text has a million of each)")
    func compactStorage() {
        #expect(MemoryLayout<ClusterBox>.stride == 24)
        #expect(MemoryLayout<PositionedGlyph>.stride == 24)
    }

    @Test("a box gives back its range, edges and both flags, each settable on its own")
    func boxFields() {
        var box = ClusterBox(characterRange: TextRange(location: 1_048_575, length: 201), minX: -0.25, maxX: 12.5,
                             isRightToLeft: true, isEllipsis: false)
        #expect(box.characterRange == TextRange(location: 1_048_575, length: 201))
        #expect(box.minX == -0.25 && box.maxX == 12.5 && box.width == 12.75)
        #expect(box.isRightToLeft && !box.isEllipsis)
        box.isEllipsis = true
        box.isRightToLeft = false
        #expect(box.isEllipsis && !box.isRightToLeft && box.characterRange.length == 201)
        box.characterRange = TextRange(location: 7, length: 0)
        #expect(box.characterRange == TextRange(location: 7, length: 0) && box.isEllipsis)
        box.minX += 1
        #expect(box.minX == 0.75)
    }

    @Test("ranges beyond 32 bits are clamped, never wrapped or trapped")
    func boxClamping() {
        let box = ClusterBox(characterRange: TextRange(location: Int.max, length: Int.max), minX: 0, maxX: 1,
                             isRightToLeft: false, isEllipsis: false)
        #expect(box.characterRange == TextRange(location: Int(Int32.max), length: (1 << 30) - 1))
        #expect(!box.isRightToLeft && !box.isEllipsis)
        let negative = ClusterBox(characterRange: TextRange(location: -5, length: -3), minX: 0, maxX: 0,
                                  isRightToLeft: false, isEllipsis: true)
        #expect(negative.characterRange == TextRange(location: -5, length: 0) && negative.isEllipsis)
        var glyph = PositionedGlyph(id: 3, x: 1.5, y: -2, cluster: Int.max)
        #expect(glyph.cluster == Int(Int32.max))
        glyph.cluster = 1_048_576
        #expect(glyph.cluster == 1_048_576 && glyph.id == 3 && glyph.x == 1.5 && glyph.y == -2)
    }

    @Test("a laid-out line's boxes and glyphs keep their ranges and clusters (the login sentence)")
    func laidOut() throws {
        let layout = try Fixture.label(LoginSentence.text, width: 320)
        let line = try #require(layout.textLayout.lines.first)
        #expect(line.boxes.first?.characterRange == TextRange(location: 0, length: 1))
        #expect(zip(line.boxes, line.boxes.dropFirst()).allSatisfy { $0.characterRange.upperBound == $1.characterRange.location })
        #expect(line.runs.flatMap(\.glyphs).map(\.cluster) == line.boxes.map(\.characterRange.location))
    }
}
