@testable import TappableText
import Testing

@Suite("Colours: #rgb, #rgba, #rrggbb, #rrggbbaa and the CSS named colours")
struct ColorTests {
    /// A colour from bytes.
    static func rgb(_ r: Int, _ g: Int, _ b: Int, _ a: Int = 255) -> Color {
        Color(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: Double(a) / 255)
    }

    @Test("#rgba is #rrggbbaa with each digit doubled")
    func shortAlpha() {
        #expect(Color(hex: "#f008") == Self.rgb(255, 0, 0, 0x88))
        #expect(Color(hex: "#F008") == Color(hex: "#ff000088"))
        #expect(Color(hex: "#0000")?.alpha == 0)
    }

    @Test("anything but 3, 4, 6 or 8 ASCII hex digits after '#' is no colour",
          arguments: ["#", "#1", "#12", "#12345", "#1234567", "#123456789", "#ggg", "#１２３", "123", " #123", "#123 "])
    func badHex(text: String) {
        #expect(Color(hex: text) == nil)
        #expect(Color(text) == nil)
    }

    @Test("CSS Color 4 has 148 named colours, every one six hex digits of CSS's own values")
    func table() {
        #expect(Color.cssNames.count == 148)
        #expect(Color.cssNames.values.allSatisfy { $0 <= 0xFFFFFF })
        #expect(Color.cssNames.keys.allSatisfy { $0 == $0.lowercased() && $0.allSatisfy(\.isLetter) })
    }

    @Test("named colours take CSS's values (where X11 differs too), in any case", arguments: [
        ("red", rgb(255, 0, 0)), ("RED", rgb(255, 0, 0)), ("Red", rgb(255, 0, 0)),
        ("green", rgb(0, 128, 0)), ("lime", rgb(0, 255, 0)), ("gray", rgb(128, 128, 128)), ("grey", rgb(128, 128, 128)),
        ("maroon", rgb(128, 0, 0)), ("purple", rgb(128, 0, 128)), ("RebeccaPurple", rgb(0x66, 0x33, 0x99)),
        ("aliceblue", rgb(0xF0, 0xF8, 0xFF)), ("yellowgreen", rgb(0x9A, 0xCD, 0x32)), ("lightgoldenrodyellow", rgb(0xFA, 0xFA, 0xD2)),
        ("DarkSlateGrey", rgb(0x2F, 0x4F, 0x4F)), ("transparent", Color.clear), ("TRANSPARENT", Color.clear),
    ])
    func named(name: String, color: Color) {
        #expect(Color(named: name) == color)
        #expect(Color(name) == color)
    }

    @Test("other words are no colour: near misses, CSS keywords that need context, padded or non-ASCII names",
          arguments: ["", "reddish", "re d", " red", "red ", "currentcolor", "inherit", "none", "ｒｅｄ", "rèd", "rgb(255,0,0)",
                      String(repeating: "red", count: 1000)])
    func notNamed(text: String) {
        #expect(Color(named: text) == nil)
        #expect(Color(text) == nil)
    }

    @Test("a colour's description reads back as the same colour")
    func roundTrip() {
        for color in [Color.black, .white, .link, .clear, Self.rgb(1, 2, 3, 4)] {
            #expect(Color(color.description) == color)
        }
    }
}
