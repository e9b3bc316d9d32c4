/// A run of text carrying one set of attributes.
public struct AttributeRun: Sendable, Hashable {
    /// UTF-16 range of the run.
    public var range: TextRange
    /// The attributes over the whole range.
    public var attributes: TextAttributes
    /// A run of `attributes` over `range`.
    public init(range: TextRange, attributes: TextAttributes) { self.range = range; self.attributes = attributes }
}

/// Errors raised when building attributed text.
public enum AttributedTextError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The range does not lie inside the text (NSRange out of bounds).
    case rangeOutOfBounds(TextRange, length: Int)
    /// `runs[index]` has a negative location or length, or ends past the text's UTF-16 length.
    case runOutOfBounds(index: Int, range: TextRange, length: Int)
    /// `runs[index]` starts before `runs[index - 1]` (`previous`): runs must be in text order.
    case runsNotSorted(index: Int, range: TextRange, previous: TextRange)
    /// `runs[index]` starts inside `runs[index - 1]` (`previous`): runs must not overlap.
    case runsOverlap(index: Int, range: TextRange, previous: TextRange)

    /// A readable message naming the range (and the run's index) at fault.
    public var description: String {
        switch self {
        case let .rangeOutOfBounds(r, length):
            return "range \(r) lies outside the text (UTF-16 length \(length))"
        case let .runOutOfBounds(index, r, length):
            return "run \(index): range \(r) lies outside the text (UTF-16 length \(length))"
        case let .runsNotSorted(index, r, previous):
            return "run \(index): range \(r) starts before the previous run's range \(previous) (runs must be in text order)"
        case let .runsOverlap(index, r, previous):
            return "run \(index): range \(r) overlaps the previous run's range \(previous) (runs must not overlap)"
        }
    }
}

/// A string with attribute runs over UTF-16 ranges (NSAttributedString semantics): the runs cover
/// the whole text without gaps, adjacent runs differ, and lookups at an index are O(log n).
public struct AttributedText: Sendable, Hashable {
    /// The text.
    public let string: String
    /// The text's UTF-16 code units; every index and range in the API counts these.
    public let utf16: [UInt16]
    /// The runs in text order; empty only for empty text.
    public private(set) var runs: [AttributeRun]

    /// Text with one set of attributes over all of it.
    public init(_ string: String, attributes: TextAttributes = TextAttributes()) {
        self.string = string
        utf16 = Array(string.utf16)
        runs = utf16.isEmpty ? [] : [AttributeRun(range: TextRange(0..<utf16.count), attributes: attributes)]
    }

    /// Text built from attribute runs in one pass, O(text + runs).
    ///
    /// `runs` must be in text order, must not overlap and must lie inside the text (UTF-16
    /// offsets, NSRange semantics); empty runs are ignored. Text no run covers gets empty
    /// attributes, and neighbours with equal attributes are coalesced, so the result has the
    /// same runs `addAttributes` would give, without its cost per call.
    /// Throws `AttributedTextError.runOutOfBounds`, `.runsNotSorted` or `.runsOverlap` naming
    /// the first run at fault.
    public init(string: String, runs: [AttributeRun]) throws {
        let utf16 = Array(string.utf16)
        let length = utf16.count
        var result: [AttributeRun] = []
        result.reserveCapacity(runs.count * 2 + 1)
        var previous: TextRange?
        var position = 0
        func push(_ range: TextRange, _ attributes: TextAttributes) {
            guard !range.isEmpty else { return }
            if let last = result.last, last.attributes == attributes {
                result[result.count - 1].range.length += range.length
            } else {
                result.append(AttributeRun(range: range, attributes: attributes))
            }
        }
        for (index, run) in runs.enumerated() {
            let r = run.range
            guard r.location >= 0, r.length >= 0, r.location <= length, r.length <= length - r.location else {
                throw AttributedTextError.runOutOfBounds(index: index, range: r, length: length)
            }
            guard !r.isEmpty else { continue }
            if let p = previous {
                if r.location < p.location { throw AttributedTextError.runsNotSorted(index: index, range: r, previous: p) }
                if r.location < p.upperBound { throw AttributedTextError.runsOverlap(index: index, range: r, previous: p) }
            }
            previous = r
            push(TextRange(position..<r.location), TextAttributes())
            push(r, run.attributes)
            position = r.upperBound
        }
        push(TextRange(position..<length), TextAttributes())
        self.string = string
        self.utf16 = utf16
        self.runs = result
    }

    /// The text's length in UTF-16 units.
    public var length: Int { utf16.count }

    /// The attributes at UTF-16 `index` and the full range of the run holding them.
    /// An index outside the text gives empty attributes and an empty range at the index.
    public func attributes(at index: Int) -> (attributes: TextAttributes, range: TextRange) {
        guard let i = runIndex(at: index) else { return (TextAttributes(), TextRange(location: index, length: 0)) }
        return (runs[i].attributes, runs[i].range)
    }

    /// The index into `runs` of the run containing UTF-16 `index` (binary search), nil outside the text.
    public func runIndex(at index: Int) -> Int? {
        guard index >= 0, index < length else { return nil }
        var lo = 0, hi = runs.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if runs[mid].range.location <= index { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The runs overlapping `range`, clipped to it, in text order.
    public func runs(in range: TextRange) -> [AttributeRun] {
        guard let first = runIndex(at: max(range.location, 0)) else { return [] }
        var result: [AttributeRun] = []
        var i = first
        while i < runs.count, runs[i].range.location < range.upperBound {
            if let clipped = runs[i].range.intersection(range) {
                result.append(AttributeRun(range: clipped, attributes: runs[i].attributes))
            }
            i += 1
        }
        return result
    }

    /// Applies `transform` to the attributes of every run overlapping `range` (split at its edges).
    /// Throws when `range` is not inside the text.
    public mutating func modifyAttributes(in range: TextRange, _ transform: (inout TextAttributes) -> Void) throws {
        guard range.location >= 0, range.length >= 0, range.upperBound <= length else {
            throw AttributedTextError.rangeOutOfBounds(range, length: length)
        }
        guard !range.isEmpty else { return }
        var updated: [AttributeRun] = []
        updated.reserveCapacity(runs.count + 2)
        for run in runs {
            guard let overlap = run.range.intersection(range) else { updated.append(run); continue }
            if run.range.location < overlap.location {
                updated.append(AttributeRun(range: TextRange(run.range.location..<overlap.location), attributes: run.attributes))
            }
            var changed = run.attributes
            transform(&changed)
            updated.append(AttributeRun(range: overlap, attributes: changed))
            if overlap.upperBound < run.range.upperBound {
                updated.append(AttributeRun(range: TextRange(overlap.upperBound..<run.range.upperBound), attributes: run.attributes))
            }
        }
        runs = Self.coalesced(updated)
    }

    /// Merges `attributes` into the range: fields they set replace the existing ones (addAttributes).
    public mutating func addAttributes(_ attributes: TextAttributes, in range: TextRange) throws {
        try modifyAttributes(in: range) { $0 = $0.merging(attributes) }
    }

    /// Replaces the attributes over the range (setAttributes).
    public mutating func setAttributes(_ attributes: TextAttributes, in range: TextRange) throws {
        try modifyAttributes(in: range) { $0 = attributes }
    }

    /// This text followed by `other`, each keeping its attributes. Costs O(both); to join many
    /// pieces, collect their runs and build once with `init(string:runs:)`.
    public func appending(_ other: AttributedText) -> AttributedText {
        var result = AttributedText(string + other.string)
        result.runs = Self.coalesced(runs + other.runs.map {
            AttributeRun(range: TextRange(location: $0.range.location + length, length: $0.range.length), attributes: $0.attributes)
        })
        return result
    }

    /// The same text with every font size multiplied by `factor` (runs without a font get
    /// `defaultFont` scaled). Used by auto-shrink.
    public func scalingFonts(by factor: Double, defaultFont: Font) -> AttributedText {
        var result = self
        result.runs = runs.map {
            var a = $0.attributes
            let font = a.font ?? defaultFont
            a.font = font.withSize(font.size * factor)
            if let k = a.kern { a.kern = k * factor }
            return AttributeRun(range: $0.range, attributes: a)
        }
        return result
    }

    /// The substring for a UTF-16 range (lone surrogates at the edges become U+FFFD).
    public func substring(_ range: TextRange) -> String {
        let lo = max(0, min(range.location, length)), hi = max(lo, min(range.upperBound, length))
        return String(decoding: utf16[lo..<hi], as: UTF16.self)
    }

    private static func coalesced(_ runs: [AttributeRun]) -> [AttributeRun] {
        var result: [AttributeRun] = []
        result.reserveCapacity(runs.count)
        for run in runs where !run.range.isEmpty {
            if let last = result.last, last.attributes == run.attributes, last.range.upperBound == run.range.location {
                result[result.count - 1].range.length += run.range.length
            } else {
                result.append(run)
            }
        }
        return result
    }
}
