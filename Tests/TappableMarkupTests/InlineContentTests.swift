import Testing
import CCmark
import TappableTestSupport
import TappableText
@testable import TappableMarkup

@Suite("Inline content: a paragraph's inlines as flat events, escaped characters found in the source")
struct InlineContentTests {
    /// The inline events of the first paragraph or heading of `markdown`.
    func inlines(_ markdown: String) -> InlineContent {
        let document = CmarkDocument(parsing: markdown)
        let iterator = cmark_iter_new(document.root)!
        defer { cmark_iter_free(iterator) }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            let node = cmark_iter_get_node(iterator)!
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING {
                return InlineContent(block: node, iterator: iterator, source: document.source)
            }
        }
        return InlineContent()
    }

    @Test("containers become enter and exit events around their content, in text order")
    func events() {
        let content = inlines("a *b* [c](u \"t\") `d` <e>\nf  \ng")
        let kinds: [String] = content.events.map {
            switch $0 {
            case .text(let r): return "text:" + String(decoding: content.bytes[r], as: UTF8.self)
            case .code(let r): return "code:" + String(decoding: content.bytes[r], as: UTF8.self)
            case .html(let r): return "html:" + String(decoding: content.bytes[r], as: UTF8.self)
            case .softBreak: return "soft"
            case .lineBreak: return "hard"
            case .enter(let c): return "enter:\(c)"
            case .exit: return "exit"
            }
        }
        #expect(kinds == ["text:a ", "enter:emphasis", "text:b", "exit", "text: ", "enter:link(destination: \"u\", title: \"t\")",
                          "text:c", "exit", "text: ", "code:d", "text: ", "html:<e>", "soft", "text:f", "hard", "text:g"])
    }

    @Test("a link whose text is its destination is an autolink, <…> and <e-mail> included")
    func autolinkNodes() {
        #expect(inlines("<https://a.example>").events.first == .enter(.autolink(destination: "https://a.example")))
        #expect(inlines("<me@a.example>").events.first == .enter(.autolink(destination: "mailto:me@a.example")))
        #expect(inlines("[x](https://a.example)").events.first == .enter(.link(destination: "https://a.example", title: "")))
    }

    @Test("escaped and entity tildes are found on lines where cmark's columns are off", arguments: [
        NamedCase("first line", "\\~a~"),
        NamedCase("after a link reference definition", "[r]: /u\n\\~a~"),
        NamedCase("lazy continuation line", "> q\nlazy \\~a~"),
        NamedCase("lazy line ending in emphasis", "> q\nlazy \\~a~ *e*"),
        NamedCase("lazy line ending in a link", "> q\nlazy \\~a~ [l](u)"),
        NamedCase("lazy line ending in HTML", "> q\nlazy \\~a~ <b>"),
        NamedCase("after an indented first line", "  indented\nnext \\~a~"),
        NamedCase("after a backslash line break", "a\\\nb \\~c~"),
        NamedCase("after an unmatched backtick", "`x \\~a~"),
        NamedCase("list item continuation", "- a\n  b &#126;c~"),
        NamedCase("setext heading", "\\~a~\nb\n==="),
    ])
    func escapedTildes(_ example: NamedCase<String>) {
        let text = AttributedText(markdown: example.value)
        #expect(text.string.contains("~"))
        #expect(struck(text).isEmpty, "the escaped tilde opens nothing")
    }

    @Test("hard line breaks written with a backslash are told from those written with two spaces")
    func backslashBreaks() {
        #expect(inlines("a\\\nb  \nc\\\nd").backslashBreaks == [1, 5])
        #expect(inlines("> a\\\n> b").backslashBreaks == [1])
    }
}
