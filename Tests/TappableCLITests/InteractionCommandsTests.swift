import Foundation
import Testing
@testable import TappableCLI
import TappableJSON
import TappableLayout
import TappableSnapshot
@testable import TappableSpec
import TappableTestSupport
import TappableText

@Suite("Interaction commands: regions, hit, simulate, a11y")
struct InteractionCommandsTests {
    @Test("regions lists both links in text order with rects and tap areas 5 pt larger on each side")
    func regions() throws {
        let folder = try TemporaryFolder()
        let result = run("regions", try folder.write(LoginSentence.spec()))
        #expect(result.exitCode == 0)
        let regions = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(regions.count == 2)
        #expect(regions[0]["range"] as? [Int] == [31, 16])
        #expect(regions[0]["value"] as? String == "https://example.com/terms")
        let rects = try #require(regions[0]["rects"] as? [[Double]]), areas = try #require(regions[0]["tapAreas"] as? [[Double]])
        #expect(rects.count == 2, "the Terms link wraps onto the second line")
        for (r, a) in zip(rects, areas) {
            #expect(abs(a[0] - (r[0] - 5)) < 1e-3 && abs(a[2] - (r[2] + 10)) < 1e-3)
        }
    }

    @Test("hit reports the region under the point, or null in empty space")
    func hit() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(LoginSentence.spec())
        let onLink = try object(lines(run("hit", spec, "250", "10"))[0])
        #expect((onLink["region"] as? [String: Any])?["value"] as? String == "https://example.com/terms")
        let empty = try object(lines(run("hit", spec, "310", "30"))[0])
        #expect(empty["region"] is NSNull)
        #expect(empty["index"] is NSNull)
    }

    @Test("simulate: press, lift inside → highlight, tap, un-highlight; a press held 0.5 s → long press")
    func simulate() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(LoginSentence.spec())
        let tap = lines(run("simulate", spec, "--touches", "down 250,10 @0; up 251,10 @0.1")).map { try? object($0) }
        #expect(tap.map { $0?["event"] as? String } == ["highlight", "tap", "highlight"])
        let tapped = try #require(tap[1]?["region"] as? [String: Any])
        #expect(tapped["value"] as? String == "https://example.com/terms")
        #expect(tapped["range"] as? [Int] == [31, 16] && tapped["index"] as? Int == 0)
        #expect((tap[0]?["region"] as? [String: Any])?["range"] as? [Int] == [31, 16])
        #expect(tap[2]?["region"] is NSNull, "un-highlighted")
        let long = lines(run("simulate", spec, "--touches", "down 250,10 @0; wait @0.49; wait @0.5; up 250,10 @0.7")).map { try? object($0) }
        #expect(long.map { $0?["event"] as? String } == ["highlight", "longPress", "highlight"])
        #expect(long[1]?["time"] as? Double == 0.5)
        let outside = lines(run("simulate", spec, "--touches", "down 310,30 @0; up 310,30 @0.1")).map { try? object($0) }
        #expect(outside.map { $0?["event"] as? String } == ["unhandled"])
    }

    @Test("one region, one JSON shape: regions, hit, simulate, the hit map and examples print the same object; no link is null everywhere")
    func oneRegionShape() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write("""
        {"text": "\(LoginSentence.text)", "width": 320, "numberOfLines": 0,
         "runs": [{"range": [31, 16], "link": "https://example.com/terms"}, {"range": [52, 14], "tappable": true}]}
        """)
        let regionsOutput = run("regions", spec).stdout
        let regions = try #require(try JSONSerialization.jsonObject(with: Data(regionsOutput.utf8)) as? [[String: Any]])
        let keys = ["index", "range", "text", "value", "rects", "tapAreas", "frame"]
        #expect(regionsOutput.hasPrefix("[{\"index\":0,\"range\":[31,16],\"text\":\"Terms of Service\",\"value\":\"https://example.com/terms\",\"rects\":"),
                "keys in the documented order")
        #expect(Set(regions[1].keys) == Set(keys))
        #expect(regions[1]["value"] is NSNull, "a region flagged tappable without a link has value null")
        func same(_ a: Any?, _ b: [String: Any]) -> Bool { (a as? NSDictionary)?.isEqual(to: b) ?? false }
        let privacyRect = try #require((regions[1]["rects"] as? [[Double]])?.first)
        let point = ["\(privacyRect[0] + privacyRect[2] / 2)", "\(privacyRect[1] + privacyRect[3] / 2)"]
        let hit = try object(lines(run("hit", spec, point[0], point[1]))[0])
        #expect(same(hit["region"], regions[1]), "hit prints the region as regions does")
        let events = lines(run("simulate", spec, "--touches", "down \(point[0]),\(point[1]) @0; up \(point[0]),\(point[1]) @0.1")).map { try? object($0) }
        #expect(same(events[0]?["region"], regions[1]) && same(events[1]?["region"], regions[1]))
        let json = folder.file("map.json")
        #expect(run("overlay", spec, "-o", folder.file("o.png"), "--json", json).exitCode == 0)
        let map = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let mapped = try #require(map["regions"] as? [[String: Any]])
        #expect(mapped.count == 2 && same(mapped[0], regions[0]) && same(mapped[1], regions[1]), "the hit map prints the same regions")
    }

    @Test("simulate --frames writes one PNG per highlight change, atomically")
    func frames() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(LoginSentence.spec())
        let frames = folder.file("frames")
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: false)
        let result = run("simulate", spec, "--touches", "down 250,10 @0; up 250,10 @0.1", "--frames", frames)
        #expect(result.exitCode == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
        #expect(files == ["frame-001.png", "frame-002.png"])
        let highlights = lines(result).compactMap { try? object($0) }.filter { $0["event"] as? String == "highlight" }
        #expect(highlights.map { $0["frame"] as? String } == ["frame-001.png", "frame-002.png"])
    }

    @Test("bad touch scripts exit 2 naming the step")
    func badScripts() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(LoginSentence.spec())
        for script in ["down 1,2", "jump 1,2 @0", "down x,2 @0", "down 1,2 @-1", ""] {
            let result = run("simulate", spec, "--touches", script)
            #expect(result.exitCode == 2, "\(script)")
            #expect(result.stderr.contains("touch script"), "\(script): \(result.stderr)")
        }
    }

    @Test("a11y splits the seed's string at region boundaries, links with the link trait")
    func accessibility() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write("""
        {"text": "View our Privacy Policy or Terms of Service", "width": 400,
         "runs": [{"range": [9, 14], "link": "privacy"}, {"range": [27, 16], "link": "tos"}]}
        """)
        let elements = try #require(try JSONSerialization.jsonObject(with: Data(run("a11y", spec).stdout.utf8)) as? [[String: Any]])
        #expect(elements.map { $0["text"] as? String } == ["View our ", "Privacy Policy", " or ", "Terms of Service"])
        #expect(elements.map { ($0["traits"] as? [String])?.contains("link") } == [false, true, false, true])
    }

    @Test("interaction settings in the SPEC: minimum tap target grows small tap areas; bad values name the field")
    func settings() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(LoginSentence.spec(#", "interaction": {"minimumTapTarget": [44, 44]}"#))
        let regions = try #require(try JSONSerialization.jsonObject(with: Data(run("regions", spec).stdout.utf8)) as? [[String: Any]])
        for region in regions {
            for area in try #require(region["tapAreas"] as? [[Double]]) { #expect(area[2] >= 44 - 1e-9 && area[3] >= 44 - 1e-9) }
        }
        let bad = try folder.write(LoginSentence.spec(#", "interaction": {"allowableMovement": -1}"#))
        let result = run("regions", bad)
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("interaction.allowableMovement"))
    }

    @Test("simulate --frames writes at most 1,000 frames: 1,001 highlight changes are an error before any frame, 1,000 are accepted")
    func frameLimit() throws {
        #expect(TappableCommand.maximumFrameCount == 1_000)
        let folder = try TemporaryFolder()
        let spec = try folder.write(#"{"text": "a", "width": 1, "height": 1, "runs": [{"range": [0, 1], "link": "x"}]}"#)
        let frames = folder.url.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: false)
        // Each tap: highlight on the way down, un-highlight on the way up. The step limit of the
        // touch script is not what is tested here: 1,001 changes need 1,001 steps.
        func script(changes: Int) -> String {
            (0..<changes).map { $0 % 2 == 0 ? "down 0.5,0.5 @\($0)" : "up 0.5,0.5 @\($0)" }.joined(separator: "; ")
        }
        let past = run("simulate", spec, "--touches", script(changes: 1_001), "--frames", frames.path)
        #expect(past.exitCode == 2 && past.stdout.isEmpty)
        #expect(past.stderr.contains("--frames writes at most 1000 frames; these touches change the highlight 1001 times"), "\(past.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: frames.path).isEmpty, "no frame painted")
        // At the limit the frames are written; a folder in the way of the first stops it cheaply.
        try FileManager.default.createDirectory(at: frames.appendingPathComponent("frame-001.png"), withIntermediateDirectories: false)
        let atLimit = run("simulate", spec, "--touches", script(changes: 1_000), "--frames", frames.path)
        #expect(atLimit.exitCode == 2)
        #expect(atLimit.stderr.contains("frame-001.png: is a folder"), "the limit let it through to the first frame: \(atLimit.stderr)")
    }

    @Test("a negative kern keeps the link a region with a real rect")
    func negativeKern() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(#"{"text": "hello world", "runs": [{"range": [0, 5], "link": "x", "kern": -8}]}"#)
        let regions = try #require(try JSONSerialization.jsonObject(with: Data(run("regions", spec).stdout.utf8)) as? [[String: Any]])
        #expect(regions.count == 1)
        #expect(((regions.first?["rects"] as? [[Double]])?.first?[2] ?? 0) > 0)
    }

    @Test("a run splitting a surrogate pair is an error naming the run")
    func splitSurrogate() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(#"{"text": "\ud83d\udc4d", "runs": [{"range": [1, 1], "link": "x"}]}"#)
        let result = run("regions", spec)
        #expect(result.exitCode == 2 && result.stderr.contains("runs[0].range") && result.stderr.contains("surrogate"))
    }
}

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
        let folder = try TemporaryFolder()
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
        let folder = try TemporaryFolder()
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

    @Test("a SPEC cannot make script links tappable: javascript and vbscript in linkSchemes are errors, in any case")
    func scriptSchemesRefused() throws {
        let folder = try TemporaryFolder()
        for (k, name) in ["javascript", "JavaScript", "vbscript"].enumerated() {
            let spec = try folder.write(#"{"text": "a", "linkSchemes": ["https", "\#(name)"], "runs": [{"range": [0, 1], "link": "\#(name):alert(1)"}]}"#)
            let r = run("render", spec, "-o", folder.file("x\(k).html"))
            #expect(r.exitCode == 2)
            #expect(r.stderr.contains("field \"linkSchemes[1]\"") && r.stderr.contains("run script"), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.file("x\(k).html")), "nothing is written")
        }
    }

    @Test("a link with a control character is an error naming the field, in runs and in markup")
    func controls() throws {
        let folder = try TemporaryFolder()
        let inRun = run("regions", try folder.write(#"{"text": "abc", "runs": [{"range": [0, 3], "link": "https://a.example/\u0000x"}]}"#))
        #expect(inRun.exitCode == 2)
        #expect(inRun.stderr.contains("field \"runs[0].link\"") && inRun.stderr.contains("U+0000"), "\(inRun.stderr)")
        let inMarkup = run("regions", try folder.write(#"{"text": "<a href='https://a.example/&#7;'>x</a>", "markup": "tagged"}"#))
        #expect(inMarkup.exitCode == 2 && inMarkup.stderr.contains("field \"text\"") && inMarkup.stderr.contains("U+0007"), "\(inMarkup.stderr)")
    }
}
