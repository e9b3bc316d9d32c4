import TappableText

/// The cluster boxes of one line in visual order, left to right, read as a collection of
/// `ClusterBox`. Boxes of a line abut (each starts where the one before it ends), so a box costs
/// one stored edge, 8 bytes: its range follows from a segment of boxes that step through the text
/// one grapheme cluster at a time (forwards in left-to-right text, backwards in right-to-left), and
/// only a segment holding a cluster of several UTF-16 units keeps each cluster's start. A layout of
/// a megabyte of text has a million boxes.
public struct ClusterBoxes: RandomAccessCollection, Sendable {
    /// Boxes that step through consecutive clusters of `location ..< location + length` in one
    /// direction, with the same flags. Plain values: reading a box retains nothing.
    struct Segment: Sendable {
        /// Index of the segment's first box in the line.
        var firstBox: Int32
        var location: Int32
        var length: Int32
        /// Where the segment's cluster starts begin in `starts`, one per box in visual order; -1
        /// while every cluster is one unit long. An ellipsis or empty box is a segment of its
        /// own, never extended.
        var startsOffset: Int32
        var isRightToLeft: Bool
        var isEllipsis: Bool

        var upperBound: Int { Int(location) + Int(length) }
    }

    /// `rightEdges[i]` is box i's right edge, and the left edge of box i + 1 (box 0 starts at 0),
    /// points from the line's origin.
    private(set) var rightEdges: [Double] = []
    /// The first segment (most lines have one: no allocation for it), then the others.
    private var firstSegment: Segment?
    private var laterSegments: [Segment] = []
    /// The cluster starts of the segments that keep them.
    private(set) var starts: [Int32] = []

    /// The segments in order.
    var segments: [Segment] { (firstSegment.map { [$0] } ?? []) + laterSegments }

    /// No boxes; the first box appended starts at x = 0.
    public init() {}

    /// Room for `count` boxes in `segmentCount` segments without growing (a layout keeps its boxes:
    /// appending alone can leave up to twice the room needed).
    public mutating func reserveCapacity(_ count: Int, segments segmentCount: Int = 1) {
        rightEdges.reserveCapacity(count)
        if segmentCount > 1 { laterSegments.reserveCapacity(segmentCount - 1) }
    }

    /// Adds a box for `characterRange`, `width` points wide (as given: a kerned cluster may be
    /// narrower than nothing), starting where the last box ends. Ranges past `Int32` are clamped as
    /// `ClusterBox` clamps them.
    public mutating func append(characterRange: TextRange, width: Double, isRightToLeft: Bool, isEllipsis: Bool) {
        let range = ClusterBox(characterRange: characterRange, minX: 0, maxX: 0, isRightToLeft: false, isEllipsis: false).characterRange
        let extended: Bool
        if isEllipsis || firstSegment == nil {
            extended = false
        } else if laterSegments.isEmpty {
            var last = firstSegment!
            extended = extend(&last, by: range, isRightToLeft)
            firstSegment = last
        } else {
            var last = laterSegments[laterSegments.count - 1]
            extended = extend(&last, by: range, isRightToLeft)
            laterSegments[laterSegments.count - 1] = last
        }
        if !extended { appendSegment(range, clusterStarts: [range.location], isRightToLeft: isRightToLeft, isEllipsis: isEllipsis) }
        appendEdge(width: width)
    }

    /// Starts a segment: the boxes appended next (`appendEdge`, one per start) are the clusters of
    /// `range` starting at `clusterStarts`, in visual order (descending in right-to-left text), or
    /// the ellipsis (one box, an empty range). What a line builder knows of each bidi run; the
    /// starts are kept only when some cluster is longer than one unit. Ranges past `Int32` are
    /// clamped as `ClusterBox` clamps them.
    mutating func appendSegment(_ range: TextRange, clusterStarts: [Int], isRightToLeft: Bool, isEllipsis: Bool) {
        let keepsStarts = !isEllipsis && clusterStarts.count != range.length
        let segment = Segment(firstBox: Int32(clamping: count), location: Int32(clamping: range.location),
                              length: Int32(clamping: Swift.max(range.length, 0)), startsOffset: keepsStarts ? Int32(clamping: starts.count) : -1,
                              isRightToLeft: isRightToLeft, isEllipsis: isEllipsis)
        if keepsStarts { starts.append(contentsOf: clusterStarts.lazy.map { Int32(clamping: $0) }) }
        if firstSegment == nil { firstSegment = segment } else { laterSegments.append(segment) }
    }

    /// Adds the next box of the current segment, `width` points wide, where the last box ends.
    mutating func appendEdge(width: Double) {
        rightEdges.append((rightEdges.last ?? 0) + width)
    }

    /// Grows `segment`, the last one, by the cluster `range` of the box about to be appended, when
    /// it comes next in the segment's direction.
    private mutating func extend(_ segment: inout Segment, by range: TextRange, _ isRightToLeft: Bool) -> Bool {
        guard !segment.isEllipsis, segment.length > 0, range.length > 0, segment.isRightToLeft == isRightToLeft else { return false }
        let follows = isRightToLeft ? range.upperBound == Int(segment.location) : range.location == segment.upperBound
        guard follows, Int(segment.length) + range.length <= Int(Int32.max) else { return false }
        if segment.startsOffset < 0, range.length > 1 {
            // The segment's first cluster longer than one unit: from here on it keeps every start.
            let upper = segment.upperBound, location = segment.location
            segment.startsOffset = Int32(clamping: starts.count)
            starts += (0..<(count - Int(segment.firstBox))).map { isRightToLeft ? Int32(upper - 1 - $0) : location + Int32($0) }
        }
        if isRightToLeft { segment.location = Int32(range.location) }
        segment.length += Int32(range.length)
        if segment.startsOffset >= 0 { starts.append(Int32(range.location)) }
        return true
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { rightEdges.count }

    /// The box at `index` (0 ..< count).
    public subscript(index: Int) -> ClusterBox {
        precondition(index >= 0 && index < count, "cluster box index out of range")
        let (segment, boxes) = self.segment(holding: index)
        let k = index - Int(segment.firstBox)
        let location: Int, length: Int
        if segment.isEllipsis || segment.length == 0 {
            // A segment of one box: the ellipsis, or an empty range.
            (location, length) = (Int(segment.location), Int(segment.length))
        } else if segment.startsOffset < 0 {
            (location, length) = (segment.isRightToLeft ? segment.upperBound - 1 - k : Int(segment.location) + k, 1)
        } else {
            // The cluster ends where the next one in logical order starts: the next box in
            // left-to-right text, the one before in right-to-left text.
            let first = Int(segment.startsOffset)
            let start = Int(starts[first + k])
            let next = segment.isRightToLeft ? k - 1 : k + 1
            let end = next >= 0 && next < boxes ? Int(starts[first + next]) : segment.upperBound
            (location, length) = (start, end - start)
        }
        return ClusterBox(location: location, length: length, minX: leftEdge(ofBox: index), maxX: rightEdges[index],
                          isRightToLeft: segment.isRightToLeft, isEllipsis: segment.isEllipsis)
    }

    /// The segment holding box `index` and how many boxes it has (binary search over the later
    /// segments' first boxes).
    private func segment(holding index: Int) -> (Segment, boxes: Int) {
        guard let first = laterSegments.first, index >= Int(first.firstBox) else {
            return (firstSegment!, (laterSegments.first.map { Int($0.firstBox) } ?? count) - Int(firstSegment!.firstBox))
        }
        var lo = 0, hi = laterSegments.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if Int(laterSegments[mid].firstBox) <= index { lo = mid } else { hi = mid - 1 }
        }
        let end = lo + 1 < laterSegments.count ? Int(laterSegments[lo + 1].firstBox) : count
        return (laterSegments[lo], end - Int(laterSegments[lo].firstBox))
    }

    /// Box `index`'s left edge: where the box before it ends, 0 for the first.
    private func leftEdge(ofBox index: Int) -> Double { index == 0 ? 0 : rightEdges[index - 1] }

    /// The index of the box containing `x` (points from the line's origin; a box holds its left
    /// edge, not its right), nil when none does or it is empty. NaN finds none.
    func index(atX x: Double) -> Int? {
        var lo = 0, hi = count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            let left = leftEdge(ofBox: mid)
            if x < left { hi = mid - 1 }
            else if x >= rightEdges[mid] { lo = mid + 1 }
            else { return rightEdges[mid] - left > 0 ? mid : nil }
        }
        return nil
    }
}
