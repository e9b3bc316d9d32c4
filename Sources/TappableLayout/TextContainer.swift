import TappableText

/// The space text is laid out in (NSTextContainer's role) and the defaults for runs that set none.
public struct TextContainer: Sendable, Hashable {
    /// Line width in points; `.infinity` lays every paragraph on one line. NaN or negative widths are
    /// rejected by `TextLayout`.
    public var width: Double
    /// The most lines shown; 0 means no limit (UILabel's numberOfLines).
    public var numberOfLines: Int
    /// The font of runs without one.
    public var defaultFont: Font
    /// The paragraph style of paragraphs without one (UILabel's textAlignment, lineBreakMode...).
    public var defaultParagraphStyle: ParagraphStyle

    /// A container `width` points wide (default unlimited), with no line limit, the system font and the
    /// default paragraph style unless given. Not checked here: `TextLayout` throws for a NaN or
    /// negative width and a negative line limit.
    public init(width: Double = .infinity, numberOfLines: Int = 0, defaultFont: Font = .system,
                defaultParagraphStyle: ParagraphStyle = .default) {
        self.width = width; self.numberOfLines = numberOfLines
        self.defaultFont = defaultFont; self.defaultParagraphStyle = defaultParagraphStyle
    }
}

/// Errors laying out text; each names the value at fault.
public enum LayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidWidth(Double)
    case invalidHeight(Double)
    case invalidNumberOfLines(Int)
    case invalidScaleFactor(Double)
    /// A message naming the value at fault and what it must be.
    public var description: String {
        switch self {
        case let .invalidWidth(w): return "width \(w) is not a non-negative number of points"
        case let .invalidHeight(h): return "height \(h) is not a non-negative number of points"
        case let .invalidNumberOfLines(n): return "numberOfLines \(n) is negative (0 means unlimited)"
        case let .invalidScaleFactor(s): return "minimumScaleFactor \(s) is not between 0 and 1"
        }
    }
}
