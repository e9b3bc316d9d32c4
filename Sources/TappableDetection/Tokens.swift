import Foundation

/// A word, number or punctuation mark of the text, for the date and address parsers.
struct Token {
    enum Kind { case word, number, punct, other }
    var kind: Kind
    var lo: Int
    var hi: Int
    /// Words lower-cased with their diacritics folded (`décembre` → `decembre`, `März` → `marz`);
    /// numbers as written; a mark itself (`’` reads as `'`).
    var text: String
    /// Whether white space separates this token from the previous one.
    var spaceBefore: Bool
    /// Whether that white space holds a line break.
    var newlineBefore: Bool
    /// Whether the original starts with an upper-case letter.
    var capitalized: Bool
    /// The value of a number token (nil past 9 digits).
    var value: Int?
}

/// Splits text into words (ASCII and accented Latin letters), ASCII digit runs, single
/// punctuation marks and runs of other characters, in one pass.
func tokenize(_ t: UTF16Text) -> [Token] {
    var out: [Token] = []
    var i = 0
    var space = false, newline = false
    while i < t.count {
        let c = t[i]
        let (s, w) = t.scalar(at: i)
        if c == 32 || c == 9 || c == 10 || c == 13 || UTF16Text.isSpace(s) {
            space = true
            if c == 10 || c == 13 || c == 0x2028 || c == 0x2029 { newline = true }
            i += w; continue
        }
        var j = i
        let kind: Token.Kind
        if UTF16Text.isASCIILetter(c) || (UTF16Text.isLatinAccent(c) && !(0x300...0x36F).contains(c)) {
            while UTF16Text.isASCIILetter(t[j]) || UTF16Text.isLatinAccent(t[j]) { j += 1 }
            kind = .word
        } else if UTF16Text.isDigit(c) {
            while UTF16Text.isDigit(t[j]) { j += 1 }
            kind = .number
        } else if c < 128 || (c >= 0x2000 && c <= 0x206F) {
            j = i + 1
            kind = .punct
        } else {
            j = i + w
            while j < t.count {
                let d = t[j]
                if d < 128 || (d >= 0x2000 && d <= 0x206F) { break }
                let (s2, w2) = t.scalar(at: j)
                if UTF16Text.isSpace(s2) { break }
                j += w2
            }
            kind = .other
        }
        let raw = t.string(i, j)
        var value: Int? = nil
        if kind == .number, j - i <= 9 { value = Int(raw) }
        var text = raw
        if kind == .word {
            text = raw.lowercased()
            if !text.utf8.allSatisfy({ $0 < 128 }) { text = text.folding(options: .diacriticInsensitive, locale: nil) }
        } else if c == 0x2019 {
            text = "'"
        }
        out.append(Token(kind: kind, lo: i, hi: j, text: text, spaceBefore: space, newlineBefore: newline,
                         capitalized: kind == .word && s.properties.isUppercase, value: value))
        space = false; newline = false
        i = j
    }
    return out
}
