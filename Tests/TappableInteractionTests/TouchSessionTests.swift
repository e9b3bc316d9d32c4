import Foundation
import Testing
import TappableInteraction
import TappableLayout
import TappableTestSupport
import TappableText

/// The touch state machine, on the seed string: "Privacy Policy" is region 0 {9, 14}, "Terms of
/// Service" region 1 {27, 16}.
@Suite("TouchSession: highlight, tap, long press, pass-through")
struct TouchSessionTests {
    let label: TappableLabel
    let privacy: Point
    let terms: Point

    init() throws {
        label = try Fixture.seedLabel()
        privacy = label.layout.centre(ofCharacter: 15) // the "y" ending "Privacy"
        terms = label.layout.centre(ofCharacter: 30)
    }

    @Test("a tap: highlight on touch-down, then tap with the attributes at the index, then un-highlight, each with its time")
    func tap() {
        var s = TouchSession(label: label)
        let down = s.began(privacy, time: 1.0)
        #expect(down == [TouchEvent(time: 1.0, kind: .highlightChanged(label.regions[0]))])
        #expect(s.highlightedRegion == label.regions[0])
        #expect(s.highlightedRange == SeedSentence.privacy)
        let up = s.ended(privacy, time: 1.2)
        #expect(up.names == ["tap 15", "unhighlight"])
        #expect(up.map(\.time) == [1.2, 1.2])
        guard case let .tap(info) = up[0].kind else { Issue.record("no tap"); return }
        #expect(info == TappableRegionInfo(region: label.regions[0], index: 15, attributes: label.attributes(at: 15)))
        #expect(!s.isTracking)
        #expect(s.highlightedRange == nil)
    }

    @Test("long press: nothing at 0.49 s, fires at 0.50 s (reported at the deadline), un-highlights, no tap afterwards")
    func longPressBoundary() {
        var s = TouchSession(label: label)
        _ = s.began(privacy, time: 0)
        #expect(s.longPressDeadline == 0.5)
        #expect(s.advance(to: 0.49).isEmpty)
        #expect(s.highlightedRange == SeedSentence.privacy)
        let fired = s.advance(to: 0.50)
        #expect(fired == [TouchEvent(time: 0.5, kind: .longPress(TappableRegionInfo(region: label.regions[0], index: 15, attributes: label.attributes(at: 15)))),
                          TouchEvent(time: 0.5, kind: .highlightChanged(nil))])
        #expect(s.advance(to: 0.7).isEmpty, "fires once")
        #expect(s.moved(terms, time: 0.8).isEmpty)
        #expect(s.ended(privacy, time: 0.9).isEmpty, "no tap after a long press")
        #expect(!s.isTracking)
    }

    @Test("a lift at 0.49 s taps; a lift at exactly 0.50 s is a long press")
    func liftAtBoundary() {
        var s = TouchSession(label: label)
        #expect((s.began(privacy, time: 0) + s.ended(privacy, time: 0.49)).names == ["highlight {9, 14}", "tap 15", "unhighlight"])
        var t = TouchSession(label: label)
        #expect((t.began(privacy, time: 0) + t.ended(privacy, time: 0.5)).names == ["highlight {9, 14}", "longPress 15", "unhighlight"])
    }

    @Test("the deadline holds for any start time, despite floating-point sums (0.1 + 0.5)")
    func deadlineFloatingPoint() {
        var s = TouchSession(label: label)
        _ = s.began(privacy, time: 0.1)
        #expect(s.advance(to: 0.59).isEmpty)
        #expect(s.advance(to: 0.6).names == ["longPress 15", "unhighlight"])
    }

    @Test("a later event reveals the long press: it fires at the deadline, before that event is applied")
    func longPressFromLaterEvent() {
        var s = TouchSession(label: label)
        _ = s.began(privacy, time: 0)
        let events = s.ended(privacy, time: 2)
        #expect(events.names == ["longPress 15", "unhighlight"])
        #expect(events.map(\.time) == [0.5, 0.5])
        // A move after the deadline does not change where the long press was.
        var m = TouchSession(label: label)
        _ = m.began(privacy, time: 0)
        let moved = m.moved(label.layout.centre(ofCharacter: 10), time: 0.6)
        #expect(moved.names == ["longPress 15", "unhighlight"])
    }

    @Test("movement of 9.9 pt is still a press; 10.1 pt cancels the long press (a quick lift still taps); exactly 10 pt counts as within")
    func allowableMovement() {
        for (dx, dy, fires) in [(9.9, 0.0, true), (10.1, 0.0, false), (6.0, 8.0, true), (0.0, -10.1, false), (-9.9, 0, true)] {
            var s = TouchSession(label: label)
            _ = s.began(privacy, time: 0)
            let moved = Point(x: privacy.x + dx, y: privacy.y + dy)
            let m = s.moved(moved, time: 0.2)
            let inside = label.regionIndex(at: moved) == 0
            #expect(m.isEmpty == inside, "(\(dx), \(dy)) stays inside the link")
            let atDeadline = s.advance(to: 0.5)
            if fires {
                #expect(atDeadline.names == ["longPress \(label.regionInfo(at: moved)!.index)", "unhighlight"], "(\(dx), \(dy))")
            } else {
                #expect(atDeadline.isEmpty, "(\(dx), \(dy)) cancels the long press")
                #expect(s.longPressDeadline == nil)
                // Held past the long-press duration: no tap on lift either.
                let late = s.ended(moved, time: 0.8)
                #expect(!late.contains { if case .tap = $0.kind { return true } else { return false } }, "(\(dx), \(dy))")
                // Cancelling the long press does not cancel a quick tap.
                var quick = TouchSession(label: label)
                _ = quick.began(privacy, time: 0)
                _ = quick.moved(moved, time: 0.2)
                let up = quick.ended(moved, time: 0.3)
                #expect(up.contains { if case .tap = $0.kind { return true } else { return false } } == inside, "(\(dx), \(dy))")
            }
        }
    }

    @Test("moving back after going too far does not restore the long press, and a lift after the duration taps nothing")
    func movementCancelsForGood() {
        var s = TouchSession(label: label)
        _ = s.began(privacy, time: 0)
        _ = s.moved(Point(x: privacy.x + 12, y: privacy.y), time: 0.1)
        _ = s.moved(privacy, time: 0.2)
        #expect(s.advance(to: 1).isEmpty)
        #expect(s.ended(privacy, time: 1.1).names == ["unhighlight"])
    }

    @Test("leaving the region un-highlights; coming back re-highlights; lifting inside then taps, lifting outside does not")
    func leaveAndReenter() {
        let r = label.regions[0].rects[0]
        let outside = Point(x: privacy.x, y: r.maxY + 20)
        var s = TouchSession(label: label)
        var events = s.began(privacy, time: 0)
        events += s.moved(Point(x: privacy.x + 3, y: privacy.y), time: 0.05)
        events += s.moved(outside, time: 0.1)
        #expect(s.highlightedRange == nil)
        #expect(s.pressedRegionIndex == 0)
        events += s.moved(outside, time: 0.12)
        events += s.moved(privacy, time: 0.2)
        events += s.ended(privacy, time: 0.3)
        #expect(events.names == ["highlight {9, 14}", "unhighlight", "highlight {9, 14}", "tap 15", "unhighlight"])
        #expect(events.map(\.time) == [0, 0.1, 0.2, 0.3, 0.3])

        var t = TouchSession(label: label)
        let left = t.began(privacy, time: 0) + t.moved(outside, time: 0.1) + t.ended(outside, time: 0.2)
        #expect(left.names == ["highlight {9, 14}", "unhighlight"], "a touch that leaves fires nothing")
        // Lifting inside without a move in between still taps (the lift point decides).
        var u = TouchSession(label: label)
        let back = u.began(privacy, time: 0) + u.moved(outside, time: 0.1) + u.ended(privacy, time: 0.2)
        #expect(back.names == ["highlight {9, 14}", "unhighlight", "tap 15"])
    }

    @Test("leaving and re-entering before the deadline taps; outside at the deadline: no long press, and no tap after it")
    func outsideAtDeadline() {
        let r = label.regions[0].rects[0]
        // Start near the bottom edge so a small move (within 10 pt) leaves the tap area.
        let start = Point(x: privacy.x, y: r.maxY - 1)
        let out = Point(x: privacy.x, y: r.maxY + 6)
        var s = TouchSession(label: label)
        var events = s.began(start, time: 0) + s.moved(out, time: 0.2)
        #expect(events.names == ["highlight {9, 14}", "unhighlight"])
        events = s.moved(start, time: 0.3) + s.ended(start, time: 0.4)
        #expect(events.names == ["highlight {9, 14}", "tap 15", "unhighlight"])
        // Outside at the deadline: no long press; back inside and lifting after it: no tap either.
        var late = TouchSession(label: label)
        events = late.began(start, time: 0) + late.moved(out, time: 0.2) + late.advance(to: 0.6)
        #expect(events.names == ["highlight {9, 14}", "unhighlight"])
        events = late.moved(start, time: 0.7) + late.ended(start, time: 0.8)
        #expect(events.names == ["highlight {9, 14}", "unhighlight"])
    }

    @Test("moving onto another link does not highlight it, and lifting there taps neither")
    func moveToAnotherLink() {
        var s = TouchSession(label: label)
        let events = s.began(privacy, time: 0) + s.moved(terms, time: 0.1) + s.ended(terms, time: 0.2)
        #expect(events.names == ["highlight {9, 14}", "unhighlight"])
    }

    @Test("a second finger is ignored: its touches neither highlight, tap nor cancel the first")
    func secondFinger() {
        var s = TouchSession(label: label)
        var events = s.began(privacy, time: 0, touch: 0)
        events += s.began(terms, time: 0.05, touch: 1)
        events += s.moved(terms, time: 0.1, touch: 1)
        events += s.ended(terms, time: 0.15, touch: 1)
        events += s.cancelled(time: 0.16, touch: 1)
        #expect(events.names == ["highlight {9, 14}"])
        #expect(s.trackedTouch == 0)
        events = s.ended(privacy, time: 0.2, touch: 0)
        #expect(events.names == ["tap 15", "unhighlight"])
        // The second finger's time still reaches the first finger's deadline.
        var t = TouchSession(label: label)
        _ = t.began(privacy, time: 0, touch: 0)
        #expect(t.began(terms, time: 0.6, touch: 1).names == ["longPress 15", "unhighlight"])
        #expect(t.ended(terms, time: 0.7, touch: 1).isEmpty)
        // A second finger in empty space is not reported either: the label is busy.
        var u = TouchSession(label: label)
        _ = u.began(privacy, time: 0)
        #expect(u.began(Point(x: 2, y: 300), time: 0.1, touch: 7).isEmpty)
    }

    @Test("a repeated began for the finger already down is ignored")
    func repeatedBegan() {
        var s = TouchSession(label: label)
        _ = s.began(privacy, time: 0)
        #expect(s.began(terms, time: 0.1).isEmpty)
        #expect(s.ended(privacy, time: 0.2).names == ["tap 15", "unhighlight"])
    }

    @Test("a touch beginning outside every region is unhandled and then ignored, even if it slides onto a link")
    func passThrough() {
        var s = TouchSession(label: label)
        let empty = Point(x: 395, y: 10)
        var events = s.began(empty, time: 0)
        #expect(events == [TouchEvent(time: 0, kind: .unhandled(empty))])
        #expect(s.isTracking, "passed through to the container until it lifts")
        // A second finger meanwhile does not count: only the first touch does.
        #expect((s.began(terms, time: 0.05, touch: 1) + s.ended(terms, time: 0.08, touch: 1)).isEmpty)
        events = s.moved(privacy, time: 0.1) + s.ended(privacy, time: 0.2) + s.advance(to: 1)
        #expect(events.isEmpty)
        #expect(!s.isTracking)
        // The next touch works normally.
        #expect((s.began(terms, time: 2) + s.ended(terms, time: 2.1)).names == ["highlight {27, 16}", "tap 30", "unhighlight"])
    }

    @Test("cancelled: un-highlights and fires nothing; a cancel after the deadline first fires the long press")
    func cancel() {
        var s = TouchSession(label: label)
        #expect((s.began(privacy, time: 0) + s.cancelled(time: 0.2)).names == ["highlight {9, 14}", "unhighlight"])
        #expect(!s.isTracking)
        var t = TouchSession(label: label)
        #expect((t.began(privacy, time: 0) + t.cancelled(time: 0.9)).names == ["highlight {9, 14}", "longPress 15", "unhighlight"])
    }

    @Test("with long presses disabled (or an infinite duration), holding then lifting taps")
    func longPressDisabled() throws {
        var s = TouchSession(label: label, isLongPressEnabled: false)
        #expect(s.began(privacy, time: 0).count == 1)
        #expect(s.advance(to: 5).isEmpty)
        #expect(s.ended(privacy, time: 5.1).names == ["tap 15", "unhighlight"])
        let never = try label.with(settings: InteractionSettings(longPressDuration: .infinity))
        var t = TouchSession(label: never)
        _ = t.began(privacy, time: 0)
        #expect(t.advance(to: 1e9).isEmpty)
        #expect(t.ended(privacy, time: 1e9 + 1).names == ["tap 15", "unhighlight"])
    }

    @Test("custom duration and movement settings are honoured")
    func customSettings() throws {
        let custom = try label.with(settings: InteractionSettings(longPressDuration: 1.0, allowableMovement: 2))
        var s = TouchSession(label: custom)
        _ = s.began(privacy, time: 0)
        #expect(s.advance(to: 0.99).isEmpty)
        #expect(s.advance(to: 1.0).names == ["longPress 15", "unhighlight"])
        var t = TouchSession(label: custom)
        _ = t.began(privacy, time: 0)
        _ = t.moved(Point(x: privacy.x + 2.1, y: privacy.y), time: 0.1)
        #expect(t.advance(to: 2).isEmpty)
    }

    @Test("the index is the character under the finger at the event; beside the glyphs, the region's nearest character")
    func indexUnderFinger() {
        let r = label.regions[0].rects[0]
        var s = TouchSession(label: label)
        _ = s.began(label.layout.centre(ofCharacter: 9), time: 0)
        #expect(s.ended(label.layout.centre(ofCharacter: 22), time: 0.1).names == ["tap 22", "unhighlight"])
        var t = TouchSession(label: label)
        _ = t.began(label.layout.centre(ofCharacter: 21), time: 0)
        #expect(t.ended(Point(x: r.maxX + 3, y: r.midY), time: 0.1).names == ["tap 22", "unhighlight"], "clamped into the region")
        var u = TouchSession(label: label)
        _ = u.began(Point(x: r.minX - 3, y: r.midY), time: 0)
        #expect(u.advance(to: 0.5).names == ["longPress 9", "unhighlight"])
    }

    @Test("bad input is ignored: NaN or infinite points and times, time going backwards")
    func badInput() {
        var s = TouchSession(label: label)
        #expect(s.began(Point(x: .nan, y: 3), time: 0).isEmpty)
        #expect(s.began(privacy, time: .nan).isEmpty)
        #expect(s.began(privacy, time: .infinity).isEmpty)
        #expect(s.now == nil)
        #expect(!s.isTracking)
        _ = s.began(privacy, time: 1)
        #expect(s.moved(Point(x: .infinity, y: 0), time: 1.1).isEmpty)
        #expect(s.moved(Point(x: privacy.x, y: 500), time: 0.5).isEmpty, "earlier than 1: ignored")
        #expect(s.highlightedRange == SeedSentence.privacy)
        #expect(s.advance(to: 0.9).isEmpty)
        #expect(s.advance(to: -.infinity).isEmpty)
        #expect(s.ended(privacy, time: .nan).isEmpty)
        #expect(s.cancelled(time: 0).isEmpty)
        #expect(s.isTracking)
        #expect(s.now == 1)
        // Equal times are fine.
        #expect(s.ended(privacy, time: 1).names == ["tap 15", "unhighlight"])
    }

    @Test("scripted inputs give the same events as the calls")
    func scripted() {
        let inputs: [TouchInput] = [.began(privacy, time: 0), .moved(terms, time: 0.1), .moved(privacy, time: 0.2),
                                    .advance(to: 0.3), .ended(privacy, time: 0.4), .began(terms, time: 1, touch: 3),
                                    .advance(to: 1.5), .ended(terms, time: 1.6, touch: 3)]
        let events = TouchSession.events(for: inputs, on: label)
        #expect(events.names == ["highlight {9, 14}", "unhighlight", "highlight {9, 14}", "tap 15", "unhighlight",
                                 "highlight {27, 16}", "longPress 30", "unhighlight"])
    }
}

@Suite("Invariants over many touch scripts")
struct TouchSessionInvariantTests {
    @Test("random touch scripts: no crash, times never go backwards, every tap or long press follows a highlight of its region")
    func scriptInvariants() throws {
        var random = SeededRandom(state: 7)
        for label in try Fixture.invariantLabels() {
            let b = label.bounds
            for _ in 0..<300 {
                var session = TouchSession(label: label)
                var time = 0.0
                var events: [TouchEvent] = []
                for _ in 0..<12 {
                    time += random.unit() < 0.1 ? -0.05 : random.uniform(0...0.3)
                    let bad = random.unit() < 0.05
                    let p = Point(x: bad ? .nan : random.uniform(b.minX - 10...b.maxX + 10), y: random.uniform(b.minY - 10...b.maxY + 10))
                    let touch = random.unit() < 0.2 ? 1 : 0
                    switch Int(random.unit() * 5) {
                    case 0: events += session.began(p, time: time, touch: touch)
                    case 1: events += session.moved(p, time: time, touch: touch)
                    case 2: events += session.ended(p, time: time, touch: touch)
                    case 3: events += session.cancelled(time: time, touch: touch)
                    default: events += session.advance(to: time)
                    }
                }
                #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
                var highlighted: TappableRegion?
                var lastPressed: TappableRegion?
                for event in events {
                    switch event.kind {
                    case let .highlightChanged(r):
                        #expect(r != highlighted, "a change changes something")
                        highlighted = r
                        if let r { lastPressed = r }
                    case let .tap(info), let .longPress(info):
                        #expect(lastPressed == info.region)
                        #expect(info.region.range.contains(info.index))
                    case .unhandled:
                        #expect(highlighted == nil)
                    }
                }
            }
        }
    }
}
