import Testing
import TappableTestSupport
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

@Suite("AttributedText(string:runs:): linear construction from sorted runs")
struct RunConstructionTests {
    let link = TextAttributes(link: "https://example.com/terms")
    let bold = TextAttributes(font: Font(family: "Inter", size: 17, weight: .bold))

    @Test("gaps get empty attributes; the result matches addAttributes run for run")
    func gapsAndEquivalence() throws {
        let string = LoginSentence.text
        let built = try AttributedText(string: string, runs: [
            AttributeRun(range: LoginSentence.terms, attributes: link),
            AttributeRun(range: LoginSentence.privacy, attributes: bold),
        ])
        var expected = AttributedText(string)
        try expected.addAttributes(link, in: LoginSentence.terms)
        try expected.addAttributes(bold, in: LoginSentence.privacy)
        #expect(built == expected)
        #expect(built.runs.map(\.range) == [TextRange(location: 0, length: 31), TextRange(location: 31, length: 16),
                                            TextRange(location: 47, length: 5), TextRange(location: 52, length: 14),
                                            TextRange(location: 66, length: 1)])
        #expect(built.runs[0].attributes == TextAttributes())
    }

    @Test("equal neighbours coalesce, including a run equal to the empty attributes of a gap")
    func coalescing() throws {
        let text = try AttributedText(string: "abcdefghij", runs: [
            AttributeRun(range: TextRange(location: 0, length: 2), attributes: link),
            AttributeRun(range: TextRange(location: 2, length: 3), attributes: link),
            AttributeRun(range: TextRange(location: 6, length: 2), attributes: TextAttributes()),
        ])
        #expect(text.runs == [AttributeRun(range: TextRange(location: 0, length: 5), attributes: link),
                              AttributeRun(range: TextRange(location: 5, length: 5), attributes: TextAttributes())])
    }

    @Test("no runs gives one run of empty attributes; empty text gives none; empty runs are ignored")
    func degenerate() throws {
        #expect(try AttributedText(string: "abc", runs: []).runs == [AttributeRun(range: TextRange(location: 0, length: 3), attributes: TextAttributes())])
        #expect(try AttributedText(string: "", runs: []).runs.isEmpty)
        #expect(try AttributedText(string: "", runs: [AttributeRun(range: TextRange(location: 0, length: 0), attributes: link)]).runs.isEmpty)
        let text = try AttributedText(string: "abc", runs: [
            AttributeRun(range: TextRange(location: 1, length: 2), attributes: link),
            AttributeRun(range: TextRange(location: 0, length: 0), attributes: bold),
        ])
        #expect(text.runs.count == 2)
    }

    @Test("ranges count UTF-16 units: an emoji takes two, and a run may end at the very end")
    func utf16() throws {
        let text = try AttributedText(string: "😀 hi", runs: [AttributeRun(range: TextRange(location: 3, length: 2), attributes: link)])
        #expect(text.length == 5)
        #expect(text.attributes(at: 2).attributes.link == nil)
        #expect(text.attributes(at: 4).attributes.link == link.link)
        #expect(throws: AttributedTextError.runOutOfBounds(index: 0, range: TextRange(location: 3, length: 3), length: 5)) {
            try AttributedText(string: "😀 hi", runs: [AttributeRun(range: TextRange(location: 3, length: 3), attributes: link)])
        }
    }

    @Test("runs out of order, overlapping, negative or past the end are errors naming the run")
    func errors() {
        let a = AttributeRun(range: TextRange(location: 4, length: 3), attributes: link)
        let b = AttributeRun(range: TextRange(location: 1, length: 2), attributes: bold)
        let c = AttributeRun(range: TextRange(location: 5, length: 2), attributes: bold)
        #expect(throws: AttributedTextError.runsNotSorted(index: 1, range: b.range, previous: a.range)) {
            try AttributedText(string: "abcdefghij", runs: [a, b])
        }
        #expect(throws: AttributedTextError.runsOverlap(index: 1, range: c.range, previous: a.range)) {
            try AttributedText(string: "abcdefghij", runs: [a, c])
        }
        for bad in [TextRange(location: -1, length: 2), TextRange(location: 2, length: -1), TextRange(location: 9, length: 2),
                    TextRange(location: 11, length: 0), TextRange(location: 1, length: Int.max)] {
            #expect(throws: AttributedTextError.runOutOfBounds(index: 0, range: bad, length: 10)) {
                try AttributedText(string: "abcdefghij", runs: [AttributeRun(range: bad, attributes: link)])
            }
        }
        let message = AttributedTextError.runsOverlap(index: 1, range: c.range, previous: a.range).description
        #expect(message == "run 1: range {5, 2} overlaps the previous run's range {4, 3} (runs must not overlap)")
    }

    @Test("a million one-unit runs build in one pass")
    func manyRuns() throws {
        let n = 1_000_000
        let string = String(repeating: "x", count: n)
        let styles = [link, bold]
        let runs = (0..<n).map { AttributeRun(range: TextRange(location: $0, length: 1), attributes: styles[$0 % 2]) }
        let text = try AttributedText(string: string, runs: runs)
        #expect(text.runs.count == n)
        #expect(text.attributes(at: n - 1).attributes == bold)
    }
}
