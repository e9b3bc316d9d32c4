import TappableText

/// How a `TappableLabel` reacts to touches, with the iOS defaults (UILongPressGestureRecognizer,
/// CCHLinkTextView, ZSWTappableLabel). Distances are in points, durations in seconds.
public struct InteractionSettings: Sendable, Hashable {
    /// How long a touch must stay down (within `allowableMovement`) to become a long press, in
    /// seconds. Default 0.5 s (ZSWTappableLabel's `longPressDuration`). `.infinity` disables long
    /// presses; NaN or negative values are rejected by `TappableLabel.init`.
    public var longPressDuration: Double
    /// How far, in points, the finger may move from where it began (Euclidean distance) before the
    /// long press is cancelled; exactly this distance still counts as within. Default 10 pt.
    /// The tap is not cancelled by movement, only by leaving the region. NaN or negative: rejected.
    public var allowableMovement: Double
    /// How each region's per-line glyph rect grows into its tap area, UIEdgeInsets semantics
    /// (negative values grow). Default -5 on every side (CCHLinkTextView). Positive values cannot
    /// shrink a tap area below its glyph rect: a glyph of a region always hits the region.
    /// Non-finite values are rejected.
    public var tapAreaInsets: EdgeInsets
    /// How a pressed region is painted: background, text colour and corner radius (CCHLinkTextView's
    /// linkTextTouchAttributes and linkCornerRadius, ZSWTappableLabel's highlighted colours).
    /// Per-character `highlightedBackgroundColor` / `highlightedForegroundColor` attributes win.
    public var highlightStyle: HighlightStyle
    /// When set, each tap-area rect (one per line piece of a region) grows to at least this size,
    /// centred on its glyph rect, after `tapAreaInsets` (e.g. 44 x 44 pt, Apple's HIG minimum).
    /// Default nil (off). Negative or non-finite sizes are rejected.
    public var minimumTapTargetSize: Size?

    /// Settings with the iOS defaults unless given.
    public init(longPressDuration: Double = 0.5, allowableMovement: Double = 10,
                tapAreaInsets: EdgeInsets = InteractionSettings.defaultTapAreaInsets,
                highlightStyle: HighlightStyle = HighlightStyle(), minimumTapTargetSize: Size? = nil) {
        self.longPressDuration = longPressDuration
        self.allowableMovement = allowableMovement
        self.tapAreaInsets = tapAreaInsets
        self.highlightStyle = highlightStyle
        self.minimumTapTargetSize = minimumTapTargetSize
    }

    /// CCHLinkTextView's default tap-area insets: 5 pt larger on every side.
    public static let defaultTapAreaInsets = EdgeInsets(all: -5)

    /// Throws `InteractionSettingsError` for the first value that is out of range.
    public func validate() throws {
        guard !longPressDuration.isNaN, longPressDuration >= 0 else {
            throw InteractionSettingsError.invalidLongPressDuration(longPressDuration)
        }
        guard !allowableMovement.isNaN, allowableMovement >= 0 else {
            throw InteractionSettingsError.invalidAllowableMovement(allowableMovement)
        }
        let i = tapAreaInsets
        guard i.top.isFinite, i.left.isFinite, i.bottom.isFinite, i.right.isFinite else {
            throw InteractionSettingsError.invalidTapAreaInsets(i)
        }
        guard highlightStyle.cornerRadius.isFinite, highlightStyle.cornerRadius >= 0 else {
            throw InteractionSettingsError.invalidHighlightCornerRadius(highlightStyle.cornerRadius)
        }
        if let s = minimumTapTargetSize {
            guard s.width.isFinite, s.height.isFinite, s.width >= 0, s.height >= 0 else {
                throw InteractionSettingsError.invalidMinimumTapTargetSize(s)
            }
        }
    }
}

/// A value of `InteractionSettings` that cannot be used; each case names the value at fault.
public enum InteractionSettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidLongPressDuration(Double)
    case invalidAllowableMovement(Double)
    case invalidTapAreaInsets(EdgeInsets)
    case invalidHighlightCornerRadius(Double)
    case invalidMinimumTapTargetSize(Size)

    /// A message naming the setting, its value and what it must be.
    public var description: String {
        switch self {
        case let .invalidLongPressDuration(d): return "longPressDuration \(d) is not a non-negative number of seconds"
        case let .invalidAllowableMovement(m): return "allowableMovement \(m) is not a non-negative number of points"
        case let .invalidTapAreaInsets(i):
            return "tapAreaInsets (\(i.top), \(i.left), \(i.bottom), \(i.right)) are not all finite"
        case let .invalidHighlightCornerRadius(r): return "highlight cornerRadius \(r) is not a non-negative number of points"
        case let .invalidMinimumTapTargetSize(s): return "minimumTapTargetSize \(s) is not a non-negative, finite size"
        }
    }
}

/// How a pressed region is painted (the highlight's look; where it is comes from the layout).
/// Defaults are what Tappable paints out of the box: a light grey rounded background with 4 pt
/// corners, text colours kept.
public struct HighlightStyle: Sendable, Hashable {
    /// Fill behind the pressed region's glyph rects; nil paints none. Default light grey #aaaaaa.
    /// A region's own `highlightedBackgroundColor` attribute wins.
    public var backgroundColor: Color?
    /// Text colour of the pressed region's tappable characters; nil keeps their normal colour.
    /// A character's own `highlightedForegroundColor` attribute wins.
    public var textColor: Color?
    /// Corner radius of the highlight's outline, in points (CCHLinkTextView's linkCornerRadius).
    /// Default 4. Negative or non-finite values are rejected by `InteractionSettings.validate()`.
    public var cornerRadius: Double

    /// A style with these values, Tappable's defaults unless given; not checked here.
    public init(backgroundColor: Color? = .lightGray, textColor: Color? = nil, cornerRadius: Double = 4) {
        self.backgroundColor = backgroundColor; self.textColor = textColor; self.cornerRadius = cornerRadius
    }
}
