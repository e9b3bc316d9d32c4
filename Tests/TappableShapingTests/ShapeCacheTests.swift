import Testing
@testable import TappableShaping
import TappableText

@Suite("Shape cache: a run shaped again comes from memory, exactly as HarfBuzz shaped it, keyed by its context")
struct ShapeCacheTests {
    static func shape(_ text: AttributedText, shaper: TextShaper) throws -> ShapedParagraph {
        try shaper.shapeParagraph(text, range: TextRange(location: 0, length: text.length), terminatorLength: 0,
                                  graphemeStarts: UnicodeAlgorithms.graphemeBoundaries(text.utf16), defaultFont: Font(family: "Inter", size: 17))
    }

    static func glyphs(_ p: ShapedParagraph) -> [[ShapedGlyph]] { p.runs.map(\.glyphs) }

    @Test("shaping a paragraph again gives the same glyphs from the cache; emptying it gives them from HarfBuzz")
    func repeatIsExact() throws {
        let cache = FontCache()
        let shaper = TextShaper(cache: cache)
        let text = AttributedText("Office affine waffle: AV Wa To, \u{627}\u{642}\u{631}\u{623} Privacy 👍🏽\tend")
        let first = try Self.shape(text, shaper: shaper)
        let inter = try shaper.primaryFace(for: Font(family: "Inter", size: 17))
        #expect(inter.shapedRuns.count > 0)
        let again = try Self.shape(text, shaper: shaper)
        cache.removeShapedRuns()
        #expect(inter.shapedRuns.count == 0)
        let fresh = try Self.shape(text, shaper: shaper)
        #expect(Self.glyphs(again) == Self.glyphs(first))
        #expect(Self.glyphs(fresh) == Self.glyphs(first))
    }

    @Test("the same run after other context is a different key: an Arabic letter joins only after a joining letter")
    func contextIsPartOfTheKey() throws {
        let shaper = TextShaper(cache: FontCache())
        // The last letter is a run of its own (another size); before it, a joining letter or a Latin one.
        func lastRunGlyphs(_ string: String) throws -> [UInt32] {
            var text = AttributedText(string)
            try text.addAttributes(TextAttributes(font: Font(family: "Noto Sans Arabic", size: 20)), in: TextRange(location: 1, length: 1))
            return try Self.shape(text, shaper: shaper).runs.last!.glyphs.map(\.id)
        }
        let joined = try lastRunGlyphs("\u{628}\u{628}"), alone = try lastRunGlyphs("a\u{628}")
        #expect(joined != alone, "final form after a joining letter, isolated after a Latin one")
        #expect(try lastRunGlyphs("\u{628}\u{628}") == joined)
        #expect(try lastRunGlyphs("a\u{628}") == alone)
    }

    @Test("runs longer than the limit are not kept; the kept units stay under the capacity")
    func bounded() throws {
        let cache = FontCache()
        let shaper = TextShaper(cache: cache)
        let inter = try shaper.primaryFace(for: Font(family: "Inter", size: 17))
        _ = try Self.shape(AttributedText(String(repeating: "word ", count: ShapeCache.maximumRunLength / 5 + 1)), shaper: shaper)
        #expect(inter.shapedRuns.count == 0)
        for k in 0..<(ShapeCache.capacity / 900 + 5) {
            _ = try Self.shape(AttributedText("\(k) " + String(repeating: "x", count: 880)), shaper: shaper)
        }
        #expect(inter.shapedRuns.count <= ShapeCache.capacity / 880)
    }
}
