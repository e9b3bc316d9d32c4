import Foundation
import Testing
@testable import TappableMarkup
import TappableText

@Suite("MarkdownNesting: over-deep line prefixes and bracket floods are bounded before cmark")
struct MarkdownNestingTests {
    func clamp(_ s: String) -> String { String(decoding: MarkdownNesting.clamped(Array(s.utf8)), as: UTF8.self) }

    @Test("ordinary Markdown is left byte for byte", arguments: [
        "- a\n  - b\n    - c\n\n> quote\n> > nested\n", "1. one\n2) two\n   10. ten\n", "[a](b) ![c](d) \\[e]", "", "\n\n", "-not a marker\n*emph*",
    ])
    func unchanged(source: String) {
        #expect(clamp(source) == source)
    }

    @Test("a line opening 100 lists keeps 32 of them; its content follows")
    func deepMarkers() {
        let line = String(repeating: "- ", count: 100) + "content"
        let clamped = clamp(line + "\nnext")
        #expect(clamped.hasPrefix(String(repeating: "- ", count: 32) + " content\nnext"))
        #expect(Markdown.attributedText(line).string.hasSuffix("content"))
    }

    @Test("indentation counts a level per two columns; quotes and numbered markers count one each")
    func depthRule() {
        #expect(clamp(String(repeating: " ", count: 62) + "- a") == String(repeating: " ", count: 62) + "- a", "exactly 32 levels")
        #expect(clamp(String(repeating: " ", count: 200) + "- a") == String(repeating: " ", count: 66) + "a")
        #expect(clamp(String(repeating: ">", count: 40) + " q") == String(repeating: ">", count: 32) + " q")
        #expect(clamp(String(repeating: "1. ", count: 40) + "x") == String(repeating: "1. ", count: 32) + " x")
    }

    @Test("in a paragraph, brackets after the 500th are written escaped; a blank line starts a new count")
    func brackets() {
        let flood = (0..<600).map { "[a](b\($0))" }.joined()
        let clamped = clamp(flood + "\n\n[c](d)")
        #expect(clamped.components(separatedBy: "\\[").count - 1 == 100)
        #expect(clamped.hasSuffix("\n\n[c](d)"), "the next paragraph's link is untouched")
        let links = Markdown.attributedText(flood + "\n\n[c](d)").runs.filter { $0.attributes.link != nil }
        #expect(links.count == 501, "500 links in the flood, then the next paragraph's")
    }

    @Test("hostile nesting parses to its text")
    func hostile() {
        let source = (1..<300).map { String(repeating: "- ", count: $0) + "a\n\n" }.joined()
        #expect(Markdown.attributedText(source).string.filter { $0 == "a" }.count == 299)
    }

    @Test("100,000 nested brackets in Markdown are literal text")
    func nestedBrackets() {
        let source = String(repeating: "[", count: 100_000) + "x" + String(repeating: "]", count: 100_000)
        let text = AttributedText(markdown: source)
        #expect(text.string == source)
    }

    @Test("100,000 nested brackets closing into a link: the brackets past a paragraph's 500th are plain, so the link opens at the 500th")
    func nestedBracketsLink() {
        let source = String(repeating: "[", count: 100_000) + "x](u)"
        let text = AttributedText(markdown: source)
        #expect(text.length == 100_000)
        #expect(linkRange(text, "u") == TextRange(location: 499, length: 99_501))
    }

    @Test("deeply nested emphasis, quotes and lists in Markdown")
    func nestedMarkdownBlocks() {
        for source in [String(repeating: "*", count: 50_000) + "x" + String(repeating: "*", count: 50_000),
                       String(repeating: "> ", count: 10_000) + "quote",
                       (0..<2_000).map { String(repeating: "  ", count: $0) + "- item" }.joined(separator: "\n")] {
            let text = AttributedText(markdown: source)
            #expect(text.length > 0)
        }
    }
}
