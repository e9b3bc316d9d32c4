import TappableText

/// Receives taps on a label's regions (ZSWTappableLabelTapDelegate).
public protocol TappableLabelTapDelegate: AnyObject, Sendable {
    /// The region holding UTF-16 `index` was tapped; `attributes` are the text's attributes there.
    func tappableLabel(_ label: TappableLabel, tappedAt index: Int, withAttributes attributes: TextAttributes)
}

/// Receives long presses on a label's regions (ZSWTappableLabelLongPressDelegate). Setting one
/// enables long presses and the accessibility long-press action.
public protocol TappableLabelLongPressDelegate: AnyObject, Sendable {
    /// The region holding UTF-16 `index` was long-pressed; `attributes` are the attributes there.
    func tappableLabel(_ label: TappableLabel, longPressedAt index: Int, withAttributes attributes: TextAttributes)
}

/// Customises a label's accessibility elements (ZSWTappableLabelAccessibilityDelegate).
public protocol TappableLabelAccessibilityDelegate: AnyObject, Sendable {
    /// A label read instead of the element's text, or nil to keep the text.
    func tappableLabel(_ label: TappableLabel, accessibilityLabelForCharacterRange range: TextRange,
                       withAttributesAtStart attributes: TextAttributes) -> String?
    /// Extra custom actions for the element covering `range`.
    func tappableLabel(_ label: TappableLabel, accessibilityCustomActionsForCharacterRange range: TextRange,
                       withAttributesAtStart attributes: TextAttributes) -> [AccessibilityCustomAction]
}

extension TappableLabelAccessibilityDelegate {
    /// Default: keep the element's text.
    public func tappableLabel(_ label: TappableLabel, accessibilityLabelForCharacterRange range: TextRange,
                              withAttributesAtStart attributes: TextAttributes) -> String? { nil }
    /// Default: no extra actions.
    public func tappableLabel(_ label: TappableLabel, accessibilityCustomActionsForCharacterRange range: TextRange,
                              withAttributesAtStart attributes: TextAttributes) -> [AccessibilityCustomAction] { [] }
}

/// A label and its touch session, forwarding events to delegates (held weakly, as UIKit does) and
/// closures, synchronously, in event order. Delegates are called before closures. A value: copy
/// it and both copies share the delegates and closures but not the touch state.
public struct TappableLabelController: Sendable {
    /// The label.
    public private(set) var label: TappableLabel
    /// The touch state machine (its long-press switch follows the handlers, see `hasLongPressHandler`).
    public private(set) var session: TouchSession

    /// Receives taps.
    public weak var tapDelegate: (any TappableLabelTapDelegate)?
    /// Receives long presses; while one is set (or `onLongPress`), touches can become long presses.
    public weak var longPressDelegate: (any TappableLabelLongPressDelegate)?
    /// Customises accessibility elements.
    public weak var accessibilityDelegate: (any TappableLabelAccessibilityDelegate)?

    /// Called on a tap with the label and what was tapped: the region, the UTF-16 index and the
    /// attributes there.
    public var onTap: (@Sendable (TappableLabel, TappableRegionInfo) -> Void)?
    /// Called on a long press with the label and what was pressed (as `onTap`).
    public var onLongPress: (@Sendable (TappableLabel, TappableRegionInfo) -> Void)?
    /// Called when the highlighted region changes (nil: nothing highlighted), to repaint
    /// (`label.highlight(for: region)` is what to paint).
    public var onHighlightChange: (@Sendable (TappableLabel, TappableRegion?) -> Void)?
    /// Called for touches that begin outside every region (pass them on).
    public var onUnhandled: (@Sendable (TappableLabel, Point) -> Void)?
    /// The name of the accessibility long-press action. Default "Open Menu" (ZSWTappableLabel).
    public var longPressAccessibilityActionName: String = AccessibilityOptions.defaultLongPressActionName

    /// A controller for `label` with no touch down and no handlers.
    public init(label: TappableLabel) {
        self.label = label
        session = TouchSession(label: label, isLongPressEnabled: false)
    }

    /// Whether a long-press delegate or closure is set: only then do touches become long presses
    /// (otherwise a held touch taps on lift) and do region elements offer the long-press action.
    public var hasLongPressHandler: Bool { longPressDelegate != nil || onLongPress != nil }

    /// Replaces the label; a touch in progress is cancelled at `time` (its un-highlight is delivered).
    public mutating func setLabel(_ label: TappableLabel, time: Double) {
        if session.isTracking { _ = cancelAll(time: time) }
        self.label = label
        let now = session.now
        session = TouchSession(label: label, isLongPressEnabled: hasLongPressHandler)
        if let now { _ = session.advance(to: now) }
    }

    // MARK: - Touches (see TouchSession for the rules)

    /// A finger came down; returns the events after delivering them.
    @discardableResult
    public mutating func began(_ point: Point, time: Double, touch: Int = 0) -> [TouchEvent] {
        if !session.isTracking { session.isLongPressEnabled = hasLongPressHandler }
        return deliver(session.began(point, time: time, touch: touch))
    }

    /// A finger moved; returns the events after delivering them.
    @discardableResult
    public mutating func moved(_ point: Point, time: Double, touch: Int = 0) -> [TouchEvent] {
        deliver(session.moved(point, time: time, touch: touch))
    }

    /// A finger lifted; returns the events after delivering them.
    @discardableResult
    public mutating func ended(_ point: Point, time: Double, touch: Int = 0) -> [TouchEvent] {
        deliver(session.ended(point, time: time, touch: touch))
    }

    /// A touch was cancelled; returns the events after delivering them.
    @discardableResult
    public mutating func cancelled(time: Double, touch: Int = 0) -> [TouchEvent] {
        deliver(session.cancelled(time: time, touch: touch))
    }

    /// Time passed (a timer fired); returns the events after delivering them.
    @discardableResult
    public mutating func advance(to time: Double) -> [TouchEvent] {
        deliver(session.advance(to: time))
    }

    /// Applies one scripted input; returns the events after delivering them.
    @discardableResult
    public mutating func handle(_ input: TouchInput) -> [TouchEvent] {
        if case .began = input, !session.isTracking { session.isLongPressEnabled = hasLongPressHandler }
        return deliver(session.handle(input))
    }

    private mutating func cancelAll(time: Double) -> [TouchEvent] {
        guard let touch = session.trackedTouch else { return [] }
        return deliver(session.cancelled(time: time, touch: touch))
    }

    private func deliver(_ events: [TouchEvent]) -> [TouchEvent] {
        for event in events {
            switch event.kind {
            case let .tap(info):
                deliverTap(info)
            case let .longPress(info):
                deliverLongPress(info)
            case let .highlightChanged(region):
                onHighlightChange?(label, region)
            case let .unhandled(point):
                onUnhandled?(label, point)
            }
        }
        return events
    }

    // MARK: - Accessibility

    /// The label's accessibility elements with this controller's delegate, long-press action and name.
    public func accessibilityElements() -> [AccessibilityElement] {
        let label = self.label
        let delegate = accessibilityDelegate
        var options = AccessibilityOptions(includesLongPressAction: hasLongPressHandler,
                                           longPressActionName: longPressAccessibilityActionName)
        if let delegate {
            options.label = { range, attributes in
                delegate.tappableLabel(label, accessibilityLabelForCharacterRange: range, withAttributesAtStart: attributes)
            }
            options.customActions = { range, attributes in
                delegate.tappableLabel(label, accessibilityCustomActionsForCharacterRange: range, withAttributesAtStart: attributes)
            }
        }
        return label.accessibilityElements(options: options)
    }

    /// VoiceOver activated `element` (double tap): a region element taps at its first character.
    /// Returns whether a tap was delivered (false for static text).
    @discardableResult
    public func activate(_ element: AccessibilityElement) -> Bool {
        guard let region = element.region, let index = element.activationIndex else { return false }
        deliverTap(TappableRegionInfo(region: region, index: index, attributes: label.attributes(at: index)))
        return true
    }

    private func deliverTap(_ info: TappableRegionInfo) {
        tapDelegate?.tappableLabel(label, tappedAt: info.index, withAttributes: info.attributes)
        onTap?(label, info)
    }

    private func deliverLongPress(_ info: TappableRegionInfo) {
        longPressDelegate?.tappableLabel(label, longPressedAt: info.index, withAttributes: info.attributes)
        onLongPress?(label, info)
    }

    /// Performs an element's custom action: the long-press action delivers a long press (true when a
    /// long-press handler exists); custom actions are the caller's to perform (false).
    @discardableResult
    public func perform(_ action: AccessibilityCustomAction) -> Bool {
        guard case let .longPress(info) = action.kind, hasLongPressHandler else { return false }
        deliverLongPress(info)
        return true
    }
}
