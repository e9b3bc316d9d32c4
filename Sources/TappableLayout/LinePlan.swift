import TappableShaping
import TappableText

/// A piece of a line in logical order.
enum LineItem {
    case text(TextRange)
    /// The ellipsis standing at `at`, coloured like the character at `styledAt`, shaped at the
    /// plan's font scale.
    case ellipsis(at: Int, styledAt: Int, run: ShapedRun)
}

/// A line's vertical metrics in points, from the faces it uses at their (scaled) sizes.
struct LineMetrics {
    /// The largest ascender, above the baseline.
    var ascent: Double
    /// The largest descender, below the baseline (positive).
    var descent: Double
    /// The line box's height: ascent + descent + line gap, times the line-height multiple.
    var height: Double
    /// From the line's top to its baseline.
    var baselineOffset: Double
}

/// What one line shows and where its top is, decided before any glyph is placed.
struct PlannedLine {
    var items: [LineItem]
    /// What the line stands for (see `LineFragment.characterRange`).
    var characterRange: TextRange
    var truncatedRange: TextRange?
    var isParagraphEnd: Bool
    var paragraphIndex: Int
    var metrics: LineMetrics
    /// The line's top in the layout, points.
    var y: Double
    /// The content's width without hanging spaces, points (before justification).
    var width: Double
}

/// The lines of a layout at one font scale: where each line breaks, what the last one shows,
/// line heights and tops. Cheap to make (no glyph is positioned); `TextLayoutBuilder.assemble`
/// turns it into line fragments.
struct LinePlan {
    /// The factor every font size (and kern) is multiplied by.
    var scale: Double
    var lines: [PlannedLine]
    /// Whether text was cut: truncated with an ellipsis, clipped, or left out by a limit.
    var isTruncated: Bool

    /// Whether every line fits `width` points and nothing is cut (auto-shrink's test).
    func fits(width: Double) -> Bool { !isTruncated && lines.allSatisfy { $0.width <= width + 1e-6 } }

    /// How many UTF-16 units the plan shows.
    var shownLength: Int {
        lines.reduce(0) { $0 + TextLayout.visibleRanges(of: $1.characterRange, truncated: $1.truncatedRange).reduce(0) { $0 + $1.length } }
    }
}
