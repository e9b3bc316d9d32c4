/// The text as UTF-16 code units with cheap character-class questions. Every scanner walks
/// this array forwards with bounded look-around, so detection stays linear in the text length.
struct UTF16Text {
    let u: [UInt16]
    var count: Int { u.count }

    init(_ units: [UInt16]) { u = units }

    /// The code unit at `i`, 0 outside the text (0 is in no character class).
    @inline(__always) subscript(i: Int) -> UInt16 { i >= 0 && i < u.count ? u[i] : 0 }

    /// The scalar starting at `i` and its width in code units (lone surrogates read as U+FFFD).
    func scalar(at i: Int) -> (Unicode.Scalar, Int) {
        guard i >= 0, i < u.count else { return ("\u{0}", 1) }
        let c = u[i]
        if c < 0xD800 || c > 0xDFFF { return (Unicode.Scalar(c)!, 1) }
        if c <= 0xDBFF, i + 1 < u.count, (0xDC00...0xDFFF).contains(u[i + 1]) {
            let v = 0x10000 + ((UInt32(c) - 0xD800) << 10) + (UInt32(u[i + 1]) - 0xDC00)
            return (Unicode.Scalar(v)!, 2)
        }
        return ("\u{FFFD}", 1)
    }

    /// The scalar ending just before `i` and its width (lone surrogates read as U+FFFD).
    func scalar(before i: Int) -> (Unicode.Scalar, Int)? {
        guard i > 0, i <= u.count else { return nil }
        let c = u[i - 1]
        if (0xDC00...0xDFFF).contains(c), i >= 2, (0xD800...0xDBFF).contains(u[i - 2]) {
            return (scalar(at: i - 2).0, 2)
        }
        return scalar(at: i - 1)
    }

    /// The text of a UTF-16 range (through the contiguous buffer: the generic slice path costs
    /// ~10x more per unit).
    func string(_ lo: Int, _ hi: Int) -> String {
        u[lo..<hi].withUnsafeBufferPointer { String(decoding: $0, as: UTF16.self) }
    }

    /// Whether the units at `i` spell `word` (lower-case ASCII), ignoring the case of ASCII letters.
    func matchesASCII(_ word: String, at i: Int) -> Bool {
        var k = i
        for b in word.utf8 {
            let c = self[k]
            guard (Self.isASCIILetter(c) ? c | 0x20 : c) == UInt16(b) else { return false }
            k += 1
        }
        return true
    }

    /// Lower-cased ASCII word starting at `i` (letters only), or nil when `i` is not an ASCII letter.
    func asciiWord(at i: Int) -> (String, Int)? {
        var j = i
        while j < u.count, Self.isASCIILetter(u[j]) { j += 1 }
        guard j > i else { return nil }
        return (string(i, j).lowercased(), j)
    }

    // MARK: classes of code units

    @inline(__always) static func isDigit(_ c: UInt16) -> Bool { c >= 48 && c <= 57 }
    @inline(__always) static func isASCIILetter(_ c: UInt16) -> Bool { (c | 0x20) >= 97 && (c | 0x20) <= 122 }
    @inline(__always) static func isASCIIAlnum(_ c: UInt16) -> Bool { isDigit(c) || isASCIILetter(c) }
    /// Latin letters with diacritics (Latin-1 Supplement, Latin Extended A/B, IPA, Extended Additional),
    /// which twitter-text accepts in bare domains and paths.
    @inline(__always) static func isLatinAccent(_ c: UInt16) -> Bool {
        (c >= 0xC0 && c <= 0xFF && c != 0xD7 && c != 0xF7) || (c >= 0x100 && c <= 0x24F) ||
            (c >= 0x253 && c <= 0x254) || (c >= 0x256 && c <= 0x257) || c == 0x259 || c == 0x25B ||
            c == 0x263 || c == 0x268 || c == 0x26F || c == 0x272 || c == 0x289 || c == 0x28B || c == 0x2BB ||
            (c >= 0x300 && c <= 0x36F) || (c >= 0x1E00 && c <= 0x1EFF)
    }
    @inline(__always) static func isCyrillic(_ c: UInt16) -> Bool { c >= 0x400 && c <= 0x4FF }
    /// Whitespace and line/paragraph separators.
    static func isSpace(_ s: Unicode.Scalar) -> Bool { s.properties.isWhitespace }
    /// Unicode letter or mark.
    static func isLetterOrMark(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
    static func isDecimalDigit(_ s: Unicode.Scalar) -> Bool { s.properties.generalCategory == .decimalNumber }
    /// Letter, mark or decimal digit of any script: one property look-up at most, none for ASCII,
    /// Latin, Cyrillic, kana, CJK ideographs and Hangul syllables.
    static func isLetterMarkOrDigit(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x80 { return isASCIIAlnum(UInt16(v)) }
        if v < 0x2000, isLatinAccent(UInt16(v)) { return true }
        switch v {
        case 0x400...0x481, 0x483...0x4FF, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3: return true
        default: break
        }
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber: return true
        default: return false
        }
    }
    /// Characters of scripts written without spaces between words, where a URL cannot be told from
    /// the prose around it: Han, Hiragana, Katakana, Bopomofo, Hangul, Yi, Thai, Lao, Tibetan,
    /// Myanmar, Khmer, Tai Tham, CJK symbols and punctuation, and half- and full-width forms.
    static func isUnspacedScript(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0E00...0x0FFF, 0x1000...0x109F, 0x1100...0x11FF, 0x1780...0x17FF, 0x19E0...0x19FF, 0x1A20...0x1AAF,
             0x2E80...0x2FDF, 0x3000...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xA9E0...0xA9FF, 0xAA60...0xAA7F,
             0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x1AFF0...0x1B16F, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }
    /// Letter, mark or decimal digit (a "word" character in the Unicode sense).
    static func isWordScalar(_ s: Unicode.Scalar) -> Bool { isLetterOrMark(s) || isDecimalDigit(s) || s == "_" }
}
