import Foundation
import Testing
import TappableInteraction
import TappableLayout
import TappableTestSupport
import TappableText

/// Records delegate calls (a test double; the lock makes it honestly Sendable).
final class Recorder: TappableLabelTapDelegate, TappableLabelLongPressDelegate, TappableLabelAccessibilityDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var _calls: [String] = []
    var calls: [String] { lock.withLock { _calls } }
    func record(_ s: String) { lock.withLock { _calls.append(s) } }

    func tappableLabel(_ label: TappableLabel, tappedAt index: Int, withAttributes attributes: TextAttributes) {
        record("tap \(index) \(attributes.link ?? "-")")
    }
    func tappableLabel(_ label: TappableLabel, longPressedAt index: Int, withAttributes attributes: TextAttributes) {
        record("longPress \(index) \(attributes.link ?? "-")")
    }
    func tappableLabel(_ label: TappableLabel, accessibilityLabelForCharacterRange range: TextRange,
                       withAttributesAtStart attributes: TextAttributes) -> String? {
        attributes.link == nil ? nil : "Link: \(label.text.substring(range))"
    }
}

/// Only the tap half of the delegates, to check the defaults of the accessibility protocol.
final class DefaultAccessibility: TappableLabelAccessibilityDelegate {}

@Suite("TappableLabelController: delegates and closures")
struct TappableLabelControllerTests {
    let label: TappableLabel
    let privacy: Point

    init() throws {
        label = try Fixture.seedLabel()
        privacy = label.layout.centre(ofCharacter: 15)
    }

    @Test("a tap reaches the tap delegate, then the closure, with the label, index and attributes")
    func tapDelegate() {
        let recorder = Recorder()
        let closure = Recorder()
        var controller = TappableLabelController(label: label)
        controller.tapDelegate = recorder
        controller.onTap = { label, info in
            closure.record("closure \(info.index) \(label.regions.count) \(info.attributes.link ?? "-") region \(info.region.index)")
        }
        controller.onHighlightChange = { _, region in closure.record("highlight \(region.map { "\($0.range)" } ?? "nil")") }
        controller.began(privacy, time: 0)
        let events = controller.ended(privacy, time: 0.1)
        #expect(events.names == ["tap 15", "unhighlight"])
        #expect(recorder.calls == ["tap 15 https://example.com/9"])
        #expect(closure.calls == ["highlight {9, 14}", "closure 15 2 https://example.com/9 region 0", "highlight nil"])
    }

    @Test("without a long-press handler a held touch taps on lift; with one it long-presses (ZSWTappableLabel)")
    func longPressNeedsHandler() {
        let recorder = Recorder()
        var plain = TappableLabelController(label: label)
        plain.tapDelegate = recorder
        plain.began(privacy, time: 0)
        #expect(plain.advance(to: 1).isEmpty)
        plain.ended(privacy, time: 1.1)
        #expect(recorder.calls == ["tap 15 https://example.com/9"])

        let both = Recorder()
        var controller = TappableLabelController(label: label)
        controller.tapDelegate = both
        controller.longPressDelegate = both
        #expect(controller.hasLongPressHandler)
        controller.began(privacy, time: 0)
        #expect(controller.advance(to: 0.5).names == ["longPress 15", "unhighlight"])
        controller.ended(privacy, time: 0.6)
        #expect(both.calls == ["longPress 15 https://example.com/9"])

        var closureOnly = TappableLabelController(label: label)
        let box = Recorder()
        closureOnly.onLongPress = { _, info in box.record("lp \(info.index)") }
        closureOnly.began(privacy, time: 0)
        closureOnly.advance(to: 0.5)
        #expect(box.calls == ["lp 15"])
    }

    @Test("delegates are weak: a released delegate is not called")
    func weakDelegates() {
        var controller = TappableLabelController(label: label)
        do {
            let recorder = Recorder()
            controller.tapDelegate = recorder
            #expect(controller.tapDelegate != nil)
        }
        #expect(controller.tapDelegate == nil)
        controller.began(privacy, time: 0)
        #expect(controller.ended(privacy, time: 0.1).names == ["tap 15", "unhighlight"], "events are still returned")
    }

    @Test("unhandled touches reach the pass-through closure")
    func unhandled() {
        let box = Recorder()
        var controller = TappableLabelController(label: label)
        controller.onUnhandled = { _, point in box.record("pass \(point)") }
        controller.began(Point(x: 395, y: 3), time: 0)
        #expect(box.calls == ["pass (395.0, 3.0)"])
    }

    @Test("accessibility through the controller: delegate labels, the long-press action iff a handler exists, activation taps")
    func accessibility() {
        let recorder = Recorder()
        var controller = TappableLabelController(label: label)
        controller.tapDelegate = recorder
        controller.accessibilityDelegate = recorder
        var elements = controller.accessibilityElements()
        #expect(elements.map(\.label) == ["View our ", "Link: Privacy Policy", " or ", "Link: Terms of Service"])
        #expect(elements.allSatisfy { $0.customActions.isEmpty })
        #expect(controller.activate(elements[3]))
        #expect(!controller.activate(elements[0]), "static text does not activate")
        #expect(recorder.calls == ["tap 27 https://example.com/27"])

        controller.longPressDelegate = recorder
        controller.longPressAccessibilityActionName = "More"
        elements = controller.accessibilityElements()
        #expect(elements.map { $0.customActions.map(\.name) } == [[], ["More"], [], ["More"]])
        #expect(controller.perform(elements[1].customActions[0]))
        #expect(recorder.calls.last == "longPress 9 https://example.com/9")
        #expect(!controller.perform(AccessibilityCustomAction(name: "x", kind: .custom(identifier: "x"))))
    }

    @Test("the accessibility delegate's default methods keep the text and add no actions")
    func accessibilityDefaults() {
        let delegate = DefaultAccessibility()
        var controller = TappableLabelController(label: label)
        controller.accessibilityDelegate = delegate
        #expect(controller.accessibilityElements().map(\.label) == ["View our ", "Privacy Policy", " or ", "Terms of Service"])
    }

    @Test("replacing the label cancels the touch in progress (un-highlight delivered) and starts fresh")
    func replaceLabel() throws {
        let box = Recorder()
        var controller = TappableLabelController(label: label)
        controller.onHighlightChange = { _, region in box.record(region.map { "\($0.range)" } ?? "nil") }
        controller.began(privacy, time: 0)
        let other = try Fixture.label("Terms of Service", links: [TextRange(location: 0, length: 16)], width: 300)
        controller.setLabel(other, time: 0.2)
        #expect(box.calls == ["{9, 14}", "nil"])
        #expect(!controller.session.isTracking)
        #expect(controller.label.regions.count == 1)
        #expect(controller.ended(privacy, time: 0.3).isEmpty)
    }
}
