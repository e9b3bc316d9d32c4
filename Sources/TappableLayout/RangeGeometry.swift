import TappableText

/// A shown grapheme cluster: its first UTF-16 index and its box (the cluster's extent on its line
/// by the line's height), in points.
public struct ClusterRect: Sendable, Hashable {
    /// UTF-16 index of the cluster's first unit.
    public var index: Int
    /// The cluster's box, in the coordinates of the layout that produced it.
    public var rect: Rect
    /// A cluster starting at `index` with box `rect`; stored as given.
    public init(index: Int, rect: Rect) { self.index = index; self.rect = rect }
}

/// Where the shown characters of one text range are, in points: what highlights fill, what tap
/// areas grow from, and which cluster a finger is on.
public struct RangeGeometry: Sendable, Hashable {
    /// One rect per line fragment and per visual piece (bidi can split a range into several
    /// pieces on one line) covering the shown characters: cluster boxes by line height, spaces
    /// hanging past a line's end and the ellipsis left out, no empty rect. Line order, then left
    /// to right.
    public var rects: [Rect]
    /// The shown clusters intersecting the range, not the ellipsis and not zero-width ones, in
    /// line order, then left to right.
    public var clusters: [ClusterRect]
    /// Geometry with these rects and clusters; stored as given.
    public init(rects: [Rect], clusters: [ClusterRect]) { self.rects = rects; self.clusters = clusters }
    /// No rect and no cluster: nothing of the range is shown.
    public static let empty = RangeGeometry(rects: [], clusters: [])

    /// The same geometry moved by (dx, dy) points.
    public func offsetBy(dx: Double, dy: Double) -> RangeGeometry {
        guard dx != 0 || dy != 0 else { return self }
        return RangeGeometry(rects: rects.map { $0.offsetBy(dx: dx, dy: dy) },
                             clusters: clusters.map { ClusterRect(index: $0.index, rect: $0.rect.offsetBy(dx: dx, dy: dy)) })
    }
}

extension TextLayout {
    /// The geometry of many ranges at once, in one pass over the lines: `result[i]` is the
    /// geometry of `ranges[i]`. Linear in the shown clusters of the lines the ranges touch (times
    /// log of the number of ranges), whatever the number of ranges: a label with thousands of
    /// links costs one walk over its boxes, not one per link.
    ///
    /// Ranges in text order that do not overlap take the fast path; any other list (unsorted,
    /// overlapping) is answered range by range, with the same results. Empty ranges and ranges
    /// with a negative length have empty geometry.
    public func geometry(of ranges: [TextRange]) -> [RangeGeometry] {
        guard !ranges.isEmpty, !lines.isEmpty else { return ranges.map { _ in .empty } }
        guard Self.areOrderedAndDisjoint(ranges) else { return ranges.map { $0.length > 0 ? geometry(of: [$0])[0] : .empty } }
        var collector = GeometryCollector(count: ranges.count)
        for (l, line) in lines.enumerated() where Self.firstRange(in: ranges, endingAfter: line.characterRange.location)
            .map({ ranges[$0].location < line.characterRange.upperBound }) ?? false {
            for (b, box) in line.boxes.enumerated() where !box.isEllipsis {
                guard var j = Self.firstRange(in: ranges, endingAfter: box.characterRange.location) else { continue }
                let isPieceOfRect = line.isWithinContent(box)
                while j < ranges.count, ranges[j].location < box.characterRange.upperBound {
                    if ranges[j].length > 0 {
                        collector.add(box: b, of: line, lineIndex: l, to: j, inRect: isPieceOfRect)
                    }
                    j += 1
                }
            }
            collector.endLine(line)
        }
        return collector.result
    }

    /// Whether every range starts at or after the end of the one before it.
    static func areOrderedAndDisjoint(_ ranges: [TextRange]) -> Bool {
        zip(ranges, ranges.dropFirst()).allSatisfy { $1.location >= $0.upperBound } && ranges.allSatisfy { $0.length >= 0 }
    }

    /// The first of `ranges` (ordered, disjoint) ending after `index`, by binary search.
    static func firstRange(in ranges: [TextRange], endingAfter index: Int) -> Int? {
        var lo = 0, hi = ranges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[mid].upperBound <= index { lo = mid + 1 } else { hi = mid }
        }
        return lo < ranges.count ? lo : nil
    }
}

/// Accumulates rects and clusters per range while the boxes of each line are walked left to right.
private struct GeometryCollector {
    private(set) var result: [RangeGeometry]
    /// Per range: the visual piece open on the current line (box indices and x extent), if any.
    private var pieces: [(lastBox: Int, minX: Double, maxX: Double)?]
    private var openOnLine: [Int] = []

    init(count: Int) {
        result = Array(repeating: .empty, count: count)
        pieces = Array(repeating: nil, count: count)
    }

    mutating func add(box b: Int, of line: LineFragment, lineIndex: Int, to range: Int, inRect: Bool) {
        let box = line.boxes[b]
        if box.width > 0 {
            result[range].clusters.append(ClusterRect(
                index: box.characterRange.location,
                rect: Rect(x: line.origin.x + box.minX, y: line.origin.y, width: box.width, height: line.height)))
        }
        guard inRect else { return }
        if let piece = pieces[range], piece.lastBox == b - 1 {
            pieces[range] = (b, piece.minX, box.maxX)
        } else {
            close(range, line)
            pieces[range] = (b, box.minX, box.maxX)
            openOnLine.append(range)
        }
    }

    mutating func endLine(_ line: LineFragment) {
        for range in openOnLine { close(range, line) }
        openOnLine.removeAll(keepingCapacity: true)
    }

    private mutating func close(_ range: Int, _ line: LineFragment) {
        guard let piece = pieces[range] else { return }
        pieces[range] = nil
        guard piece.maxX > piece.minX else { return }
        result[range].rects.append(Rect(x: line.origin.x + piece.minX, y: line.origin.y,
                                        width: piece.maxX - piece.minX, height: line.height))
    }
}
