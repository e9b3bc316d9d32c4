import Testing
import TappableInteraction
import TappableLayout
import TappableText

/// A deterministic pseudo-random source (64-bit LCG), local to each test.
struct SeededRandom {
    var state: UInt64
    mutating func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }
    mutating func uniform(_ range: ClosedRange<Double>) -> Double { range.lowerBound + next() * (range.upperBound - range.lowerBound) }
}

/// Properties that hold at every point and for every touch script, checked on a grid of labels.
@Suite("Invariants over many points and scripts")
struct InvariantTests {
    static func labels() throws -> [TappableLabel] {
        [
            try Fixture.seedLabel(),
            try Fixture.label(Fixture.login, links: [Fixture.loginTerms, Fixture.loginPrivacy], width: 320, height: 90),
            try Fixture.label("Please read the Terms of Service before you continue", links: [TextRange(location: 16, length: 16)],
                              width: 200, lines: 1, mode: .truncateTail),
            try Fixture.label("اقرأ Privacy Policy الآن", links: [TextRange(location: 5, length: 14)], width: 400,
                              font: Font(family: "Noto Sans Arabic", size: 16)),
            try Fixture.label("a b c d e f g", links: (0..<7).map { TextRange(location: $0 * 2, length: 1) }, width: 60,
                              settings: InteractionSettings(minimumTapTargetSize: Size(width: 44, height: 44))),
        ]
    }

    @Test("region hit-testing: glyphs always win, misses are outside every tap area, indices lie in the region")
    func pointInvariants() throws {
        var random = SeededRandom(state: 42)
        for label in try Self.labels() {
            let b = label.bounds
            for _ in 0..<3000 {
                let p = Point(x: random.uniform(b.minX - 30...b.maxX + 30), y: random.uniform(b.minY - 30...b.maxY + 30))
                let hit = label.regionIndex(at: p)
                if let glyph = label.regions.firstIndex(where: { $0.glyphsContain(p) }) {
                    #expect(hit == glyph, "\(p)")
                }
                if let hit {
                    #expect(label.regions[hit].tapAreasContain(p), "\(p)")
                    let nearest = label.regions.indices.filter { label.regions[$0].tapAreasContain(p) }
                        .map { label.regions[$0].distance(to: p) }.min()!
                    #expect(label.regions[hit].distance(to: p) == nearest, "\(p)")
                    let target = try #require(label.regionInfo(at: p))
                    #expect(target.region == label.regions[hit])
                    #expect(label.regions[hit].range.contains(target.index))
                    if let exact = label.layout.hitTest(at: p), label.regions[hit].range.contains(exact) {
                        #expect(target.index == exact, "the character under the finger")
                    }
                } else {
                    #expect(label.layout.hitTest(at: p).map { label.regionIndex(containing: $0) == nil } ?? true, "\(p)")
                }
            }
        }
    }

    @Test("random touch scripts: no crash, times never go backwards, every tap or long press follows a highlight of its region")
    func scriptInvariants() throws {
        var random = SeededRandom(state: 7)
        for label in try Self.labels() {
            let b = label.bounds
            for _ in 0..<300 {
                var session = TouchSession(label: label)
                var time = 0.0
                var events: [TouchEvent] = []
                for _ in 0..<12 {
                    time += random.next() < 0.1 ? -0.05 : random.uniform(0...0.3)
                    let bad = random.next() < 0.05
                    let p = Point(x: bad ? .nan : random.uniform(b.minX - 10...b.maxX + 10), y: random.uniform(b.minY - 10...b.maxY + 10))
                    let touch = random.next() < 0.2 ? 1 : 0
                    switch Int(random.next() * 5) {
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
