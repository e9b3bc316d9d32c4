import Foundation

/// A JSON value for the command line's output: deterministic key order and number formatting.
public indirect enum JSON: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, printed by `format(_:)`.
    case number(Double)
    /// A string, escaped by the one JSON string escaper (see `writeString`).
    case string(String)
    /// An array.
    case array([JSON])
    /// Keys keep the order given.
    case object([(String, JSON)])

    /// Values are equal when they serialise to the same text.
    public static func == (a: JSON, b: JSON) -> Bool { a.serialized() == b.serialized() }

    /// Compact JSON text. Numbers are rounded to 1/10000 and printed without trailing zeros;
    /// integers print without a decimal point; NaN and infinities print as null.
    public func serialized() -> String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .number(n): out += Self.format(n)
        case let .string(s): Self.writeString(s, to: &out)
        case let .array(items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case let .object(pairs):
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out += "," }
                Self.writeString(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    /// The same JSON laid out for reading and for line diffs (text snapshots): a container whose
    /// compact form fits in `width` characters at its indentation stays on one line (rects, ranges,
    /// short objects); a longer one puts each element on a line of its own, indented two spaces
    /// per level, `"key": value` in objects. Parsing it gives the same value as `serialized()`;
    /// the output is as deterministic. Nesting deeper than 64 levels stays compact below that depth.
    public func prettyPrinted(width: Int = 100) -> String {
        var out = ""
        writePretty(to: &out, indent: 0, width: width)
        return out
    }

    private func writePretty(to out: inout String, indent: Int, width: Int) {
        let compact = serialized()
        let items: [(String?, JSON)]
        switch self {
        case let .array(values): items = values.map { (nil, $0) }
        case let .object(pairs): items = pairs.map { ($0.0, $0.1) }
        default: out += compact; return
        }
        if items.isEmpty || indent / 2 >= 64 || indent + compact.count <= width { out += compact; return }
        let isObject = if case .object = self { true } else { false }
        let pad = String(repeating: " ", count: indent + 2)
        out += isObject ? "{\n" : "[\n"
        for (i, (key, value)) in items.enumerated() {
            out += pad
            if let key {
                Self.writeString(key, to: &out)
                out += ": "
            }
            value.writePretty(to: &out, indent: indent + 2, width: width)
            out += i == items.count - 1 ? "\n" : ",\n"
        }
        out += String(repeating: " ", count: indent) + (isObject ? "}" : "]")
    }

    /// The package's one JSON number formatter: rounded to 1/10000, integers without a decimal
    /// point, other values without trailing zeros (`12.5`, `0.3333`), `-0` as `0`, NaN and
    /// infinities as `null`.
    public static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        // Beyond 1e15 the 1/10000 rounding would overflow; such numbers print in exponent form.
        guard abs(n) < 1e15 else { return "\(n)" }
        let rounded = (n * 10000).rounded() / 10000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        var s = String(format: "%.4f", rounded)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }

    /// Appends `s` as a JSON string literal: `"` and `\` escaped; \n, \r, \t, \b and \f in their
    /// short forms; other C0 controls, DEL, C1 controls (U+0080...U+009F, which some terminals
    /// obey) and U+2028/U+2029 (line breaks to JavaScript) as
    /// `\u00xx` / `\u2028` (lowercase hex); everything else, emoji and non-BMP text included, as is.
    /// The only JSON string escaper in the package.
    private static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

extension JSON {
    /// `[x, y, width, height]`.
    public static func rect(_ r: TappableText.Rect) -> JSON { .array([.number(r.minX), .number(r.minY), .number(r.width), .number(r.height)]) }
    /// `[location, length]`.
    public static func range(_ r: TappableText.TextRange) -> JSON { .array([.number(Double(r.location)), .number(Double(r.length))]) }
    /// An integer as a number.
    public static func int(_ i: Int) -> JSON { .number(Double(i)) }
}

import TappableText
