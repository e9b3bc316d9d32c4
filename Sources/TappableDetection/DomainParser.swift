/// Parses dotted host names: labels of letters, digits, `-` and `_`, separated by single dots.
struct DomainParser {
    let t: UTF16Text
    /// Which characters labels are made of.
    let labels: LabelSet

    /// What a label may hold besides ASCII letters, digits, `-` and `_`.
    enum LabelSet {
        /// Scheme-less hosts and e-mail domains: letters, marks and digits of scripts written
        /// with spaces (`президент.рф`, `ELPAÍS.com`), not of those written without (CJK, Thai …:
        /// `中国語t.co` must give `t.co`), and no symbols (`out👉google.com` must give `google.com`).
        case bare
        /// After a scheme or `//`: any character but punctuation, separators, controls, format
        /// characters, math symbols, private-use and unassigned ones (`http://✪df.ws`, `http://ああ.com`).
        case any
    }

    struct Result {
        var end: Int
        var tld: String
        var labelsBeforeTLD: Int
        var isCountryCode: Bool
    }

    /// The width of the label character at `i` in `set` (default: the parser's), 0 when it is none.
    func labelCharWidth(_ i: Int, in set: LabelSet? = nil) -> Int {
        let c = t[i]
        if UTF16Text.isASCIIAlnum(c) || c == 45 || c == 95 { return 1 }
        guard c >= 0x80, c != 0xFEFF, c != 0xFFFE, c != 0xFFFF else { return 0 }
        if c >= 0x2000 && c <= 0x206F { return 0 } // General Punctuation
        let (s, w) = t.scalar(at: i)
        if s == "\u{FFFD}" { return 0 }
        switch set ?? labels {
        case .bare:
            return UTF16Text.isLetterMarkOrDigit(s) && !UTF16Text.isUnspacedScript(s) ? w : 0
        case .any:
            if UTF16Text.isLetterMarkOrDigit(s) { return w }
            switch s.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                 .finalPunctuation, .otherPunctuation, .spaceSeparator, .lineSeparator, .paragraphSeparator,
                 .control, .format, .surrogate, .privateUse, .unassigned, .mathSymbol:
                return 0
            default:
                return w
            }
        }
    }

    /// The dot-separated labels from `start`, as UTF-16 ranges: linear in their length. In the
    /// `bare` set, a last label in a script written without spaces is read when it may be an
    /// internationalised top-level domain (`twitter.みんな`): at most as long as the longest one.
    func labelRanges(from start: Int) -> [(Int, Int)] {
        var ranges: [(Int, Int)] = []
        var p = start
        while true {
            let ls = p
            while true { let w = labelCharWidth(p); if w == 0 { break }; p += w }
            if p == ls { break }
            ranges.append((ls, p))
            if t[p] == 46, labelCharWidth(p + 1) > 0 { p += 1; continue }
            if labels == .bare, t[p] == 46, t[p + 1] >= 0x80 {
                var q = p + 1
                while q - p - 1 < TopLevelDomains.longestUnicode { let w = labelCharWidth(q, in: .any); if w == 0 { break }; q += w }
                if q > p + 1 { ranges.append((p + 1, q)) }
            }
            break
        }
        return ranges
    }

    /// Whether a label is over 63 units, or an `xn--` label with non-ASCII characters: no host then.
    private func isMalformed(_ label: (Int, Int)) -> Bool {
        let (a, b) = label
        if b - a > 63 { return true }
        return b - a > 4 && (t[a] | 0x20) == 120 && (t[a + 1] | 0x20) == 110 && t[a + 2] == 45 && t[a + 3] == 45
            && (a..<b).contains(where: { t[$0] >= 0x80 })
    }

    /// The longest host from `start` whose last label is a top-level domain (see `LinkScanner`):
    /// labels from the parser's set, though in the `bare` set the top-level domain may still be
    /// one in a script written without spaces (`twitter.みんな`). A host with a label longer than
    /// 63 units, or an `xn--` label that is not ASCII, is no host.
    func parse(from start: Int) -> Result? { parse(labelRanges(from: start)) }

    /// `parse(from:)` over labels read by `labelRanges(from:)`.
    func parse(_ labels: [(Int, Int)]) -> Result? {
        guard labels.count >= 2 else { return nil }
        // First label that is not a valid subdomain label (starts or ends with - or _).
        var firstInvalid = labels.count
        for (k, l) in labels.enumerated() {
            let a = t[l.0], b = t[l.1 - 1]
            if a == 45 || a == 95 || b == 45 || b == 95 { firstInvalid = k; break }
        }
        var k = min(firstInvalid, labels.count - 1)
        while k >= 1 {
            let prev = labels[k - 1]
            if !(prev.0..<prev.1).contains(where: { t[$0] == 95 }), let (tld, end) = tldPrefix(labels[k]) {
                if t[end] != 64, t[end] != 0xFF20 {
                    let cc = tld.utf16.count == 2 && tld.utf16.allSatisfy { UTF16Text.isASCIILetter($0) }
                    if labels[..<k].contains(where: isMalformed) { return nil }
                    return Result(end: end, tld: tld, labelsBeforeTLD: k, isCountryCode: cc)
                }
            }
            k -= 1
        }
        return nil
    }

    /// A host name on any top-level domain, known or not (`example.invalid`, `test.123`,
    /// `localhost` when `minLabels` is 1): at least `minLabels` labels; none over 63 units, with
    /// `_`, or starting or ending with `-`; no non-ASCII `xn--` label; a last label of two or more
    /// units when there are several (`tld-too-short.x` is none); not followed by `@`. Its end, or nil.
    func parseAnyHost(from start: Int, minLabels: Int) -> Int? { parseAnyHost(labelRanges(from: start), minLabels: minLabels) }

    /// `parseAnyHost(from:minLabels:)` over labels read by `labelRanges(from:)`.
    func parseAnyHost(_ labels: [(Int, Int)], minLabels: Int) -> Int? {
        guard let last = labels.last, labels.count >= max(1, minLabels) else { return nil }
        for l in labels {
            if isMalformed(l) || t[l.0] == 45 || t[l.1 - 1] == 45 || (l.0..<l.1).contains(where: { t[$0] == 95 }) {
                return nil
            }
        }
        if labels.count > 1, last.1 - last.0 < 2 { return nil }
        guard t[last.1] != 64, t[last.1] != 0xFF20 else { return nil }
        return last.1
    }

    /// The TLD at the start of a label: the whole label; or its ASCII part when a `-` or a
    /// non-ASCII character follows (`domain.com-typo`, `example.comだよね`); or the longest
    /// Unicode TLD it starts with when no letter or digit of a spaced script follows
    /// (`twitter.みんなです`).
    /// A `_` after the TLD makes none (`example.com_`).
    private func tldPrefix(_ label: (Int, Int)) -> (String, Int)? {
        let len = label.1 - label.0
        if len <= 63 {
            let whole = t.string(label.0, label.1).lowercased()
            if TopLevelDomains.ascii.contains(whole) || TopLevelDomains.unicode.contains(whole) { return (whole, label.1) }
            if whole.hasPrefix("xn--"), len > 4, whole.utf16.allSatisfy({ UTF16Text.isASCIIAlnum($0) || $0 == 45 }) {
                return (whole, label.1)
            }
        }
        var q = label.0
        while q < label.1, UTF16Text.isASCIIAlnum(t[q]) { q += 1 }
        if q > label.0 {
            guard q < label.1, q - label.0 <= 63, t[q] == 45 || t[q] >= 0x80 else { return nil }
            let head = t.string(label.0, q).lowercased()
            return TopLevelDomains.ascii.contains(head) ? (head, q) : nil
        }
        // A label starting with a non-ASCII character: its longest Unicode-TLD prefix.
        var ends: [Int] = []
        var e = label.0
        while e < label.1, e - label.0 < TopLevelDomains.longestUnicode {
            e += t.scalar(at: e).1
            ends.append(e)
        }
        for end in ends.reversed() where end < label.1 && labelCharWidth(end, in: .bare) == 0 {
            let head = t.string(label.0, end).lowercased()
            if TopLevelDomains.unicode.contains(head) { return (head, end) }
        }
        return nil
    }
}
