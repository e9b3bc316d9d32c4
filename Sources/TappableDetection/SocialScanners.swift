/// Finds e-mail addresses: `local@domain.tld`, the local part of `A-Z a-z 0-9 . _ % + -` (no
/// leading, trailing or doubled dot) and quoted words between its dots (`test."foo".bar`, as
/// RFC 5322 allows), the domain ending in an IANA top-level domain. A `mailto:` right before the
/// address is part of the match, and then any host will do (`mailto:foo@bar`). Linear: each `@`
/// looks back only as far as the previous `@` or match.
struct EmailScanner {
    let t: UTF16Text

    @inline(__always) func isLocalChar(_ c: UInt16) -> Bool {
        UTF16Text.isASCIIAlnum(c) || c == 46 || c == 95 || c == 37 || c == 43 || c == 45
    }

    /// Inside a quoted word: printable ASCII but `"` and the backslash.
    @inline(__always) func isQuotedChar(_ c: UInt16) -> Bool { c > 32 && c < 127 && c != 34 && c != 92 }

    /// The start of the local part ending at the `@` at `at`, looking back no further than `floor`.
    /// A quoted word counts when it ends right before a `.` or the `@` and starts the local part
    /// or follows a `.`.
    func localPartStart(at: Int, floor: Int) -> Int {
        var s = at
        while s > floor {
            let c = t[s - 1]
            if isLocalChar(c) { s -= 1; continue }
            guard c == 34, s == at || t[s] == 46 else { break }
            var q = s - 2
            while q >= floor, t[q] != 34, isQuotedChar(t[q]) { q -= 1 }
            guard q >= floor, q < s - 2, t[q] == 34 else { break }
            if q > floor, t[q - 1] == 46 { s = q; continue }
            if q == floor || !isLocalChar(t[q - 1]) { s = q }
            break
        }
        return s
    }

    func scan() -> [RawMatch] {
        var out: [RawMatch] = []
        var floor = 0
        var i = 0
        while i < t.count {
            guard t[i] == 64 else { i += 1; continue }
            var s = localPartStart(at: i, floor: floor)
            while s < i, t[s] == 46 { s += 1 }
            floor = i + 1
            guard s < i, t[i - 1] != 46, !(s..<i - 1).contains(where: { t[$0] == 46 && t[$0 + 1] == 46 }) else { i += 1; continue }
            let mailto = s >= 7 && t.matchesASCII("mailto:", at: s - 7)
            guard let end = DomainParser(t: t, labels: .bare).parse(from: i + 1)?.end
                    ?? (mailto ? DomainParser(t: t, labels: .any).parseAnyHost(from: i + 1, minLabels: 1) : nil)
            else { i += 1; continue }
            let address = t.string(s, end)
            out.append(RawMatch(lo: mailto ? s - 7 : s, hi: end, url: "mailto:" + address))
            floor = end
            i = end
        }
        return out
    }
}

/// Finds `#hashtags` by twitter-text's rules: `#` or `＃` after the start of text, a variation
/// selector (U+FE0E, U+FE0F) or a character that is not a letter, mark, digit, `_` or `&`; then letters, marks, digits, `_` and a few
/// joiners (ZWNJ, ZWJ, `·`, `־`, `׳`, `״`, `〜`, `～`, `ー`-like marks); at least one letter or mark;
/// not followed by another `#` or by `://`. The payload is `hashtag:` plus the tag.
struct HashtagScanner {
    let t: UTF16Text

    static func isSpecial(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x200C, 0x200D, 0xA67E, 0x05BE, 0x05F3, 0x05F4, 0xFF5E, 0x301C, 0x309B, 0x309C, 0x30A0, 0x30FB,
             0x3003, 0x0F0B, 0x0F0C, 0x00B7: return true
        default: return false
        }
    }

    static func isTagScalar(_ s: Unicode.Scalar) -> Bool { UTF16Text.isWordScalar(s) || isSpecial(s) }

    func scan() -> [RawMatch] {
        var out: [RawMatch] = []
        var i = 0
        while i < t.count {
            let c = t[i]
            guard c == 35 || c == 0xFF03 else { i += 1; continue }
            // An emoji's variation selector (a mark) may come right before the `#`.
            if let (p, _) = t.scalar(before: i), p != "\u{FE0E}", p != "\u{FE0F}", Self.isTagScalar(p) || p == "&" {
                i += 1; continue
            }
            if t[i + 1] == 0xFE0F || t[i + 1] == 0x20E3 { i += 1; continue }
            var p = i + 1
            var hasLetter = false
            while p < t.count {
                let (s, w) = t.scalar(at: p)
                guard Self.isTagScalar(s) else { break }
                if UTF16Text.isLetterOrMark(s) { hasLetter = true }
                p += w
            }
            guard p > i + 1 else { i += 1; continue }
            let followedBad = t[p] == 35 || t[p] == 0xFF03 || (t[p] == 58 && t[p + 1] == 47 && t[p + 2] == 47)
            if hasLetter, !followedBad {
                out.append(RawMatch(lo: i, hi: p, url: "hashtag:" + t.string(i + 1, p)))
            }
            i = p
        }
        return out
    }
}

/// Finds `@mentions` by twitter-text's rules: `@` or `＠` after the start of text or a character
/// other than `A-Z a-z 0-9 _ ! # $ % & * @ ＠` (or after `RT`/`RT:`), then 1–20 characters of
/// `A-Z a-z 0-9 _`, and an optional list slug (`/` and an ASCII letter, then up to 24
/// `A-Z a-z 0-9 _ -`: `@user/list-name`), not followed by `@`, an accented Latin letter, `://`,
/// or more name characters (a longer name is no mention). The payload is `mention:` plus the
/// name and any slug (`mention:user/list-name`).
struct MentionScanner {
    let t: UTF16Text

    @inline(__always) func isNameChar(_ c: UInt16) -> Bool { UTF16Text.isASCIIAlnum(c) || c == 95 }

    func precedingOK(_ i: Int) -> Bool {
        guard i > 0 else { return true }
        let p = t[i - 1]
        switch p {
        case 33, 35, 36, 37, 38, 42, 64, 0xFF20, 95: return false
        default: break
        }
        if !UTF16Text.isASCIIAlnum(p) { 
            guard p == 58, i >= 3 else { return true }
            return isRetweetMarker(end: i - 1)
        }
        return isRetweetMarker(end: i)
    }

    /// Whether `RT` (any case) ends at `end`, itself at the start or after a character other than
    /// `A-Z a-z 0-9 _ + ~ . -`.
    private func isRetweetMarker(end: Int) -> Bool {
        guard end >= 2, (t[end - 2] | 0x20) == 114, (t[end - 1] | 0x20) == 116 else { return false }
        guard end >= 3 else { return true }
        let b = t[end - 3]
        return !(UTF16Text.isASCIIAlnum(b) || b == 95 || b == 43 || b == 126 || b == 46 || b == 45)
    }

    func scan() -> [RawMatch] {
        var out: [RawMatch] = []
        var i = 0
        while i < t.count {
            let c = t[i]
            guard c == 64 || c == 0xFF20 else { i += 1; continue }
            guard precedingOK(i) else { i += 1; continue }
            var p = i + 1
            while isNameChar(t[p]) { p += 1 }
            let len = p - i - 1
            if len >= 1, t[p] == 47, UTF16Text.isASCIILetter(t[p + 1]) {
                var q = p + 2
                while q - p - 1 < 25, isNameChar(t[q]) || t[q] == 45 { q += 1 }
                p = q
            }
            let next = t[p]
            let bad = next == 64 || next == 0xFF20 || UTF16Text.isLatinAccent(next) ||
                (next == 58 && t[p + 1] == 47 && t[p + 2] == 47)
            if len >= 1, len <= 20, !bad {
                out.append(RawMatch(lo: i, hi: p, url: "mention:" + t.string(i + 1, p)))
            }
            i = max(p, i + 1)
        }
        return out
    }
}
