import CCairo
import TappableText

/// The outline of a pressed region: the rects of consecutive lines that touch (one directly below
/// the other, overlapping horizontally) joined into one shape, as a link wrapping onto the next
/// line is highlighted on iOS; other rects stay shapes of their own. Points, label coordinates.
struct HighlightShape: Equatable {
    /// The corners of the outline, clockwise from the top-left, no two consecutive ones equal.
    var corners: [Point]

    /// The shapes covering `rects` (in line order): one per run of touching rects.
    static func shapes(for rects: [Rect]) -> [HighlightShape] {
        var stacks: [[Rect]] = []
        for rect in rects where !rect.isEmpty {
            if let last = stacks.last?.last, abs(last.maxY - rect.minY) < 1e-6,
               min(last.maxX, rect.maxX) - max(last.minX, rect.minX) > 1e-6 {
                stacks[stacks.count - 1].append(rect)
            } else {
                stacks.append([rect])
            }
        }
        return stacks.map(outline)
    }

    /// The orthogonal outline of rects stacked top to bottom: down the right side, along the
    /// bottom, up the left side.
    static func outline(_ stack: [Rect]) -> HighlightShape {
        var points: [Point] = []
        for r in stack {
            points.append(Point(x: r.maxX, y: r.minY))
            points.append(Point(x: r.maxX, y: r.maxY))
        }
        for r in stack.reversed() {
            points.append(Point(x: r.minX, y: r.maxY))
            points.append(Point(x: r.minX, y: r.minY))
        }
        // Drop repeated points and points in the middle of a straight edge.
        var corners: [Point] = []
        for p in points where corners.last.map({ abs($0.x - p.x) > 1e-9 || abs($0.y - p.y) > 1e-9 }) ?? true { corners.append(p) }
        if let first = corners.first, let last = corners.last, abs(first.x - last.x) < 1e-9, abs(first.y - last.y) < 1e-9 { corners.removeLast() }
        var i = 0
        while corners.count > 4, i < corners.count {
            let a = corners[(i + corners.count - 1) % corners.count], b = corners[i], c = corners[(i + 1) % corners.count]
            if (abs(a.x - b.x) < 1e-9 && abs(b.x - c.x) < 1e-9) || (abs(a.y - b.y) < 1e-9 && abs(b.y - c.y) < 1e-9) {
                corners.remove(at: i)
            } else {
                i += 1
            }
        }
        // Start at the top-left corner of the first rect.
        if let start = corners.indices.min(by: { (corners[$0].y, corners[$0].x) < (corners[$1].y, corners[$1].x) }) {
            corners = Array(corners[start...] + corners[..<start])
        }
        return HighlightShape(corners: corners)
    }

    /// Adds the outline to the path with every corner, convex or concave, rounded by `radius`
    /// (clamped to half of each edge next to it).
    func addPath(_ cr: OpaquePointer, radius: Double) {
        let n = corners.count
        guard n >= 3 else { return }
        func length(_ a: Point, _ b: Point) -> Double { abs(a.x - b.x) + abs(a.y - b.y) }
        func toward(_ from: Point, _ to: Point, _ d: Double) -> Point {
            let l = length(from, to)
            return l > 0 ? Point(x: from.x + (to.x - from.x) * d / l, y: from.y + (to.y - from.y) * d / l) : from
        }
        let r = radius.isFinite ? max(0, radius) : 0
        cairo_new_sub_path(cr)
        for i in 0..<n {
            let prev = corners[(i + n - 1) % n], corner = corners[i], next = corners[(i + 1) % n]
            let cut = min(r, length(prev, corner) / 2, length(corner, next) / 2)
            let entry = toward(corner, prev, cut), exit = toward(corner, next, cut)
            if i == 0 { cairo_move_to(cr, entry.x, entry.y) } else { cairo_line_to(cr, entry.x, entry.y) }
            // A circular quarter arc, as a Bézier curve (0.5523 = 4/3·(√2 − 1)).
            let k = 0.5523
            let c1 = toward(entry, corner, cut * k), c2 = toward(exit, corner, cut * k)
            cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, exit.x, exit.y)
        }
        cairo_close_path(cr)
    }
}
