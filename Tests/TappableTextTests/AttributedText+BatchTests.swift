import Testing
import TappableTestSupport
import TappableText

@Suite("AttributedText.addAttributes(_:): many patches merged at once")
struct AttributedTextBatchTests {
    static let colours = [Color.black, .white, .link, .lightGray]

    /// A patch setting a random few fields over a random range of a text `length` long.
    static func randomPatch(_ random: inout SeededRandom, length: Int) -> AttributePatch {
        var a = TextAttributes()
        if random.next(3) == 0 { a.foregroundColor = colours[random.next(4)] }
        if random.next(3) == 0 { a.backgroundColor = colours[random.next(4)] }
        if random.next(4) == 0 { a.link = "https://example.com/\(random.next(3))" }
        if random.next(5) == 0 { a.isTappableRegion = true }
        if random.next(4) == 0 { a.kern = Double(random.next(3)) }
        if random.next(4) == 0 { a.font = Font(size: Double(10 + random.next(3))) }
        if random.next(5) == 0 { a.underline = .single }
        if random.next(5) == 0 { a.custom = ["k\(random.next(2))": "v\(random.next(3))"] }
        let location = random.next(length + 1)
        return AttributePatch(a, over: TextRange(location: location, length: random.next(length - location + 1)))
    }

    @Test("the same text as addAttributes(_:in:) patch by patch, on random overlapping patches")
    func equalsSequential() throws {
        var random = SeededRandom(state: 42)
        for round in 0..<300 {
            let length = 1 + random.next(40)
            var base = AttributedText(String(repeating: "x", count: length))
            for _ in 0..<random.next(4) {
                let p = Self.randomPatch(&random, length: length)
                try base.addAttributes(p.attributes, in: p.range)
            }
            let patches = (0..<random.next(12)).map { _ in Self.randomPatch(&random, length: length) }
            var sequential = base
            for p in patches { try sequential.addAttributes(p.attributes, in: p.range) }
            var batch = base
            try batch.addAttributes(patches)
            #expect(batch == sequential, "round \(round)")
        }
    }

    @Test("a patch outside the text is an error naming it, and the text is unchanged")
    func outOfBounds() throws {
        var text = AttributedText("abcdef")
        let before = text
        let bad = TextRange(location: 4, length: 5)
        #expect(throws: AttributedTextError.runOutOfBounds(index: 1, range: bad, length: 6)) {
            try text.addAttributes([AttributePatch(TextAttributes(link: "a"), over: TextRange(location: 0, length: 2)),
                                    AttributePatch(TextAttributes(link: "b"), over: bad)])
        }
        #expect(text == before)
    }

    @Test("nested patches, each inside the one before, merge with the innermost winning")
    func nested() throws {
        let n = 2_000
        var text = AttributedText(String(repeating: "x", count: 2 * n))
        let patches = (0..<n).map { AttributePatch(TextAttributes(link: "\($0)"), over: TextRange(location: $0, length: 2 * (n - $0))) }
        try text.addAttributes(patches)
        #expect(text.runs.count == 2 * n - 1)
        #expect(text.attributes(at: 0).attributes.link == "0")
        #expect(text.attributes(at: n - 1).attributes.link == "\(n - 1)")
        #expect(text.attributes(at: n).attributes.link == "\(n - 1)")
        #expect(text.attributes(at: 2 * n - 1).attributes.link == "0")
    }
}
