import TappableText

/// The space text is laid out in (NSTextContainer's role) and the defaults for runs that set none.
public struct TextContainer: Sendable, Hashable {
    /// Line width in points; `.infinity` lays every paragraph on one line. NaN or negative widths are
    /// rejected by `TextLayout`.
    public var width: Double
    /// The most height the lines may take, in points; `.infinity` (the default) means no limit.
    /// Lines are stacked as they are made: a line that would end below this height is dropped and
    /// the line before it becomes the last line (truncated per its line break mode when text
    /// remains, as with `numberOfLines`). The first line is always shown, even when it is taller.
    /// NaN or negative heights are rejected by `TextLayout`.
    public var height: Double
    /// The most lines shown; 0 means no limit (UILabel's numberOfLines). Whatever the limits, a
    /// layout makes at most `TextLayout.maximumLineCount` lines.
    public var numberOfLines: Int
    /// The font of runs without one.
    public var defaultFont: Font
    /// The paragraph style of paragraphs without one (UILabel's textAlignment, lineBreakMode...).
    public var defaultParagraphStyle: ParagraphStyle

    /// A container `width` points wide and `height` points high (default unlimited), with no line
    /// limit, the system font and the default paragraph style unless given. Not checked here:
    /// `TextLayout` throws for a NaN or negative width or height and a negative line limit.
    public init(width: Double = .infinity, height: Double = .infinity, numberOfLines: Int = 0, defaultFont: Font = .system,
                defaultParagraphStyle: ParagraphStyle = .default) {
        self.width = width; self.height = height; self.numberOfLines = numberOfLines
        self.defaultFont = defaultFont; self.defaultParagraphStyle = defaultParagraphStyle
    }
}

/// Errors laying out text; each names the value at fault.
public enum LayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidWidth(Double)
    case invalidHeight(Double)
    case invalidNumberOfLines(Int)
    case invalidScaleFactor(Double)
    /// The text needs more lines than a layout makes (`TextLayout.maximumLineCount`, the limit
    /// given): no line limit or height stopped it before.
    case tooManyLines(limit: Int)
    /// The text is longer (in UTF-16 code units) than a layout takes (`TextLayout.maximumTextLength`).
    case textTooLong(length: Int, limit: Int)
    /// A message naming the value at fault and what it must be.
    public var description: String {
        switch self {
        case let .invalidWidth(w): return "width \(w) is not a non-negative number of points"
        case let .invalidHeight(h): return "height \(h) is not a non-negative number of points"
        case let .invalidNumberOfLines(n): return "numberOfLines \(n) is negative (0 means unlimited)"
        case let .invalidScaleFactor(s): return "minimumScaleFactor \(s) is not between 0 and 1"
        case let .tooManyLines(limit):
            return "the text needs more than \(limit) lines, the most a layout makes (set numberOfLines or a height to show fewer)"
        case let .textTooLong(length, limit):
            return "the text is \(length) UTF-16 code units long, more than the \(limit) a layout takes"
        }
    }
}
