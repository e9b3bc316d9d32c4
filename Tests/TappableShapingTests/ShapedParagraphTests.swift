import Testing
import TappableShaping
import TappableText

@Suite("Shaped paragraphs scale with the font size")
struct ShapedParagraphTests {
    /// `text` shaped as one paragraph with `font` as its default font.
    static func shape(_ text: AttributedText, font: Font) throws -> ShapedParagraph {
        try TextShaper().shapeParagraph(text, range: TextRange(location: 0, length: text.length), terminatorLength: 0,
                                        graphemeStarts: UnicodeAlgorithms.graphemeBoundaries(text.utf16), defaultFont: font)
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }

    @Test("scaling a shaped paragraph equals shaping it at the scaled sizes (kern scaled too), up to rounding",
          arguments: [0.5, 0.6875, 0.99609375])
    func scaledEqualsReshaped(factor: Double) throws {
        var text = AttributedText("Office ffi: اقرأ Privacy, 日本語 👍🏽 AV\tWa")
        try text.addAttributes(TextAttributes(font: Font(family: "DejaVu Sans", size: 23)), in: TextRange(location: 0, length: 6))
        try text.addAttributes(TextAttributes(kern: 2.5), in: TextRange(location: 17, length: 7))
        try text.addAttributes(TextAttributes(kern: -40), in: TextRange(location: 38, length: 2))
        let font = Font(family: "Inter", size: 17)
        let scaled = try Self.shape(text, font: font).scaled(by: factor)
        let reshaped = try Self.shape(text.scalingFonts(by: factor, defaultFont: font), font: font.withSize(17 * factor))
        #expect(scaled.levels == reshaped.levels)
        #expect(scaled.runs.map(\.range) == reshaped.runs.map(\.range))
        #expect(scaled.runs.map(\.size) == reshaped.runs.map(\.size))
        for (a, b) in zip(scaled.runs, reshaped.runs) {
            #expect(a.face === b.face)
            #expect(a.glyphs.map(\.id) == b.glyphs.map(\.id))
            #expect(a.glyphs.map(\.cluster) == b.glyphs.map(\.cluster))
            for (g, h) in zip(a.glyphs, b.glyphs) {
                let (o, p) = (a.offset(of: g), b.offset(of: h))
                #expect(Self.close(g.advance, h.advance) && Self.close(o.x, p.x) && Self.close(o.y, p.y))
            }
        }
        #expect(zip(scaled.advances, reshaped.advances).allSatisfy { Self.close($0, $1) })
    }

    @Test("a scale of 1 changes nothing")
    func unitScale() throws {
        let paragraph = try Self.shape(AttributedText("Terms of Service"), font: Font(family: "Inter", size: 17))
        let same = paragraph.scaled(by: 1)
        #expect(same.advances == paragraph.advances)
        #expect(same.runs.map(\.glyphs) == paragraph.runs.map(\.glyphs))
    }
}
