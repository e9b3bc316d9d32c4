import Foundation
import Testing
@testable import TappableMarkup
import TappableText

/// The runs of `text` that carry a link, as (substring, destination) pairs in text order.
func links(_ text: AttributedText) -> [(String, String)] {
    text.runs.compactMap { run in run.attributes.link.map { (text.substring(run.range), $0) } }
}

/// The range of the first run carrying `link`.
func linkRange(_ text: AttributedText, _ link: String) -> TextRange? {
    text.runs.first { $0.attributes.link == link }?.range
}

@Suite("Markdown: CommonMark and GitHub inlines become attributes, blocks degrade to lines of text")
struct MarkdownTests {
    let base = Font.system

    @Test("acceptance: punctuation in the link text and -, %, &, ?, # in the destination give one exact link")
    func punctuationLink() {
        let text = AttributedText(markdown: "[Terms & Conditions (2026)](https://example.com/a-b?x=1&y=%20#top)")
        #expect(text.string == "Terms & Conditions (2026)")
        #expect(text.runs.count == 1)
        #expect(text.runs[0].range == TextRange(location: 0, length: 25))
        #expect(text.runs[0].attributes.link == "https://example.com/a-b?x=1&y=%20#top")
    }

    @Test("acceptance: a link after a family emoji starts at the emoji's UTF-16 length plus the space")
    func linkAfterEmoji() {
        let text = AttributedText(markdown: "👩‍👩‍👧 [Privacy](https://p.example)")
        #expect(text.string == "👩‍👩‍👧 Privacy")
        // 👩 ZWJ 👩 ZWJ 👧 = 2 + 1 + 2 + 1 + 2 UTF-16 units, then the space.
        #expect(linkRange(text, "https://p.example") == TextRange(location: 9, length: 7))
        #expect(text.substring(TextRange(location: 9, length: 7)) == "Privacy")
        #expect(text.attributes(at: 8).attributes.link == nil)
    }

    @Test("combining marks before a link count one unit each")
    func combiningMarks() {
        let text = AttributedText(markdown: "e\u{301}e\u{301} [x](u)")
        #expect(linkRange(text, "u") == TextRange(location: 5, length: 1))
    }

    @Test("inline links keep their title in custom[\"title\"] and get the link style")
    func linkTitle() {
        let text = AttributedText(markdown: #"see [docs](https://d.example/x "The docs") now"#)
        #expect(text.string == "see docs now")
        let (attributes, range) = text.attributes(at: 4)
        #expect(range == TextRange(location: 4, length: 4))
        #expect(attributes.link == "https://d.example/x")
        #expect(attributes.custom["title"] == "The docs")
        #expect(attributes.foregroundColor == .link)
        #expect(attributes.underline == .single)
        #expect(attributes.font == base)
        #expect(text.attributes(at: 0).attributes == TextAttributes(font: base))
    }

    @Test("the link style is configurable and merged over the link text's attributes")
    func customLinkStyle() {
        var options = MarkdownOptions()
        options.linkAttributes = TextAttributes(foregroundColor: Color(red: 1, green: 0, blue: 0), link: "ignored")
        let text = AttributedText(markdown: "**[a](u)**", options: options)
        let a = text.runs[0].attributes
        #expect(a.link == "u")
        #expect(a.foregroundColor == Color(red: 1, green: 0, blue: 0))
        #expect(a.underline == nil)
        #expect(a.font == base.withWeight(.bold))
    }

    @Test("reference links resolve to their definition's destination and title")
    func referenceLinks() {
        let text = AttributedText(markdown: """
            Read [the guide][g] and [g].

            [g]: https://g.example/path?q=1 'Guide'
            """)
        #expect(text.string == "Read the guide and g.")
        #expect(links(text).map(\.0) == ["the guide", "g"])
        #expect(links(text).allSatisfy { $0.1 == "https://g.example/path?q=1" })
        #expect(text.attributes(at: 5).attributes.custom["title"] == "Guide")
    }

    @Test("autolinks: <…>, www. and bare URLs through the GFM extension, e-mail as mailto:")
    func autolinks() {
        let text = AttributedText(markdown: "a <https://x.example/a_(b)> b www.w.example c https://h.example/p?q=1 d <me@m.example>")
        #expect(links(text).map(\.0) == ["https://x.example/a_(b)", "www.w.example", "https://h.example/p?q=1", "me@m.example"])
        #expect(links(text).map(\.1) == ["https://x.example/a_(b)", "http://www.w.example", "https://h.example/p?q=1", "mailto:me@m.example"])
    }

    @Test("destinations with parentheses and angle brackets")
    func parenthesesInDestination() {
        let text = AttributedText(markdown: "[w](https://en.example/wiki/Foo_(bar)) [s](<https://a.example/with space>)")
        #expect(links(text).map(\.1) == ["https://en.example/wiki/Foo_(bar)", "https://a.example/with space"])
    }

    @Test("link text may hold brackets, emoji and any punctuation")
    func anyLinkText() {
        let text = AttributedText(markdown: #"[[1] 🎉 "quotes", commas; and (parens)!](https://e.example)"#)
        #expect(text.string == #"[1] 🎉 "quotes", commas; and (parens)!"#)
        #expect(text.runs.count == 1)
        #expect(text.runs[0].attributes.link == "https://e.example")
    }

    @Test("emphasis is the italic face, strong weight 700, both together bold italic")
    func emphasis() {
        let text = AttributedText(markdown: "a *b* **c** ***d***")
        #expect(text.string == "a b c d")
        #expect(text.attributes(at: 2).attributes.font == base.withItalic(true))
        #expect(text.attributes(at: 4).attributes.font == base.withWeight(Font.Weight(700)))
        #expect(text.attributes(at: 6).attributes.font == base.withWeight(.bold).withItalic(true))
        #expect(text.attributes(at: 1).attributes.font == base)
    }

    @Test("code spans use DejaVu Sans Mono at the surrounding size; markup inside is literal")
    func codeSpan() {
        var options = MarkdownOptions()
        options.baseAttributes = TextAttributes(font: Font(family: "Inter", size: 12))
        let text = AttributedText(markdown: "run `*make*` now", options: options)
        #expect(text.string == "run *make* now")
        #expect(text.attributes(at: 4).range == TextRange(location: 4, length: 6))
        #expect(text.attributes(at: 4).attributes.font == Font(family: "DejaVu Sans Mono", size: 12))
    }

    @Test("~~strikethrough~~ sets the strikethrough attribute")
    func strikethrough() {
        let text = AttributedText(markdown: "a ~~b~~ c")
        #expect(text.string == "a b c")
        #expect(text.attributes(at: 2).attributes.strikethrough == .single)
        #expect(text.attributes(at: 2).range == TextRange(location: 2, length: 1))
        #expect(text.attributes(at: 0).attributes.strikethrough == nil)
    }

    @Test("documents parsed on many threads at once keep their ~~strikethrough~~ (no parser state is shared)")
    func concurrentStrikethrough() {
        // Long documents keep a parser busy while short ones start and finish beside it. (cmark-gfm
        // kept its table of inline characters process-wide and lost `~` this way; libcmark keeps
        // no mutable global state and the extensions run on each document's own values.)
        let long = String(repeating: "word ~~gone~~ and *more* words here. ", count: 3_000)
        let lost = Counter()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for _ in 0..<(worker == 0 ? 6 : 400) {
                let text = AttributedText(markdown: worker == 0 ? long : "a ~~b~~ c")
                if text.string.contains("~") || struck(text).count != (worker == 0 ? 3_000 : 1) { lost.increment() }
            }
        }
        #expect(lost.value == 0, "every parse strikes out every ~~pair~~")
    }

    @Test("paragraphs join with one line break, soft breaks are spaces, hard breaks line breaks")
    func breaks() {
        #expect(AttributedText(markdown: "one\ntwo").string == "one two")
        #expect(AttributedText(markdown: "one  \ntwo").string == "one\ntwo")
        #expect(AttributedText(markdown: "one\\\ntwo").string == "one\ntwo")
        #expect(AttributedText(markdown: "one\n\n\n\ntwo").string == "one\ntwo")
    }

    @Test("headings, lists, quotes and code blocks degrade to their text, one block per line; list items keep their markers")
    func blocks() {
        let text = AttributedText(markdown: """
            # Title

            - first
            - second *item*

            1. one
            2. two

            > quoted
            > text

            ---

                code block
                  indented

            ```swift
            let x = 1
            ```
            """)
        #expect(text.string == "Title\n• first\n• second item\n1. one\n2. two\nquoted text\ncode block\n  indented\nlet x = 1")
        let code = text.attributes(at: (text.string.utf16.count - 9)).attributes
        #expect(code.font?.family == "DejaVu Sans Mono")
    }

    @Test("inline and block HTML pass through as literal text")
    func html() {
        #expect(AttributedText(markdown: "a <b>bold</b> &amp; c").string == "a <b>bold</b> & c")
        #expect(AttributedText(markdown: "<div>\nblock\n</div>").string == "<div>\nblock\n</div>")
    }

    @Test("images degrade to their alt text, without a link")
    func images() {
        let text = AttributedText(markdown: "![a cat](cat.png) sits")
        #expect(text.string == "a cat sits")
        #expect(links(text).isEmpty)
    }

    @Test("malformed Markdown renders as literal text", arguments: [
        ("[unclosed link](https://x", "[unclosed link](https://x"),
        ("[text] (space before paren)", "[text] (space before paren)"),
        ("**unbalanced *emphasis", "**unbalanced *emphasis"),
        ("`unterminated code", "`unterminated code"),
        ("<not closed", "<not closed"),
        ("[]()", ""),
        ("]][[", "]][["),
    ])
    func malformed(input: String, expected: String) {
        #expect(AttributedText(markdown: input).string == expected)
    }

    @Test("empty input gives empty text; the base attributes cover everything else")
    func emptyAndBase() {
        #expect(AttributedText(markdown: "").length == 0)
        #expect(AttributedText(markdown: "\n\n").length == 0)
        let options = MarkdownOptions(baseAttributes: TextAttributes(foregroundColor: .white))
        let text = AttributedText(markdown: "plain *it*", options: options)
        #expect(text.runs.allSatisfy { $0.attributes.foregroundColor == .white })
        // No font in the base attributes: emphasis derives from the system font.
        #expect(text.attributes(at: 6).attributes.font == Font.system.withItalic(true))
        #expect(text.attributes(at: 0).attributes.font == nil)
    }

    @Test("NUL becomes U+FFFD (CommonMark), other control characters stay, ranges stay right")
    func controlCharacters() {
        let text = AttributedText(markdown: "a\u{0}b\u{7}c\u{1B}[d](u)")
        #expect(text.string == "a\u{FFFD}b\u{7}c\u{1B}d")
        #expect(linkRange(text, "u") == TextRange(location: 6, length: 1))
    }

    @Test("Markdown renders concurrently from many tasks")
    func concurrent() async {
        await withTaskGroup(of: String.self) { group in
            for i in 0..<32 { group.addTask { AttributedText(markdown: "*\(i)* [l](u\(i))").string } }
            var results: [String] = []
            for await r in group { results.append(r) }
            #expect(Set(results) == Set((0..<32).map { "\($0) l" }))
        }
    }

    @Test("1 MB of Markdown with a link every line")
    func megabyteMarkdown() {
        let line = "Some *text* with a [link 👍](https://e.example/a-b?x=1) and `code`.\n"
        let source = String(repeating: line, count: 1_000_000 / line.utf8.count + 1)
        let text = AttributedText(markdown: source)
        #expect(links(text).count == 1_000_000 / line.utf8.count + 1)
    }
}

/// A thread-safe count, for specs that run work on several threads.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}

@Suite("Markdown and the link policy: refused links stay plain text and are reported")
struct MarkdownLinkPolicyTests {
    @Test("Markdown: a javascript: destination is plain text, not a link, not link-styled", arguments: [
        "[click](javascript:alert(1))", "<javascript:alert(1)>", "[click](JavaScript:alert(1) \"t\")", "[x](data:text/html,hi)",
    ])
    func markdown(source: String) {
        let result = Markdown.parse("see " + source)
        #expect(result.text.runs.allSatisfy { $0.attributes.link == nil && $0.attributes.foregroundColor == nil })
        #expect(result.refusedLinks.count == 1)
        #expect(result.refusedLinks.first?.reason.isScheme == true)
    }

    @Test("Markdown: allowed links keep working beside refused ones; a custom policy allows its schemes")
    func markdownMixed() {
        let result = Markdown.parse("[a](https://a.example) [b](vbscript:x) [c](file:///etc/passwd)")
        #expect(result.text.runs.compactMap(\.attributes.link) == ["https://a.example"])
        #expect(result.refusedLinks.map(\.destination) == ["vbscript:x", "file:///etc/passwd"])
        let custom = Markdown.parse("[c](file:///tmp/x)", options: MarkdownOptions(linkPolicy: LinkPolicy(allowedSchemes: ["file"], blockedSchemes: [])))
        #expect(custom.text.runs.compactMap(\.attributes.link) == ["file:///tmp/x"])
        #expect(custom.refusedLinks.isEmpty)
    }
}
