import Testing
import TappableText

@Suite("AttributedText(string:runs:): linear construction from sorted runs")
struct RunConstructionTests {
    let link = TextAttributes(link: "https://example.com/terms")
    let bold = TextAttributes(font: Font(family: "Inter", size: 17, weight: .bold))

    @Test("gaps get empty attributes; the result matches addAttributes run for run")
    func gapsAndEquivalence() throws {
        let string = "By registering, I agree to the Terms of Service and Privacy Policy."
        let built = try AttributedText(string: string, runs: [
            AttributeRun(range: TextRange(location: 31, length: 16), attributes: link),
            AttributeRun(range: TextRange(location: 52, length: 14), attributes: bold),
        ])
        var expected = AttributedText(string)
        try expected.addAttributes(link, in: TextRange(location: 31, length: 16))
        try expected.addAttributes(bold, in: TextRange(location: 52, length: 14))
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
