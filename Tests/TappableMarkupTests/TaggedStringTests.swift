import Foundation
import Testing
@testable import TappableMarkup
import TappableText

/// The error parsing `source` throws, or nil when it parses.
func taggedError(_ source: String, _ options: TaggedStringOptions = .standard()) -> TaggedStringError? {
    do {
        _ = try TaggedString(source).attributedText(with: options)
        return nil
    } catch {
        return error
    }
}

@Suite("Tagged strings: ZSWTaggedString's <tag attr='v'> markup")
struct TaggedStringTests {
    @Test("the ZSWTappableLabel README's privacy / terms example, with a dynamic link option")
    func privacyAndTermsExample() throws {
        var options = TaggedStringOptions()
        options["link"] = .dynamic({ tagName, tagAttributes, stringAttributes in
            guard let type = tagAttributes["type"] else {
                return TextAttributes()
            }

            var foundURL: String?

            switch type {
            case "privacy":
                foundURL = "http://google.com/search?q=privacy"
            case "tos":
                foundURL = "http://google.com/search?q=tos"
            default:
                break
            }

            guard let URL = foundURL else {
                return TextAttributes()
            }

            return TextAttributes(
                foregroundColor: Color(red: 0, green: 0, blue: 1),
                underline: .single,
                link: URL,
                isTappableRegion: true,
                highlightedForegroundColor: .white,
                highlightedBackgroundColor: .lightGray
            )
        })

        let string = "View our <link type='privacy'>Privacy Policy</link> or <link type='tos'>Terms of Service</link>"
        let text = try TaggedString(string: string).attributedText(with: options)

        #expect(text.string == "View our Privacy Policy or Terms of Service")
        #expect(text.runs.map { text.substring($0.range) } == ["View our ", "Privacy Policy", " or ", "Terms of Service"])
        #expect(text.runs.map(\.attributes.link) == [nil, "http://google.com/search?q=privacy", nil, "http://google.com/search?q=tos"])
        let privacy = text.runs[1].attributes
        #expect(privacy.isTappableRegion)
        #expect(privacy.underline == .single)
        #expect(privacy.highlightedBackgroundColor == .lightGray)
        #expect(privacy.highlightedForegroundColor == .white)
        #expect(text.runs[0].attributes == TextAttributes())
    }

    @Test("static attributes merge over the enclosing tags'; nested tags combine")
    func staticAndNested() throws {
        let red = Color(red: 1, green: 0, blue: 0)
        let options = TaggedStringOptions(
            baseAttributes: TextAttributes(font: .system),
            tags: ["r": .static(TextAttributes(foregroundColor: red)),
                   "u": .static(TextAttributes(underline: .single))])
        let text = try TaggedString("a<r>b<u>c</u>d</r>e").attributedText(with: options)
        #expect(text.string == "abcde")
        #expect(text.attributes(at: 1).attributes == TextAttributes(font: .system, foregroundColor: red))
        #expect(text.attributes(at: 2).attributes == TextAttributes(font: .system, foregroundColor: red, underline: .single))
        #expect(text.attributes(at: 3).range == TextRange(location: 3, length: 1))
        #expect(text.attributes(at: 4).attributes == TextAttributes(font: .system))
    }

    @Test("a dynamic option receives the tag name, its attributes and the attributes in effect")
    func dynamicArguments() throws {
        let options = TaggedStringOptions(
            baseAttributes: TextAttributes(kern: 1),
            tags: ["outer": .static(TextAttributes(foregroundColor: .white)),
                   "x": .dynamic { name, attributes, existing in
                       TextAttributes(custom: ["name": name, "a": attributes["a"] ?? "-", "b": attributes["b"] ?? "-",
                                               "existing": "\(existing.kern ?? 0) \(existing.foregroundColor == .white)"])
                   }])
        let text = try TaggedString(#"<outer><x a='1 &amp; 2' b="it's">t</x></outer>"#).attributedText(with: options)
        #expect(text.runs.count == 1)
        #expect(text.runs[0].attributes.custom == ["name": "x", "a": "1 & 2", "b": "it's", "existing": "1.0 true"])
        #expect(text.runs[0].attributes.kern == 1)
    }

    @Test("entities: the five named ones and decimal / hex character references")
    func entities() throws {
        let text = try TaggedString("&lt;b&gt; &amp; &quot;q&quot; &apos;a&apos; &#123; &#x1F600; &#X41;").attributedText()
        #expect(text.string == "<b> & \"q\" 'a' { 😀 A")
    }

    @Test("a lone & before a space or punctuation is a literal ampersand")
    func literalAmpersand() throws {
        #expect(try TaggedString("Terms & Conditions &, &&").attributedText().string == "Terms & Conditions &, &&")
    }

    @Test("ranges after emoji and combining marks count UTF-16 units")
    func utf16Ranges() throws {
        let text = try TaggedString("👩‍👩‍👧 e\u{301} <a href='u'>Privacy</a>").attributedText(with: .standard())
        #expect(linkRange(text, "u") == TextRange(location: 12, length: 7))
        #expect(text.substring(TextRange(location: 12, length: 7)) == "Privacy")
    }

    @Test("unknown tags: thrown by default, stripped (keeping their content) on request, or given a fallback")
    func unknownTags() throws {
        #expect(taggedError("a <blink>b</blink>", TaggedStringOptions()) == TaggedStringError(line: 1, column: 3, message: "unknown tag <blink>"))
        let stripped = try TaggedString("a <blink>b</blink> c").attributedText(with: TaggedStringOptions(unknownTags: .strip))
        #expect(stripped.string == "a b c")
        #expect(stripped.runs.count == 1)
        let fallback = TaggedStringOptions(unknownTags: .apply(.dynamic { name, _, _ in TextAttributes(custom: ["tag": name]) }))
        let applied = try TaggedString("<q>x</q>").attributedText(with: fallback)
        #expect(applied.runs[0].attributes.custom["tag"] == "q")
        // Even stripped tags must balance.
        #expect(taggedError("<q>x</r>", TaggedStringOptions(unknownTags: .strip))?.message == "closing tag </r> does not match <q>")
    }

    @Test("like ZSWTaggedString: unquoted and valueless attributes, tag names matched ignoring case")
    func zswCompatibility() throws {
        let options = TaggedStringOptions(tags: ["Link": .dynamic { _, attributes, _ in
            TextAttributes(link: attributes["href"], custom: attributes.mapValues { $0.isEmpty ? "(empty)" : $0 })
        }])
        let text = try TaggedString("<LINK href=https://e.example/?a=1&amp;b=2 external>x</link>").attributedText(with: options)
        #expect(text.runs[0].attributes.link == "https://e.example/?a=1&b=2")
        #expect(text.runs[0].attributes.custom == ["href": "https://e.example/?a=1&b=2", "external": "(empty)"])
        #expect(try TaggedString("<a href=u>x</a>").attributedText(with: .standard()).runs[0].attributes.link == "u")
    }

    @Test("self-closing tags add no text")
    func selfClosing() throws {
        #expect(try TaggedString("a<b/>c<i />d").attributedText(with: .standard()).string == "acd")
    }

    @Test("mismatched closing tag: the error points at the closing tag's '<'")
    func mismatch() {
        let error = taggedError("Some <i>italic, </b>")
        #expect(error?.description == "line 1, column 17: closing tag </b> does not match <i>")
        #expect(error?.line == 1)
        #expect(error?.column == 17)
    }

    @Test("lines and columns are 1-based and count characters, not bytes or UTF-16 units")
    func lineAndColumn() {
        let error = taggedError("first line\n👩‍👩‍👧é <b>x</i>")
        #expect(error == TaggedStringError(line: 2, column: 8, message: "closing tag </i> does not match <b>"))
    }

    @Test("malformed input throws a located error", arguments: [
        ("<b>never closed", "line 1, column 1: <b> is never closed"),
        ("text</b>", "line 1, column 5: closing tag </b> has no opening tag"),
        ("a < b", "line 1, column 3: '<' does not start a tag (write &lt; for a literal '<')"),
        ("a <b", "line 1, column 3: unterminated tag <b"),
        ("a <b href='x", "line 1, column 3: unterminated tag <b"),
        ("x <", "line 1, column 3: unterminated tag at the end of the text"),
        ("</ b>", "line 1, column 1: expected a tag name after '</'"),
        ("<a href='1' href='2'>", "line 1, column 13: duplicate attribute href in <a>"),
        ("<a href='1'title='2'>", "line 1, column 12: unexpected character in tag <a>"),
        ("&nbsp;", "line 1, column 1: unknown entity &nbsp;"),
        ("&#;", "line 1, column 1: invalid character reference &#;"),
        ("&#xD800;", "line 1, column 1: invalid character reference &#xD800;"),
        ("&#x110000;", "line 1, column 1: invalid character reference &#x110000;"),
        ("&#0;", "line 1, column 1: invalid character reference &#0;"),
        ("&#12a;", "line 1, column 1: invalid character reference &#12a;"),
    ])
    func malformed(source: String, expected: String) {
        #expect(taggedError(source)?.description == expected)
    }

    @Test("plainText drops the tags; escaped makes any text safe to embed")
    func plainTextAndEscaping() throws {
        #expect(try TaggedString("a <x y='1'>b</x> &lt;c&gt;").plainText() == "a b <c>")
        let hostile = #"<b> & "it's" </b>"#
        let escaped = TaggedString.escaped(hostile)
        #expect(escaped == "&lt;b&gt; &amp; &quot;it&apos;s&quot; &lt;/b&gt;")
        #expect(try TaggedString("<i>\(escaped)</i>").attributedText(with: .standard()).string == hostile)
    }

    @Test("the standard options: b, i, u, s, code, a/link and span colours")
    func standardOptions() throws {
        let text = try TaggedString(
            "<b>B</b><i>I</i><u>U</u><s>S</s><code>C</code><a href='h' title='T'>A</a><span color='#ff0000'>R</span>"
        ).attributedText(with: .standard())
        #expect(text.string == "BIUSCAR")
        let a = (0..<7).map { text.attributes(at: $0).attributes }
        #expect(a[0].font == Font.system.withWeight(.bold))
        #expect(a[1].font == Font.system.withItalic(true))
        #expect(a[2].underline == .single)
        #expect(a[3].strikethrough == .single)
        #expect(a[4].font?.family == "DejaVu Sans Mono")
        #expect(a[5].link == "h")
        #expect(a[5].custom["title"] == "T")
        #expect(a[6].foregroundColor == Color(red: 1, green: 0, blue: 0))
    }

    @Test("control characters pass through in text and count one unit each")
    func controlCharacters() throws {
        let text = try TaggedString("a\u{0}\u{7}\t\r\n<a href='u'>b</a>").attributedText(with: .standard())
        #expect(text.string == "a\u{0}\u{7}\t\r\nb")
        #expect(linkRange(text, "u") == TextRange(location: 6, length: 1))
    }

    @Test("tagged strings parse concurrently, closures run on any thread")
    func concurrent() async {
        await withTaskGroup(of: String?.self) { group in
            for i in 0..<32 {
                group.addTask { try? TaggedString("<a href='\(i)'>\(i)</a>").attributedText(with: .standard()).runs.first?.attributes.link }
            }
            var results: [String?] = []
            for await r in group { results.append(r) }
            #expect(Set(results.compactMap { $0 }) == Set((0..<32).map(String.init)))
        }
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

@Suite("Tagged strings: <span> colours are CSS names or hex, anything else an error at the attribute")
struct TaggedSpanColourTests {
    @Test("CSS colour names and every hex form colour the text")
    func namesAndHex() throws {
        let text = try TaggedString("<span color='red'>a</span><span color='RebeccaPurple' background='#0f08'>b</span><span background=transparent>c</span>")
            .attributedText(with: .standard())
        #expect(text.attributes(at: 0).attributes.foregroundColor == Color(red: 1, green: 0, blue: 0))
        #expect(text.attributes(at: 1).attributes.foregroundColor == Color(hex: "#663399"))
        #expect(text.attributes(at: 1).attributes.backgroundColor == Color(hex: "#00ff0088"))
        #expect(text.attributes(at: 2).attributes.backgroundColor == Color.clear)
        #expect(text.attributes(at: 2).attributes.foregroundColor == nil)
    }

    @Test("a colour that is not one is an error naming the tag, the attribute and the value, at the attribute", arguments: [
        ("<span color='bogus'>x</span>", 1, 7,
         "<span> attribute color: \"bogus\" is not a colour (a CSS colour name such as red or rebeccapurple, transparent, #rgb, #rgba, #rrggbb or #rrggbbaa)"),
        ("ok\n  <span color='#ff0000' background=\"#12345\">x</span>", 2, 25,
         "<span> attribute background: \"#12345\" is not a colour (a CSS colour name such as red or rebeccapurple, transparent, #rgb, #rgba, #rrggbb or #rrggbbaa)"),
        ("<span color=''>x</span>", 1, 7,
         "<span> attribute color: \"\" is not a colour (a CSS colour name such as red or rebeccapurple, transparent, #rgb, #rgba, #rrggbb or #rrggbbaa)"),
        ("<span color='red&#x202E;'>x</span>", 1, 7,
         "<span> attribute color: \"red\\u{202e}\" is not a colour (a CSS colour name such as red or rebeccapurple, transparent, #rgb, #rgba, #rrggbb or #rrggbbaa)"),
        ("<span colour='red'>x</span>", 1, 7, "<span> attribute colour: unknown attribute (color, background)"),
    ])
    func badColours(source: String, line: Int, column: Int, message: String) {
        #expect(taggedError(source) == TaggedStringError(line: line, column: column, message: message))
    }

    @Test("a dynamic tag of one's own reports an attribute it cannot use the same way; other errors at the tag")
    func customDynamicTags() {
        struct Broken: Error, CustomStringConvertible { var description: String { "broken" } }
        let options = TaggedStringOptions(tags: [
            "size": .dynamic { _, attributes, _ in
                guard let points = attributes["pt"].flatMap(Double.init), points > 0 else {
                    throw TaggedStringAttributeError(attribute: "pt", "must be a positive number of points")
                }
                return TextAttributes(font: Font(size: points))
            },
            "fail": .dynamic { _, _, _ in throw Broken() },
        ])
        #expect(taggedError("a <size pt='-1'>b</size>", options) == TaggedStringError(line: 1, column: 9, message: "<size> attribute pt: must be a positive number of points"))
        #expect(taggedError("ab <fail x='1'>c</fail>", options) == TaggedStringError(line: 1, column: 4, message: "<fail>: broken"))
        #expect(taggedError("<size pt='12'>b</size>", options) == nil)
    }
}

@Suite("Tagged strings and the link policy: refused links stay plain text and are reported")
struct TaggedStringLinkPolicyTests {
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
