/// A US street address found in the text.
struct AddressMatch {
    var lo: Int
    var hi: Int
    var components: AddressComponents
}

/// Finds US street addresses:
/// `<number> <street words> <suffix>[.] [direction] [unit], <city>[,] <state> [ZIP]`, e.g.
/// `1 Infinite Loop, Cupertino, CA 95014` or `1600 Pennsylvania Avenue NW, Washington, DC 20500`.
///
/// - The house number has 1–6 digits; 1–4 street words (capitalised words or ordinals like
///   `5th`) precede a street suffix (`St`, `Street`, `Ave`, `Loop`, `Way`, …).
/// - A unit (`Suite 100`, `Apt 4B`, `#5`) may follow, after an optional comma.
/// - Street and city are separated by a comma or a line break; the city is 1–3 capitalised words.
/// - The state is a USPS code (`CA`, `DC`, `PR` …) or a full state name; a ZIP (`95014`,
///   `95014-2083`) may follow. Without a ZIP, a comma must separate city and state.
struct AddressScanner {
    let t: UTF16Text
    let tokens: [Token]

    static let suffixes: Set<String> = [
        "street", "st", "avenue", "ave", "av", "boulevard", "blvd", "road", "rd", "drive", "dr", "lane", "ln", "way",
        "loop", "court", "ct", "place", "pl", "parkway", "pkwy", "highway", "hwy", "terrace", "ter", "circle",
        "cir", "square", "sq", "trail", "trl", "plaza", "plz", "row", "alley", "aly", "crescent", "cres", "expressway",
        "expy", "freeway", "fwy", "pike", "path", "walk", "run", "point", "pt", "center", "ctr", "broadway",
    ]
    static let directions: Set<String> = ["n", "s", "e", "w", "ne", "nw", "se", "sw", "north", "south", "east", "west",
                                          "northeast", "northwest", "southeast", "southwest"]
    static let units: Set<String> = ["suite", "ste", "apt", "apartment", "unit", "fl", "floor", "rm", "room", "bldg", "building"]
    static let stateCodes: Set<String> = [
        "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY", "LA", "ME",
        "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA",
        "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY", "DC", "PR", "GU", "VI", "AS", "MP",
    ]
    static let stateNames: [[String]] = [
        "alabama", "alaska", "arizona", "arkansas", "california", "colorado", "connecticut", "delaware", "florida",
        "georgia", "hawaii", "idaho", "illinois", "indiana", "iowa", "kansas", "kentucky", "louisiana", "maine",
        "maryland", "massachusetts", "michigan", "minnesota", "mississippi", "missouri", "montana", "nebraska",
        "nevada", "new hampshire", "new jersey", "new mexico", "new york", "north carolina", "north dakota", "ohio",
        "oklahoma", "oregon", "pennsylvania", "rhode island", "south carolina", "south dakota", "tennessee", "texas",
        "utah", "vermont", "virginia", "washington", "west virginia", "wisconsin", "wyoming", "district of columbia",
        "puerto rico",
    ].map { $0.split(separator: " ").map(String.init) }.sorted { $0.count > $1.count }

    func tok(_ k: Int) -> Token? { k >= 0 && k < tokens.count ? tokens[k] : nil }
    func raw(_ k: Int) -> String { t.string(tokens[k].lo, tokens[k].hi) }
    func isPunct(_ k: Int, _ p: String) -> Bool { tok(k).map { $0.kind == .punct && $0.text == p } ?? false }

    func scan() -> [AddressMatch] {
        var out: [AddressMatch] = []
        var k = 0
        while k < tokens.count {
            if let (m, next) = parse(at: k) { out.append(m); k = next; continue }
            k += 1
        }
        return out
    }

    private func isCapitalizedWord(_ k: Int) -> Bool { tok(k).map { $0.kind == .word && $0.capitalized } ?? false }

    private func parse(at k: Int) -> (AddressMatch, Int)? {
        guard let num = tok(k), num.kind == .number, num.hi - num.lo <= 6 else { return nil }
        if let p = tok(k - 1), !num.spaceBefore, p.kind != .punct || !["(", "\"", "'"].contains(p.text) { return nil }
        var j = k + 1
        if let x = tok(j), x.kind == .word, !x.spaceBefore, x.text.count == 1 { j += 1 } // 123A
        // Street words then a suffix.
        var suffixAt: Int? = nil
        var w = j
        while w < min(tokens.count, j + 5) {
            let x = tokens[w]
            guard !x.newlineBefore || w == j, x.spaceBefore || w > j else { break }
            if w > j, isCapitalizedWord(w), Self.suffixes.contains(x.text) {
                suffixAt = w; break
            }
            // "W. 2nd St": an abbreviation's dot.
            if x.kind == .punct, x.text == ".", !x.spaceBefore, w > j, let prev = tok(w - 1), prev.kind == .word,
               Self.directions.contains(prev.text) { w += 1; continue }
            let isOrdinal = x.kind == .number && tok(w + 1).map { !$0.spaceBefore && ["st", "nd", "rd", "th"].contains($0.text) } ?? false
            if isOrdinal { w += 2; continue }
            guard x.kind == .word, x.capitalized else { break }
            w += 1
        }
        guard let sfx = suffixAt else { return nil }
        var e = sfx + 1
        if isPunct(e, "."), !(tok(e)?.spaceBefore ?? true) { e += 1 }
        if let d = tok(e), d.kind == .word, d.capitalized, !d.newlineBefore, Self.directions.contains(d.text) {
            // A direction is part of the street only when a separator follows it.
            if isPunct(e + 1, ",") || tok(e + 1)?.newlineBefore == true || (isPunct(e + 1, ".") && isPunct(e + 2, ",")) {
                e += 1
                if isPunct(e, ".") { e += 1 }
            }
        }
        var streetEnd = e
        // Unit.
        var u = e
        if isPunct(u, ",") { u += 1 }
        if let x = tok(u), !x.newlineBefore, (x.kind == .word && Self.units.contains(x.text) && x.capitalized) || (x.kind == .punct && x.text == "#") {
            var v = u + 1
            if isPunct(v, ".") { v += 1 }
            if isPunct(v, "#") { v += 1 }
            if let id = tok(v), id.kind == .number || id.kind == .word, !id.newlineBefore {
                v += 1
                if let more = tok(v), !more.spaceBefore, more.kind == .word || more.kind == .number { v += 1 }
                streetEnd = v; e = v
            }
        }
        // Separator: comma or line break.
        var c = e
        if isPunct(c, ",") { c += 1 } else if tok(c)?.newlineBefore != true { return nil }
        guard tok(c).map({ $0.kind == .word && $0.capitalized }) ?? false else { return nil }
        // City (1–3 words), then state, then ZIP.
        for cityLen in 1...3 {
            let cityEnd = c + cityLen
            guard (c..<cityEnd).allSatisfy({ isCapitalizedWord($0) && (tok($0)?.newlineBefore != true || $0 == c) }) else { break }
            var s = cityEnd
            let comma = isPunct(s, ",")
            if comma { s += 1 }
            guard let (state, stateEnd) = parseState(at: s) else { continue }
            var end = stateEnd
            var zip: String? = nil
            if let z = tok(end), z.kind == .number, z.hi - z.lo == 5 {
                zip = raw(end); end += 1
                if isPunct(end, "-"), let z4 = tok(end + 1), z4.kind == .number, z4.hi - z4.lo == 4, !z4.spaceBefore {
                    zip! += "-" + raw(end + 1); end += 2
                }
            }
            guard comma || zip != nil else { continue }
            if let after = tok(end), !after.spaceBefore, after.kind != .punct { continue }
            let street = t.string(num.lo, tokens[streetEnd - 1].hi)
            let city = t.string(tokens[c].lo, tokens[cityEnd - 1].hi)
            let comps = AddressComponents(street: street, city: city, state: state, zip: zip)
            return (AddressMatch(lo: num.lo, hi: tokens[end - 1].hi, components: comps), end)
        }
        return nil
    }

    private func parseState(at s: Int) -> (String, Int)? {
        guard let x = tok(s), x.kind == .word else { return nil }
        let r = raw(s)
        if r.count == 2, Self.stateCodes.contains(r) { return (r, s + 1) }
        guard x.capitalized else { return nil }
        for name in Self.stateNames where name[0] == x.text {
            if (0..<name.count).allSatisfy({ i in tok(s + i).map { $0.kind == .word && $0.text == name[i] } ?? false }) {
                return (t.string(x.lo, tokens[s + name.count - 1].hi), s + name.count)
            }
        }
        return nil
    }
}
