import TappableText

/// The cluster boxes of one line in visual order, left to right, read as a collection of
/// `ClusterBox`. Boxes of a line abut (each starts where the one before it ends), so a box costs
/// one stored edge, 8 bytes: its range follows from a segment of boxes that step through the text
/// one grapheme cluster at a time (forwards in left-to-right text, backwards in right-to-left), and
/// only a segment holding a cluster of several UTF-16 units keeps each cluster's start. A layout of
/// a megabyte of text has a million boxes.
public struct ClusterBoxes: RandomAccessCollection, Sendable {
    /// Boxes that step through consecutive clusters of `location ..< location + length` in one
    /// direction, with the same flags.
    struct Segment: Sendable {
        /// Index of the segment's first box in the line.
        var firstBox: Int
        var location: Int32
        var length: Int32
        var isRightToLeft: Bool
        var isEllipsis: Bool
        /// Each box's first unit, in visual order; empty while every cluster is one unit long. An
        /// ellipsis or empty box is a segment of its own, never extended.
        var starts: [Int32]

        var upperBound: Int { Int(location) + Int(length) }
    }

    /// `edges[i]` is box i's left edge and `edges[i + 1]` its right edge, points from the line's origin.
    private(set) var edges: [Double] = [0]
    private(set) var segments: [Segment] = []

    /// No boxes; the first box appended starts at x = 0.
    public init() {}

    /// Room for `count` boxes without growing (a layout keeps its boxes: appending alone can leave
    /// up to twice the room needed).
    public mutating func reserveCapacity(_ count: Int) { edges.reserveCapacity(count + 1) }

    /// Adds a box for `characterRange`, `width` points wide (as given: a kerned cluster may be
    /// narrower than nothing), starting where the last box ends. Ranges past `Int32` are clamped as
    /// `ClusterBox` clamps them.
    public mutating func append(characterRange: TextRange, width: Double, isRightToLeft: Bool, isEllipsis: Bool) {
        let range = ClusterBox(characterRange: characterRange, minX: 0, maxX: 0, isRightToLeft: false, isEllipsis: false).characterRange
        edges.append(edges[edges.count - 1] + width)
        if !isEllipsis, let last = segments.indices.last, extend(&segments[last], with: range, isRightToLeft) { return }
        segments.append(Segment(firstBox: count - 1, location: Int32(range.location), length: Int32(range.length),
                                isRightToLeft: isRightToLeft, isEllipsis: isEllipsis,
                                starts: !isEllipsis && range.length > 1 ? [Int32(range.location)] : []))
    }

    /// Grows `segment` by the cluster `range`, the last box appended, when it comes next in the
    /// segment's direction.
    private func extend(_ segment: inout Segment, with range: TextRange, _ isRightToLeft: Bool) -> Bool {
        guard !segment.isEllipsis, segment.length > 0, range.length > 0, segment.isRightToLeft == isRightToLeft else { return false }
        let follows = isRightToLeft ? range.upperBound == Int(segment.location) : range.location == segment.upperBound
        guard follows, Int(segment.length) + range.length <= Int(Int32.max) else { return false }
        if segment.starts.isEmpty, range.length > 1 {
            // The segment's first cluster longer than one unit: from here on it keeps every start.
            let boxes = count - 1 - segment.firstBox
            segment.starts = (0..<boxes).map { isRightToLeft ? Int32(segment.upperBound - 1 - $0) : segment.location + Int32($0) }
        }
        if isRightToLeft { segment.location = Int32(range.location) }
        segment.length += Int32(range.length)
        if !segment.starts.isEmpty { segment.starts.append(Int32(range.location)) }
        return true
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { edges.count - 1 }

    /// The box at `index` (0 ..< count).
    public subscript(index: Int) -> ClusterBox {
        precondition(index >= 0 && index < count, "cluster box index out of range")
        let segment = segments[segmentIndex(ofBox: index)]
        let k = index - segment.firstBox
        var range: TextRange
        if segment.isEllipsis || segment.length == 0 {
            // A segment of one box: the ellipsis, or an empty range.
            range = TextRange(location: Int(segment.location), length: Int(segment.length))
        } else if segment.starts.isEmpty {
            range = TextRange(location: segment.isRightToLeft ? segment.upperBound - 1 - k : Int(segment.location) + k, length: 1)
        } else {
            // The cluster ends where the next one in logical order starts: the next box in
            // left-to-right text, the one before in right-to-left text.
            let start = Int(segment.starts[k])
            let next = segment.isRightToLeft ? k - 1 : k + 1
            let end = next >= 0 && next < segment.starts.count ? Int(segment.starts[next]) : segment.upperBound
            range = TextRange(location: start, length: end - start)
        }
        return ClusterBox(characterRange: range, minX: edges[index], maxX: edges[index + 1],
                          isRightToLeft: segment.isRightToLeft, isEllipsis: segment.isEllipsis)
    }

    /// The segment holding box `index` (binary search over their first boxes).
    private func segmentIndex(ofBox index: Int) -> Int {
        var lo = 0, hi = segments.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if segments[mid].firstBox <= index { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The index of the box containing `x` (points from the line's origin; a box holds its left
    /// edge, not its right), nil when none does or it is empty. NaN finds none.
    func index(atX x: Double) -> Int? {
        var lo = 0, hi = count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if x < edges[mid] { hi = mid - 1 }
            else if x >= edges[mid + 1] { lo = mid + 1 }
            else { return edges[mid + 1] - edges[mid] > 0 ? mid : nil }
        }
        return nil
    }
}
