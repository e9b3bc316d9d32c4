/// A raw match found by one of the scanners: a UTF-16 range plus its payload string.
struct RawMatch {
    var lo: Int
    var hi: Int
    var url: String
}

/// Finds URLs by twitter-text's extraction rules, extended to linkify-it's fixtures where the two
/// do not conflict (docs/detection.md, "Conformance"), as a hand-written forward scanner. Every
/// look-ahead stops at white space or is bounded, so the scan is linear in the text length.
///
/// - A URL starts after the start of text or a character other than `A-Z a-z 0-9 @ ＠ $ # ＃`
///   (`name@http://…` is fine: only a lone `@http://` is a would-be mention), nor, for a scheme,
///   `- _ .` (`_http://` is none; after letters of other scripts it may start: `смотриhttp://`).
/// - `http`, `https` and `ftp` URLs, and protocol-relative ones (`//example.com`, after the start
///   of text, white space or punctuation other than `: / _ @`), have optional userinfo
///   (`user:pass@`), then a host: an IPv4 address, `localhost`, a domain on an IANA top-level
///   domain, or any host name of two or more labels whose last label has two or more characters
///   (`http://example.invalid`; not `http://no-tld`). Hosts there may have non-ASCII labels
///   (`http://✪df.ws`, `http://ﻡﻮﻘﻋ.ﻭﺯﺍﺭﺓ-ﺍﻼﺘﺻﺍﻼﺗ.ﻢﺻﺭ`). Any other `scheme://` takes what follows
///   as a path, unless the scheme is spelt with the letters of `https` only (`hppt`, `htp`, `ttp`:
///   a mistyped or deliberately broken web scheme).
/// - Without a scheme, the host ends in an IANA top-level domain (or any `xn--` punycode one);
///   its labels are letters, marks and digits of scripts written with spaces (`президент.рф`,
///   `ELPAÍS.com`); the TLD may be in a script written without spaces (`twitter.みんな`). It does
///   not follow `- _ . / :` (`path:to:file.pm`). A bare IPv4 address is a link only with a port or
///   a path (`192.168.1.1/abc`, not a version-like `10.0.0.1`). Country TLDs need no path (`foo.jp`).
/// - Labels never start or end with `-` or `_`; the label before the TLD has no `_`, nor does the
///   TLD run on into one (`example.com_`); no label is over 63 units; `xn--` labels are ASCII.
///   `t.co` slugs are at most 40 characters.
/// - An optional port (at most 65535: `google.com:500000` is no link), then a path, query or
///   fragment (see `pathEnd`). A domain followed by `@` is an e-mail's, not a URL.
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
                if t[j] == 58, t[j + 1] == 47, t[j + 2] == 47, schemeMayStart(at: i),
                   let m = parseWithScheme(start: i, schemeEnd: j) {
                    out.append(m); i = m.hi; continue
                }
            }
            // Protocol-relative.
            if c == 47, t[i + 1] == 47, protocolRelativeMayStart(at: i), let end = webURLEnd(i + 2) {
                out.append(RawMatch(lo: i, hi: end, url: "http:" + t.string(i, end)))
                i = end; continue
            }
            // Without a scheme: at the start of a run of bare-host characters.
            let w = bareHostCharWidth(at: i)
            if w > 0, bareHostCharWidth(before: i) == 0 {
                // The run's end, and where a scheme may start inside it: at an ASCII letter after a
                // non-ASCII one (`смотриhttp://…`; not after `- _ .`: `_http://…` is none).
                var runEnd = i, schemeStart = 0
                while runEnd < n {
                    let rw = bareHostCharWidth(at: runEnd)
                    if rw == 0 { break }
                    if schemeStart == 0, runEnd > i, t[runEnd - 1] >= 0x80, UTF16Text.isASCIILetter(t[runEnd]) { schemeStart = runEnd }
                    runEnd += rw
                }
                // twitter-text: a scheme-less URL is never preceded by - _ . or /; linkify-it: nor by :.
                let p = t[i - 1]
                if c != 46, c != 45, c != 95, p != 47, p != 58, precedingAllowsURL(i), let m = parseBare(start: i) {
                    out.append(m); i = m.hi; continue
                }
                i = schemeStart > 0 ? schemeStart : max(runEnd, i + w)
                continue
            }
            i += max(w, 1)
        }
        return out
    }

    // MARK: where URLs start

    @inline(__always) func isSchemeChar(_ c: UInt16) -> Bool {
        UTF16Text.isASCIIAlnum(c) || c == 43 || c == 45 || c == 46
    }

    /// The width of the scheme-less host character at `i` (`.` and the `bare` label set of
    /// `DomainParser`), 0 when it is none.
    func bareHostCharWidth(at i: Int) -> Int {
        let c = t[i]
        if c < 0x80 { return UTF16Text.isASCIIAlnum(c) || c == 45 || c == 95 || c == 46 ? 1 : 0 }
        return DomainParser(t: t, labels: .bare).labelCharWidth(i)
    }

    /// The width of the scheme-less host character ending just before `i`, 0 when it is none.
    func bareHostCharWidth(before i: Int) -> Int {
        if t[i - 1] < 0x80 { return bareHostCharWidth(at: i - 1) }
        guard let (_, w) = t.scalar(before: i) else { return 0 }
        return bareHostCharWidth(at: i - w) == w ? w : 0
    }

    /// twitter-text's valid preceding characters: anything but `A-Za-z0-9@＠$#＃` (directional
    /// embeddings and isolates, U+202A–202E and U+2066–2069, are fine: RTL text wraps URLs in them).
    func precedingAllowsURL(_ i: Int) -> Bool {
        guard i > 0 else { return true }
        let p = t[i - 1]
        if UTF16Text.isASCIIAlnum(p) || p == 64 || p == 0xFF20 || p == 36 || p == 35 || p == 0xFF03 { return false }
        return true
    }

    /// Where a `scheme://` may start: as `precedingAllowsURL`, and also after an `@` that follows
    /// an ASCII letter or digit (`test.example@http://vk.com`: the URL stands after an e-mail-like
    /// name; a lone `@http://` stays a would-be mention, as twitter-text has it).
    func schemeMayStart(at i: Int) -> Bool {
        if i >= 2, t[i - 1] == 64, UTF16Text.isASCIIAlnum(t[i - 2]) { return true }
        return precedingAllowsURL(i)
    }

    /// Where a protocol-relative `//` may start: at the start of the text or after anything but a
    /// letter, mark or digit and `: / _ @ ＠ # ＃ $` (not in `a//b`, `x://`, `///`, `_//`).
    func protocolRelativeMayStart(at i: Int) -> Bool {
        guard let (p, _) = t.scalar(before: i) else { return true }
        switch p {
        case ":", "/", "_", "@", "＠", "#", "＃", "$": return false
        default: return !UTF16Text.isLetterMarkOrDigit(p)
        }
    }

    // MARK: URLs

    private func parseWithScheme(start: Int, schemeEnd: Int) -> RawMatch? {
        let scheme = t.string(start, schemeEnd).lowercased()
        let authority = schemeEnd + 3
        if scheme == "http" || scheme == "https" || scheme == "ftp" {
            guard let end = webURLEnd(authority) else { return nil }
            return RawMatch(lo: start, hi: end, url: t.string(start, end))
        }
        guard !Self.isMistypedWebScheme(scheme) else { return nil }
        // Another scheme: everything up to white space, with the usual trailing trim.
        let end = pathEnd(authority)
        guard end > authority else { return nil }
        return RawMatch(lo: start, hi: end, url: t.string(start, end))
    }

    /// Whether a lower-cased scheme other than `http`/`https` is spelt with the letters of `https`
    /// only, with at least a `t` and a `p` (`hppt`, `htp`, `htps`, `ttp`, `htttp`).
    static func isMistypedWebScheme(_ scheme: String) -> Bool {
        guard scheme != "http", scheme != "https", scheme.utf8.count <= 8 else { return false }
        let letters = Set(scheme.utf8)
        return letters.isSubset(of: Set("https".utf8)) && letters.contains(UInt8(ascii: "t")) && letters.contains(UInt8(ascii: "p"))
    }

    private func parseBare(start: Int) -> RawMatch? {
        if let ip = parseIPv4(start) {
            // A bare IPv4 address needs a port or a path: `10.0.0.1` alone may be a version number.
            guard t[ip] == 47 || t[ip] == 58, let end = portAndPath(ip), end > ip else { return nil }
            return RawMatch(lo: start, hi: end, url: "http://" + t.string(start, end))
        }
        guard let d = DomainParser(t: t, labels: .bare).parse(from: start), let end = portAndPath(d.end) else { return nil }
        let isTco = d.end - start == 4 && t.matchesASCII("t.co", at: start)
        let hasPath = end > d.end && (t[d.end] == 47 || t[d.end] == 63 || t[d.end] == 35)
        var hi = end
        if isTco, hasPath {
            guard let e = tcoPath(d.end) else { return nil }
            hi = e
        }
        return RawMatch(lo: start, hi: hi, url: "http://" + t.string(start, hi))
    }

    /// The end of a web URL from `s`, right after its `//`: optional userinfo, a host, then the
    /// port and path (a `t.co` slug for `t.co`). Nil when there is no host.
    private func webURLEnd(_ s: Int) -> Int? {
        var hostStart = s
        var hostEnd = self.hostEnd(s)
        if let at = userinfoEnd(s), let h = self.hostEnd(at + 1) {
            hostStart = at + 1; hostEnd = h
        }
        guard let hostEnd else { return nil }
        if hostEnd - hostStart == 4, t.matchesASCII("t.co", at: hostStart) { return tcoPath(hostEnd) }
        return portAndPath(hostEnd)
    }

    /// The end of the host at `s` after a scheme or `//`: an IPv4 address, `localhost`, a domain
    /// on a known top-level domain, or any host name of two or more labels. Nil when there is none.
    private func hostEnd(_ s: Int) -> Int? {
        if let ip = parseIPv4(s) { return ip }
        if t.matchesASCII("localhost", at: s),
           !UTF16Text.isASCIIAlnum(t[s + 9]), t[s + 9] != 46 || !UTF16Text.isASCIIAlnum(t[s + 10]) {
            return s + 9
        }
        let domains = DomainParser(t: t, labels: .any)
        let labels = domains.labelRanges(from: s)
        return domains.parse(labels)?.end ?? domains.parseAnyHost(labels, minLabels: 2)
    }

    /// The index of the `@` ending userinfo (`user:pass@`) at `s`, nil when there is none. Userinfo
    /// is RFC 3986's: ASCII letters, digits and `- . _ ~ % ! $ & ' * + , ; = :`; anything else
    /// (white space, `/ ? # [ ] ( )`) ends the look-ahead, so it never crosses into another URL.
    private func userinfoEnd(_ s: Int) -> Int? {
        var p = s
        while p < t.count {
            let c = t[p]
            if c == 64 { return p > s ? p : nil }
            guard UTF16Text.isASCIIAlnum(c) || Self.userinfoMarks.contains(c) else { return nil }
            p += 1
        }
        return nil
    }

    /// `- . _ ~ % ! $ & ' * + , ; = :`
    private static let userinfoMarks: Set<UInt16> = [45, 46, 95, 126, 37, 33, 36, 38, 39, 42, 43, 44, 59, 61, 58]

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

    /// An optional `:port`, then a path, query or fragment: the URL's end. Nil when a `:` and a
    /// digit follow the host but no port does (over 5 digits or 65535, or letters right after).
    private func portAndPath(_ hostEnd: Int) -> Int? {
        var p = hostEnd
        if t[p] == 58, UTF16Text.isDigit(t[p + 1]) {
            var q = p + 1, value = 0
            while UTF16Text.isDigit(t[q]), q - p <= 6 { value = value * 10 + Int(t[q] - 48); q += 1 }
            guard q - p - 1 <= 5, value <= 65535, !UTF16Text.isASCIIAlnum(t[q]), t[q] != 95 else { return nil }
            p = q
        }
        if t[p] == 47 || t[p] == 63 || t[p] == 35 { return max(p, pathEnd(p)) }
        return p
    }

    // MARK: paths

    /// ASCII characters of paths: letters, digits and `! # $ % & * + , - . / : ; = ? @ _ ~ |`
    /// (brackets and quotes are handled apart).
    @inline(__always) func isASCIIPathChar(_ c: UInt16) -> Bool {
        if UTF16Text.isASCIIAlnum(c) { return true }
        switch c {
        case 33, 35, 36, 37, 38, 42, 43, 44, 45, 46, 47, 58, 59, 61, 63, 64, 95, 126, 124: return true
        default: return false
        }
    }

    /// What a path may end with: ASCII letters and digits, `+ - = _ # / & ) ] }`, and any
    /// non-ASCII path character but the en dash and the zero-width (non-)joiners.
    @inline(__always) func isEndingChar(_ c: UInt16) -> Bool {
        if UTF16Text.isASCIIAlnum(c) { return true }
        switch c {
        case 43, 45, 61, 95, 35, 47, 38, 41, 93, 125: return true
        case 0x2013, 0x200C, 0x200D: return false
        default: return c >= 0x80
        }
    }

    /// The width of the non-ASCII path character at `i` (0: none): letters, marks and digits of
    /// scripts written with spaces (`/Русские_слова`, Malayalam with its zero-width joiners), the
    /// en dash (Wikipedia titles). Scripts written without spaces are handled by `unspacedSegmentEnd`.
    private func otherPathCharWidth(_ i: Int) -> Int {
        let c = t[i]
        if c == 0x2013 || c == 0x200C || c == 0x200D { return 1 }
        let (s, w) = t.scalar(at: i)
        return UTF16Text.isLetterMarkOrDigit(s) && !UTF16Text.isUnspacedScript(s) ? w : 0
    }

    /// A path segment in a script written without spaces (`example.com/䨹`, `?q=日本語`): from `i`,
    /// right after `/ ? # = &`, up to white space, the end of the text, or ASCII punctuation. Its
    /// end, or nil when it runs on from other characters or into more text (`/path한국`,
    /// `/これは日本語です。example.com`): then it is prose after the URL, as twitter-text reads it.
    private func unspacedSegmentEnd(_ i: Int) -> Int? {
        switch t[i - 1] {
        case 47, 63, 35, 61, 38: break
        default: return nil
        }
        var p = i
        while p < t.count {
            let (s, w) = t.scalar(at: p)
            guard UTF16Text.isUnspacedScript(s), UTF16Text.isLetterMarkOrDigit(s) else { break }
            p += w
        }
        guard p > i else { return nil }
        guard p < t.count else { return p }
        let next = t[p]
        if next < 0x80 { return UTF16Text.isASCIIAlnum(next) ? nil : p }
        return UTF16Text.isSpace(t.scalar(at: p).0) ? p : nil
    }

    /// The index of the quote closing the one at `i` (`"quoted"`, `'quoted'`): the first same quote
    /// after it, with only letters, digits and ASCII path characters between. Nil when there is none
    /// before anything else, or when nothing is quoted.
    private func closingQuote(at i: Int) -> Int? {
        let quote = t[i]
        var p = i + 1
        while p < t.count, t[p] != quote {
            if t[p] < 0x80 {
                guard isASCIIPathChar(t[p]) else { return nil }
                p += 1
            } else {
                let (s, w) = t.scalar(at: p)
                guard UTF16Text.isLetterMarkOrDigit(s) else { return nil }
                p += w
            }
        }
        return p < t.count && p > i + 1 ? p : nil
    }

    /// Whether the unit at `i` is an ASCII letter or digit or a non-ASCII letter (an apostrophe
    /// between two of them is plain: `I'm_king`).
    private func isWordUnit(_ i: Int) -> Bool {
        let c = t[i]
        if c < 0x80 { return UTF16Text.isASCIIAlnum(c) }
        return UTF16Text.isLetterOrMark(t.scalar(at: i).0)
    }

    /// The end of the path starting at `s`: path characters, with balanced `()`, `[]` and `{}` (an
    /// unmatched closing one ends the URL) and quotes in pairs (`_"doublequoted"`, `_'singlequoted'`;
    /// an unpaired `"` ends the URL, an unpaired `'` is plain), minus trailing punctuation (a closing
    /// quote stays). Each look-ahead for a closing quote stops at its first non-path character.
    private func pathEnd(_ s: Int) -> Int {
        var p = s
        var paren = 0, square = 0, curly = 0
        var kept = s
        scan: while p < t.count {
            let c = t[p]
            switch c {
            case 40: paren += 1
            case 41: if paren == 0 { break scan }; paren -= 1
            case 91: square += 1
            case 93: if square == 0 { break scan }; square -= 1
            case 123: curly += 1
            case 125: if curly == 0 { break scan }; curly -= 1
            case 34, 39:
                if c == 39, isWordUnit(p - 1), isWordUnit(p + 1) { break }
                if let close = closingQuote(at: p) { p = close + 1; kept = p; continue scan }
                if c == 34 { break scan }
            default:
                if c < 0x80 {
                    guard isASCIIPathChar(c) else { break scan }
                } else if UTF16Text.isUnspacedScript(t.scalar(at: p).0) {
                    guard let end = unspacedSegmentEnd(p) else { break scan }
                    p = end; continue scan
                } else {
                    let w = otherPathCharWidth(p)
                    guard w > 0 else { break scan }
                    p += w; continue scan
                }
            }
            p += 1
        }
        // A leading "/" or "?" stays even when nothing valid follows it.
        while p > max(s + 1, kept), !isEndingChar(t[p - 1]) { p -= 1 }
        if p == s + 1, !isEndingChar(t[s]) { return s }
        return p
    }
}
