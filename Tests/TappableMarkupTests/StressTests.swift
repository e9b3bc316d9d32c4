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

    @Test("1 MB of Markdown with a link every line")
    func megabyteMarkdown() {
        let line = "Some *text* with a [link 👍](https://e.example/a-b?x=1) and `code`.\n"
        let source = String(repeating: line, count: 1_000_000 / line.utf8.count + 1)
        let text = AttributedText(markdown: source)
        #expect(links(text).count == 1_000_000 / line.utf8.count + 1)
    }

    @Test("100,000 tildes, single and double tilde runs and escaped tildes: text or strikethrough, each run once")
    func hostileTildes() {
        let n = 100_000
        let run = AttributedText(markdown: "a " + String(repeating: "~", count: n))
        #expect(run.length == n + 2)
        #expect(struck(run).isEmpty)
        let pairs = AttributedText(markdown: String(repeating: "~~a~~ ", count: n / 6))
        #expect(struck(pairs).count == n / 6)
        // Closers that can never pair (the nearest opener has the other length) are each looked at once.
        let closers = AttributedText(markdown: "~~x" + String(repeating: " y~", count: n / 3))
        #expect(struck(closers).isEmpty)
        let escaped = AttributedText(markdown: String(repeating: "\\~\\~a ", count: n / 5))
        #expect(struck(escaped).isEmpty)
    }

    @Test("100,000 www. fragments, underscore chains, @ chains and ) runs: every candidate is scanned once")
    func hostileAutolinks() {
        let n = 100_000
        // "www." alone is a link to "www" in cmark-gfm (the dot is trailing punctuation), but not
        // at the very end of the paragraph, whose last byte its domain check never reaches.
        #expect(links(AttributedText(markdown: String(repeating: "www. ", count: n / 5))).count == n / 5 - 1)
        // Each candidate's domain runs to the end and ends on an underscore label, but the last.
        #expect(links(AttributedText(markdown: String(repeating: "_www.", count: n / 5) + " x")).map(\.0) == ["www"])
        #expect(links(AttributedText(markdown: String(repeating: "a@", count: n / 2))).isEmpty)
        let parens = AttributedText(markdown: "www.x.example/" + String(repeating: ")", count: n))
        #expect(links(parens).map(\.0) == ["www.x.example/"])
        let entities = AttributedText(markdown: "www.x.example/" + String(repeating: "&a;", count: n / 3))
        #expect(links(entities).map(\.0) == ["www.x.example/"])
    }

    @Test("100,000 open brackets before autolinks and strikethrough inside 25,000 nested emphases")
    func hostileNesting() {
        let brackets = AttributedText(markdown: String(repeating: "[", count: 100_000) + " www.x.example ~~a~~")
        #expect(links(brackets).isEmpty)
        #expect(struck(brackets) == ["a"])
        let emphasis = AttributedText(markdown: String(repeating: "*", count: 50_000) + "~~x~~" + String(repeating: "*", count: 50_000))
        #expect(struck(emphasis) == ["x"])
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
