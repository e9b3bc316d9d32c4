import Testing
import TappableShaping
import TappableText

@Suite("Face choice: the requested face, fallbacks by coverage, emoji, neutral characters staying put; fallbacks opened only when needed")
struct TextShaperTests {
    /// The family of the face each grapheme cluster of `text` was shaped with, cluster by cluster.
    static func families(_ text: AttributedText, font: Font = Font(family: "Inter", size: 17),
                         shaper: TextShaper = TextShaper()) throws -> [String] {
        let graphemes = UnicodeAlgorithms.graphemeBoundaries(text.utf16)
        let paragraph = try shaper.shapeParagraph(text, range: TextRange(location: 0, length: text.length), terminatorLength: 0,
                                                  graphemeStarts: graphemes, defaultFont: font)
        return (0..<text.length).filter { graphemes[$0] }.map { i in
            paragraph.runs[paragraph.runIndex(containing: i)!].face.familyName
        }
    }

    @Test("each script finds its face; digits and spaces stay in the face before them; emoji take the emoji face")
    func fallbacks() throws {
        // "ab اب 12 日 👍🏽 1️⃣ c"
        let families = try Self.families(AttributedText("ab \u{627}\u{628} 12 \u{65E5} 👍🏽 1\u{FE0F}\u{20E3} c"))
        #expect(families == ["Inter", "Inter", "Inter",
                             "Noto Sans Arabic", "Noto Sans Arabic", "Noto Sans Arabic",   // the space after Arabic stays Arabic
                             "Noto Sans Arabic", "Noto Sans Arabic", "Noto Sans Arabic",   // so do the digits and the space
                             "Droid Sans Fallback", "Droid Sans Fallback",
                             "Noto Color Emoji", "Inter",                                  // not the emoji face's wide space
                             "Noto Color Emoji", "Inter", "Inter"])
    }

    @Test("a font run sets the face from its first cluster; a run inside a cluster does not split it")
    func fontRuns() throws {
        var text = AttributedText("Ae\u{301}B")
        try text.addAttributes(TextAttributes(font: Font(family: "DejaVu Sans", size: 17)), in: TextRange(location: 1, length: 1))
        try text.addAttributes(TextAttributes(font: Font(family: "Noto Sans Mono", size: 9)), in: TextRange(location: 2, length: 2))
        #expect(try Self.families(text) == ["Inter", "DejaVu Sans", "Noto Sans Mono"])
    }

    @Test("a character no face has stays in the requested face; a lone surrogate too")
    func uncovered() throws {
        #expect(try Self.families(AttributedText("a\u{10FFFD}b")) == ["Inter", "Inter", "Inter"])
        #expect(try Self.families(AttributedText(string: String(decoding: [0x61, 0xD800, 0x62] as [UInt16], as: UTF16.self), runs: [])).count == 3)
    }

    @Test("Latin text opens only its own face; a fallback opens when a character needs it; emoji open the emoji face")
    func lazyFallbacks() throws {
        let cache = FontCache()
        let shaper = TextShaper(cache: cache)
        _ = try Self.families(AttributedText("Plain Latin text, 123 — “quoted”."), shaper: shaper)
        #expect(cache.count == 1)
        _ = try Self.families(AttributedText("Hebrew \u{5D0}"), shaper: shaper)
        #expect(cache.count == 3, "Arabic, then Hebrew, tried in the chain's order")
        _ = try Self.families(AttributedText("👍"), shaper: shaper)
        #expect(cache.count == 4)
        #expect(try shaper.faceChain(for: Font(family: "Inter", size: 17)).map(\.familyName)
                == ["Inter", "Noto Sans Arabic", "Noto Sans Hebrew", "DejaVu Sans", "Droid Sans Fallback", "Noto Color Emoji"])
    }
}
