import Testing
import TappableLayout
import TappableText

/// A grapheme cluster a layout must keep whole, with a short name for the test list.
struct ClusterCase: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var testDescription: String { name }
}

@Suite("Line breaking never splits a grapheme cluster")
struct LineBreakerTests {
    /// UTF-16 offsets where Swift's extended grapheme clusters start, and the text's end.
    static func graphemeBoundaries(_ string: String) -> Set<Int> {
        var offsets: Set<Int> = [string.utf16.count]
        var offset = 0
        for character in string {
            offsets.insert(offset)
            offset += character.utf16.count
        }
        return offsets
    }

    static let cases = [
        // Thai tone marks have no glyph in Inter: each draws a wide .notdef box, and UAX #14 (class SA)
        // allows breaks between them, so the cluster is far wider than the line.
        ClusterCase(name: "a + 200 Thai tone marks (wide, breakable by UAX #14)", text: "a" + String(repeating: "\u{0E49}", count: 200) + " b"),
        // Hebrew points are script Hebrew: a script run boundary falls inside the Latin cluster.
        ClusterCase(name: "a + 200 Hebrew points (another script inside the cluster)", text: "a" + String(repeating: "\u{05B4}", count: 200) + " b"),
        ClusterCase(name: "a + 200 combining acutes", text: "a" + String(repeating: "\u{0301}", count: 200) + " b"),
    ]

    @Test("a base with 200 combining marks at width 50 stays one cluster: lines, boxes and glyphs agree", arguments: cases)
    func hugeCluster(_ c: ClusterCase) throws {
        for mode in [LineBreakMode.wordWrap, .charWrap] {
            let layout = try Fixture.label(c.text, width: 50, lines: 0, mode: mode)
            let boundaries = Self.graphemeBoundaries(c.text)
            let lines = layout.textLayout.lines
            for line in lines {
                #expect(boundaries.contains(line.characterRange.location), "\(mode): line starts inside a cluster")
                for box in line.boxes where !box.isEllipsis {
                    #expect(boundaries.contains(box.characterRange.location) && boundaries.contains(box.characterRange.upperBound),
                            "\(mode): box \(box.characterRange) is part of a cluster")
                }
                // Every glyph is painted on the line that holds its cluster.
                for run in line.runs where !run.isEllipsis {
                    for glyph in run.glyphs { #expect(line.characterRange.contains(glyph.cluster), "\(mode): glyph of \(glyph.cluster) on another line") }
                }
            }
            #expect(lines[0].boxes.first?.characterRange == TextRange(location: 0, length: 201), "\(mode)")
            // A tap anywhere on the cluster (inside the label) answers its first unit.
            let box = layout.rects(for: TextRange(location: 0, length: 201))
            #expect(box.count == 1, "\(mode)")
            if let r = box.first {
                for x in stride(from: r.minX + 0.5, to: min(r.maxX, layout.size.width), by: 0.5) {
                    #expect(layout.hitTest(at: Point(x: x, y: r.midY)) == 0, "\(mode)")
                }
            }
        }
    }
}
