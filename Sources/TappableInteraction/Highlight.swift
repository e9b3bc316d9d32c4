import TappableText

/// What to paint while a region is pressed: its glyph rects (not grown) filled with rounded
/// corners in the highlighted background colour, the text drawn over them in the highlighted
/// foreground colour. Label coordinates, points.
public struct Highlight: Sendable, Hashable {
    /// The pressed region's full range (its shown characters are the ones to recolour).
    public var range: TextRange
    /// The region's glyph rects, one per line fragment and bidi piece.
    public var rects: [Rect]
    /// Corner radius of each rect, in points (`InteractionSettings.highlightCornerRadius`).
    public var cornerRadius: Double
    /// The region's `highlightedBackgroundColor`; nil when unset (ZSWTappableLabel then paints no
    /// background; CCHLinkTextView's default would be light grey: the renderer's choice).
    public var backgroundColor: Color?
    /// The region's `highlightedForegroundColor`; nil keeps the normal text colour.
    public var foregroundColor: Color?
}

extension TappableLabel {
    /// The highlight of `regions[index]`; nil for an index outside `regions`.
    public func highlight(forRegion index: Int) -> Highlight? {
        guard regions.indices.contains(index) else { return nil }
        let region = regions[index]
        return Highlight(range: region.range, rects: region.rects, cornerRadius: settings.highlightCornerRadius,
                         backgroundColor: region.attributes.highlightedBackgroundColor,
                         foregroundColor: region.attributes.highlightedForegroundColor)
    }

    /// The highlight for a `highlightChanged` range: the region starting with it, nil for nil or
    /// a range that is no region's.
    public func highlight(for range: TextRange?) -> Highlight? {
        guard let range, let i = regionIndex(containing: range.location), regions[i].range == range else { return nil }
        return highlight(forRegion: i)
    }
}

extension TouchSession {
    /// What to paint now: the highlighted region's highlight, nil when nothing is highlighted.
    public var highlight: Highlight? { highlightedRegionIndex.flatMap { label.highlight(forRegion: $0) } }
}
