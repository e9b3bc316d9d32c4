import TappableText

/// Something a `TouchSession` reports, with the time it happened (seconds, on the caller's clock).
public struct TouchEvent: Sendable, Hashable {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// The pressed region changed: the region now highlighted (paint
        /// `TappableLabel.highlight(for:)`), or nil when nothing is highlighted any more.
        case highlightChanged(TappableRegion?)
        /// A tap: the finger lifted inside the region where it came down. The info's `index` is
        /// the UTF-16 index under the finger at the lift (a grapheme cluster's start, inside the
        /// region), its `attributes` the text's attributes at that index.
        case tap(TappableRegionInfo)
        /// A long press: the finger stayed down within the allowable movement for the long-press
        /// duration. The info as for `tap`, where the finger was at the deadline.
        case longPress(TappableRegionInfo)
        /// A touch began outside every region: the label does not handle it (pass it through).
        case unhandled(Point)
    }

    /// When it happened, in seconds. A long press reports its deadline (touch start + duration),
    /// also when the event that revealed it came later.
    public var time: Double
    /// What happened.
    public var kind: Kind

    /// An event of `kind` at `time` seconds.
    public init(time: Double, kind: Kind) { self.time = time; self.kind = kind }
}

/// One input to a `TouchSession`, for scripted touches: times in seconds, points in label
/// coordinates, `touch` identifying the finger (only the first finger down counts).
public enum TouchInput: Sendable, Hashable {
    case began(Point, time: Double, touch: Int = 0)
    case moved(Point, time: Double, touch: Int = 0)
    case ended(Point, time: Double, touch: Int = 0)
    case cancelled(time: Double, touch: Int = 0)
    /// Time passes with no touch event (a timer firing): a due long press fires.
    case advance(to: Double)
}
