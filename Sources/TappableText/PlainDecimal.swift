/// The one grammar for numbers typed on the command line and in touch scripts: an optional sign,
/// decimal digits with an optional fraction (`12`, `-3.5`, `.5`, `+2`, `7.`) and an optional
/// exponent (`1e3`, `2.5E-2`). No hex, no `inf` or `nan`, no spaces, at most 64 characters, and
/// the value must be finite (`1e400` is refused). SPEC files are JSON and read JSON's numbers.
public enum PlainDecimal {
    /// The longest number read, in characters.
    public static let maximumLength = 64

    /// The value of `text`, or nil when it is not a plain decimal or not finite.
    public static func parse(_ text: some StringProtocol) -> Double? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumLength else { return nil }
        var i = 0
        func skipDigits() -> Int {
            let start = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - start
        }
        if bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
        var digits = skipDigits()
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            digits += skipDigits()
        }
        guard digits > 0 else { return nil }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
            guard skipDigits() > 0 else { return nil }
        }
        guard i == bytes.count, let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }
}
