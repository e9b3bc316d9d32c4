/// Attributes to merge into a range of a text, one entry of `AttributedText.addAttributes(_:)`.
public struct AttributePatch: Sendable, Hashable {
    /// The fields to set; fields left nil (or false, or empty) leave the text's own.
    public var attributes: TextAttributes
    /// The UTF-16 range they go over.
    public var range: TextRange
    /// `attributes` over `range`; stored as given (checked when applied).
    public init(_ attributes: TextAttributes, over range: TextRange) { self.attributes = attributes; self.range = range }
}

extension AttributedText {
    /// Merges many attribute sets into the text at once, with the result of calling
    /// `addAttributes(_:in:)` for each in order: where sets overlap, the later one wins every field
    /// it sets, `isTappableRegion` is set where any set sets it, and `custom` merges key by key.
    ///
    /// Cost: sorting the boundaries, then one pass per field over the segments between them —
    /// O((runs + patches) log(runs + patches)) whatever the overlaps, where calling
    /// `addAttributes(_:in:)` per patch rewrites every run each time (quadratic).
    /// Throws `AttributedTextError.runOutOfBounds` naming the first patch whose range has a
    /// negative location or length or ends past the text; the text is then unchanged.
    public mutating func addAttributes(_ patches: [AttributePatch]) throws {
        for (index, patch) in patches.enumerated() {
            let r = patch.range
            guard r.location >= 0, r.length >= 0, r.location <= length, r.length <= length - r.location else {
                throw AttributedTextError.runOutOfBounds(index: index, range: r, length: length)
            }
        }
        let live = patches.filter { !$0.range.isEmpty }
        guard !live.isEmpty else { return }

        // Segments between every run and patch boundary; each patch covers whole segments.
        var cuts = runs.map(\.range.location) + live.flatMap { [$0.range.location, $0.range.upperBound] }
        cuts.append(length)
        cuts.sort()
        var bounds: [Int] = []
        bounds.reserveCapacity(cuts.count)
        for c in cuts where bounds.last != c { bounds.append(c) }
        let segmentCount = bounds.count - 1
        func segment(startingAt location: Int) -> Int {
            var lo = 0, hi = bounds.count - 1
            while lo < hi { let mid = (lo + hi) / 2; if bounds[mid] < location { lo = mid + 1 } else { hi = mid } }
            return lo
        }
        let spans = live.map { segment(startingAt: $0.range.location)..<segment(startingAt: $0.range.upperBound) }

        // The text's own attributes per segment.
        var merged: [TextAttributes] = []
        merged.reserveCapacity(segmentCount)
        var run = 0
        for k in 0..<segmentCount {
            while runs[run].range.upperBound <= bounds[k] { run += 1 }
            merged.append(runs[run].attributes)
        }

        // Field by field, the last patch setting it wins: fill segments from the last patch back,
        // skipping those already filled.
        func fill<Value>(_ field: WritableKeyPath<TextAttributes, Value?>) {
            var filler = SegmentFiller(count: segmentCount)
            for (patch, span) in zip(live, spans).reversed() {
                guard let value = patch.attributes[keyPath: field] else { continue }
                filler.fill(span) { merged[$0][keyPath: field] = value }
            }
        }
        fill(\.font); fill(\.foregroundColor); fill(\.backgroundColor); fill(\.underline); fill(\.strikethrough)
        fill(\.kern); fill(\.baselineOffset); fill(\.link); fill(\.highlightedForegroundColor)
        fill(\.highlightedBackgroundColor); fill(\.paragraphStyle)

        var flagged = [Int](repeating: 0, count: segmentCount + 1)
        for (patch, span) in zip(live, spans) where patch.attributes.isTappableRegion {
            flagged[span.lowerBound] += 1; flagged[span.upperBound] -= 1
        }
        var depth = 0
        for k in 0..<segmentCount {
            depth += flagged[k]
            if depth > 0 { merged[k].isTappableRegion = true }
        }

        let keys = Set(live.flatMap(\.attributes.custom.keys))
        for key in keys.sorted() {
            var filler = SegmentFiller(count: segmentCount)
            for (patch, span) in zip(live, spans).reversed() {
                guard let value = patch.attributes.custom[key] else { continue }
                filler.fill(span) { merged[$0].custom[key] = value }
            }
        }

        let newRuns = (0..<segmentCount).map { AttributeRun(range: TextRange(bounds[$0]..<bounds[$0 + 1]), attributes: merged[$0]) }
        self = try AttributedText(string: string, runs: newRuns)
    }
}

/// Visits each segment of a span at most once over all calls: a union-find of "next segment not
/// yet filled", so filling from the last patch back costs near-linear time in all.
private struct SegmentFiller {
    private var next: [Int]

    init(count: Int) { next = Array(0...count) }

    private mutating func find(_ k: Int) -> Int {
        var root = k
        while next[root] != root { root = next[root] }
        var k = k
        while next[k] != root { let up = next[k]; next[k] = root; k = up }
        return root
    }

    /// Calls `body` for every segment of `span` not filled by an earlier call, and marks them filled.
    mutating func fill(_ span: Range<Int>, _ body: (Int) -> Void) {
        var k = find(span.lowerBound)
        while k < span.upperBound {
            body(k)
            next[k] = k + 1
            k = find(k + 1)
        }
    }
}
