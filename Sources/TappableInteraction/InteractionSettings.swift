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
    /// Corner radius of the highlight's rounded rects, in points, for painting. Default 0, which is
    /// CCHLinkTextView's `linkCornerRadius` default (square corners). Negative or non-finite: rejected.
    public var highlightCornerRadius: Double
    /// When set, each tap-area rect (one per line piece of a region) grows to at least this size,
    /// centred on its glyph rect, after `tapAreaInsets` (e.g. 44 x 44 pt, Apple's HIG minimum).
    /// Default nil (off). Negative or non-finite sizes are rejected.
    public var minimumTapTargetSize: Size?

    /// Settings with the iOS defaults unless given.
    public init(longPressDuration: Double = 0.5, allowableMovement: Double = 10,
                tapAreaInsets: EdgeInsets = InteractionSettings.defaultTapAreaInsets,
                highlightCornerRadius: Double = 0, minimumTapTargetSize: Size? = nil) {
        self.longPressDuration = longPressDuration
        self.allowableMovement = allowableMovement
        self.tapAreaInsets = tapAreaInsets
        self.highlightCornerRadius = highlightCornerRadius
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
        guard highlightCornerRadius.isFinite, highlightCornerRadius >= 0 else {
            throw InteractionSettingsError.invalidHighlightCornerRadius(highlightCornerRadius)
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
        case let .invalidHighlightCornerRadius(r): return "highlightCornerRadius \(r) is not a non-negative number of points"
        case let .invalidMinimumTapTargetSize(s): return "minimumTapTargetSize \(s) is not a non-negative, finite size"
        }
    }
}
