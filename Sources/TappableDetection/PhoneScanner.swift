/// A phone number found in the text: where, its E.164 form and its extension.
struct PhoneMatch {
    var lo: Int
    var hi: Int
    /// `+442079460958`.
    var e164: String
    /// The extension's digits (`123` for `x123`), nil when none was written.
    var phoneExtension: String?
    /// The `tel:` URL (RFC 3966): `tel:+442079460958`, `tel:+14155555555;ext=123`.
    var url: String { "tel:" + e164 + (phoneExtension.map { ";ext=" + $0 } ?? "") }
}

/// Finds telephone numbers. This scanner finds the shapes; libphonenumber's metadata
/// (`PhoneNumberMetadata`) decides: a shape is a phone number only when the metadata says the
/// number is valid (an assigned range of the right length), and gives its E.164 form.
///
/// - International, anywhere: `+` and 8–15 digits in groups separated by single spaces, dashes
///   or dots, with an optional `(0)` trunk prefix or a bracketed group: `+44 20 7946 0958`,
///   `+33 1 23 45 67 89`, `+1 (415) 555-5555`, `+49 (0)30 1234567`. `+1` numbers stop after
///   11 digits; others with more than 15 are no number.
/// - National, read in the detector's region:
///   - NANP regions (US, CA, …): `415-555-5555`, `415.555.5555`, `415 555 5555`,
///     `415 555-5555`, `(415) 555-5555`, `1-800-555-1234`; ten bare digits (`4155555555`) only
///     after a phone word within a few words before them (`call`, `phone`, `tel`, `fax`, …).
///   - Elsewhere: two or more digit groups (the first of 2+ digits, or in brackets) separated
///     by single spaces, dashes, dots or slashes used consistently, 6–16 digits in all, starting
///     with the region's national prefix when it has one: `020 7946 0958` (GB),
///     `01 23 45 67 89` (FR), `030 1234567`, `(030) 1234567`, `030/1234567` (DE). One group of
///     digits needs a phone word before it.
/// - Extensions: `x123`, `x 123`, `ext 123`, `ext. 123`, `extension 123`, `#123` after the
///   number (optionally after a comma), 1–7 digits, in the match and in the URL (`;ext=123`).
/// - Never inside a longer run of digits, letters, or dotted/dashed numbers (versions, dates, IPs).
struct PhoneScanner {
    let t: UTF16Text
    let region: PhoneRegion
    /// The region's national prefix (`0` in GB), empty when it has none or is a NANP region.
    let nationalPrefix: [UInt16]

    init(t: UTF16Text, region: PhoneRegion) {
        self.t = t
        self.region = region
        nationalPrefix = region.callingCode == 1 ? [] : Array(PhoneNumberMetadata.nationalPrefix(region: region.code).utf16)
    }

    /// A number's shape: where it ends and its digits (`+` first when international).
    struct Shape { var end: Int; var digits: String }

    static let keywords: Set<String> = [
        "call", "phone", "tel", "telephone", "cell", "mobile", "fax", "text", "sms", "dial", "ph", "ring",
        "contact", "reach", "number", "hotline", "whatsapp", "mob", "tlf", "telefon", "telefono", "appel",
        "appelez", "llame", "llamar", "anrufen", "handy", "portable",
    ]

    /// Most digits a national number may have, national prefix included.
    static let maximumNationalDigits = 16

    @inline(__always) func isSep(_ c: UInt16) -> Bool { c == 45 || c == 46 || c == 32 }

    func scan() -> [PhoneMatch] {
        var out: [PhoneMatch] = []
        var i = 0
        while i < t.count {
            let c = t[i]
            guard c == 43 || c == 40 || UTF16Text.isDigit(c), boundaryBefore(i), let shape = parse(at: i),
                  let number = PhoneNumberMetadata.validNumber(shape.digits, region: region.code) else {
                i += 1; continue
            }
            let (end, ext) = extensionAfter(shape.end)
            guard boundaryAfter(end) else { i += 1; continue }
            out.append(PhoneMatch(lo: i, hi: end, e164: number.e164, phoneExtension: ext))
            i = end
        }
        return out
    }

    private func boundaryBefore(_ i: Int) -> Bool {
        guard i > 0 else { return true }
        let p = t[i - 1]
        if UTF16Text.isASCIIAlnum(p) || p == 95 || p == 36 || p == 43 || p == 64 || p == 35 || UTF16Text.isLatinAccent(p) { return false }
        if (p == 46 || p == 45 || p == 47 || p == 44 || p == 58) && UTF16Text.isDigit(t[i - 2]) { return false }
        return true
    }

    private func boundaryAfter(_ e: Int) -> Bool {
        let c = t[e]
        if UTF16Text.isASCIIAlnum(c) || c == 95 || c == 37 || UTF16Text.isLatinAccent(c) { return false }
        if (c == 46 || c == 45 || c == 47 || c == 44 || c == 58) && UTF16Text.isDigit(t[e + 1]) { return false }
        return true
    }

    /// Exactly `n` ASCII digits at `p` (not more).
    private func digits(_ p: Int, _ n: Int) -> String? {
        for k in 0..<n where !UTF16Text.isDigit(t[p + k]) { return nil }
        guard !UTF16Text.isDigit(t[p + n]) else { return nil }
        return t.string(p, p + n)
    }

    /// The length of the digit run at `p`, counting at most `limit + 1` digits.
    private func runLength(_ p: Int, limit: Int) -> Int {
        var q = p
        while UTF16Text.isDigit(t[q]), q - p <= limit { q += 1 }
        return q - p
    }

    func parse(at i: Int) -> Shape? {
        if t[i] == 43 { return parseInternational(i) }
        return region.callingCode == 1 ? parseNANP(i) : parseNational(i)
    }

    // MARK: extensions

    /// The end of an extension after a number ending at `e` and its digits, or `(e, nil)`.
    private func extensionAfter(_ e: Int) -> (Int, String?) {
        var p = e
        if t[p] == 44 { p += 1 }
        if t[p] == 32 { p += 1 }
        if t[p] == 35 { // #123
            p += 1
        } else if let (word, after) = t.asciiWord(at: p), ["x", "ext", "extn", "extension"].contains(word) {
            p = after
            if t[p] == 46, word != "x" { p += 1 }
            if t[p] == 32 { p += 1 }
        } else {
            return (e, nil)
        }
        let n = runLength(p, limit: 7)
        guard n >= 1, n <= 7 else { return (e, nil) }
        return (p + n, t.string(p, p + n))
    }

    // MARK: national numbers outside North America

    private func parseNational(_ i: Int) -> Shape? {
        var p = i
        var digits = ""
        var groups = 0
        var separators: [UInt16] = []
        if t[p] == 40 { // (030) 1234567
            let n = runLength(p + 1, limit: 6)
            guard n >= 2, n <= 6, t[p + 1 + n] == 41 else { return nil }
            digits += t.string(p + 1, p + 1 + n)
            groups = 1
            p += n + 2
            if t[p] == 32 || t[p] == 45 { p += 1 }
            guard UTF16Text.isDigit(t[p]) else { return nil }
        }
        var end = p
        while true {
            let n = runLength(p, limit: Self.maximumNationalDigits)
            guard n >= 1, digits.utf16.count + n <= Self.maximumNationalDigits else { return nil }
            if groups == 0, n < 2 { return nil }
            digits += t.string(p, p + n)
            groups += 1
            end = p + n
            let s = t[end]
            guard s == 32 || s == 45 || s == 46 || s == 47, UTF16Text.isDigit(t[end + 1]) else { break }
            if let first = separators.first, first != s, !(first == 32 && s == 45) { return nil }
            separators.append(s)
            p = end + 1
        }
        guard digits.utf16.count >= 6, digits.utf16.starts(with: nationalPrefix) else { return nil }
        if groups == 1, !hasPhoneWordBefore(i) { return nil }
        return Shape(end: end, digits: digits)
    }

    // MARK: North American numbers

    private func parseNANP(_ i: Int) -> Shape? {
        var p = i
        var prefix = ""
        // Optional trunk "1" and a separator.
        if t[p] == 49, !UTF16Text.isDigit(t[p + 1]), isSep(t[p + 1]) || t[p + 1] == 40 {
            prefix = "1"
            p += 1
            if isSep(t[p]) { p += 1 }
            if t[p] == 32 { return nil }
        } else if t[p] == 49, UTF16Text.isDigit(t[p + 1]), digits(p, 11) != nil {
            // 1 followed by ten bare digits.
            guard let all = digits(p, 11), isValidNANP(Array(all.utf16.dropFirst())), hasPhoneWordBefore(i) else { return nil }
            return Shape(end: p + 11, digits: all)
        }
        var area: String
        var sep1: UInt16 = 0
        var paren = false
        if t[p] == 40 {
            guard let a = digits(p + 1, 3), t[p + 4] == 41 else { return nil }
            area = a; paren = true; p += 5
            if t[p] == 32 || t[p] == 45 || t[p] == 46 { sep1 = t[p]; p += 1 }
        } else {
            if let all = digits(p, 10) {
                guard isValidNANP(Array(all.utf16)), hasPhoneWordBefore(i) else { return nil }
                return Shape(end: p + 10, digits: prefix + all)
            }
            guard let a = digits(p, 3), isSep(t[p + 3]) else { return nil }
            area = a; sep1 = t[p + 3]; p += 4
        }
        guard let exch = digits(p, 3) else { return nil }
        p += 3
        let sep2 = t[p]
        guard isSep(sep2) else { return nil }
        // Consistent separators: the same twice, or a space then a dash (also after "(415)").
        if !paren, sep1 != sep2, !(sep1 == 32 && sep2 == 45) { return nil }
        if paren, sep2 == 46, sep1 != 46 && sep1 != 0 { return nil }
        p += 1
        guard let line = digits(p, 4) else { return nil }
        p += 4
        let all = area + exch + line
        guard isValidNANP(Array(all.utf16)) else { return nil }
        return Shape(end: p, digits: prefix + all)
    }

    private func isValidNANP(_ ten: [UInt16]) -> Bool {
        ten.count == 10 && ten[0] >= 50 && ten[3] >= 50
    }

    // MARK: international numbers

    private func parseInternational(_ i: Int) -> Shape? {
        var p = i + 1
        guard UTF16Text.isDigit(t[p]), t[p] != 48 else { return nil }
        var out = "+"
        var count = 0
        var end = i
        var groups = 0
        var northAmerican = false
        while true {
            var q = p
            var trunk = false
            var bracket = false
            if t[q] == 40 {
                bracket = true
                q += 1
            }
            let gs = q
            let glen = runLength(gs, limit: 12)
            q += glen
            guard glen >= 1, glen <= 12 else { break }
            if bracket {
                guard t[q] == 41 else { break }
                trunk = glen == 1 && t[gs] == 48
                q += 1
            }
            if !trunk {
                // North American numbers (+1) have exactly 11 digits; others at most 15 (E.164).
                if groups == 0 { northAmerican = glen == 1 && t[gs] == 49 }
                let limit = northAmerican ? 11 : 15
                if count + glen > limit {
                    if limit == 11, count == 11 { break }
                    return nil
                }
                out += t.string(gs, gs + glen)
                count += glen
            }
            groups += 1
            end = q
            // Next group: after one separator, or straight after a bracket.
            if isSep(t[q]), UTF16Text.isDigit(t[q + 1]) || t[q + 1] == 40 { p = q + 1 }
            else if bracket, UTF16Text.isDigit(t[q]) { p = q }
            else { break }
        }
        guard count >= 8, groups >= 1 else { return nil }
        return Shape(end: end, digits: out)
    }

    /// Whether one of `keywords` appears among the few words before `i` on the same line.
    private func hasPhoneWordBefore(_ i: Int) -> Bool {
        var p = i - 1
        var words = 0
        while p >= 0, i - p <= 40, words < 4 {
            let c = t[p]
            if c == 10 || c == 13 { return false }
            if UTF16Text.isASCIILetter(c) {
                let e = p + 1
                while p >= 0, UTF16Text.isASCIILetter(t[p]) { p -= 1 }
                if Self.keywords.contains(t.string(p + 1, e).lowercased()) { return true }
                words += 1
                continue
            }
            p -= 1
        }
        return false
    }
}
