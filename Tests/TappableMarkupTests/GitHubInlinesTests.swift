import Foundation
import Testing
@testable import TappableMarkup
import TappableText

@Suite("GitHub inlines: autolinks and strikethrough in one pass over a paragraph, as cmark-gfm orders them")
struct GitHubInlinesTests {
    @Test("brackets: a [ blocks autolinks until a ] closes it, even after a link made it inactive")
    func linkBrackets() {
        var brackets = BracketStack()
        brackets.push(image: false)
        #expect(brackets.blocksAutolinks)
        brackets.linkMade()
        #expect(brackets.blocksAutolinks)
        brackets.pop()
        #expect(!brackets.blocksAutolinks)
        brackets.pop()   // a ] with nothing open
        #expect(brackets.height == 0)
    }

    @Test("brackets: an ![ blocks autolinks until a link is made after it")
    func imageBrackets() {
        var brackets = BracketStack()
        brackets.push(image: true)
        #expect(brackets.blocksAutolinks)
        brackets.linkMade()
        #expect(!brackets.blocksAutolinks)
        brackets.push(image: true)
        #expect(brackets.blocksAutolinks)
        brackets.truncate(to: 1)
        #expect(!brackets.blocksAutolinks)
        brackets.truncate(to: 0)
        #expect(brackets.height == 0)
    }

    @Test("Markdown: autolinks wait for brackets still open at that point", arguments: [
        AutolinkCase("[ www.x.example"), AutolinkCase("![a https://x.example"), AutolinkCase("[a [b](u) https://x.example", ["b": "u"]),
        AutolinkCase("[a] www.x.example", ["www.x.example": "http://www.x.example"]),
        AutolinkCase("\\[ www.x.example", ["www.x.example": "http://www.x.example"]),
        AutolinkCase("![a [b](u) https://x.example", ["b": "u", "https://x.example": "https://x.example"]),
        AutolinkCase("[a [b]] https://x.example", ["https://x.example": "https://x.example"]),
        AutolinkCase("[x [a [b](u) me@x.example", ["b": "u", "me@x.example": "mailto:me@x.example"]),
        AutolinkCase("*a [b* www.x.example"), AutolinkCase("*a [b* c] www.x.example", ["www.x.example": "http://www.x.example"]),
    ])
    func brackets(_ example: AutolinkCase) {
        #expect(ExtendedAutolinksTests.linkMap(example.markdown) == example.links)
    }

    @Test("Markdown: an autolink takes the tildes it holds; tildes around it pair over it")
    func autolinksAndTildes() {
        let inside = AttributedText(markdown: "https://x.example/~~a~~ b")
        #expect(struck(inside).isEmpty)
        #expect(links(inside).map(\.1) == ["https://x.example/~~a"])
        let around = AttributedText(markdown: "~~see www.x.example~~")
        #expect(struck(around) == ["see www.x.example"])
        #expect(links(around).map(\.1) == ["http://www.x.example"])
    }

    @Test("Markdown: a www. link may start after emphasis or a line break, not after other inlines", arguments: [
        AutolinkCase("*a*www.x.example", ["www.x.example": "http://www.x.example"]),
        AutolinkCase("a\nwww.x.example", ["www.x.example": "http://www.x.example"]),
        AutolinkCase("`a`www.x.example"), AutolinkCase("[a](u)www.x.example", ["a": "u"]),
    ])
    func wwwAfterInlines(_ example: AutolinkCase) {
        #expect(ExtendedAutolinksTests.linkMap(example.markdown) == example.links)
    }

    @Test("Markdown: tildes flank the inlines around them by their syntax (*, `, [ are punctuation)")
    func flankingAcrossInlines() {
        #expect(struck(AttributedText(markdown: "*a*~~b~~`c`")) == ["b"])
        #expect(struck(AttributedText(markdown: "a ~~[b](u)~~ c")) == ["b"])
        #expect(struck(AttributedText(markdown: "~~`a`~~")) == ["a"])
    }

    @Test("Markdown: headings and list items get the extensions too")
    func blocks() {
        let text = AttributedText(markdown: "# ~~h~~ www.h.example\n\n- ~~i~~ me@i.example")
        #expect(struck(text) == ["h", "i"])
        #expect(links(text).map(\.1) == ["http://www.h.example", "mailto:me@i.example"])
    }

    @Test("100,000 open brackets before autolinks and strikethrough inside 25,000 nested emphases")
    func hostileNesting() {
        let brackets = AttributedText(markdown: String(repeating: "[", count: 100_000) + " www.x.example ~~a~~")
        #expect(links(brackets).isEmpty)
        #expect(struck(brackets) == ["a"])
        let emphasis = AttributedText(markdown: String(repeating: "*", count: 50_000) + "~~x~~" + String(repeating: "*", count: 50_000))
        #expect(struck(emphasis) == ["x"])
    }
}
