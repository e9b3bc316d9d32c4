/// The character classes CommonMark and GitHub's extensions decide by, over UTF-8 bytes: ASCII
/// classes for the autolink scanners (as cmark's `cmark_isalpha`, `cmark_isspace`) and Unicode
/// whitespace and punctuation for delimiter flanking (as cmark's utf8proc tables).
enum MarkdownCharacters {
    /// An ASCII letter.
    static func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    /// An ASCII letter or digit.
    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool { isASCIILetter(byte) || (byte >= 0x30 && byte <= 0x39) }

    /// ASCII whitespace as cmark counts it: space, tab, line feed, vertical tab, form feed, return.
    static func isASCIISpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

    /// ASCII punctuation: the 32 printable characters that are neither letters, digits nor space.
    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (byte >= 0x21 && byte <= 0x2F) || (byte >= 0x3A && byte <= 0x40) || (byte >= 0x5B && byte <= 0x60) || (byte >= 0x7B && byte <= 0x7E)
    }

    /// Unicode whitespace for flanking: tab, line feed, form feed, return and the space separators.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0C, 0x0D: return true
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// Unicode punctuation for flanking: ASCII punctuation and the P* general categories.
    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isASCIIPunctuation(UInt8(scalar.value)) }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation: return true
        default: return false
        }
    }

    /// Whether `byte` continues a UTF-8 sequence (10xxxxxx).
    static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    /// The scalar whose encoding starts at `index` in valid UTF-8 `bytes`, or nil when `index`
    /// is out of range or inside a sequence.
    static func scalar(startingAt index: Int, in bytes: [UInt8]) -> Unicode.Scalar? {
        guard index >= 0, index < bytes.count, !isContinuation(bytes[index]) else { return nil }
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard index + length <= bytes.count else { return nil }
        var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard isContinuation(byte) else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return Unicode.Scalar(value)
    }

    /// The scalar whose encoding ends just before `index` in valid UTF-8 `bytes` (at most four
    /// bytes back), or nil at the start.
    static func scalar(endingBefore index: Int, in bytes: [UInt8]) -> Unicode.Scalar? {
        var start = index - 1
        while start > 0, start > index - 4, isContinuation(bytes[start]) { start -= 1 }
        return scalar(startingAt: start, in: bytes)
    }
}
