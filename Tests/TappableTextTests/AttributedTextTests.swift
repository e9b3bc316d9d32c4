import Testing
import TappableText

@Suite("AttributedText: UTF-16 attribute runs with NSRange semantics")
struct AttributedTextTests {
    @Test("ranges count UTF-16 units, so an emoji before a link takes two or more")
    func utf16Ranges() throws {
        var text = AttributedText("👩‍👩‍👧 Privacy")
        #expect(text.length == 8 + 1 + 7)
        try text.addAttributes(TextAttributes(link: "https://example.com/privacy"), in: TextRange(location: 9, length: 7))
        #expect(text.attributes(at: 8).attributes.link == nil)
        #expect(text.attributes(at: 9).attributes.link == "https://example.com/privacy")
        #expect(text.attributes(at: 15).range == TextRange(location: 9, length: 7))
        #expect(text.substring(TextRange(location: 9, length: 7)) == "Privacy")
    }

    @Test("adding attributes splits runs and coalesces equal neighbours")
    func splitAndCoalesce() throws {
        var text = AttributedText("abcdefghij")
        try text.addAttributes(TextAttributes(foregroundColor: .white), in: TextRange(location: 2, length: 3))
        #expect(text.runs.map(\.range) == [TextRange(location: 0, length: 2), TextRange(location: 2, length: 3), TextRange(location: 5, length: 5)])
        try text.setAttributes(TextAttributes(), in: TextRange(location: 2, length: 3))
        #expect(text.runs.count == 1)
    }

    @Test("lookups find the run by binary search at every index")
    func lookupEveryIndex() throws {
        var text = AttributedText(String(repeating: "x", count: 100))
        for i in stride(from: 0, to: 100, by: 10) {
            try text.addAttributes(TextAttributes(kern: Double(i)), in: TextRange(location: i, length: 10))
        }
        for i in 0..<100 { #expect(text.attributes(at: i).attributes.kern == Double(i / 10 * 10)) }
        #expect(text.attributes(at: 100).range.isEmpty)
        #expect(text.attributes(at: -1).range.isEmpty)
    }

    @Test("a range outside the text is an error naming the range, never a crash")
    func outOfBounds() {
        var text = AttributedText("short")
        #expect(throws: AttributedTextError.rangeOutOfBounds(TextRange(location: 3, length: 5), length: 5)) {
            try text.addAttributes(TextAttributes(link: "x"), in: TextRange(location: 3, length: 5))
        }
    }

    @Test("colours parse #rgb, #rrggbb and #rrggbbaa, and reject anything else")
    func colours() {
        #expect(Color(hex: "#fff") == .white)
        #expect(Color(hex: "#007aff")?.hexString == "#007aff")
        #expect(Color(hex: "#00000080")?.alpha == 128.0 / 255.0)
        #expect(Color(hex: "007aff") == nil)
        #expect(Color(hex: "#12345") == nil)
        #expect(Color(hex: "#gggggg") == nil)
        #expect(Color(hex: "#ｆｆｆ") == nil, "full-width digits are not hex digits")
    }
}

@Suite("Binary search over sorted ranges")
struct RangeSearchTests {
    @Test("finds the range holding an index, nil in gaps and outside")
    func search() {
        let ranges = [TextRange(location: 0, length: 3), TextRange(location: 5, length: 2), TextRange(location: 7, length: 1)]
        let found = (-1...9).map { i in ranges.index(containing: i) { $0 } }
        #expect(found == [nil, 0, 0, 0, nil, nil, 1, 1, 2, nil, nil])
        #expect([TextRange]().index(containing: 0) { $0 } == nil)
    }
}
