import Testing
import TappableInteraction
import TappableLayout
import TappableText

/// A text of `count` one-letter links, each its own paragraph, with a short name for the test list.
struct ManyRegions: CustomTestStringConvertible, Sendable {
    var count: Int
    var testDescription: String { "\(count) regions" }

    /// "a\n" repeated, each "a" a link (neighbouring links differ, so none merge).
    func text() throws -> AttributedText {
        let runs = (0..<count).map { AttributeRun(range: TextRange(location: 2 * $0, length: 1), attributes: TextAttributes(link: $0 % 2 == 0 ? "x" : "y")) }
        return try AttributedText(string: String(repeating: "a\n", count: count), runs: runs)
    }
}

@Suite("TappableLabel limits")
struct TappableLabelTests {
    @Test("a text with 100,000 regions makes a label; 100,001 is an error naming the count and the limit, before layout")
    func regionLimit() throws {
        let limit = TappableLabel.maximumRegionCount
        #expect(limit == 100_000)
        // One line shown: laying out stops at the first paragraph.
        let properties = LabelProperties(font: Fixture.font(), numberOfLines: 1)
        let label = try TappableLabel(text: try ManyRegions(count: limit).text(), width: 100, properties: properties)
        #expect(label.regions.count == 1, "only shown regions are regions")
        let error = #expect(throws: TappableLabelError.tooManyRegions(count: limit + 1, limit: limit)) {
            try TappableLabel(text: try ManyRegions(count: limit + 1).text(), width: 100, properties: properties)
        }
        #expect(error?.description == "the text has 100001 tappable regions (links and tappable runs), more than the 100000 a label takes")
    }
}
