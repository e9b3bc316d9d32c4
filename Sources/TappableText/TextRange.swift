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
