/// A range of UTF-16 code units, NSRange semantics: `location` and `length` count UTF-16 units.
public struct TextRange: Sendable, Hashable, Codable, CustomStringConvertible {
    public var location: Int
    public var length: Int
    public init(location: Int, length: Int) { self.location = location; self.length = length }
    public init(_ range: Range<Int>) { location = range.lowerBound; length = range.count }
    /// One past the last unit.
    public var upperBound: Int { location + length }
    public var range: Range<Int> { location..<(location + length) }
    public var isEmpty: Bool { length == 0 }
    public func contains(_ index: Int) -> Bool { index >= location && index < upperBound }
    /// The overlap of the two ranges, or nil when they do not overlap.
    public func intersection(_ other: TextRange) -> TextRange? {
        let lo = max(location, other.location), hi = min(upperBound, other.upperBound)
        return lo < hi ? TextRange(lo..<hi) : nil
    }
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
