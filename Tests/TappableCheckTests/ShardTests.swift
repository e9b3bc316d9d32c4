import Testing
import TappableCheck

@Suite("Shard: deterministic slices of a suite for a CI matrix")
struct ShardTests {
    @Test("I/N parses; anything else is an error naming the text", arguments: ["0/2", "3/2", "1/0", "a/b", "1/2/3", "1", "-1/2", "1/20000", " 1/2", "１/2"])
    func invalid(text: String) {
        #expect(throws: Shard.Invalid.self) { try Shard(parsing: text) }
    }

    @Test("shards are disjoint, cover the suite, keep its order and differ in size by at most one", arguments: 1...7)
    func partition(count: Int) throws {
        let suite = (0..<23).map { "spec-\($0)" }
        let shards = try (1...count).map { try Shard(index: $0, count: count).select(suite) }
        #expect(shards.flatMap { $0 }.sorted() == suite.sorted())
        #expect(Set(shards.flatMap { $0 }).count == suite.count)
        #expect(shards.allSatisfy { $0 == $0.sorted { suite.firstIndex(of: $0)! < suite.firstIndex(of: $1)! } })
        let sizes = shards.map(\.count)
        #expect(sizes.max()! - sizes.min()! <= 1)
    }

    @Test("the whole suite is shard 1/1; I/N prints as it parses")
    func whole() throws {
        #expect(Shard.whole.select([1, 2, 3]) == [1, 2, 3])
        #expect(try Shard(parsing: "2/4").description == "2/4")
        #expect(try Shard(parsing: "2/4").select(Array(0..<10)) == [1, 5, 9])
    }
}
