import Testing
@testable import TappableRendering

/// A string of the given Unicode scalars (noncharacters cannot be written as literals).
func scalars(_ values: UInt32...) -> String { String(String.UnicodeScalarView(values.compactMap(Unicode.Scalar.init))) }

@Suite("Markup text: the one escaper for XML and HTML text and attributes, and the coordinate format")
struct MarkupTextTests {
    @Test("the five markup characters and tab, line feed, carriage return become references", arguments: [
        ("a&b", "a&amp;b"), ("<script>", "&lt;script&gt;"), ("\"q\"", "&quot;q&quot;"), ("it's", "it&#39;s"),
        ("a\tb\nc\rd", "a&#9;b&#10;c&#13;d"), ("&amp;", "&amp;amp;"), ("]]>", "]]&gt;"),
    ])
    func references(text: String, escaped: String) {
        #expect(MarkupText.escaped(text) == escaped)
    }

    @Test("characters XML forbids or HTML calls parse errors become U+FFFD; the rest is kept", arguments: [
        ("\u{0}\u{1}\u{8}\u{B}\u{C}\u{1F}", String(repeating: "\u{FFFD}", count: 6)),
        ("\u{7F}\u{80}\u{85}\u{9F}", String(repeating: "\u{FFFD}", count: 4)),
        (scalars(0xFDD0, 0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFF), String(repeating: "\u{FFFD}", count: 6)),
        ("é 日本 👩‍👩‍👧 \u{A0}\u{200B}\u{FFFD}" + scalars(0xFDCF, 0xFDF0), "é 日本 👩‍👩‍👧 \u{A0}\u{200B}\u{FFFD}" + scalars(0xFDCF, 0xFDF0)),
    ] as [(String, String)])
    func forbidden(text: String, escaped: String) {
        #expect(MarkupText.escaped(text) == escaped)
    }

    @Test("numbers: at most three decimals, no trailing zeros, no negative zero, 0 for non-finite values", arguments: [
        (0.0, "0"), (-0.0, "0"), (12.5, "12.5"), (232.66341, "232.663"), (20.5739, "20.574"), (-3.1254, "-3.125"),
        (-0.0001, "0"), (14_400, "14400"), (Double.nan, "0"), (Double.infinity, "0"),
    ])
    func numbers(value: Double, text: String) {
        #expect(MarkupText.number(value) == text)
    }
}
