import Foundation
import TappableCLI
import TappableJSON
import TappableMarkup
import TappableSpec
import TappableText
import Testing

@Suite("markupJSON: the command line's run dump")
struct MarkupJSONTests {
    @Test("runs list their UTF-16 range and only the attributes they set")
    func onlySetAttributes() throws {
        var text = AttributedText("ab👍c")
        try text.addAttributes(TextAttributes(link: "https://e.example/?a=1&b=\"2\""), in: TextRange(location: 2, length: 2))
        #expect(markupJSON(text) == #"{"text":"ab👍c","runs":[{"range":[0,2]},{"range":[2,2],"link":"https://e.example/?a=1&b=\"2\""},{"range":[4,1]}]}"#)
    }

    @Test("every attribute has a stable key and form")
    func allAttributes() {
        let attributes = TextAttributes(
            font: Font(family: "Inter", size: 12.5, weight: .semibold, italic: true, file: "/f.ttf"),
            foregroundColor: .black, backgroundColor: Color(red: 1, green: 1, blue: 1, alpha: 0.5),
            underline: TextDecoration(style: .double, color: .link), strikethrough: .single, kern: 1.5,
            baselineOffset: -2, link: "l", isTappableRegion: true, highlightedForegroundColor: .white,
            highlightedBackgroundColor: .lightGray, paragraphStyle: ParagraphStyle(alignment: .center),
            custom: ["z": "1", "a": "2"])
        let json = markupJSON(AttributedText("x", attributes: attributes))
        #expect(json == ##"{"text":"x","runs":[{"range":[0,1],"font":{"family":"Inter","size":12.5,"weight":600,"italic":true,"file":"/f.ttf"},"foregroundColor":"#000000","backgroundColor":"#ffffff80","underline":{"style":"double","color":"#007aff"},"strikethrough":{"style":"single"},"kern":1.5,"baselineOffset":-2,"link":"l","tappable":true,"highlightedForegroundColor":"#ffffff","highlightedBackgroundColor":"#aaaaaa","paragraphStyle":{"alignment":"center","lineBreakMode":"wordWrap","lineSpacing":0,"lineHeightMultiple":0,"paragraphSpacing":0,"baseWritingDirection":"natural"},"custom":{"a":"2","z":"1"}}]}"##)
    }

    @Test("the output is valid JSON that Foundation reads back, control characters escaped")
    func validJSON() throws {
        let text = AttributedText(markdown: "quote \" back\\slash\u{1}\t[*l*](https://x.example \"t\")\u{2028}")
        for pretty in [false, true] {
            let json = markupJSON(text, pretty: pretty)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            #expect(object["text"] as? String == text.string)
            let runs = try #require(object["runs"] as? [[String: Any]])
            #expect(runs.count == text.runs.count)
            #expect(runs.map { $0["range"] as? [Int] } == text.runs.map { [$0.range.location, $0.range.length] })
            #expect(runs.compactMap { $0["link"] as? String } == ["https://x.example"])
        }
    }

    @Test("errors as JSON carry message, line and column")
    func errorJSON() throws {
        do {
            _ = try TaggedString("a\n<b>\"x\"</i>").attributedText(with: .standard())
            Issue.record("expected an error")
        } catch {
            #expect(markupJSON(error) == #"{"error":"closing tag </i> does not match <b>","line":2,"column":7}"#)
        }
    }
}
