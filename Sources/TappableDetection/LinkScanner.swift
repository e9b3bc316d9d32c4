/// A raw match found by one of the scanners: a UTF-16 range plus its payload string.
struct RawMatch {
    var lo: Int
    var hi: Int
    var url: String
}

/// Finds URLs by twitter-text's extraction rules, as a hand-written forward scanner (linear time).
///
/// - A URL starts after the start of text or a character other than `A-Z a-z 0-9 @ ＠ $ # ＃`.
/// - With a scheme (`http`, `https`, `ftp` need a real host: a domain with an IANA top-level
///   domain, an IPv4 address or `localhost`; any other `scheme://` takes what follows up to
///   white space). Hosts after a scheme may have non-ASCII labels (`http://✪df.ws`, `foobar.みんな`).
/// - Without a scheme, the host is ASCII / accented-Latin labels ending in an IANA TLD (or any
///   `xn--` punycode TLD, or an internationalised TLD in Unicode form: `twitter.みんな`). Country
///   TLDs need no path (`foo.jp`), as in twitter-text 3.
/// - Labels never start or end with `-` or `_`; the label before the TLD has no `_`; no label is
///   over 63 units; `xn--` labels are ASCII. `t.co` slugs are at most 40 characters.
/// - An optional port, then a path / query / fragment of URL characters; brackets must balance
///   (an unmatched `)` or `]` ends the URL), and trailing punctuation (`.,!?:;'"*` …) is dropped.
/// - A domain followed by `@` is an e-mail's, not a URL.
struct LinkScanner {
    let t: UTF16Text

    func scan() -> [RawMatch] {
        var out: [RawMatch] = []
        var i = 0
        let n = t.count
        while i < n {
            let c = t[i]
            // With a scheme.
            if UTF16Text.isASCIILetter(c), !isSchemeChar(t[i - 1]) {
                var j = i
                while j < n, isSchemeChar(t[j]) { j += 1 }
                if t[j] == 58, t[j + 1] == 47, t[j + 2] == 47, precedingAllowsURL(i) {
                    if let m = parseWithScheme(start: i, schemeEnd: j) {
                        out.append(m); i = m.hi; continue
                    }
                }
            }
            // Without a scheme: at the start of a run of bare-host characters.
            if isBareHostChar(c), !isBareHostChar(t[i - 1]) {
                // twitter-text: a scheme-less URL is never preceded by - _ . or /.
                var runEnd = i
                while runEnd < n, isBareHostChar(t[runEnd]) { runEnd += 1 }
                if c != 46, c != 45, c != 95, t[i - 1] != 47, precedingAllowsURL(i), let m = parseBare(start: i) {
                    out.append(m); i = m.hi; continue
                }
                i = max(runEnd, i + 1)
                continue
            }
            i += 1
        }
        return out
    }

    // MARK: pieces

    @inline(__always) func isSchemeChar(_ c: UInt16) -> Bool {
        UTF16Text.isASCIIAlnum(c) || c == 43 || c == 45 || c == 46
    }

    /// ASCII alphanumerics, `-`, `_`, `.` and accented Latin letters: what a scheme-less host is made of.
    @inline(__always) func isBareHostChar(_ c: UInt16) -> Bool {
        UTF16Text.isASCIIAlnum(c) || c == 45 || c == 95 || c == 46 || UTF16Text.isLatinAccent(c)
    }

    /// twitter-text's valid preceding characters: anything but `A-Za-z0-9@＠$#＃` (directional
    /// embeddings and isolates, U+202A–202E and U+2066–2069, are fine: RTL text wraps URLs in them).
    func precedingAllowsURL(_ i: Int) -> Bool {
        guard i > 0 else { return true }
        let p = t[i - 1]
        if UTF16Text.isASCIIAlnum(p) || p == 64 || p == 0xFF20 || p == 36 || p == 35 || p == 0xFF03 { return false }
        return true
    }

    private func parseWithScheme(start: Int, schemeEnd: Int) -> RawMatch? {
        let scheme = t.string(start, schemeEnd).lowercased()
        let hostStart = schemeEnd + 3
        if scheme == "http" || scheme == "https" || scheme == "ftp" {
            var hostEnd: Int
            var isTco = false
            if let ip = parseIPv4(hostStart) {
                hostEnd = ip
            } else if t.string(hostStart, min(t.count, hostStart + 9)).lowercased() == "localhost",
                      !UTF16Text.isASCIIAlnum(t[hostStart + 9]), t[hostStart + 9] != 46 || !UTF16Text.isASCIIAlnum(t[hostStart + 10]) {
                hostEnd = hostStart + 9
            } else if let d = DomainParser(t: t, unicodeLabels: true).parse(from: hostStart) {
                hostEnd = d.end
                isTco = t.string(hostStart, hostEnd).lowercased() == "t.co"
            } else {
                return nil
            }
            let end: Int
            if isTco {
                guard let e = tcoPath(hostEnd) else { return nil }
                end = e
            } else {
                end = portAndPath(hostEnd)
            }
            return RawMatch(lo: start, hi: end, url: t.string(start, end))
        }
        // Another scheme: everything up to white space, with the usual trailing trim.
        let end = pathEnd(hostStart)
        guard end > hostStart else { return nil }
        return RawMatch(lo: start, hi: end, url: t.string(start, end))
    }

    private func parseBare(start: Int) -> RawMatch? {
        guard let d = DomainParser(t: t, unicodeLabels: false).parse(from: start) else { return nil }
        let isTco = t.string(start, d.end).lowercased() == "t.co"
        let end = portAndPath(d.end)
        let hasPath = end > d.end && (t[d.end] == 47 || t[d.end] == 63 || t[d.end] == 35)
        var hi = end
        if isTco, hasPath {
            guard let e = tcoPath(d.end) else { return nil }
            hi = e
        }
        return RawMatch(lo: start, hi: hi, url: "http://" + t.string(start, hi))
    }

    /// `a.b.c.d` with each part 0...255, not followed by more host characters.
    private func parseIPv4(_ s: Int) -> Int? {
        var p = s
        for part in 0..<4 {
            if part > 0 { guard t[p] == 46 else { return nil }; p += 1 }
            var v = 0, digits = 0
            while UTF16Text.isDigit(t[p]), digits < 4 { v = v * 10 + Int(t[p] - 48); p += 1; digits += 1 }
            guard digits >= 1, digits <= 3, v <= 255 else { return nil }
        }
        if UTF16Text.isASCIIAlnum(t[p]) || t[p] == 45 || t[p] == 95 || (t[p] == 46 && UTF16Text.isASCIIAlnum(t[p + 1])) { return nil }
        return p
    }

    /// t.co links (twitter-text's t.co rule): `/` plus a slug of at most 40 ASCII alphanumerics
    /// (a longer slug is no t.co link: nil), then an optional `?query`.
    private func tcoPath(_ hostEnd: Int) -> Int? {
        guard t[hostEnd] == 47 else { return hostEnd }
        var p = hostEnd + 1
        while UTF16Text.isASCIIAlnum(t[p]) { p += 1 }
        guard p - hostEnd - 1 <= 40 else { return nil }
        guard t[p] == 63 else { return p }
        var q = p + 1
        while isQueryChar(t[q]) { q += 1 }
        while q > p + 1, !isQueryEndingChar(t[q - 1]) { q -= 1 }
        return q > p + 1 ? q : p
    }

    /// twitter-text's query characters: ASCII alphanumerics and `! ? * ' @ ( ) ; : & = + $ / % # [ ] - _ . , ~ |`.
    @inline(__always) func isQueryChar(_ c: UInt16) -> Bool {
        if UTF16Text.isASCIIAlnum(c) { return true }
        switch c {
        case 33, 63, 42, 39, 64, 40, 41, 59, 58, 38, 61, 43, 36, 47, 37, 35, 91, 93, 45, 95, 46, 44, 126, 124: return true
        default: return false
        }
    }

    /// What a query may end with: ASCII alphanumerics and `- _ & = # /`.
    @inline(__always) func isQueryEndingChar(_ c: UInt16) -> Bool {
        UTF16Text.isASCIIAlnum(c) || c == 45 || c == 95 || c == 38 || c == 61 || c == 35 || c == 47
    }

    /// An optional `:port`, then a path, query or fragment.
    private func portAndPath(_ hostEnd: Int) -> Int {
        var p = hostEnd
        if t[p] == 58, UTF16Text.isDigit(t[p + 1]) {
            var q = p + 1
            while UTF16Text.isDigit(t[q]) { q += 1 }
            guard q - p - 1 <= 5, !UTF16Text.isASCIILetter(t[q]) else { return hostEnd }
            p = q
        }
        if t[p] == 47 || t[p] == 63 || t[p] == 35 { return max(p, pathEnd(p)) }
        return p
    }

    @inline(__always) func isPathChar(_ c: UInt16) -> Bool {
        if UTF16Text.isASCIIAlnum(c) || UTF16Text.isLatinAccent(c) || UTF16Text.isCyrillic(c) { return true }
        switch c {
        // ! # $ % & ' * + , - . / : ; = ? @ _ ~ |
        case 33, 35, 36, 37, 38, 39, 42, 43, 44, 45, 46, 47, 58, 59, 61, 63, 64, 95, 126, 124: return true
        case 0x2013: return true // en dash, as in Wikipedia titles
        default: return false
        }
    }

    @inline(__always) func isEndingChar(_ c: UInt16) -> Bool {
        if UTF16Text.isASCIIAlnum(c) || UTF16Text.isLatinAccent(c) || UTF16Text.isCyrillic(c) { return true }
        switch c {
        case 43, 45, 61, 95, 35, 47, 38, 41, 93: return true // + - = _ # / & ) ]
        default: return false
        }
    }

    /// The end of the path starting at `s`: URL characters with balanced () and [], minus trailing punctuation.
    private func pathEnd(_ s: Int) -> Int {
        var p = s
        var paren = 0, square = 0
        while p < t.count {
            let c = t[p]
            if c == 40 { paren += 1 } else if c == 41 { if paren == 0 { break }; paren -= 1 }
            else if c == 91 { square += 1 } else if c == 93 { if square == 0 { break }; square -= 1 }
            else if !isPathChar(c) { break }
            p += 1
        }
        // A leading "/" or "?" stays even when nothing valid follows it.
        while p > s + 1, !isEndingChar(t[p - 1]) { p -= 1 }
        if p == s + 1, !isEndingChar(t[s]) { return s }
        return p
    }
}

/// Parses a dotted host name and finds its top-level domain.
struct DomainParser {
    let t: UTF16Text
    /// Whether labels may hold any non-punctuation Unicode character (after a scheme).
    let unicodeLabels: Bool

    struct Result {
        var end: Int
        var tld: String
        var labelsBeforeTLD: Int
        var isCountryCode: Bool
    }

    /// The width of the label character at `i`, 0 when it is none. Any non-punctuation Unicode
    /// character counts when `unicode` is true.
    func labelCharWidth(_ i: Int, unicode: Bool? = nil) -> Int {
        let c = t[i]
        if UTF16Text.isASCIIAlnum(c) || c == 45 || c == 95 || UTF16Text.isLatinAccent(c) { return 1 }
        guard unicode ?? unicodeLabels, c >= 0x80, c != 0xFEFF, c != 0xFFFE, c != 0xFFFF else { return 0 }
        if c >= 0x2000 && c <= 0x206F { return 0 } // General Punctuation
        let (s, w) = t.scalar(at: i)
        if s == "\u{FFFD}" { return 0 }
        switch s.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .spaceSeparator, .lineSeparator, .paragraphSeparator,
             .control, .format, .surrogate, .privateUse, .unassigned, .mathSymbol:
            return 0
        default:
            return w
        }
    }

    /// The longest host from `start` whose last label is a top-level domain (see `LinkScanner`).
    /// Without `unicodeLabels` the labels are ASCII / accented Latin, but the top-level domain may
    /// still be an internationalised one in Unicode form (`twitter.みんな`). A host with a label
    /// longer than 63 units, or an `xn--` label that is not ASCII, is no host.
    func parse(from start: Int) -> Result? {
        var labels: [(Int, Int)] = []
        var p = start
        while true {
            let ls = p
            while true { let w = labelCharWidth(p); if w == 0 { break }; p += w }
            if p == ls { break }
            labels.append((ls, p))
            if t[p] == 46, labelCharWidth(p + 1) > 0 { p += 1; continue }
            if !unicodeLabels, t[p] == 46, t[p + 1] >= 0x80 {
                // A Unicode top-level domain after ASCII labels: at most as long as the longest one.
                var q = p + 1
                while q - p - 1 < TopLevelDomains.longestUnicode { let w = labelCharWidth(q, unicode: true); if w == 0 { break }; q += w }
                if q > p + 1 { labels.append((p + 1, q)) }
            }
            break
        }
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
                    for (a, b) in labels[..<k] {
                        if b - a > 63 { return nil }
                        if b - a > 4, (t[a] | 0x20) == 120, (t[a + 1] | 0x20) == 110, t[a + 2] == 45, t[a + 3] == 45,
                           (a..<b).contains(where: { t[$0] >= 0x80 }) { return nil }
                    }
                    return Result(end: end, tld: tld, labelsBeforeTLD: k, isCountryCode: cc)
                }
            }
            k -= 1
        }
        return nil
    }

    /// The TLD at the start of a label: the whole label; or its ASCII part when a `-`, `_` or a
    /// non-ASCII character follows (`domain.com-typo`, `example.comだよね`); or the longest
    /// Unicode TLD it starts with when no ASCII letter or digit follows (`twitter.みんなです`).
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
            guard q < label.1, q - label.0 <= 63, t[q] == 45 || t[q] == 95 || t[q] >= 0x80 else { return nil }
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
        for end in ends.reversed() where end < label.1 && !UTF16Text.isASCIIAlnum(t[end]) {
            let head = t.string(label.0, end).lowercased()
            if TopLevelDomains.unicode.contains(head) { return (head, end) }
        }
        return nil
    }
}
