import Testing
@testable import TappableLayout
import TappableShaping
import TappableTestSupport
import TappableText

@Suite("Line fragments: cluster boxes and positioned glyphs, stored compactly")
struct LineFragmentTests {
    @Test("a line stores a box in one 8-byte edge and a glyph in 16 bytes; a shaped glyph takes 24 (a megabyte of text has a million of each)")
    func compactStorage() throws {
        #expect(MemoryLayout<PositionedGlyphs.Stored>.stride == 16)
        #expect(MemoryLayout<ShapedGlyph>.stride == 24)
        let layout = try Fixture.label(LoginSentence.text, width: 320)
        for line in layout.textLayout.lines {
            #expect(line.boxes.rightEdges.count == line.boxes.count)
            // Plain left-to-right text of one-unit clusters: one segment, no starts kept.
            #expect(line.boxes.segments.count == 1 && line.boxes.starts.isEmpty)
            #expect(line.runs.allSatisfy { $0.glyphs.offsetsY.isEmpty }, "no glyph sits off the baseline")
        }
    }

    @Test("glyphs keep a y only where some glyph of the run has one, and read back as appended")
    func glyphsReadBack() {
        let flat = [PositionedGlyph(id: 1, x: 0, y: 0, cluster: 0), PositionedGlyph(id: 2, x: 4.5, y: 0, cluster: 1)]
        let plain = PositionedGlyphs(flat)
        #expect(Array(plain) == flat && plain.offsetsY.isEmpty)
        let marked = flat + [PositionedGlyph(id: 3, x: 4.5, y: -3.25, cluster: 1), PositionedGlyph(id: 4, x: 9, y: 0, cluster: 2)]
        let stored = PositionedGlyphs(marked)
        #expect(Array(stored) == marked && stored.offsetsY == [0, 0, -3.25, 0])
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
