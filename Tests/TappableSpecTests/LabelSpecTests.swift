import Foundation
import Testing
import TappableDetection
import TappableInteraction
import TappableJSON
import TappableLayout
import TappableMarkup
@testable import TappableSpec
import TappableTestSupport
import TappableText

/// `LabelSpec.parse` of a SPEC's text.
func parse(_ json: String) throws -> LabelSpec { try LabelSpec.parse(Data(json.utf8)) }

/// A SPEC that must be refused, and the error it gets.
struct BadSpec: CustomTestStringConvertible, Sendable {
    var name: String
    var json: [UInt8]
    var error: SpecError
    var testDescription: String { name }

    init(_ name: String, _ json: String, field: String = "", _ message: String) {
        self.init(name, Array(json.utf8), field: field, message)
    }
    init(_ name: String, _ bytes: [UInt8], field: String = "", _ message: String) {
        self.name = name; self.json = bytes; self.error = SpecError(field: field, message)
    }
}

@Suite("SPEC files are strict JSON: errors say line and column, keys given twice are caught after unescaping")
struct LabelSpecJSONTests {
    static let bad: [BadSpec] = [
        BadSpec("a trailing comma in the object", #"{"text": "x", "width": 10,}"#,
                "line 1, column 27: SPEC is not valid JSON: expected a key (a string in double quotes) after ',', found '}' (JSON allows no trailing comma)"),
        BadSpec("a trailing comma in a list", #"{"text": "x", "detectors": ["link",]}"#,
                "line 1, column 36: SPEC is not valid JSON at detectors[1]: expected a value (an object, array, string, number, true, false or null) after ',', found ']' (JSON allows no trailing comma)"),
        BadSpec("a key written with an escape, given twice", #"{"text": "x", "t\u0065xt": "y"}"#, field: "text",
                "given twice (one would be silently lost)"),
        BadSpec("a run's link given twice, once escaped", #"{"text": "ab", "runs": [{"range": [0, 1], "link": "a", "\u006cink": "b"}]}"#,
                field: "runs[0].link", "given twice (one would be silently lost)"),
        BadSpec("a syntax error on the third line", "{\n  \"text\": \"x\",\n  \"width\": 10 10\n}",
                "line 3, column 15: SPEC is not valid JSON at width: expected ',' or '}' after the object member, found '1'"),
        BadSpec("a raw tab in the text", "{\"text\": \"a\tb\"}",
                "line 1, column 12: SPEC is not valid JSON at text: a raw tab (U+0009) in a string: write it as \\t"),
        BadSpec("a raw line break in the text", "{\"text\": \"a\nb\"}",
                "line 1, column 12: SPEC is not valid JSON at text: a raw line break (U+000A) in a string: write it as \\n (or is a closing '\"' missing?)"),
        BadSpec("Latin-1 in the text", Array(#"{"text": "caf"#.utf8) + [0xE9, 0x22, 0x7D],
                "line 1, column 14: SPEC is not valid JSON at text: invalid UTF-8 in a string: byte 0xE9 starts a character that byte 0x22 does not continue (is the text Latin-1 or another encoding?)"),
        BadSpec("a comment", "{\"text\": \"x\" // the text\n}",
                "line 1, column 14: SPEC is not valid JSON at text: expected ',' or '}' after the object member, found '/' (JSON has no comments)"),
        BadSpec("a leading zero", #"{"text": "x", "numberOfLines": 02}"#,
                "line 1, column 32: SPEC is not valid JSON at numberOfLines: a number may not start with a leading zero (write 1, not 01)"),
        BadSpec("a number beyond a Double", #"{"text": "x", "width": 1e999}"#,
                "line 1, column 24: SPEC is not valid JSON at width: number 1e999 is out of range (a number must lie within ±1.7976931348623157e308)"),
        BadSpec("single quotes", #"{'text': 'x'}"#,
                "line 1, column 2: SPEC is not valid JSON: expected a key (a string in double quotes) or '}', found \"'\" (JSON strings take double quotes)"),
        BadSpec("NaN", #"{"text": "x", "width": NaN}"#,
                "line 1, column 24: SPEC is not valid JSON at width: expected a value (an object, array, string, number, true, false or null), found 'NaN' (JSON has no NaN or Infinity)"),
        BadSpec("a UTF-16 file", [0xFF, 0xFE] + Array(#"{"text": "x"}"#.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
                "line 1, column 1: SPEC is not valid JSON: the text is UTF-16 (it starts with a UTF-16 byte order mark); JSON must be UTF-8"),
        BadSpec("an array at the top", #"[{"text": "x"}]"#, "SPEC must be a JSON object"),
    ]

    @Test("bad JSON is refused with the line, column and what was expected; a key given twice names its path", arguments: bad)
    func badJSON(_ c: BadSpec) {
        #expect(throws: c.error) { try LabelSpec.parse(Data(c.json)) }
    }

    @Test("a UTF-8 byte order mark is skipped; lone surrogate escapes read as U+FFFD; keys that differ by normalisation are two keys")
    func accepted() throws {
        #expect(try LabelSpec.parse(Data([0xEF, 0xBB, 0xBF] + Array(#"{"text": "x"}"#.utf8))).text.string == "x")
        #expect(try parse(#"{"text": "a\ud800b\udc00"}"#).text.string == "a\u{FFFD}b\u{FFFD}")
        #expect(throws: SpecError(field: "te\u{301}xt", "unknown field (known: adjustsFontSizeToFitWidth, alignment, background, color, detectors, font, height, interaction, lineBreakMode, lineSpacing, link, linkSchemes, markup, minimumScaleFactor, numberOfLines, runs, scale, text, width)")) {
            try parse("{\"text\": \"x\", \"te\u{301}xt\": \"y\"}")
        }
    }

    @Test("the first unknown field in the file is the one named")
    func unknownFieldInFileOrder() {
        #expect(throws: SpecError(field: "runs[0].zebra", "unknown field")) { try parse(#"{"text": "x", "runs": [{"range": [0, 1], "zebra": 1, "apple": 2}]}"#) }
    }
}

@Suite("SPEC files are bounded: 16 MiB, and never a directory")
struct LabelSpecFileTests {
    @Test("the limit is 16 MiB, the JSON reader's")
    func limit() {
        #expect(LabelSpec.maximumFileSize == 16 * 1024 * 1024)
        #expect(LabelSpec.maximumFileSize == JSONReader.defaultMaximumLength)
    }

    @Test("a file over the limit is refused from its size, before it is read")
    func largeFile() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.cleanup() }
        let folder = temporary.path
        let path = folder + "/huge.json"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, off_t(LabelSpec.maximumFileSize + 1)) == 0, "a sparse file: nothing on disk, and nothing read")
        #expect(throws: SpecError(field: "", "cannot read SPEC file \(path): larger than 16 MiB (16777216 bytes)")) { try LabelSpec.load(path: path) }
    }

    @Test("data over the limit is refused before it is parsed")
    func largeData() {
        let data = Data(count: LabelSpec.maximumFileSize + 1)
        #expect(throws: SpecError(field: "", "SPEC is 16777217 bytes, larger than 16 MiB (16777216 bytes)")) { try LabelSpec.parse(data) }
    }

    @Test("a directory, a missing file and an endless device are refused, naming the path")
    func notFiles() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.cleanup() }
        let folder = temporary.path
        #expect(throws: SpecError(field: "", "cannot read SPEC file \(folder): a directory, not a regular file")) { try LabelSpec.load(path: folder) }
        #expect(throws: SpecError(field: "", "cannot read SPEC file /no/such/spec.json: No such file or directory")) {
            try LabelSpec.load(path: "/no/such/spec.json")
        }
        #expect(throws: SpecError(field: "", "cannot read SPEC file /dev/zero: larger than 16 MiB (16777216 bytes)")) {
            try LabelSpec.load(path: "/dev/zero")
        }
    }

    @Test("a font file name holding a NUL is refused (a C path would end there and open another file)")
    func nulInFontFile() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(#"{"text": "x", "font": {"file": "a.ttf\u0000.otf", "size": 12}}"#)
        #expect(throws: SpecError(field: "font.file", "contains a NUL character")) { try LabelSpec.load(path: spec) }
    }

    @Test("a font file that is a FIFO is refused naming the field, without waiting for a writer")
    func fifoFont() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.cleanup() }
        let folder = temporary.path
        #expect(mkfifo(folder + "/pipe.ttf", 0o600) == 0)
        let spec = folder + "/label.json"
        try Data(#"{"text": "x", "font": {"file": "pipe.ttf", "size": 12}}"#.utf8).write(to: URL(fileURLWithPath: spec))
        #expect(throws: SpecError(field: "font.file", "font file \(folder)/pipe.ttf is a FIFO (named pipe), not a regular file")) {
            try LabelSpec.load(path: spec)
        }
    }
}

@Suite("SPEC colours: CSS colour names as well as #rgb, #rgba, #rrggbb, #rrggbbaa")
struct LabelSpecColourTests {
    @Test("every colour field takes CSS names in any case and every hex form")
    func names() throws {
        let spec = try parse("""
        {"text": "hello", "color": "DarkSlateGray", "background": "#fff8",
         "link": {"color": "crimson", "highlightedColor": "white", "highlightedBackground": "transparent"},
         "runs": [{"range": [0, 2], "color": "RED", "backgroundColor": "#0f0a", "highlightedColor": "navy", "highlightedBackground": "rebeccapurple"}]}
        """)
        #expect(spec.style.textColor == Color(hex: "#2f4f4f"))
        #expect(spec.style.backgroundColor == Color(hex: "#ffffff88"))
        #expect(spec.style.link.color == Color(hex: "#dc143c"))
        #expect(spec.settings.highlightStyle.textColor == .white)
        #expect(spec.settings.highlightStyle.backgroundColor == .clear)
        let run = spec.text.attributes(at: 0).attributes
        #expect(run.foregroundColor == Color(hex: "#ff0000"))
        #expect(run.backgroundColor == Color(hex: "#00ff00aa"))
        #expect(run.highlightedForegroundColor == Color(hex: "#000080"))
        #expect(run.highlightedBackgroundColor == Color(hex: "#663399"))
    }

    @Test("anything else is an error naming the field and the forms", arguments: [
        (#"{"text": "x", "color": "reddish"}"#, "color", "\"reddish\""),
        (##"{"text": "x", "background": "#12345"}"##, "background", "\"#12345\""),
        (#"{"text": "x", "link": {"color": " red"}}"#, "link.color", "\" red\""),
        (#"{"text": "x", "runs": [{"range": [0, 1], "highlightedBackground": "currentcolor"}]}"#, "runs[0].highlightedBackground", "\"currentcolor\""),
        (#"{"text": "x", "color": "red\u202e"}"#, "color", "\"red\\u{202e}\""),
    ])
    func bad(json: String, field: String, shown: String) {
        #expect(throws: SpecError(field: field, "\(shown) is not a colour (a CSS colour name such as red or rebeccapurple, transparent, #rgb, #rgba, #rrggbb or #rrggbbaa)")) {
            try parse(json)
        }
    }
}

@Suite("Duplicate SPEC keys")
struct DuplicateKeyTests {
    @Test("a key given twice in one object is an error naming it, at any depth; equal keys in different objects are fine")
    func duplicates() throws {
        #expect(throws: SpecError(field: "text", "given twice (one would be silently lost)")) {
            try LabelSpec.parse(Data(#"{"text": "x", "text": "y"}"#.utf8))
        }
        #expect(throws: SpecError(field: "runs[1].link", "given twice (one would be silently lost)")) {
            try LabelSpec.parse(Data(#"{"text": "hello", "runs": [{"range": [0, 1], "link": "a"}, {"range": [1, 1], "link": "a", "link": "b"}]}"#.utf8))
        }
        let fine = try LabelSpec.parse(Data(#"{"text": "a \"text\": b", "runs": [{"range": [0, 1], "link": "a"}, {"range": [1, 1], "link": "b"}]}"#.utf8))
        #expect(fine.text.string == #"a "text": b"#)
    }
}

@Suite("SPEC files: markup and detectors make the text, runs apply last")
struct LabelSpecTextTests {
    @Test("markup \"markdown\": links carry their destination (the SPEC's link style paints them), emphasis varies the label's font")
    func markdownSpec() throws {
        let spec = try LabelSpec.parse(Data("""
        {"text": "Read the *[Terms & Conditions (2026)](https://example.com/a-b?x=1&y=%20#top)*", "markup": "markdown",
         "font": {"family": "DejaVu Sans", "size": 12}}
        """.utf8))
        #expect(spec.text.string == "Read the Terms & Conditions (2026)")
        let link = spec.text.attributes(at: 9)
        #expect(link.range == TextRange(location: 9, length: 25))
        #expect(link.attributes.link == "https://example.com/a-b?x=1&y=%20#top")
        #expect(link.attributes.foregroundColor == nil, "no colour of its own: the SPEC's link style applies")
        #expect(link.attributes.underline == nil)
        #expect(link.attributes.font == Font(family: "DejaVu Sans", size: 12, italic: true))
        #expect(spec.text.attributes(at: 0).attributes.link == nil)
    }

    @Test("detectors make the acceptance string's matches tappable links; runs apply last")
    func detectors() throws {
        let spec = try LabelSpec.parse(Data("""
        {"text": "\(DetectorSentence.text)", "numberOfLines": 0, "width": 200,
         "detectors": {"types": ["link", "phoneNumber", "date"], "referenceDate": "2026-11-29T12:00:00Z", "timeZone": "UTC"},
         "runs": [{"range": [25, 3], "color": "#ff0000"}]}
        """.utf8))
        let links = spec.text.runs.filter { $0.attributes.link != nil }
        #expect(links.map(\.attributes.link) == ["http://google.com", "tel:+14155555555", "tel:+14155555555", "2026-12-04T17:00:00Z"])
        #expect(links.map(\.range) == [TextRange(location: 6, length: 10), TextRange(location: 25, length: 3),
                                       TextRange(location: 28, length: 9), TextRange(location: 49, length: 13)])
        #expect(links.allSatisfy { $0.attributes.isTappable })
        #expect(links[1].attributes.foregroundColor == Color(hex: "#ff0000"))
        #expect(links[2].attributes.foregroundColor == nil, "the SPEC's link style paints detected links")
        #expect(spec.text.attributes(at: 0).attributes.link == nil)
        // The short form: a list of type names.
        let short = try LabelSpec.parse(Data(#"{"text": "\#(DetectorSentence.text)", "detectors": ["phoneNumber"]}"#.utf8))
        #expect(short.text.runs.filter { $0.attributes.link != nil }.map(\.attributes.link) == ["tel:+14155555555"])
    }

    @Test("more matches than a label has regions is an error at detectors, before a run is made for each (100,001 times \"5pm \")")
    func tooManyDetections() throws {
        let limit = TappableLabel.maximumRegionCount
        let text = String(repeating: "5pm ", count: limit + 1)
        let error = SpecError(field: "detectors", "found \(limit + 1) matches, more than the \(limit) tappable regions a label takes")
        #expect(throws: error) { try LabelSpec.parse(Data(#"{"text": "\#(text)", "detectors": ["date"]}"#.utf8)) }
    }

    @Test("a link the markup made wins over a detection inside it; detections elsewhere still apply")
    func markupLinksWin() throws {
        let spec = try LabelSpec.parse(Data("""
        {"text": "[google.com](https://example.com/x) or google.com", "markup": "markdown", "detectors": ["link"]}
        """.utf8))
        #expect(spec.text.string == "google.com or google.com")
        #expect(spec.text.attributes(at: 0).attributes.link == "https://example.com/x")
        #expect(spec.text.attributes(at: 0).range == TextRange(location: 0, length: 10))
        #expect(spec.text.attributes(at: 14).attributes.link == "http://google.com")
    }

    @Test("detectors read national phone numbers in the SPEC's region and dates in its locale")
    func detectorRegionAndLocale() throws {
        let spec = try LabelSpec.parse(Data(#"""
        {"text": "appelez le 01 23 45 67 89 le 3 décembre",
         "detectors": {"types": ["phoneNumber", "date"], "region": "FR", "locale": "fr", "referenceDate": "2026-11-29T12:00:00Z"}}
        """#.utf8))
        let links = spec.text.runs.compactMap(\.attributes.link)
        #expect(links == ["tel:+33123456789", "2026-12-03T12:00:00Z"])
    }
}

@Suite("SPEC limits: text length and runs, each at the limit and past it")
struct LabelSpecLimitTests {
    @Test("a SPEC text of 1,048,576 UTF-16 units is read; one more is an error naming \"text\" and the limit, before layout")
    func textLength() throws {
        let limit = TextLayout.maximumTextLength
        let atLimit = try LabelSpec.parse(Data(#"{"text": "\#(String(repeating: "a", count: limit))"}"#.utf8))
        #expect(atLimit.text.length == limit)
        // A character outside the BMP counts two units.
        let json = #"{"text": "\#(String(repeating: "a", count: limit - 1))😀"}"#
        let error = #expect(throws: SpecError.self) { try LabelSpec.parse(Data(json.utf8)) }
        #expect(error?.field == "text")
        #expect(error?.message == "is 1048577 UTF-16 code units long, more than the 1048576 a label takes")
    }

    @Test("runs may have 100,000 entries; one more is an error naming \"runs\" and the limit before any entry is read")
    func runCount() throws {
        let limit = LabelSpec.maximumRunCount
        #expect(limit == 100_000)
        func spec(_ count: Int) -> Data {
            // null entries: cheap to parse, and an error at the first entry once the count is accepted.
            Data(#"{"text": "a", "runs": [\#(Array(repeating: "null", count: count).joined(separator: ","))]}"#.utf8)
        }
        let atLimit = #expect(throws: SpecError.self) { try LabelSpec.parse(spec(limit)) }
        #expect(atLimit?.field == "runs[0]", "at the limit the entries are read")
        let past = #expect(throws: SpecError.self) { try LabelSpec.parse(spec(limit + 1)) }
        #expect(past?.field == "runs")
        #expect(past?.message == "has 100001 entries, more than the 100000 a SPEC may give")
    }
}
