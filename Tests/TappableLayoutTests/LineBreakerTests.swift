import Foundation
import Testing
import TappableLayout
import TappableShaping
import TappableTestSupport
import TappableText

@Suite("Line breaking: where lines start (as Pango), long words, char wrap, hanging spaces, whole grapheme clusters")
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

    /// Grapheme clusters a layout must keep whole.
    static let cases = [
        // Thai tone marks have no glyph in Inter: each draws a wide .notdef box, and UAX #14 (class SA)
        // allows breaks between them, so the cluster is far wider than the line.
        NamedCase("a + 200 Thai tone marks (wide, breakable by UAX #14)", "a" + String(repeating: "\u{0E49}", count: 200) + " b"),
        // Hebrew points are script Hebrew: a script run boundary falls inside the Latin cluster.
        NamedCase("a + 200 Hebrew points (another script inside the cluster)", "a" + String(repeating: "\u{05B4}", count: 200) + " b"),
        NamedCase("a + 200 combining acutes", "a" + String(repeating: "\u{0301}", count: 200) + " b"),
    ]

    @Test("a base with 200 combining marks at width 50 stays one cluster: lines, boxes and glyphs agree", arguments: cases)
    func hugeCluster(_ c: NamedCase<String>) throws {
        for mode in [LineBreakMode.wordWrap, .charWrap] {
            let layout = try Fixture.label(c.value, width: 50, lines: 0, mode: mode)
            let boundaries = Self.graphemeBoundaries(c.value)
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

    /// Line starts that Pango 1.50 (pango-view --pixels --hint-metrics=off --hinting=none --wrap=word)
    /// produces with the same font files, sizes and widths. Widths are chosen away from a line's
    /// exact fit: Pango rounds glyph positions to whole pixels, Tappable keeps exact advances, so a
    /// line within a pixel of the width may break differently (e.g. Hebrew at 180 pt: 180.29 vs 179).
    @Test("line starts agree with Pango on known texts", arguments: [
        (LoginSentence.text, "Inter", 17.0, 320.0, [0, 40]),
        (LoginSentence.text, "Inter", 17.0, 200.0, [0, 27, 48]),
        (LoginSentence.text, "Inter", 17.0, 120.0, [0, 16, 31, 40, 52]),
        ("The quick brown fox jumps over the lazy dog while the five boxing wizards jump quickly.", "DejaVu Sans", 14.0, 180.0, [0, 20, 44, 66]),
        ("check google.com or call 415-555-5555? how about friday at 5pm?", "Inter", 15.0, 240.0, [0, 25, 56]),
        ("日本語のテキストは単語の間にスペースがありません。改行はどこでもできます。", "Droid Sans Fallback", 16.0, 150.0, [0, 9, 18, 27, 35]),
        ("مرحبا بكم في موقعنا، اقرأ سياسة الخصوصية Privacy Policy قبل التسجيل في الخدمة", "Noto Sans Arabic", 16.0, 200.0, [0, 26, 49, 71]),
        ("שלום וברוכים הבאים, קראו את התנאים לפני ההרשמה לשירות שלנו היום", "Noto Sans Hebrew", 16.0, 190.0, [0, 25, 47]),
        ("שלום וברוכים הבאים, קראו את Terms of Service לפני ההרשמה לשירות", "DejaVu Sans", 16.0, 180.0, [0, 20, 37, 57]),
    ])
    func lineStartsAgreeWithPango(text: String, family: String, size: Double, width: Double, starts: [Int]) throws {
        let layout = try Fixture.label(text, width: width, font: Font(family: family, size: size))
        #expect(Fixture.lineStarts(layout) == starts)
        for line in layout.textLayout.lines { #expect(line.width <= width + 1e-6) }
    }

    @Test("a word wider than the line breaks between grapheme clusters")
    func longWord() throws {
        let layout = try Fixture.label("Supercalifragilisticexpialidocious is a long word indeed", width: 150)
        let lines = layout.textLayout.lines
        #expect(lines.count >= 3)
        #expect(lines[0].characterRange.upperBound < 34, "the word is cut")
        for line in lines { #expect(line.width <= 150 + 1e-6) }
    }

    @Test("char wrap breaks inside words, word wrap does not")
    func charWrap() throws {
        let text = "Terms of Service and Privacy Policy"
        let word = try Fixture.label(text, width: 100, mode: .wordWrap)
        let char = try Fixture.label(text, width: 100, mode: .charWrap)
        let wordStarts = Fixture.lineStarts(word), charStarts = Fixture.lineStarts(char)
        let wordBoundaries = Set([0] + text.utf16.enumerated().filter { $0.element == 0x20 }.map { $0.offset + 1 })
        #expect(wordStarts.allSatisfy(wordBoundaries.contains))
        #expect(!charStarts.allSatisfy(wordBoundaries.contains))
        for line in char.textLayout.lines { #expect(line.width <= 100 + 1e-6) }
    }

    @Test("trailing spaces hang past the line end and do not count in its width")
    func hangingSpaces() throws {
        let plain = try Fixture.label("Terms", width: 300)
        let spaced = try Fixture.label("Terms      ", width: 300)
        #expect(abs(plain.textLayout.lines[0].width - spaced.textLayout.lines[0].width) < 1e-9)
        let right = try Fixture.label("Terms      ", width: 300, alignment: .right)
        #expect(abs(right.lineRect(0).maxX - 300) < 1e-9)
    }
}
