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

    /// Boxes appended one after another, as a line is built, and the same boxes read back.
    static func appended(_ boxes: [(TextRange, width: Double, rtl: Bool, ellipsis: Bool)]) -> (ClusterBoxes, [ClusterBox]) {
        var stored = ClusterBoxes(), expected: [ClusterBox] = [], x = 0.0
        for (range, width, rtl, ellipsis) in boxes {
            stored.append(characterRange: range, width: width, isRightToLeft: rtl, isEllipsis: ellipsis)
            expected.append(ClusterBox(characterRange: range, minX: x, maxX: x + width, isRightToLeft: rtl, isEllipsis: ellipsis))
            x += width
        }
        return (stored, expected)
    }

    @Test("boxes read back as appended: clusters of several units, right-to-left runs, the ellipsis, bidi jumps")
    func boxesReadBack() {
        let r = { (location: Int, length: Int) in TextRange(location: location, length: length) }
        let (stored, expected) = Self.appended([
            (r(0, 1), 5, false, false), (r(1, 3), 7.5, false, false), (r(4, 1), 2, false, false),   // e + two marks
            (r(12, 1), 3, true, false), (r(9, 3), 4, true, false), (r(8, 1), 1, true, false),        // a right-to-left run
            (r(5, 1), 6, false, false), (r(6, 1), 6, false, false),                                  // back to left-to-right
            (r(7, 0), 9, false, true),                                                               // the ellipsis
        ])
        #expect(Array(stored) == expected)
        #expect(stored.segments.count == 4)
        #expect(stored.segments.map { $0.startsOffset < 0 } == [false, false, true, true])
    }

    @Test("400 random lines of boxes read back exactly as appended", arguments: 0..<4)
    func boxesReadBackRandom(seed: UInt64) {
        var rng = SeededRandom(state: seed)
        for _ in 0..<100 {
            var boxes: [(TextRange, width: Double, rtl: Bool, ellipsis: Bool)] = []
            var cursor = 100 + rng.next(50), rtl = false
            for _ in 0..<rng.next(40) {
                let roll = rng.next(10)
                let length = roll == 0 ? 0 : roll < 3 ? rng.next(4) + 1 : 1
                // Mostly the next cluster in the reading direction; sometimes a jump, as bidi
                // reordering makes; a kerned cluster narrower than nothing now and then.
                if rng.next(6) == 0 { cursor = 50 + rng.next(200); rtl = rng.next(3) == 0 }
                let location = rtl ? cursor - length : cursor
                cursor = rtl ? location : location + length
                let width = rng.next(30) == 0 ? -1.5 : Double(rng.next(100)) / 8
                boxes.append((TextRange(location: location, length: length), width, rtl, roll == 0))
            }
            let (stored, expected) = Self.appended(boxes)
            #expect(Array(stored) == expected)
            for x in stride(from: -2.0, through: (stored.rightEdges.last ?? 0) + 2, by: 0.37) {
                let linear = expected.firstIndex { x >= $0.minX && x < $0.maxX }
                if expected.allSatisfy({ $0.width >= 0 }) { #expect(stored.index(atX: x) == linear, "x \(x)") }
            }
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

    @Test("laying out paragraph by paragraph (no limit) gives the lines that planning everything first gives", arguments: [
        "Short.", LoginSentence.text + "\n\n" + LoginSentence.text, "trailing breaks\n\n\n", "   \n  ", "",
        "עברית עם English באמצע, and back.\nSecond paragraph with e\u{301}\u{302} marks and ffi ligatures.",
    ])
    func streamedEqualsPlanned(text: String) throws {
        let attributed = AttributedText(text, attributes: TextAttributes(font: .bundled()))
        for width in [60.0, 200, .infinity] {
            let container = TextContainer(width: width, defaultFont: .bundled())
            let streamed = try TextLayoutBuilder(text: attributed, container: container, shaper: TextShaper()).layOut()
            var builder = try TextLayoutBuilder(text: attributed, container: container, shaper: TextShaper())
            let plan = try builder.plan(scale: 1)
            let planned = builder.assemble(plan)
            #expect(streamed.lines.count == planned.lines.count)
            for (a, b) in zip(streamed.lines, planned.lines) {
                #expect(a.characterRange == b.characterRange && a.origin == b.origin && a.width == b.width && a.height == b.height)
                #expect(Array(a.boxes) == Array(b.boxes))
                #expect(a.runs.map { Array($0.glyphs) } == b.runs.map { Array($0.glyphs) })
            }
        }
    }
}
