import Foundation
import Testing
@testable import TappableCLI
import TappableJSON
import TappableSnapshot
@testable import TappableSpec
import TappableTestSupport
import TappableText

@Suite("tappable layout and hit: SPEC files laid out and hit-tested, errors naming the field")
struct TappableCommandTests {
    static let loginSpec = LoginSentence.spec()

    /// The `range` starts of `tappable layout`'s lines.
    func lineStarts(_ result: TappableCommand.Result) throws -> [Int] {
        let lines = try #require(try object(result.stdout)["lines"] as? [[String: Any]])
        return lines.compactMap { ($0["range"] as? [Int])?.first }
    }

    @Test("tappable layout: the login label at 320 pt wraps before \"Service\", lines start at 0 and 40")
    func layoutLogin() throws {
        let folder = try TemporaryFolder()
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
        let folder = try TemporaryFolder()
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
        let folder = try TemporaryFolder()
        let tagged = try folder.write("""
        {"text": "By registering, I agree to the <a href='https://example.com/terms'>Terms of Service</a> and <link href=\\"https://example.com/privacy\\">Privacy Policy</link>.",
         "markup": "tagged", "width": 320, "numberOfLines": 0, "color": "#333333"}
        """, as: "tagged.json")
        let result = run("layout", tagged)
        #expect(result.exitCode == 0)
        #expect(try lineStarts(result) == [0, 40])
        let spec = try LabelSpec.load(path: tagged)
        let text = spec.text
        #expect(text.string == LoginSentence.text)
        #expect(text.attributes(at: 31).range == TextRange(location: 31, length: 16))
        #expect(text.attributes(at: 31).attributes.link == "https://example.com/terms")
        #expect(text.attributes(at: 52).attributes.link == "https://example.com/privacy")
        #expect(spec.style.textColor == Color(hex: "#333333"), "the label's colour is its text colour")
        #expect(text.attributes(at: 0).attributes.foregroundColor == nil, "so links keep the link colour")
        #expect(text.attributes(at: 0).attributes.font == Font.system)
    }

    @Test("a font file resolves against the SPEC's folder")
    func fontFile() throws {
        let folder = try TemporaryFolder()
        let fonts = Repository.url("Fonts/DejaVu/DejaVuSans.ttf")
        try FileManager.default.copyItem(at: fonts, to: folder.url.appendingPathComponent("face.ttf"))
        let path = try folder.write(#"{"text": "file face", "font": {"file": "face.ttf", "size": 20}}"#)
        let result = run("layout", path)
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        #expect(try lineStarts(result) == [0])
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
        let folder = try TemporaryFolder()
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
        let folder = try TemporaryFolder()
        let path = try folder.write(Self.loginSpec)
        #expect(run("hit", path, "left", "10").stderr.contains("X and Y must be decimal numbers"))
        #expect(run("hit", path, "10").exitCode == 2)
        let notJSON = try folder.write("{\"text\": ", as: "broken.json")
        #expect(run("layout", notJSON).stderr.contains("SPEC is not valid JSON"))
    }
}

@Suite("Hostile SPECs: clear errors or correct output, never a crash")
struct HostileSpecTests {
    @Test("huge sizes are clear errors naming the field or the image size, never an overflow or inf in JSON")
    func hugeSize() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(#"{"text": "x", "width": 1e308, "height": 1e308}"#)
        let result = run("render", spec, "-o", folder.file("x.png"))
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("field \"width\"") && result.stderr.contains("at most 1000000"))
        let font = try folder.write(#"{"text": "a", "font": {"family": "Inter", "size": 1e308}}"#, as: "font.json")
        let layout = run("layout", font)
        #expect(layout.exitCode == 2 && layout.stderr.contains("font.size"))
        let big = try folder.write(#"{"text": "x", "width": 1000000, "height": 1000000}"#, as: "big.json")
        #expect(run("layout", big).exitCode == 0)
        let painted = run("render", big, "-o", folder.file("big.png"))
        #expect(painted.exitCode == 2 && painted.stderr.contains("too large to paint"))
        let empty = try folder.write(#"{"text": ""}"#, as: "empty.json")
        let nothing = run("render", empty, "-o", folder.file("empty.png"))
        #expect(nothing.exitCode == 2 && nothing.stderr.contains("nothing to paint"))
        let unreadable = try folder.write(#"{"text": "x", "width": 1e999}"#, as: "unreadable.json")
        #expect(run("layout", unreadable).stderr.contains("at width"))
    }

    @Test("lone surrogate escapes read as U+FFFD; an escaped backslash stays text; pairs stay pairs")
    func loneSurrogates() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(#"{"text": "a\ud800b \\ud800 \ud83d\ude00 \udc00", "width": 300}"#)
        let text = try LabelSpec.load(path: spec).text.string
        #expect(text == "a\u{FFFD}b \\ud800 😀 \u{FFFD}")
        #expect(run("layout", spec).exitCode == 0)
    }

    @Test("an unbreakable word of 200,000 letters wraps at grapheme boundaries")
    func unbreakableWord() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write("{\"text\": \"\(String(repeating: "a", count: 200_000))\", \"width\": 300, \"numberOfLines\": 0}")
        let result = run("layout", spec)
        #expect(result.exitCode == 0)
        let layout = try object(lines(result)[0])
        let rows = try #require(layout["lines"] as? [[String: Any]])
        #expect(rows.count > 6000)
        #expect(rows.allSatisfy { (($0["rect"] as? [Double])?[2] ?? .infinity) <= 300 })
    }
}

@Suite("Hostile names in what commands print: no terminal control from a file or link name")
struct TerminalSafeOutputTests {
    static let escape = "\u{1B}[31m", override = "\u{202E}"

    @Test("examples and check: a SPEC named with ESC, a line break and a bidi override is reported on one line, escaped")
    func hostileSpecNames() throws {
        let folder = try TemporaryFolder(), out = try TemporaryFolder(), snapshots = try TemporaryFolder(), failures = try TemporaryFolder()
        let shown = "ok\(Self.escape)red\nfake\(Self.override)", broken = "bad\nline"
        try folder.write(LoginSentence.spec(), as: shown + ".json")
        try folder.write(#"{"text": 5}"#, as: broken + ".json")
        for result in [run("examples", folder.path, "-o", out.path), run("check", folder.path, "--snapshots", snapshots.path, "--record", "missing",
                                                                                      "--failures", failures.path)] {
            let printed = result.stdout + result.stderr
            #expect(!printed.contains("\u{1B}") && !printed.contains(Self.override))
            #expect(printed.contains(#"ok\u{1b}[31mred\u{a}fake\u{202e}"#))
            #expect(printed.contains(#"bad\u{a}line"#))
            // No line starts with a piece of a name.
            #expect(!printed.split(separator: "\n").contains { $0.hasPrefix("fake") || $0.hasPrefix("line") })
        }
        #expect(out.contents().contains(shown + ".png"), "the file itself keeps its name")
    }

    @Test("an error naming a missing file with ESC in its name escapes it; an unknown command is quoted")
    func hostileArguments() {
        let diff = run("diff", "/nonexistent/a\(Self.escape)b.png", "/nonexistent/c.png")
        #expect(diff.exitCode == 2 && !diff.stderr.contains("\u{1B}") && diff.stderr.contains(#"a\u{1b}[31mb.png"#))
        let unknown = run("pa\nint")
        #expect(unknown.exitCode == 2 && unknown.stderr.hasPrefix(#"tappable: unknown command "pa\u{a}int""#))
    }
}
