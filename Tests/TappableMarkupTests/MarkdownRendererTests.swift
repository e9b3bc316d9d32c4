import Testing
import TappableText
@testable import TappableMarkup

@Suite("Markdown renderer: blocks as lines, list markers kept in step with the walk")
struct MarkdownRendererTests {
    @Test("ordered lists count from their start number; nested lists indent two spaces per level")
    func markers() {
        let text = AttributedText(markdown: "3. a\n4. b\n   - c\n     1) d\n5. e")
        #expect(text.string == "3. a\n4. b\n  • c\n    1. d\n5. e")
    }

    @Test("markers stop indenting after eight levels: the text grows with the input, not with its square")
    func deepNesting() {
        let depth = 2_000
        let source = (0..<depth).map { String(repeating: "  ", count: $0) + "- item" }.joined(separator: "\n")
        let text = AttributedText(markdown: source)
        let lines = text.string.split(separator: "\n")
        #expect(text.string.components(separatedBy: "item").count - 1 == depth, "every item's text is there")
        #expect(lines.count == MarkdownNesting.maximumDepth, "past 32 levels the lines continue the deepest item (MarkdownNesting)")
        #expect(lines[8] == "                • item")
        #expect(lines.allSatisfy { $0.count < 2 * 8 + 2 + 6 * depth })
        let oneLine = AttributedText(markdown: String(repeating: "- ", count: 10_000) + "x")
        #expect(oneLine.length < 10_000 * 20)
    }

    @Test("50,000 items of one ordered list are numbered in order")
    func longList() {
        let count = 50_000
        let text = AttributedText(markdown: (1...count).map { "\($0). x" }.joined(separator: "\n"))
        let lines = text.string.split(separator: "\n")
        #expect(lines.count == count)
        #expect(lines.last == "\(count). x")
    }

    @Test("links to one destination share their style; their text and link are as written")
    func sharedStyles() {
        let text = AttributedText(markdown: "[a](u) and [b](u) and [c](v)")
        #expect(links(text).map(\.1) == ["u", "u", "v"])
        #expect(text.attributes(at: 0).attributes == text.attributes(at: 6).attributes)
    }
}
