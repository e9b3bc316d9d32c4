import Testing
import TappableMarkup
import TappableText

@Suite("Markup and the link policy: refused links stay plain text and are reported")
struct LinkPolicyMarkupTests {
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

    @Test("tagged strings: <a href> and <link href> with refused schemes add nothing, entities and case do not disguise them", arguments: [
        "<a href='javascript:alert(1)'>x</a>", "<link href='JAVASCRIPT:alert(1)'>x</link>", "<a href='&#106;avascript:alert(1)'>x</a>",
        "<a href=' javascript:alert(1)'>x</a>",
    ])
    func tagged(source: String) throws {
        let result = try TaggedString("see " + source).parse(with: .standard())
        #expect(result.text.string == "see x")
        #expect(result.text.runs.allSatisfy { $0.attributes.link == nil && $0.attributes.underline == nil })
        #expect(result.refusedLinks.count == 1)
    }

    @Test("tagged strings: a link with a control character (from an entity) is refused as such")
    func taggedControl() throws {
        let result = try TaggedString("<a href='https://a.example/&#1;'>x</a>").parse(with: .standard())
        #expect(result.refusedLinks.first?.reason == .controlCharacter(1))
        #expect(result.text.runs.allSatisfy { $0.attributes.link == nil })
    }
}
