/// One of `count` deterministic slices of a suite, for a CI matrix: shard `index` (1-based) takes
/// the SPECs at positions `index - 1`, `index - 1 + count`, … of the suite sorted by file name, so
/// the shards are disjoint, cover the suite, and differ in size by at most one label.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// The shard's number, 1...count.
    public let index: Int
    /// How many shards the suite is split into, 1...10000.
    public let count: Int

    /// The whole suite: shard 1 of 1.
    public static let whole = Shard(checkedIndex: 1, count: 1)

    /// Why a shard cannot be made.
    public struct Invalid: Error, Sendable, Hashable, CustomStringConvertible {
        /// E.g. `shard 3/2: the index must be in 1...2`.
        public let description: String
    }

    /// The most shards a suite can be split into.
    public static let maxCount = 10_000

    /// Shard `index` of `count`.
    /// - Throws: `Invalid` unless `1 <= count <= maxCount` and `1 <= index <= count`.
    public init(index: Int, count: Int) throws(Invalid) {
        guard count >= 1, count <= Self.maxCount else {
            throw Invalid(description: "shard \(index)/\(count): the count must be in 1...\(Self.maxCount)")
        }
        guard index >= 1, index <= count else { throw Invalid(description: "shard \(index)/\(count): the index must be in 1...\(count)") }
        self.init(checkedIndex: index, count: count)
    }

    private init(checkedIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `I/N` (plain decimal whole numbers, e.g. `2/4`).
    /// - Throws: `Invalid` naming the text when it is not `I/N` or out of range.
    public init(parsing text: String) throws(Invalid) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 6 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw Invalid(description: "shard \"\(text.prefix(40))\" must be I/N with whole numbers, e.g. 2/4")
        }
        try self.init(index: index, count: count)
    }

    /// `I/N`.
    public var description: String { "\(index)/\(count)" }

    /// This shard's elements of `suite` (already in its deterministic order).
    public func select<T>(_ suite: [T]) -> [T] {
        stride(from: index - 1, to: suite.count, by: count).map { suite[$0] }
    }
}
