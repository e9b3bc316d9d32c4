/// Horizontal alignment of lines, NSTextAlignment's cases.
public enum TextAlignment: String, Sendable, Hashable, Codable, CaseIterable {
    /// Left for a left-to-right paragraph, right for a right-to-left one.
    case natural, left, center, right
    /// Both edges flush, by widening spaces; a paragraph's last line is aligned naturally.
    case justified
}

/// How a line ends when the text does not fit, NSLineBreakMode's cases.
public enum LineBreakMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Wrap at word boundaries (UAX #14); a word wider than the line breaks between grapheme clusters.
    case wordWrap
    /// Wrap between any two grapheme clusters.
    case charWrap
    /// Lines end where the text stops fitting; what does not fit is not drawn.
    case clip
    /// The last line shows its end, with "…" replacing the start.
    case truncateHead
    /// The last line shows its start and end, with "…" replacing the middle.
    case truncateMiddle
    /// The last line shows its start, with "…" replacing the end (UILabel's default).
    case truncateTail

    /// Whether lines of this mode wrap: the truncating and clipping modes wrap words too on every
    /// line but the last one (UILabel's behaviour when numberOfLines != 1).
    public var isTruncating: Bool { self == .truncateHead || self == .truncateMiddle || self == .truncateTail }
}

/// The writing direction a paragraph starts from, NSWritingDirection's cases.
public enum WritingDirection: String, Sendable, Hashable, Codable, CaseIterable {
    /// From the first strong character (Unicode Bidi rules P2-P3); left-to-right when there is none.
    case natural
    case leftToRight
    case rightToLeft
}

/// Paragraph-level layout settings (NSParagraphStyle). Distances are in points; the style of a
/// paragraph is the one in effect at its first character.
public struct ParagraphStyle: Sendable, Hashable, Codable {
    /// Horizontal alignment of the lines. Default `.natural`.
    public var alignment: TextAlignment
    /// How lines wrap or truncate. Default `.wordWrap`.
    public var lineBreakMode: LineBreakMode
    /// Extra space between the lines of a paragraph, in points (negative values are treated as 0).
    public var lineSpacing: Double
    /// Multiplies each line's natural height; 0, 1, negative or non-finite: natural height. The extra
    /// goes above the glyphs.
    public var lineHeightMultiple: Double
    /// Extra space after the paragraph's last line, in points (negative values are treated as 0).
    public var paragraphSpacing: Double
    /// The direction the paragraph starts from. Default `.natural` (from its first strong character).
    public var baseWritingDirection: WritingDirection

    /// A style with these values, NSParagraphStyle's defaults unless given; not checked here.
    public init(alignment: TextAlignment = .natural, lineBreakMode: LineBreakMode = .wordWrap,
                lineSpacing: Double = 0, lineHeightMultiple: Double = 0, paragraphSpacing: Double = 0,
                baseWritingDirection: WritingDirection = .natural) {
        self.alignment = alignment; self.lineBreakMode = lineBreakMode; self.lineSpacing = lineSpacing
        self.lineHeightMultiple = lineHeightMultiple; self.paragraphSpacing = paragraphSpacing
        self.baseWritingDirection = baseWritingDirection
    }

    /// Natural alignment, word wrap, no extra spacing, natural line height and direction.
    public static let `default` = ParagraphStyle()
}
