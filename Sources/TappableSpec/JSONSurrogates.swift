import Foundation
import TappableJSON

/// JSON text may escape a lone UTF-16 surrogate (`"\ud800"`), which no Swift string can hold and
/// Foundation's decoder rejects with a confusing error. Like most JSON readers, Tappable reads it
/// as U+FFFD, the replacement character.
enum JSONSurrogates {
    /// `data` with every `\uD800`–`\uDFFF` escape that is not part of a valid pair replaced by
    /// `\uFFFD`. Linear; other bytes are untouched.
    static func replacingLoneEscapes(in data: Data) -> Data {
        let bytes = [UInt8](data)
        guard bytes.contains(UInt8(ascii: "\\")) else { return data }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        var inString = false
        while i < bytes.count {
            let b = bytes[i]
            if !inString {
                if b == UInt8(ascii: "\"") { inString = true }
                out.append(b); i += 1
                continue
            }
            if b == UInt8(ascii: "\"") { inString = false; out.append(b); i += 1; continue }
            guard b == UInt8(ascii: "\\"), i + 1 < bytes.count else { out.append(b); i += 1; continue }
            guard bytes[i + 1] == UInt8(ascii: "u"), let unit = escapedUnit(bytes, at: i) else {
                // Any other escape: copy it whole, so an escaped backslash is never read as a start.
                out.append(b); out.append(bytes[i + 1]); i += 2
                continue
            }
            if (0xD800...0xDBFF).contains(unit), let next = escapedUnit(bytes, at: i + 6), (0xDC00...0xDFFF).contains(next) {
                out.append(contentsOf: bytes[i..<i + 12]); i += 12
            } else if (0xD800...0xDFFF).contains(unit) {
                out.append(contentsOf: Array("\\uFFFD".utf8)); i += 6
            } else {
                out.append(contentsOf: bytes[i..<i + 6]); i += 6
            }
        }
        return Data(out)
    }

    /// The code unit of a `\uXXXX` escape starting at `i`, nil when there is none.
    private static func escapedUnit(_ bytes: [UInt8], at i: Int) -> UInt16? {
        guard i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else { return nil }
        return UInt16(String(decoding: bytes[i + 2..<i + 6], as: UTF8.self), radix: 16)
    }
}
