import Foundation
import TappableCLI
import TappableJSON
import TappableSpec
import Testing

@Suite("SPEC link policy: refused links stay plain with a warning; linkSchemes allows a list; controls are errors")
struct LinkPolicySpecTests {
    func regions(_ result: TappableCommand.Result) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    @Test("javascript:, vbscript:, data: and file: links from Markdown, tagged text and runs are not tappable; a warning names each", arguments: [
        (#""markup": "markdown", "text": "read [terms](javascript:alert(1)) now""#, "text"),
        (#""markup": "tagged", "text": "read <a href='VBScript:x'>terms</a> now""#, "text"),
        (##""text": "read terms now", "runs": [{"range": [5, 5], "link": "data:text/html,hi", "color": "#ff0000"}]"##, "runs[0].link"),
        (#""text": "read terms now", "runs": [{"range": [5, 5], "link": " file:///etc/passwd"}]"#, "runs[0].link"),
    ])
    func refused(fields: String, field: String) throws {
        let folder = try SpecFolder()
        let result = run("regions", try folder.write("{\(fields), \"width\": 300}"))
        #expect(result.exitCode == 0)
        #expect(try regions(result).isEmpty, "no region: the link stayed plain text")
        #expect(result.stderr.hasPrefix("tappable: warning: "))
        #expect(result.stderr.contains("field \"\(field)\": link \""), "\(result.stderr)")
        #expect(result.stderr.contains("is not tappable: scheme"))
        #expect(result.stderr.contains("linkSchemes"), "the warning says how to allow it")
    }

    @Test("linkSchemes lists the schemes links may have: listed ones work, others are refused")
    func customSchemes() throws {
        let folder = try SpecFolder()
        let spec = try folder.write("""
        {"text": "a b c", "width": 300, "linkSchemes": ["myapp", "HTTPS"],
         "runs": [{"range": [0, 1], "link": "myapp://open"}, {"range": [2, 1], "link": "https://x.example"}, {"range": [4, 1], "link": "http://x.example"}]}
        """)
        let result = run("regions", spec)
        #expect(try regions(result).map { $0["value"] as? String } == ["myapp://open", "https://x.example"])
        #expect(result.stderr.contains("field \"runs[2].link\"") && result.stderr.contains("scheme \"http\" is not allowed"))
        for bad in [#"["ht tp"]"#, #""https""#, #"[1]"#] {
            let r = run("regions", try folder.write(#"{"text": "a", "linkSchemes": \#(bad)}"#))
            #expect(r.exitCode == 2 && r.stderr.contains("linkSchemes"), "\(bad): \(r.stderr)")
        }
    }

    @Test("a link with a control character is an error naming the field, in runs and in markup")
    func controls() throws {
        let folder = try SpecFolder()
        let inRun = run("regions", try folder.write(#"{"text": "abc", "runs": [{"range": [0, 3], "link": "https://a.example/\u0000x"}]}"#))
        #expect(inRun.exitCode == 2)
        #expect(inRun.stderr.contains("field \"runs[0].link\"") && inRun.stderr.contains("U+0000"), "\(inRun.stderr)")
        let inMarkup = run("regions", try folder.write(#"{"text": "<a href='https://a.example/&#7;'>x</a>", "markup": "tagged"}"#))
        #expect(inMarkup.exitCode == 2 && inMarkup.stderr.contains("field \"text\"") && inMarkup.stderr.contains("U+0007"), "\(inMarkup.stderr)")
    }

    @Test("render -o PDF: the Markdown injection case gives one annotation, and the SPEC's linkSchemes reaches the PDF")
    func pdf() throws {
        let folder = try SpecFolder()
        let spec = try folder.write(#"{"text": "see [terms](<https://good.example/) /URI (https://evil.example/>) now", "markup": "markdown", "width": 320}"#)
        let out = folder.url.appendingPathComponent("l.pdf").path
        #expect(run("render", spec, "-o", out).exitCode == 0)
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self)
        #expect(!text.contains("evil.example/)"), "the parenthesis is encoded")
        #expect(text.components(separatedBy: "/S /URI").count == 2, "one URI action")
    }

    @Test("render -o SVG and HTML: the SPEC's linkSchemes reaches them as it reaches the PDF")
    func svgAndHTML() throws {
        let folder = try SpecFolder()
        let spec = try folder.write(#"{"text": "a b c", "width": 300, "linkSchemes": ["myapp"], "runs": [{"range": [0, 1], "link": "myapp://open?x=1&y=2"}, {"range": [2, 1], "link": "https://x.example"}]}"#)
        for name in ["l.svg", "l.html", "s.html"] {
            let out = folder.url.appendingPathComponent(name).path
            #expect(TappableCommand.run(["render", spec, "-o", out] + (name == "s.html" ? ["--html-image", "svg"] : [])).exitCode == 0)
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self)
            #expect(text.contains("href=\"myapp://open?x=1&amp;y=2\""), "\(name): the allowed scheme, XML-escaped")
            #expect(!text.contains("x.example"), "\(name): https is not in linkSchemes")
        }
    }
}
