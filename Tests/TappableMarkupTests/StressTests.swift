import Foundation
import Testing
import TappableText
import TappableMarkup

/// Hostile sizes and depths: each parses to the right result without overflowing the stack. How
/// the time grows with the size is a figure of `tappable-bench` (1 MB against 100 KB), not a
/// budget here: the suite runs in parallel on shared cores, where wall-clock limits fail for no bug.
@Suite("Stress: deep nesting and megabyte inputs")
struct StressTests {
    @Test("100,000 nested brackets in Markdown are literal text")
    func nestedBrackets() {
        let source = String(repeating: "[", count: 100_000) + "x" + String(repeating: "]", count: 100_000)
        let text = AttributedText(markdown: source)
        #expect(text.string == source)
    }

    @Test("100,000 nested brackets closing into a link: one link over the inner text")
    func nestedBracketsLink() {
        let source = String(repeating: "[", count: 100_000) + "x](u)"
        let text = AttributedText(markdown: source)
        #expect(text.length == 100_000)
        #expect(linkRange(text, "u") == TextRange(location: 99_999, length: 1))
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

    @Test("1 MB of Markdown with a link every line")
    func megabyteMarkdown() {
        let line = "Some *text* with a [link 👍](https://e.example/a-b?x=1) and `code`.\n"
        let source = String(repeating: line, count: 1_000_000 / line.utf8.count + 1)
        let text = AttributedText(markdown: source)
        #expect(links(text).count == 1_000_000 / line.utf8.count + 1)
    }

    @Test("10,000 nested tags give one run over the innermost text with every tag's attributes")
    func tenThousandNestedTags() throws {
        let n = 10_000
        let source = String(repeating: "<b>", count: n) + "x" + String(repeating: "</b>", count: n)
        let options = TaggedStringOptions(tags: ["b": .dynamic { _, _, existing in TextAttributes(kern: (existing.kern ?? 0) + 1) }])
        let text = try TaggedString(source).attributedText(with: options)
        #expect(text.string == "x")
        #expect(text.runs[0].attributes.kern == Double(n))
    }

    @Test("100,000 nested tags: balanced ones parse, an unclosed one is a clear error")
    func hundredThousandNestedTags() throws {
        let n = 100_000
        let open = String(repeating: "<i>", count: n)
        let text = try TaggedString(open + "x" + String(repeating: "</i>", count: n)).attributedText(with: .standard())
        #expect(text.string == "x")
        let error = taggedError(open + "x" + String(repeating: "</i>", count: n - 1))
        #expect(error?.description == "line 1, column 1: <i> is never closed")
        let late = taggedError(open + "x" + String(repeating: "</i>", count: n - 1) + "</b>")
        #expect(late?.description == "line 1, column \(3 * n + 2 + 4 * (n - 1)): closing tag </b> does not match <i>")
    }

    @Test("1 MB of tagged text with 50,000 links")
    func megabyteTagged() throws {
        let unit = "Read the <a href='https://e.example/?q=1&amp;r=2'>terms &amp; rules</a> now. "
        let count = 1_000_000 / unit.utf8.count + 1
        let source = String(repeating: unit, count: count)
        let text = try TaggedString(source).attributedText(with: .standard())
        #expect(links(text).count == count)
        #expect(links(text).allSatisfy { $0 == ("terms & rules", "https://e.example/?q=1&r=2") })
    }

    @Test("1 MB of plain text without tags is one run")
    func megabytePlain() throws {
        let source = String(repeating: "plain words, ", count: 80_000)
        let text = try TaggedString(source).attributedText()
        #expect(text.runs.count == 1)
        #expect(text.length == source.utf16.count)
    }
}
