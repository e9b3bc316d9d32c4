/// A range of UTF-16 code units, NSRange semantics: `location` and `length` count UTF-16 units.
public struct TextRange: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Index of the first UTF-16 unit, from 0.
    public var location: Int
    /// Number of UTF-16 units.
    public var length: Int
    /// The range of `length` UTF-16 units from `location`; not checked (`range` traps if `length` is negative).
    public init(location: Int, length: Int) { self.location = location; self.length = length }
    /// The UTF-16 units of `range`.
    public init(_ range: Range<Int>) { location = range.lowerBound; length = range.count }
    /// One past the last unit.
    public var upperBound: Int { location + length }
    /// The same units as a Swift range; traps when `length` is negative.
    public var range: Range<Int> { location..<(location + length) }
    /// Whether `length` is 0.
    public var isEmpty: Bool { length == 0 }
    /// Whether UTF-16 `index` lies in the range (`location` included, `upperBound` excluded).
    public func contains(_ index: Int) -> Bool { index >= location && index < upperBound }
    /// The overlap of the two ranges, or nil when they do not overlap.
    public func intersection(_ other: TextRange) -> TextRange? {
        let lo = max(location, other.location), hi = min(upperBound, other.upperBound)
        return lo < hi ? TextRange(lo..<hi) : nil
    }
    /// "{location, length}", as NSStringFromRange.
    public var description: String { "{\(location), \(length)}" }
}

extension RandomAccessCollection where Index == Int {
    /// The index of the element whose range contains UTF-16 `index`, by binary search; the
    /// elements' ranges (read with `range`) must be sorted and must not overlap. Nil when no
    /// element's range contains the index.
    public func index(containing index: Int, range: (Element) -> TextRange) -> Int? {
        var lo = startIndex, hi = endIndex - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            let r = range(self[mid])
            if index < r.location { hi = mid - 1 } else if index >= r.upperBound { lo = mid + 1 } else { return mid }
        }
        return nil
    }
}
