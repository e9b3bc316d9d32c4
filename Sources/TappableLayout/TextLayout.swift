import TappableShaping
import TappableText

/// Text laid out once in a `TextContainer`: line fragments in order (each with its glyph runs and
/// cluster boxes in visual order), and the queries TextKit's layout manager answers. Immutable and
/// Sendable; every query is a lookup (binary search of lines by y, of clusters by x).
/// Coordinates are in points in the layout's own space: origin at the container's top-left, y down.
public struct TextLayout: Sendable {
    /// The attributed text laid out, as given (auto-shrink does not change it: see `fontScale`).
    public let text: AttributedText
    /// The container it was laid out in, as given.
    public let container: TextContainer
    /// The factor every font size and kern of `text` (and the container's default font) was
    /// multiplied by: the glyph runs' sizes and all positions are at this scale. 1 unless a
    /// `LabelLayout` shrank the text.
    public let fontScale: Double
    /// The lines, top to bottom.
    public let lines: [LineFragment]
    /// The paragraphs the lines were cut from, from the first to the last line's (lines refer to
    /// them by `paragraphIndex`); paragraphs after the last line are not listed.
    public let paragraphs: [ParagraphInfo]
    /// Whether text was cut: truncated with an ellipsis, clipped, or left out by the line limit or
    /// the container's height. Lines left out that hold only spaces and line breaks do not count.
    public let isTruncated: Bool

    /// The most lines a layout makes: text needing more (with no line limit or height stopping it
    /// first) is an error, `LayoutError.tooManyLines`, so the work stays bounded.
    public static let maximumLineCount = 200_000
    /// The longest text a layout takes, in UTF-16 code units (1,048,576, 2 MiB of UTF-16): longer
    /// text is an error, `LayoutError.textTooLong`, before any work is done.
    public static let maximumTextLength = 1 << 20

    /// Lays out `text`. Throws `LayoutError` for a NaN or negative width or height, a negative line
    /// limit, a text longer than `maximumTextLength` or needing more than `maximumLineCount` lines,
    /// and `FontError` for an unknown family, an unreadable font file or a bad font size.
    public init(text: AttributedText, container: TextContainer = TextContainer(), shaper: TextShaper = TextShaper()) throws {
        let builder = try TextLayoutBuilder(text: text, container: container, shaper: shaper)
        self.init(text: text, container: container, fontScale: 1, output: try builder.layOut())
    }

    init(text: AttributedText, container: TextContainer, fontScale: Double, output: TextLayoutBuilder.Output) {
        self.text = text
        self.container = container
        self.fontScale = fontScale
        lines = output.lines
        paragraphs = output.paragraphs
        isTruncated = output.isTruncated
    }

    /// The rect the lines occupy: from the leftmost to the rightmost line content, from the first
    /// line's top to the last line's bottom. Zero for empty text.
    public var usedRect: Rect {
        guard let first = lines.first, let last = lines.last else { return .zero }
        let minX = lines.map { $0.rect.minX }.min()!, maxX = lines.map { $0.rect.maxX }.max()!
        return Rect(x: minX, y: first.origin.y, width: maxX - minX, height: last.origin.y + last.height - first.origin.y)
    }

    /// The range of characters that are shown (not truncated, clipped or beyond the line limit).
    public var visibleCharacterRanges: [TextRange] {
        lines.flatMap { Self.visibleRanges(of: $0.characterRange, truncated: $0.truncatedRange) }
    }

    /// The parts of a line's `characterRange` outside its `truncatedRange`.
    static func visibleRanges(of range: TextRange, truncated: TextRange?) -> [TextRange] {
        guard let cut = truncated else { return [range] }
        return [TextRange(range.location..<cut.location), TextRange(cut.upperBound..<range.upperBound)].filter { !$0.isEmpty }
    }

    /// The shown parts of the text in text order, adjacent ones merged: one range, or two around a
    /// middle ellipsis (empty for empty text).
    public var mergedVisibleCharacterRanges: [TextRange] {
        var merged: [TextRange] = []
        for r in visibleCharacterRanges where !r.isEmpty {
            if let last = merged.last, last.upperBound == r.location {
                merged[merged.count - 1].length += r.length
            } else {
                merged.append(r)
            }
        }
        return merged
    }

    // MARK: - Lines

    /// The index of the line whose box contains y (top inclusive, bottom exclusive), nil in the
    /// gaps between lines and above or below the text.
    public func lineIndex(atY y: Double) -> Int? {
        guard let i = lastLine(startingAtOrAbove: y), y < lines[i].origin.y + lines[i].height else { return nil }
        return i
    }

    /// The line nearest to y: the one containing it, else the closest edge (above the text: the first).
    public func nearestLineIndex(toY y: Double) -> Int? {
        guard !lines.isEmpty else { return nil }
        guard let i = lastLine(startingAtOrAbove: y) else { return 0 }
        if y < lines[i].origin.y + lines[i].height || i + 1 == lines.count { return i }
        let below = lines[i + 1].origin.y - y, above = y - (lines[i].origin.y + lines[i].height)
        return below < above ? i + 1 : i
    }

    private func lastLine(startingAtOrAbove y: Double) -> Int? {
        var lo = 0, hi = lines.count - 1, found: Int?
        while lo <= hi {
            let mid = (lo + hi) / 2
            if lines[mid].origin.y <= y { found = mid; lo = mid + 1 } else { hi = mid - 1 }
        }
        return found
    }

    /// The index of the line standing for UTF-16 `index`, nil when the index is not on any line.
    /// The text's length maps to the last line.
    public func lineIndex(forCharacterAt index: Int) -> Int? {
        guard let last = lines.last else { return nil }
        if index == last.characterRange.upperBound { return lines.count - 1 }
        return lines.index(containing: index) { $0.characterRange }
    }

    // MARK: - Hit-testing

    /// Strict hit-test: the UTF-16 index of the first unit of the grapheme cluster whose box (its
    /// extent on the line by the line's height) contains `point`; nil in empty space (beside a
    /// short line, on spaces hanging past its end, between lines or paragraphs, above or below
    /// the text), on the ellipsis, and on truncated text.
    public func hitTest(at point: Point) -> Int? {
        guard point.x.isFinite, point.y.isFinite, let l = lineIndex(atY: point.y),
              let b = lines[l].boxIndex(atX: point.x - lines[l].origin.x) else { return nil }
        let box = lines[l].boxes[b]
        guard !box.isEllipsis, lines[l].isWithinContent(box) else { return nil }
        return box.characterRange.location
    }

    /// TextKit's `characterIndex(for:in:fractionOfDistanceBetweenInsertionPoints:)`: the nearest
    /// character to `point` even far outside the text, and how far through it the point lies (0...1,
    /// in reading direction). For porting code only: never decide a tap with it. Nil for empty text.
    public func characterIndex(at point: Point) -> (index: Int, fraction: Double)? {
        guard let l = nearestLineIndex(toY: point.y.isFinite ? point.y : 0) else { return nil }
        let line = lines[l]
        let boxes = line.boxes.filter { !$0.isEllipsis && $0.width > 0 }
        guard !boxes.isEmpty else { return (line.characterRange.location, 0) }
        let x = (point.x.isFinite ? point.x : 0) - line.origin.x
        var lo = 0, hi = boxes.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if x >= boxes[mid].maxX { lo = mid + 1 } else { hi = mid }
        }
        let box = boxes[lo]
        var fraction = min(max((x - box.minX) / box.width, 0), 1)
        if box.isRightToLeft { fraction = 1 - fraction }
        return (box.characterRange.location, fraction)
    }

    // MARK: - Geometry of ranges

    /// One rect per line fragment and per visual piece (bidi can split a range into several pieces
    /// on one line) covering the characters of `range` that are shown: cluster boxes by line height.
    /// Spaces hanging past a line's end are left out. For many ranges, `geometry(of:)` answers
    /// all of them in one pass.
    public func rects(for range: TextRange) -> [Rect] { geometry(of: [range])[0].rects }

    /// The caret position before UTF-16 `index`: its line and x (the leading edge of the cluster at
    /// the index in its reading direction; at a line's end, the trailing edge of its last cluster).
    /// Nil for an index on no line.
    public func caretOffset(for index: Int) -> (line: Int, x: Double)? {
        guard let l = lineIndex(forCharacterAt: index) else { return nil }
        let line = lines[l]
        if let box = line.boxes.first(where: { !$0.isEllipsis && $0.characterRange.contains(index) }) {
            return (l, line.origin.x + (box.isRightToLeft ? box.maxX : box.minX))
        }
        // After the last cluster in logical order.
        let before = line.boxes.filter { !$0.isEllipsis && $0.characterRange.upperBound <= index }
        guard let last = before.max(by: { $0.characterRange.location < $1.characterRange.location }) else {
            return (l, line.origin.x + (line.isRightToLeft ? line.contentOffset + line.width : line.contentOffset))
        }
        return (l, line.origin.x + (last.isRightToLeft ? last.minX : last.maxX))
    }

    // MARK: - Glyphs

    /// The total number of glyphs drawn, numbered line by line, run by run, in visual order.
    public var glyphCount: Int { lines.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.glyphs.count } } }

    /// The smallest range of glyph numbers drawing characters of `range` (empty when none are drawn).
    public func glyphRange(forCharacterRange range: TextRange) -> Range<Int> {
        var n = 0, lo = Int.max, hi = -1
        for line in lines {
            for run in line.runs {
                for glyph in run.glyphs {
                    if !run.isEllipsis, range.contains(glyph.cluster) { lo = min(lo, n); hi = max(hi, n) }
                    n += 1
                }
            }
        }
        return hi < 0 ? 0..<0 : lo..<(hi + 1)
    }

    /// The smallest UTF-16 range holding every character drawn by the glyphs numbered in `glyphs`
    /// (whole grapheme clusters).
    public func characterRange(forGlyphRange glyphs: Range<Int>) -> TextRange {
        var n = 0, lo = Int.max, hi = -1
        for line in lines {
            for run in line.runs {
                for glyph in run.glyphs {
                    if glyphs.contains(n), !run.isEllipsis,
                       let box = line.boxes.first(where: { $0.characterRange.contains(glyph.cluster) }) {
                        lo = min(lo, box.characterRange.location); hi = max(hi, box.characterRange.upperBound)
                    }
                    n += 1
                }
            }
        }
        return hi < 0 ? TextRange(location: 0, length: 0) : TextRange(lo..<hi)
    }
}
