import Foundation
import Testing
@testable import TappableMarkup
import TappableText

/// A case with a short name (its Markdown), the text and links expected.
struct AutolinkCase: CustomTestStringConvertible, Sendable {
    let markdown: String
    let links: [String: String]
    var testDescription: String { markdown }
    init(_ markdown: String, _ links: [String: String] = [:]) { self.markdown = markdown; self.links = links }
}

@Suite("Extended autolinks: www., scheme:// and e-mail links as cmark-gfm 0.29.0.gfm.6 finds them")
struct ExtendedAutolinksTests {
    static func linkMap(_ markdown: String) -> [String: String] {
        Dictionary(links(AttributedText(markdown: markdown)), uniquingKeysWith: { first, _ in first })
    }

    @Test("www. links: after whitespace, *, _, ~ or (; trailing punctuation and unpaired ) trimmed", arguments: [
        AutolinkCase("see www.x.example now", ["www.x.example": "http://www.x.example"]),
        AutolinkCase("www.x.example/path?q=1.", ["www.x.example/path?q=1": "http://www.x.example/path?q=1"]),
        AutolinkCase("(www.x.example/a_(b)).", ["www.x.example/a_(b)": "http://www.x.example/a_(b)"]),
        AutolinkCase("www.x.example/a)b)", ["www.x.example/a)b": "http://www.x.example/a)b"]),
        AutolinkCase("*www.x.example*", ["www.x.example": "http://www.x.example"]),
        AutolinkCase("x~www.x.example y", ["www.x.example": "http://www.x.example"]),
        AutolinkCase("a www.x.example&copy; b", ["www.x.example": "http://www.x.example"]),
        AutolinkCase("a www.x.example&hellip; b", ["www.x.example": "http://www.x.example"]),
        AutolinkCase("www.x.example<b>", ["www.x.example": "http://www.x.example"]),
        AutolinkCase("awww.x.example"), AutolinkCase("\"www.x.example\""), AutolinkCase("www."),
    ])
    func www(_ example: AutolinkCase) {
        #expect(Self.linkMap(example.markdown) == example.links)
    }

    @Test("a domain with an underscore in its last two labels is no link, unless the paragraph ends on it", arguments: [
        AutolinkCase("www.x_y.example"), AutolinkCase("www.x.y_z"), AutolinkCase("www.x.example_ y"),
        AutolinkCase("www._x.y.example", ["www._x.y.example": "http://www._x.y.example"]),
        AutolinkCase("www.x.example_", ["www.x.example": "http://www.x.example"]),
    ])
    func underscores(_ example: AutolinkCase) {
        #expect(Self.linkMap(example.markdown) == example.links)
    }

    @Test("scheme links: http, https and ftp in any case, a host character after //", arguments: [
        AutolinkCase("http://x", ["http://x": "http://x"]),
        AutolinkCase("HTTPS://X.EXAMPLE/a?b=c#d", ["HTTPS://X.EXAMPLE/a?b=c#d": "HTTPS://X.EXAMPLE/a?b=c#d"]),
        AutolinkCase("ftp://x.example/f.", ["ftp://x.example/f": "ftp://x.example/f"]),
        AutolinkCase("1https://x.example", ["https://x.example": "https://x.example"]),
        AutolinkCase("https://x.example/~~a~~", ["https://x.example/~~a": "https://x.example/~~a"]),
        AutolinkCase("ftps://x.example"), AutolinkCase("xhttp://x.example"), AutolinkCase("http://-x.example"),
    ])
    func schemes(_ example: AutolinkCase) {
        #expect(Self.linkMap(example.markdown) == example.links)
    }

    @Test("e-mail addresses get mailto:, keep a mailto: or xmpp: they start with; a domain needs a dot and ends on a letter", arguments: [
        AutolinkCase("me@x.example.", ["me@x.example": "mailto:me@x.example"]),
        AutolinkCase("a.b+c-d_e@x.y.example", ["a.b+c-d_e@x.y.example": "mailto:a.b+c-d_e@x.y.example"]),
        AutolinkCase("a/b@x.example", ["b@x.example": "mailto:b@x.example"]),
        AutolinkCase("a@b@x.example", ["b@x.example": "mailto:b@x.example"]),
        AutolinkCase("mailto:me@x.example", ["mailto:me@x.example": "mailto:me@x.example"]),
        AutolinkCase("xmpp:me@x.example/home", ["xmpp:me@x.example/home": "xmpp:me@x.example/home"]),
        AutolinkCase("me@x"), AutolinkCase("me@x.example_"), AutolinkCase("@x.example"),
    ])
    func emails(_ example: AutolinkCase) {
        #expect(Self.linkMap(example.markdown) == example.links)
    }

    @Test("entities and escapes in a link are decoded: the destination is what the text shows")
    func decoded() {
        // cmark-gfm copies the raw source here ("&amp;", "\_"); the writer meant "&" and "_".
        #expect(Self.linkMap("www.x.example/?a=1&amp;b=2") == ["www.x.example/?a=1&b=2": "http://www.x.example/?a=1&b=2"])
        #expect(Self.linkMap("www.x.example/a\\_b c") == ["www.x.example/a_b": "http://www.x.example/a_b"])
        // An escaped character ends the domain check, as the backslash does in the source: the
        // underscore does not count against the domain.
        #expect(Self.linkMap("www.x.example\\_y") == ["www.x.example_y": "http://www.x.example_y"])
        #expect(Self.linkMap("www\\.x.example").isEmpty)
        // The syntax of a link is typed: an entity or escape in its www., scheme or // is text.
        #expect(Self.linkMap("&#104;ttp://x.example").isEmpty)
        #expect(Self.linkMap("http:\\/\\/x.example").isEmpty)
    }

    @Test("trailing punctuation: quotes, ?!.,:*_~, an &entity; and each ) without a ( are cut off")
    func trimming() {
        var content = InlineContent()
        content.bytes = Array("x.example/a_(b))'\"?!.,:*_~&amp;)".utf8)
        let finder = ExtendedAutolinks(content: content, range: 0..<content.bytes.count, atEnd: false)
        #expect(finder.trimmedEnd(start: 0, end: content.bytes.count) == "x.example/a_(b)".utf8.count)
        content.bytes = Array("x;".utf8)
        #expect(ExtendedAutolinks(content: content, range: 0..<2, atEnd: false).trimmedEnd(start: 0, end: 2) == 1)
    }

    @Test("no autolink in a link's text, a code span, inline HTML or an <autolink>; e-mail inside an image's alt text")
    func contexts() {
        #expect(Self.linkMap("[see www.x.example](u)") == ["see www.x.example": "u"])
        #expect(Self.linkMap("[me@x.example](u)") == ["me@x.example": "u"])
        #expect(Self.linkMap("`www.x.example`").isEmpty)
        #expect(Self.linkMap("<a href=\"www.x.example\">").isEmpty)
        #expect(Self.linkMap("<https://x.example/~~a~~>") == ["https://x.example/~~a~~": "https://x.example/~~a~~"])
        #expect(Self.linkMap("![me@x.example](i)") == ["me@x.example": "mailto:me@x.example"])
        #expect(Self.linkMap("![www.x.example](i)").isEmpty)
    }

    @Test("autolinks follow the link policy like other links")
    func policy() {
        let result = Markdown.parse("www.x.example", options: MarkdownOptions(linkPolicy: LinkPolicy(allowedSchemes: ["https"])))
        #expect(links(result.text).isEmpty)
        #expect(result.refusedLinks.map(\.destination) == ["http://www.x.example"])
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
}
