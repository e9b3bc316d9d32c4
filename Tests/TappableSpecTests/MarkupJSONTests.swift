import Foundation
import Testing
import TappableDetection
import TappableJSON
import TappableMarkup
@testable import TappableSpec
import TappableTestSupport
import TappableText

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

/// Golden files for `tappable markup`'s JSON, in the style of Pango's markup tests (moved here
/// from TappableMarkupTests with the serialiser): `Golden/<kind>-<valid|invalid>-NN-name.<md|tagged>`
/// holds an input, the `.expected` file beside it what it must produce: the run JSON
/// (`markupJSON(pretty: true)`) for valid input, `error: <description>` for invalid input.
/// Markdown uses `MarkdownOptions()`, tagged strings `TaggedStringOptions.standard()`.
/// Set TAPPABLE_RECORD_GOLDEN=1 to (re)write the expected files, then review the diff.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static var inputs: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".md") || $0.hasSuffix(".tagged") }.sorted()
    }

    static func render(_ name: String, _ source: String) -> String {
        if name.hasSuffix(".md") {
            return markupJSON(Markdown.attributedText(source), pretty: true) + "\n"
        }
        do {
            return markupJSON(try TaggedString(source).attributedText(with: .standard()), pretty: true) + "\n"
        } catch {
            return "error: \(error)\n"
        }
    }
}

@Suite("Golden files: valid and invalid markup with expected runs or errors")
struct MarkupGoldenTests {
    @Test("there are golden cases for both formats, valid and invalid")
    func casesExist() {
        let inputs = Golden.inputs
        #expect(inputs.contains { $0.hasPrefix("markdown-valid-") })
        #expect(inputs.contains { $0.hasPrefix("tagged-valid-") })
        #expect(inputs.contains { $0.hasPrefix("tagged-invalid-") })
    }

    @Test("each input produces its expected output", arguments: Golden.inputs)
    func golden(name: String) throws {
        let input = Golden.directory.appendingPathComponent(name)
        let expectedURL = input.deletingPathExtension().appendingPathExtension("expected")
        let source = try String(contentsOf: input, encoding: .utf8)
        let actual = Golden.render(name, source)
        if ProcessInfo.processInfo.environment["TAPPABLE_RECORD_GOLDEN"] == "1" {
            try actual.write(to: expectedURL, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        #expect(actual == expected, "\(name): output differs from \(expectedURL.lastPathComponent)")
        // Valid and invalid cases are what their names say.
        #expect(actual.hasPrefix("error: ") == name.contains("-invalid-"))
    }
}
