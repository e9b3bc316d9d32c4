import Testing
@testable import TappableLayout
import TappableTestSupport
import TappableText

@Suite("Cluster boxes: one edge per box, ranges from segments, read back exactly as appended")
struct ClusterBoxesTests {
    /// Boxes appended one after another, as a line is built, and the same boxes read back.
    static func appended(_ boxes: [(TextRange, width: Double, rtl: Bool, ellipsis: Bool)]) -> (ClusterBoxes, [ClusterBox]) {
        var stored = ClusterBoxes(), expected: [ClusterBox] = [], x = 0.0
        for (range, width, rtl, ellipsis) in boxes {
            stored.append(characterRange: range, width: width, isRightToLeft: rtl, isEllipsis: ellipsis)
            expected.append(ClusterBox(characterRange: range, minX: x, maxX: x + width, isRightToLeft: rtl, isEllipsis: ellipsis))
            x += width
        }
        return (stored, expected)
    }

    @Test("boxes read back as appended: clusters of several units, right-to-left runs, the ellipsis, bidi jumps")
    func boxesReadBack() {
        let r = { (location: Int, length: Int) in TextRange(location: location, length: length) }
        let (stored, expected) = Self.appended([
            (r(0, 1), 5, false, false), (r(1, 3), 7.5, false, false), (r(4, 1), 2, false, false),   // e + two marks
            (r(12, 1), 3, true, false), (r(9, 3), 4, true, false), (r(8, 1), 1, true, false),        // a right-to-left run
            (r(5, 1), 6, false, false), (r(6, 1), 6, false, false),                                  // back to left-to-right
            (r(7, 0), 9, false, true),                                                               // the ellipsis
        ])
        #expect(Array(stored) == expected)
        #expect(stored.segments.count == 4)
        #expect(stored.segments.map { $0.startsOffset < 0 } == [false, false, true, true])
    }

    @Test("400 random lines of boxes read back exactly as appended", arguments: 0..<4)
    func boxesReadBackRandom(seed: UInt64) {
        var rng = SeededRandom(state: seed)
        for _ in 0..<100 {
            var boxes: [(TextRange, width: Double, rtl: Bool, ellipsis: Bool)] = []
            var cursor = 100 + rng.next(50), rtl = false
            for _ in 0..<rng.next(40) {
                let roll = rng.next(10)
                let length = roll == 0 ? 0 : roll < 3 ? rng.next(4) + 1 : 1
                // Mostly the next cluster in the reading direction; sometimes a jump, as bidi
                // reordering makes; a kerned cluster narrower than nothing now and then.
                if rng.next(6) == 0 { cursor = 50 + rng.next(200); rtl = rng.next(3) == 0 }
                let location = rtl ? cursor - length : cursor
                cursor = rtl ? location : location + length
                let width = rng.next(30) == 0 ? -1.5 : Double(rng.next(100)) / 8
                boxes.append((TextRange(location: location, length: length), width, rtl, roll == 0))
            }
            let (stored, expected) = Self.appended(boxes)
            #expect(Array(stored) == expected)
            for x in stride(from: -2.0, through: (stored.rightEdges.last ?? 0) + 2, by: 0.37) {
                let linear = expected.firstIndex { x >= $0.minX && x < $0.maxX }
                if expected.allSatisfy({ $0.width >= 0 }) { #expect(stored.index(atX: x) == linear, "x \(x)") }
            }
        }
    }
}
