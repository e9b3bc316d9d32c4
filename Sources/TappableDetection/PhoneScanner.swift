/// Finds telephone numbers.
///
/// - North American (NANP): `415-555-5555`, `415.555.5555`, `415 555 5555`, `415 555-5555`,
///   `(415) 555-5555`, `(415)555-5555`, `1-800-555-1234`; area code and exchange start with 2–9.
///   Ten bare digits (`4155555555`) count only after a phone word within a few words before
///   them (`call`, `phone`, `tel`, `cell`, `mobile`, `fax`, `text`, `sms`, `dial`, …).
/// - International: `+` and 8–15 digits in groups separated by single spaces, dashes or dots,
///   with an optional `(0)` trunk prefix or a bracketed group: `+44 20 7946 0958`,
///   `+1 (415) 555-5555`, `+49 (0)30 1234567`.
/// - Never inside a longer run of digits, letters, or dotted/dashed numbers (versions, dates, IPs).
///
/// The payload is `tel:` plus the digits (with `+` for international numbers).
struct PhoneScanner {
    let t: UTF16Text

    struct Found { var end: Int; var digits: String }

    static let keywords: Set<String> = [
        "call", "phone", "tel", "telephone", "cell", "mobile", "fax", "text", "sms", "dial", "ph", "ring",
        "contact", "reach", "number", "hotline", "whatsapp", "mob", "tlf",
    ]

    @inline(__always) func isSep(_ c: UInt16) -> Bool { c == 45 || c == 46 || c == 32 }

    func scan() -> [RawMatch] {
        var out: [RawMatch] = []
        var i = 0
        while i < t.count {
            let c = t[i]
            guard c == 43 || c == 40 || UTF16Text.isDigit(c), boundaryBefore(i), let f = parse(at: i), boundaryAfter(f.end) else {
                i += 1; continue
            }
            out.append(RawMatch(lo: i, hi: f.end, url: "tel:" + f.digits))
            i = f.end
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

    func parse(at i: Int) -> Found? {
        if t[i] == 43 { return parseInternational(i) }
        return parseNANP(i)
    }

    private func parseNANP(_ i: Int) -> Found? {
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
            return Found(end: p + 11, digits: all)
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
                guard prefix.isEmpty || true, isValidNANP(Array(all.utf16)), hasPhoneWordBefore(i) else { return nil }
                return Found(end: p + 10, digits: prefix + all)
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
        return Found(end: p, digits: prefix + all)
    }

    private func isValidNANP(_ ten: [UInt16]) -> Bool {
        ten.count == 10 && ten[0] >= 50 && ten[3] >= 50
    }

    private func parseInternational(_ i: Int) -> Found? {
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
            while UTF16Text.isDigit(t[q]), q - gs <= 12 { q += 1 }
            let glen = q - gs
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
        return Found(end: end, digits: out)
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
