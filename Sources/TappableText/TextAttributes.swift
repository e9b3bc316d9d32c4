/// The line style of an underline or strikethrough.
public enum LineStyle: String, Sendable, Hashable, Codable, CaseIterable {
    case single, thick, double
}

/// An underline or strikethrough: its style and, optionally, its own colour (default: the text colour).
public struct TextDecoration: Sendable, Hashable, Codable {
    /// Single, thick or double line. Default `.single`.
    public var style: LineStyle
    /// The line's colour; nil draws it in the text's current colour (the pressed colour while pressed).
    public var color: Color?
    /// A decoration of `style` (default single) in `color` (default: the text colour).
    public init(style: LineStyle = .single, color: Color? = nil) { self.style = style; self.color = color }
    /// A single line in the text colour.
    public static let single = TextDecoration()
}

/// The attributes of a run of text, NSAttributedString.Key's counterparts. Every field is optional:
/// nil means "not set here", and the label's defaults apply.
public struct TextAttributes: Sendable, Hashable, Codable {
    /// Font of the run; nil uses the label's (container's) default font.
    public var font: Font?
    /// Text colour; nil uses the link colour for links, else the label's text colour.
    public var foregroundColor: Color?
    /// Fill behind the run's glyph rects; nil paints none.
    public var backgroundColor: Color?
    /// Underline; nil draws none (links are underlined when the link style asks for it).
    public var underline: TextDecoration?
    /// Strikethrough; nil draws none.
    public var strikethrough: TextDecoration?
    /// Extra space after each grapheme cluster, in points.
    public var kern: Double?
    /// Vertical shift of the glyphs, in points, positive upwards (as NSAttributedString).
    public var baselineOffset: Double?
    /// A link: a URL or any string value the tap delivers. A linked range is tappable.
    public var link: String?
    /// ZSWTappableLabel's tappable-region flag: the range reacts to touches even without a link.
    public var isTappableRegion: Bool
    /// Text colour while the region is pressed.
    public var highlightedForegroundColor: Color?
    /// Background colour (a rounded rect per line) while the region is pressed.
    public var highlightedBackgroundColor: Color?
    /// Paragraph style; only the one at a paragraph's first character counts. Nil: the container's default.
    public var paragraphStyle: ParagraphStyle?
    /// Any other attributes the caller wants delivered with a tap (ZSWTappableLabel passes the
    /// whole attribute dictionary to its delegates).
    public var custom: [String: String]

    /// Attributes with the given fields set; every field defaults to not set (nil, false, empty).
    public init(font: Font? = nil, foregroundColor: Color? = nil, backgroundColor: Color? = nil,
                underline: TextDecoration? = nil, strikethrough: TextDecoration? = nil, kern: Double? = nil,
                baselineOffset: Double? = nil, link: String? = nil, isTappableRegion: Bool = false,
                highlightedForegroundColor: Color? = nil, highlightedBackgroundColor: Color? = nil,
                paragraphStyle: ParagraphStyle? = nil, custom: [String: String] = [:]) {
        self.font = font; self.foregroundColor = foregroundColor; self.backgroundColor = backgroundColor
        self.underline = underline; self.strikethrough = strikethrough; self.kern = kern
        self.baselineOffset = baselineOffset; self.link = link; self.isTappableRegion = isTappableRegion
        self.highlightedForegroundColor = highlightedForegroundColor
        self.highlightedBackgroundColor = highlightedBackgroundColor
        self.paragraphStyle = paragraphStyle; self.custom = custom
    }

    /// Whether touches on this run belong to a tappable region (a link or the region flag).
    public var isTappable: Bool { isTappableRegion || link != nil }

    /// These attributes with every field that `other` sets taken from `other`.
    public func merging(_ other: TextAttributes) -> TextAttributes {
        var m = self
        if let v = other.font { m.font = v }
        if let v = other.foregroundColor { m.foregroundColor = v }
        if let v = other.backgroundColor { m.backgroundColor = v }
        if let v = other.underline { m.underline = v }
        if let v = other.strikethrough { m.strikethrough = v }
        if let v = other.kern { m.kern = v }
        if let v = other.baselineOffset { m.baselineOffset = v }
        if let v = other.link { m.link = v }
        if other.isTappableRegion { m.isTappableRegion = true }
        if let v = other.highlightedForegroundColor { m.highlightedForegroundColor = v }
        if let v = other.highlightedBackgroundColor { m.highlightedBackgroundColor = v }
        if let v = other.paragraphStyle { m.paragraphStyle = v }
        m.custom.merge(other.custom) { _, new in new }
        return m
    }
}
