import TappableShaping
import TappableText

/// Chooses where lines end inside one paragraph, greedily, from shaped advances: the last UAX #14
/// opportunity that fits, trailing spaces hanging past the edge; a word wider than the line
/// breaks between grapheme clusters. Pure and linear in the paragraph's length. Widths are in
/// points at the font scale it was made for.
struct LineBreaker {
    /// Prefix sums of the paragraph's cluster advances: width(a, b) = prefix[b] - prefix[a].
    let prefix: [Double]
    let start: Int
    let end: Int
    let breaks: [UnicodeAlgorithms.BreakKind]
    let graphemeStarts: [Bool]
    let units: [UInt16]

    /// A breaker over `paragraph`'s advances times `scale` (the font scale: 1 for the fonts as
    /// shaped), with the whole text's UAX #14 `breaks`, grapheme starts and UTF-16 `units`.
    init(paragraph: ShapedParagraph, scale: Double, breaks: [UnicodeAlgorithms.BreakKind], graphemeStarts: [Bool], units: [UInt16]) {
        var prefix = [Double](repeating: 0, count: paragraph.range.length + 1)
        // The same products as `ShapedParagraph.scaled(by:)` (exact at scale 1), so widths agree
        // with the assembled line's.
        for (i, a) in paragraph.advances.enumerated() { prefix[i + 1] = prefix[i] + a * scale }
        self.prefix = prefix
        start = paragraph.range.location
        end = paragraph.range.upperBound
        self.breaks = breaks
        self.graphemeStarts = graphemeStarts
        self.units = units
    }

    /// Width in points of [a, b), both UTF-16 indices in the whole text.
    func width(_ a: Int, _ b: Int) -> Double { prefix[b - start] - prefix[a - start] }

    /// Width of [a, b) without the spaces at its end, which hang.
    func trimmedWidth(_ a: Int, _ b: Int) -> Double { width(a, trimmingTrailingSpaces(a, b)) }

    /// `b` moved back over the hanging spaces before it (not before `a`).
    func trimmingTrailingSpaces(_ a: Int, _ b: Int) -> Int { Self.trimmingTrailingSpaces(units, a, b) }

    /// `b` moved back over the hanging spaces of `units` before it (not before `a`).
    static func trimmingTrailingSpaces(_ units: [UInt16], _ a: Int, _ b: Int) -> Int {
        var e = b
        while e > a, isHangingSpace(units[e - 1]) { e -= 1 }
        return e
    }

    static func isHangingSpace(_ u: UInt16) -> Bool {
        u == 0x20 || u == 0x09 || u == 0x3000 || u == 0x1680 || (u >= 0x2000 && u <= 0x200B && u != 0x2007) || u == 0x205F
    }

    /// Where the line starting at `s` (a grapheme boundary) ends (exclusive), for a line `maxWidth`
    /// points wide: always a grapheme boundary, at least one whole cluster past `s`. UAX #14
    /// opportunities inside a grapheme cluster (between Thai marks, say) are not taken.
    func lineEnd(from s: Int, maxWidth: Double, charWrap: Bool) -> Int {
        let limit = maxWidth + 1e-6
        if !charWrap {
            var best = -1
            var p = s + 1
            while p <= end {
                if p == end || (breaks[p] != .none && graphemeStarts[p]) {
                    if trimmedWidth(s, p) <= limit { best = p } else { break }
                } else if !Self.isHangingSpace(units[p - 1]), width(s, p) > limit {
                    // Past the edge on a non-space: no later opportunity can fit. Stopping here
                    // keeps a long unbreakable word linear instead of quadratic.
                    break
                }
                p += 1
            }
            if best > 0 { return best }
            return graphemeEnd(from: s, upTo: min(p, end), limit: limit)
        }
        var g = graphemeEnd(from: s, upTo: end, limit: limit)
        while g < end, Self.isHangingSpace(units[g]) { g += 1 }
        return g
    }

    /// The furthest grapheme boundary in (s, upTo] whose width from `s` fits; at least the end of
    /// the first cluster, even when that lies past `upTo` (a cluster is never split).
    func graphemeEnd(from s: Int, upTo: Int, limit: Double) -> Int {
        var best = nextGrapheme(after: s)
        while best < upTo {
            let next = nextGrapheme(after: best)
            guard next <= upTo, trimmedWidth(s, next) <= limit else { break }
            best = next
        }
        return best
    }

    /// The next grapheme boundary after `i` (at most `end`).
    func nextGrapheme(after i: Int) -> Int {
        var p = i + 1
        while p < end, !graphemeStarts[p] { p += 1 }
        return min(p, end)
    }

    /// The grapheme boundary before `i` (at least `start`).
    func previousGrapheme(before i: Int) -> Int {
        var p = i - 1
        while p > start, !graphemeStarts[p] { p -= 1 }
        return max(p, start)
    }
}
