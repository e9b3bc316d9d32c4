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
}
