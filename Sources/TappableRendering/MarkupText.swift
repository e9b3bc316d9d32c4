import Foundation

/// Writing text into XML (SVG) and HTML: the one escaper for element text and attribute values,
/// and the one number format for coordinates. Every string that reaches SVG or HTML (link URIs,
/// region texts, the label's text, titles, language tags) goes through `escaped`.
public enum MarkupText {
    /// `text` safe as XML or HTML element text and as a quoted attribute value (either quote):
    /// `&`, `<`, `>`, `"` and `'` become character references, as do tab, line feed and carriage
    /// return (so attribute values keep them); characters XML 1.0 forbids or HTML calls parse
    /// errors — the other C0 controls, DEL, C1 controls and the Unicode noncharacters (U+FDD0…U+FDEF,
    /// U+xFFFE, U+xFFFF) — become U+FFFD. Everything else is kept as is (UTF-8 in the file).
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(isForbidden(scalar) ? "\u{FFFD}" : scalar)
            }
        }
        return out
    }

    /// C0 controls (tab, line feed and carriage return are handled before), DEL, C1 controls and
    /// noncharacters.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || (0xFDD0...0xFDEF).contains(v) || v & 0xFFFE == 0xFFFE
    }

    /// `value` as a decimal with at most three fraction digits and no trailing zeros (`12.5`,
    /// `0`, `-3.125`); non-finite values as `0`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        var text = String(format: "%.3f", value)
        while text.last == "0" { text.removeLast() }
        if text.last == "." { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
