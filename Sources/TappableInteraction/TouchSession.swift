import TappableLayout
import TappableText

/// The touch state machine of a `TappableLabel`: a pure value fed touches with their times, that
/// answers each with the events it causes. No clock, no timer: time passes only through the
/// inputs (`advance(to:)` stands for a timer firing). Times are seconds on any clock that does
/// not run backwards; points are label coordinates.
///
/// Rules (UIButton/UILongPressGestureRecognizer-like, with ZSWTappableLabel's callbacks):
/// - A touch beginning inside a region (`TappableLabel.regionIndex(at:)`) presses it: the region
///   is highlighted. A touch beginning outside every region reports `unhandled` and is not
///   followed further (pass-through; its later events are ignored).
/// - Only the first finger counts: while a touch is pressing, any other `began` (another `touch`
///   id, or the same id again) is ignored, and so are events of other ids.
/// - Moving out of the pressed region un-highlights it; moving back in re-highlights it. Lifting
///   inside the pressed region taps (at the lift point); lifting outside does nothing.
/// - Long press: when the finger has stayed within `allowableMovement` of where it began (Euclidean
///   distance, exactly the limit counts as within) until `longPressDuration` after it began, and is
///   inside the region at that deadline, `longPress` fires, reported at the deadline, followed by
///   the un-highlight; that touch then taps no more. The deadline fires from `advance(to:)` or from
///   any later input whose time reaches it (before that input is applied). Moving farther than
///   `allowableMovement` cancels the long press only, and so does being outside the region at the
///   deadline. A tap needs the lift before the deadline: a press held longer fires nothing when
///   its long press was cancelled. Leaving the region and coming back is UIButton-like at any
///   distance. With long presses disabled, a held touch taps on lift.
/// - Comparisons of times and distances allow 1e-9 for floating-point error.
///
/// Bad input is ignored, never fatal: an input with a NaN or infinite point or time, or a time
/// earlier than the latest accepted one, changes nothing and returns no events.
public struct TouchSession: Sendable {
    /// The label the touches land on.
    public let label: TappableLabel
    /// Whether touches that begin from now on can become long presses (ZSWTappableLabel only
    /// starts one when a long-press delegate is set). Default true.
    public var isLongPressEnabled: Bool
    /// The latest time accepted, in seconds; nil before the first input.
    public private(set) var now: Double?

    private var phase: Phase = .idle

    private enum Phase: Sendable, Hashable {
        case idle
        case pressing(Press)
        /// The long press fired; the finger is still down and does nothing more.
        case finished(touch: Int)
    }

    private struct Press: Sendable, Hashable {
        var touch: Int
        var region: Int
        var start: Point
        var startTime: Double
        var last: Point
        var isInside: Bool
        var longPressPending: Bool
    }

    /// Tolerance for comparing times (seconds) and distances (points).
    public static let tolerance = 1e-9

    /// A session with no touch down.
    public init(label: TappableLabel, isLongPressEnabled: Bool = true) {
        self.label = label
        self.isLongPressEnabled = isLongPressEnabled
    }

    // MARK: - State

    /// Whether a touch is being followed (pressing a region, held after its long press, or passed
    /// through to the container until it lifts).
    public var isTracking: Bool { phase != .idle }

    /// The id of the touch being followed, nil when none is.
    public var trackedTouch: Int? {
        switch phase {
        case .idle: return nil
        case let .pressing(p): return p.touch
        case let .finished(t): return t
        }
    }

    /// The index into `label.regions` of the region the current touch pressed, highlighted or not.
    public var pressedRegionIndex: Int? {
        if case let .pressing(p) = phase { return p.region }
        return nil
    }

    /// The index into `label.regions` of the highlighted region, nil when none is.
    public var highlightedRegionIndex: Int? {
        if case let .pressing(p) = phase, p.isInside { return p.region }
        return nil
    }

    /// The highlighted region, nil when none is highlighted.
    public var highlightedRegion: TappableRegion? { highlightedRegionIndex.map { label.regions[$0] } }

    /// The highlighted region's range, nil when none is highlighted.
    public var highlightedRange: TextRange? { highlightedRegion?.range }

    /// When the pending long press will fire, in seconds; nil when none is pending.
    public var longPressDeadline: Double? {
        if case let .pressing(p) = phase, p.longPressPending { return p.startTime + label.settings.longPressDuration }
        return nil
    }

    // MARK: - Inputs

    /// A finger came down at `point` at `time` seconds.
    public mutating func began(_ point: Point, time: Double, touch: Int = 0) -> [TouchEvent] {
        guard point.isFinite, accepts(time) else { return [] }
        var events = fireDueLongPress(at: time)
        now = time
        guard phase == .idle else { return events }
        guard let region = label.regionIndex(at: point) else {
            events.append(TouchEvent(time: time, kind: .unhandled(point)))
            // The container handles this finger; until it lifts, no other finger counts either.
            phase = .finished(touch: touch)
            return events
        }
        let duration = label.settings.longPressDuration
        phase = .pressing(Press(touch: touch, region: region, start: point, startTime: time, last: point,
                                isInside: true, longPressPending: isLongPressEnabled && duration.isFinite))
        events.append(TouchEvent(time: time, kind: .highlightChanged(label.regions[region])))
        return events
    }

    /// The finger `touch` moved to `point` at `time` seconds.
    public mutating func moved(_ point: Point, time: Double, touch: Int = 0) -> [TouchEvent] {
        guard point.isFinite, accepts(time) else { return [] }
        var events = fireDueLongPress(at: time)
        now = time
        guard case var .pressing(press) = phase, press.touch == touch else { return events }
        if press.start.distance(to: point) > label.settings.allowableMovement + Self.tolerance {
            press.longPressPending = false
        }
        let inside = label.regionIndex(at: point) == press.region
        if inside != press.isInside {
            events.append(TouchEvent(time: time, kind: .highlightChanged(inside ? label.regions[press.region] : nil)))
            press.isInside = inside
        }
        press.last = point
        phase = .pressing(press)
        return events
    }

    /// The finger `touch` lifted at `point` at `time` seconds.
    public mutating func ended(_ point: Point, time: Double, touch: Int = 0) -> [TouchEvent] {
        guard point.isFinite, accepts(time) else { return [] }
        return release(touch, time: time, liftedAt: point)
    }

    /// The system cancelled the finger `touch` at `time` seconds: un-highlight, fire nothing.
    public mutating func cancelled(time: Double, touch: Int = 0) -> [TouchEvent] {
        guard accepts(time) else { return [] }
        return release(touch, time: time, liftedAt: nil)
    }

    /// Time passed to `time` seconds with no touch input (a timer fired): a due long press fires.
    public mutating func advance(to time: Double) -> [TouchEvent] {
        guard accepts(time) else { return [] }
        let events = fireDueLongPress(at: time)
        now = time
        return events
    }

    /// Applies one scripted input.
    public mutating func handle(_ input: TouchInput) -> [TouchEvent] {
        switch input {
        case let .began(p, time, touch): return began(p, time: time, touch: touch)
        case let .moved(p, time, touch): return moved(p, time: time, touch: touch)
        case let .ended(p, time, touch): return ended(p, time: time, touch: touch)
        case let .cancelled(time, touch): return cancelled(time: time, touch: touch)
        case let .advance(time): return advance(to: time)
        }
    }

    /// Applies scripted inputs in order and returns all their events.
    public mutating func run<S: Sequence>(_ inputs: S) -> [TouchEvent] where S.Element == TouchInput {
        inputs.flatMap { handle($0) }
    }

    /// The events of `inputs` on a fresh session over `label`.
    public static func events(for inputs: [TouchInput], on label: TappableLabel, isLongPressEnabled: Bool = true) -> [TouchEvent] {
        var session = TouchSession(label: label, isLongPressEnabled: isLongPressEnabled)
        return session.run(inputs)
    }

    // MARK: - Private

    private func accepts(_ time: Double) -> Bool {
        time.isFinite && time >= (now ?? -.infinity)
    }

    /// The finger `touch` is gone at `time` (lifted at a point, or cancelled when nil): a due long
    /// press fires first; a lift inside the pressed region before the long-press duration taps (a
    /// longer hold is a long press, or, when movement cancelled it, nothing); a highlighted region
    /// is un-highlighted; the session is idle again. Other fingers change nothing.
    private mutating func release(_ touch: Int, time: Double, liftedAt point: Point?) -> [TouchEvent] {
        var events = fireDueLongPress(at: time)
        now = time
        switch phase {
        case let .finished(t) where t == touch:
            phase = .idle
        case let .pressing(press) where press.touch == touch:
            let duration = label.settings.longPressDuration
            let inTime = !isLongPressEnabled || !duration.isFinite || time < press.startTime + duration - Self.tolerance
            if let point, inTime, label.regionIndex(at: point) == press.region {
                events.append(TouchEvent(time: time, kind: .tap(label.info(in: label.regions[press.region], at: point))))
            }
            if press.isInside { events.append(TouchEvent(time: time, kind: .highlightChanged(nil))) }
            phase = .idle
        default:
            break
        }
        return events
    }

    /// Fires the pending long press when `time` reaches its deadline.
    private mutating func fireDueLongPress(at time: Double) -> [TouchEvent] {
        guard case var .pressing(press) = phase, press.longPressPending else { return [] }
        let deadline = press.startTime + label.settings.longPressDuration
        guard time >= deadline - Self.tolerance else { return [] }
        press.longPressPending = false
        guard press.isInside else {
            phase = .pressing(press)
            return []
        }
        phase = .finished(touch: press.touch)
        return [TouchEvent(time: deadline, kind: .longPress(label.info(in: label.regions[press.region], at: press.last))),
                TouchEvent(time: deadline, kind: .highlightChanged(nil))]
    }
}

extension Point {
    /// Whether both coordinates are finite.
    var isFinite: Bool { x.isFinite && y.isFinite }
    /// Euclidean distance to `other`, in points.
    func distance(to other: Point) -> Double {
        let dx = x - other.x, dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
