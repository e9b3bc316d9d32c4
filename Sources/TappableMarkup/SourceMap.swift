/// Where each byte of a text node's literal came from in the Markdown source: typed as it is, or
/// produced by a backslash escape (`\~`) or an entity (`&#126;`).
///
/// cmark merges a paragraph's adjacent text pieces into one node, so `a \~ b` and `a ~ b` give the
/// same literal; only the source tells a delimiter the writer typed from one they escaped. The
/// node's source position (line, first and last byte column) selects its raw source, which is
/// aligned with the literal byte by byte.
enum TextOrigin: UInt8, Sendable {
    /// The byte is in the source as it stands: it may be Markdown syntax.
    case raw
    /// The byte is a punctuation character written after a backslash.
    case escaped
    /// The byte is part of an entity's expansion.
    case entity
}

/// The Markdown source as cmark read it, split into lines, for finding the raw text of a node.
struct SourceMap {
    /// The source bytes (after the normalisation fed to cmark).
    let bytes: [UInt8]
    /// The offset where each line starts; line n (1-based) starts at `lineStarts[n - 1]`.
    private let lineStarts: [Int]

    /// The map of `bytes`; lines end at "\n", "\r" or "\r\n", as in cmark.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            i += 1
            if byte == 0x0D, i < bytes.count, bytes[i] == 0x0A { i += 1 }
            if byte == 0x0A || byte == 0x0D { starts.append(i) }
        }
        lineStarts = starts
    }

    /// The number of lines.
    var lineCount: Int { lineStarts.count }

    /// The bytes of line `line` (1-based) without its line end; nil for a line that does not exist.
    func line(_ line: Int) -> Range<Int>? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        if end > start, bytes[end - 1] == 0x0A { end -= 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// The raw source of a node on line `line` between 1-based byte columns, or nil when the
    /// columns are not inside that line.
    func raw(line: Int, firstColumn: Int, lastColumn: Int) -> ArraySlice<UInt8>? {
        guard let range = self.line(line), firstColumn >= 1, lastColumn >= firstColumn - 1,
              lastColumn <= range.count else { return nil }
        return bytes[(range.lowerBound + firstColumn - 1)..<(range.lowerBound + lastColumn)]
    }

    /// The origin of every byte of `literal` (a text node's bytes) given its raw source, or nil
    /// when the two do not align (cmark 0.30's columns are off on some continuation lines; the
    /// caller then treats every byte as raw).
    ///
    /// The source differs from the literal only by backslash escapes, entities, delimiter
    /// characters left over from emphasis (their columns span the whole run), and spaces trimmed
    /// at the line end. Linear in the two lengths.
    static func origins<L: RandomAccessCollection<UInt8>>(of literal: L, raw: ArraySlice<UInt8>) -> [TextOrigin]? where L.Index == Int {
        var origins = [TextOrigin](repeating: .raw, count: literal.count)
        let base = literal.startIndex
        var j = literal.startIndex
        var i = raw.startIndex
        while i < raw.endIndex {
            let byte = raw[i]
            if j == literal.endIndex {
                // Only trimmed spaces and used-up emphasis delimiters may remain.
                guard byte == 0x20 || byte == 0x09 || byte == 0x2A || byte == 0x5F else { return nil }
                i += 1
                continue
            }
            if byte == 0x5C, i + 1 < raw.endIndex, MarkdownCharacters.isASCIIPunctuation(raw[i + 1]), literal[j] == raw[i + 1] {
                origins[j - base] = .escaped
                i += 2; j += 1
                continue
            }
            if byte == 0x26, let entity = Entity(at: i, in: raw), literal[j] != 0x26 || entity.isAmpersand {
                guard let length = entity.expansionLength(in: literal, at: j, next: entity.end < raw.endIndex ? raw[entity.end] : nil) else { return nil }
                for k in j..<(j + length) { origins[k - base] = .entity }
                i = entity.end; j += length
                continue
            }
            if byte == literal[j] { i += 1; j += 1; continue }
            // An emphasis delimiter whose characters went to an emphasis node.
            guard byte == 0x2A || byte == 0x5F else { return nil }
            i += 1
        }
        return j == literal.endIndex ? origins : nil
    }
}

/// An entity reference in raw source: `&#123;`, `&#x7B;` or `&name;`.
private struct Entity {
    /// The index after the `;`.
    let end: Int
    /// The decoded scalar of a numeric reference (U+FFFD for invalid code points); nil for a name.
    let numeric: Unicode.Scalar?
    /// `&amp;` or `&AMP;`, the only names that expand to "&".
    let isAmpersand: Bool

    /// The reference starting at `start` (an "&"), following cmark's rules: up to 7 decimal or 6
    /// hexadecimal digits, or a name of letters and digits up to 32 characters; nil otherwise.
    init?(at start: Int, in raw: ArraySlice<UInt8>) {
        var i = start + 1
        guard i < raw.endIndex else { return nil }
        if raw[i] == 0x23 {
            i += 1
            let hex = i < raw.endIndex && (raw[i] | 0x20) == 0x78
            if hex { i += 1 }
            let digitsStart = i
            var value: UInt32 = 0
            while i < raw.endIndex, let digit = Self.digit(raw[i], hex: hex) {
                value = min(value * (hex ? 16 : 10) + digit, 0x110000)
                i += 1
            }
            let count = i - digitsStart
            guard count >= 1, count <= (hex ? 6 : 7), i < raw.endIndex, raw[i] == 0x3B else { return nil }
            end = i + 1
            let valid = value != 0 && !(0xD800..<0xE000).contains(value) && value < 0x110000
            numeric = valid ? Unicode.Scalar(value) : "\u{FFFD}"
            isAmpersand = false
        } else {
            let nameStart = i
            while i < raw.endIndex, i - nameStart <= 32, MarkdownCharacters.isASCIIAlphanumeric(raw[i]) { i += 1 }
            guard i > nameStart + 1, i - nameStart <= 32, i < raw.endIndex, raw[i] == 0x3B else { return nil }
            end = i + 1
            numeric = nil
            let name = raw[nameStart..<i]
            isAmpersand = name.elementsEqual("amp".utf8) || name.elementsEqual("AMP".utf8)
        }
    }

    private static func digit(_ byte: UInt8, hex: Bool) -> UInt32? {
        if byte >= 0x30, byte <= 0x39 { return UInt32(byte - 0x30) }
        if hex, (byte | 0x20) >= 0x61, (byte | 0x20) <= 0x66 { return UInt32((byte | 0x20) - 0x61 + 10) }
        return nil
    }

    /// How many literal bytes at `j` this reference became: its encoding for a number, one
    /// byte for `&amp;`, or one or two scalars for another name (the one after which the literal
    /// continues with the raw byte `next`). Nil when the literal does not match.
    func expansionLength<L: RandomAccessCollection<UInt8>>(in literal: L, at j: Int, next: UInt8?) -> Int? where L.Index == Int {
        if let numeric {
            let encoded = Array(String(Character(numeric)).utf8)
            guard literal[j...].starts(with: encoded) else { return nil }
            return encoded.count
        }
        if isAmpersand { return 1 }
        // A named expansion is one or two scalars: take the first after which the literal goes on
        // with the next raw byte (or ends with the raw text). Before another escape or entity
        // the next literal byte is unknown: one scalar, as for nearly every name.
        var end = j
        let ambiguous = next == 0x5C || next == 0x26
        for _ in 0..<(ambiguous ? 1 : 2) {
            guard end < literal.endIndex else { return nil }
            end += 1
            while end < literal.endIndex, MarkdownCharacters.isContinuation(literal[end]) { end += 1 }
            if ambiguous { return end - j }
            // The literal ends where the raw text does, or before spaces trimmed at the line end.
            let goesOn = end == literal.endIndex ? next == nil || next == 0x20 || next == 0x09 : literal[end] == next
            if goesOn { return end - j }
        }
        return nil
    }
}
