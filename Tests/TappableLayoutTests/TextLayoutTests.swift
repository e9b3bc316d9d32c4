import Foundation
import Testing
import TappableLayout
import TappableShaping
import TappableTestSupport
import TappableText

@Suite("Text layout queries: lines, carets, glyph ranges, hit-testing, huge texts")
struct TextLayoutTests {
    @Test("queries: caret offsets, line for index, glyph and character ranges")
    func queries() throws {
        let layout = try Fixture.label(LoginSentence.text, width: 320)
        #expect(layout.textLayout.lineIndex(forCharacterAt: 0) == 0)
        #expect(layout.textLayout.lineIndex(forCharacterAt: 45) == 1)
        let caret = try #require(layout.caretOffset(for: 3))
        #expect(caret.line == 0 && abs(caret.x - layout.rects(for: TextRange(location: 3, length: 1))[0].minX) < 1e-9)
        let glyphs = layout.textLayout.glyphRange(forCharacterRange: TextRange(location: 0, length: 2))
        #expect(glyphs == 0..<2)
        #expect(layout.textLayout.characterRange(forGlyphRange: glyphs) == TextRange(location: 0, length: 2))
        let nearest = try #require(layout.characterIndex(at: Point(x: 1000, y: 5)))
        #expect(nearest.index == 39 && nearest.fraction == 1)
    }

    @Test("empty text lays out to nothing; huge text lays out without trouble")
    func extremes() throws {
        let empty = try Fixture.label("", width: 100, height: 40)
        #expect(empty.textLayout.lines.isEmpty)
        #expect(empty.hitTest(at: Point(x: 10, y: 20)) == nil)
        // 1,040,000 UTF-16 units in 80,001 lines: within the layout's limits (1,048,576 units, 200,000 lines).
        let big = String(repeating: "Line of text\n", count: 80_000)
        let layout = try Fixture.label(big, width: 320, lines: 0)
        #expect(layout.textLayout.lines.count == 80_001)
        let p = Point(x: 5, y: layout.lineRect(50_000).midY)
        #expect(layout.hitTest(at: p) == 50_000 * 13)
    }

    @Test("spaces hanging past a short line's end hit nothing")
    func hangingSpacesAreEmptySpace() throws {
        let layout = try Fixture.label("Terms of Service" + String(repeating: " ", count: 43), width: 300)
        let rect = layout.lineRect(0)
        #expect(rect.maxX < 200)
        #expect(layout.hitTest(at: Point(x: 290, y: rect.midY)) == nil)
        #expect(layout.hitTest(at: Point(x: rect.maxX - 2, y: rect.midY)) == 15)
    }
}

@Suite("Text layout concurrency")
struct ConcurrencyTests {
    @Test("layouts on many threads at once share fonts and ICU safely and agree with each other")
    func concurrentLayouts() async throws {
        let texts = [LoginSentence.text, "اقرأ Privacy Policy الآن", "👩‍👩‍👧 日本語 Privacy", "Terms of Service and Privacy Policy"]
        let expected = try texts.map { try Fixture.label($0, width: 150).textLayout.lines.map(\.characterRange) }
        try await withThrowingTaskGroup(of: (Int, [TextRange]).self) { group in
            for round in 0..<32 {
                let i = round % texts.count
                let text = texts[i]
                group.addTask { (i, try Fixture.label(text, width: 150).textLayout.lines.map(\.characterRange)) }
            }
            for try await (i, lines) in group { #expect(lines == expected[i]) }
        }
    }
}
