@testable import TappableCLI
import TappableJSON
@testable import TappableSpec
import Foundation
import TappableText
import Testing

@Suite("SPEC files: tappable layout and hit, markup, detectors, errors naming the field")
struct SpecTests {
    static let loginSpec = """
    {"text": "\(login)", "width": 320, "numberOfLines": 0,
     "runs": [{"range": [31, 16], "link": "https://example.com/terms"}, {"range": [52, 14], "link": "https://example.com/privacy"}]}
    """

    /// The `range` starts of `tappable layout`'s lines.
    func lineStarts(_ result: TappableCommand.Result) throws -> [Int] {
        let lines = try #require(try object(result.stdout)["lines"] as? [[String: Any]])
        return lines.compactMap { ($0["range"] as? [Int])?.first }
    }

    @Test("tappable layout: the login label at 320 pt wraps before \"Service\", lines start at 0 and 40")
    func layoutLogin() throws {
        let folder = try SpecFolder()
        let path = try folder.write(Self.loginSpec)
        let result = run("layout", path)
        #expect(result.exitCode == 0)
        #expect(result.stderr == "")
        #expect(try lineStarts(result) == [0, 40])
        let json = try object(result.stdout)
        #expect(json["size"] as? [Double] == [320, json["usedRect"].flatMap { ($0 as? [Double])?[3] } ?? -1])
        #expect(json["truncated"] as? Bool == false)
    }

    @Test("tappable hit: a point on \"Terms\" hits inside the link, empty space hits nothing")
    func hitLogin() throws {
        let folder = try SpecFolder()
        let path = try folder.write(Self.loginSpec)
        let onTerms = try object(run("hit", path, "250", "10").stdout)
        let index = try #require(onTerms["index"] as? Int)
        #expect((31..<47).contains(index))
        #expect(onTerms["line"] as? Int == 0)
        #expect(try LabelSpec.load(path: path).text.attributes(at: index).attributes.link == "https://example.com/terms")
        let below = run("hit", path, "10", "100")
        #expect(below.exitCode == 0)
        let empty = try object(below.stdout)
        #expect(empty["index"] is NSNull)
        #expect(empty["line"] is NSNull)
        #expect(empty["nearestIndex"] as? Int != nil)
    }

    @Test("markup \"tagged\": the same label from a tagged string lays out the same, with the same links")
    func taggedSpec() throws {
        let folder = try SpecFolder()
        let tagged = try folder.write("""
        {"text": "By registering, I agree to the <a href='https://example.com/terms'>Terms of Service</a> and <link href=\\"https://example.com/privacy\\">Privacy Policy</link>.",
         "markup": "tagged", "width": 320, "numberOfLines": 0, "color": "#333333"}
        """, as: "tagged.json")
        let result = run("layout", tagged)
        #expect(result.exitCode == 0)
        #expect(try lineStarts(result) == [0, 40])
        let spec = try LabelSpec.load(path: tagged)
        let text = spec.text
        #expect(text.string == login)
        #expect(text.attributes(at: 31).range == TextRange(location: 31, length: 16))
        #expect(text.attributes(at: 31).attributes.link == "https://example.com/terms")
        #expect(text.attributes(at: 52).attributes.link == "https://example.com/privacy")
        #expect(spec.style.textColor == Color(hex: "#333333"), "the label's colour is its text colour")
        #expect(text.attributes(at: 0).attributes.foregroundColor == nil, "so links keep the link colour")
        #expect(text.attributes(at: 0).attributes.font == Font.system)
    }

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

    @Test("the SPEC's link style paints Markdown and detected links: a red, plain link style shows red")
    func linkStyleAppliesToMarkupLinks() throws {
        let folder = try SpecFolder()
        let styled = try folder.write("""
        {"text": "Read [Terms](https://t.example) now", "markup": "markdown", "link": {"color": "#ff0000", "underline": false}}
        """, as: "styled.json")
        let plainRed = try folder.write("""
        {"text": "Read Terms now", "runs": [{"range": [5, 5], "color": "#ff0000", "link": "https://t.example"}]}
        """, as: "red.json")
        let a = folder.url.appendingPathComponent("a.png").path, b = folder.url.appendingPathComponent("b.png").path
        #expect(run("render", styled, "-o", a).exitCode == 0)
        #expect(run("render", plainRed, "-o", b).exitCode == 0)
        #expect(run("diff", a, b).exitCode == 0, "the Markdown link looks exactly like an explicitly red link")
    }

    @Test("detectors make the acceptance string's matches tappable links; runs apply last")
    func detectors() throws {
        let spec = try LabelSpec.parse(Data("""
        {"text": "\(acceptance)", "numberOfLines": 0, "width": 200,
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
        let short = try LabelSpec.parse(Data(#"{"text": "\#(acceptance)", "detectors": ["phoneNumber"]}"#.utf8))
        #expect(short.text.runs.filter { $0.attributes.link != nil }.map(\.attributes.link) == ["tel:+14155555555"])
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

    @Test("a font file resolves against the SPEC's folder")
    func fontFile() throws {
        let folder = try SpecFolder()
        let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fonts/DejaVu/DejaVuSans.ttf")
        try FileManager.default.copyItem(at: fonts, to: folder.url.appendingPathComponent("face.ttf"))
        let path = try folder.write(#"{"text": "file face", "font": {"file": "face.ttf", "size": 20}}"#)
        let result = run("layout", path)
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        #expect(try lineStarts(result) == [0])
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

    @Test("bad SPECs exit 2 with one line naming the field", arguments: [
        (#"{"text": "x", "width": -3}"#, "width", "must be at least 0, got -3"),
        (#"{"text": "x", "lineBreakMode": "sideways"}"#, "lineBreakMode", "unknown value \"sideways\""),
        (#"{"width": 100}"#, "text", "missing"),
        (#"{"text": "x", "font": {"file": "no-such-font.ttf", "size": 12}}"#, "font.file", "no-such-font.ttf does not exist or cannot be read"),
        (#"{"text": "x", "font": {"family": "Comic Sans"}}"#, "font.family", "unknown family \"Comic Sans\""),
        (##"{"text": "x", "colour": "#fff"}"##, "colour", "unknown field"),
        (#"{"text": "x", "markup": "html"}"#, "markup", "unknown value \"html\" (one of: plain, markdown, tagged)"),
        (#"{"text": "<b>x", "markup": "tagged"}"#, "text", "tagged string error at line 1, column 1: <b> is never closed"),
        (#"{"text": "x", "detectors": ["link", "bogus"]}"#, "detectors[1]", "unknown type \"bogus\""),
        (#"{"text": "x", "detectors": []}"#, "detectors", "name at least one type"),
        (#"{"text": "x", "detectors": "link"}"#, "detectors", "must be an array of type names or"),
        (#"{"text": "x", "detectors": {"types": [1]}}"#, "detectors.types[0]", "must be a type name string"),
        (#"{"text": "x", "detectors": {"types": "link"}}"#, "detectors.types", "must be an array of type names"),
        (#"{"text": "x", "detectors": {"referenceDate": "next friday"}}"#, "detectors.referenceDate", "is not an ISO 8601 date"),
        (#"{"text": "x", "detectors": {"timeZone": "Europe/Atlantis"}}"#, "detectors.timeZone", "unknown time zone \"Europe/Atlantis\""),
        (#"{"text": "x", "detectors": {"timezone": "UTC"}}"#, "detectors.timezone", "unknown field"),
        (#"{"text": "x", "detectors": {"region": "Narnia"}}"#, "detectors.region", "unknown region \"Narnia\""),
        (#"{"text": "x", "detectors": {"region": 44}}"#, "detectors.region", "must be a string"),
        (#"{"text": "x", "detectors": {"locale": "xx"}}"#, "detectors.locale", "unknown locale \"xx\""),
        (#"{"text": "[a](b) c", "markup": "markdown", "runs": [{"range": [2, 5]}]}"#, "runs[0].range", "lies outside the text (UTF-16 length 3)"),
    ])
    func badSpecs(json: String, field: String, message: String) throws {
        let folder = try SpecFolder()
        let path = try folder.write(json)
        for command in [["layout", path], ["hit", path, "1", "1"]] {
            let result = TappableCommand.run(command)
            #expect(result.exitCode == 2)
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("tappable: field \"\(field)\": "), "stderr: \(result.stderr)")
            #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "stderr: \(result.stderr)")
        }
    }

    @Test("a missing SPEC file or bad coordinates exit 2")
    func badArguments() throws {
        #expect(run("layout", "/no/such/spec.json").exitCode == 2)
        #expect(run("layout", "/no/such/spec.json").stderr.contains("cannot read SPEC file /no/such/spec.json"))
        let folder = try SpecFolder()
        let path = try folder.write(Self.loginSpec)
        #expect(run("hit", path, "left", "10").stderr.contains("X and Y must be decimal numbers"))
        #expect(run("hit", path, "10").exitCode == 2)
        let notJSON = try folder.write("{\"text\": ", as: "broken.json")
        #expect(run("layout", notJSON).stderr.contains("SPEC is not valid JSON"))
    }
}
