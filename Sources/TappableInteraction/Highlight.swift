import TappableText

/// What to paint while a region is pressed: its glyph rects (not grown) filled with rounded
/// corners in the background colour, and the text of `range` drawn in the pressed text colour.
/// Label coordinates, points. The renderer paints this value as it is: the label decides where
/// and how a press looks, the renderer only draws it.
public struct Highlight: Sendable, Hashable {
    /// The characters drawn in their pressed colours (a region's shown range).
    public var range: TextRange
    /// The rects filled, one per line fragment and bidi piece; rects of consecutive lines that
    /// touch are joined into one outline when painted.
    public var rects: [Rect]
    /// Corner radius of the outline, in points (clamped to half of each edge when painted).
    public var cornerRadius: Double
    /// The fill behind `rects`; nil paints none.
    public var backgroundColor: Color?
    /// The pressed colour of the tappable characters of `range`; nil keeps their colour. A
    /// character's own `highlightedForegroundColor` attribute wins over it.
    public var foregroundColor: Color?

    /// A highlight with these values; stored as given (the renderer ignores a non-finite radius).
    public init(range: TextRange, rects: [Rect], cornerRadius: Double, backgroundColor: Color?, foregroundColor: Color?) {
        self.range = range; self.rects = rects; self.cornerRadius = cornerRadius
        self.backgroundColor = backgroundColor; self.foregroundColor = foregroundColor
    }
}

extension TappableLabel {
    /// How `region` looks while pressed: its glyph rects, the region's own
    /// `highlightedBackgroundColor` or else the settings' highlight background, the settings'
    /// pressed text colour and corner radius.
    public func highlight(for region: TappableRegion) -> Highlight {
        let style = settings.highlightStyle
        return Highlight(range: region.range, rects: region.rects, cornerRadius: style.cornerRadius,
                         backgroundColor: region.attributes.highlightedBackgroundColor ?? style.backgroundColor,
                         foregroundColor: style.textColor)
    }

    /// A highlight over any range (e.g. to preview a selection): the shown characters' rects and
    /// the colours a region starting there would have. An empty range or one outside the text
    /// gives a highlight with no rects.
    public func highlight(covering range: TextRange) -> Highlight {
        let style = settings.highlightStyle
        return Highlight(range: range, rects: layout.rects(for: range), cornerRadius: style.cornerRadius,
                         backgroundColor: attributes(at: range.location).highlightedBackgroundColor ?? style.backgroundColor,
                         foregroundColor: style.textColor)
    }
}

extension TouchSession {
    /// What to paint now: the highlighted region's highlight, nil when nothing is highlighted.
    public var highlight: Highlight? { highlightedRegion.map { label.highlight(for: $0) } }
}
