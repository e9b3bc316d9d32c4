import Foundation
import TappableCLI
import TappableJSON
import TappableSpec
import Testing

/// The login label with its two links, as a SPEC.
private func loginSpec(_ folder: SpecFolder, extra: String = "") throws -> String {
    try folder.write("""
    {"text": "\(login)", "width": 320, "numberOfLines": 0\(extra),
     "runs": [{"range": [31, 16], "link": "https://example.com/terms"}, {"range": [52, 14], "link": "https://example.com/privacy"}]}
    """)
}

@Suite("Interaction commands: regions, hit, simulate, a11y")
struct InteractionCommandTests {
    @Test("regions lists both links in text order with rects and tap areas 5 pt larger on each side")
    func regions() throws {
        let folder = try SpecFolder()
        let result = run("regions", try loginSpec(folder))
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
        let folder = try SpecFolder()
        let spec = try loginSpec(folder)
        let onLink = try object(lines(run("hit", spec, "250", "10"))[0])
        #expect((onLink["region"] as? [String: Any])?["value"] as? String == "https://example.com/terms")
        let empty = try object(lines(run("hit", spec, "310", "30"))[0])
        #expect(empty["region"] is NSNull)
        #expect(empty["index"] is NSNull)
    }

    @Test("simulate: press, lift inside → highlight, tap, un-highlight; a press held 0.5 s → long press")
    func simulate() throws {
        let folder = try SpecFolder()
        let spec = try loginSpec(folder)
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
        let folder = try SpecFolder()
        let spec = try folder.write("""
        {"text": "\(login)", "width": 320, "numberOfLines": 0,
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
        let json = folder.url.appendingPathComponent("map.json").path
        #expect(run("overlay", spec, "-o", folder.url.appendingPathComponent("o.png").path, "--json", json).exitCode == 0)
        let map = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let mapped = try #require(map["regions"] as? [[String: Any]])
        #expect(mapped.count == 2 && same(mapped[0], regions[0]) && same(mapped[1], regions[1]), "the hit map prints the same regions")
    }

    @Test("simulate --frames writes one PNG per highlight change, atomically")
    func frames() throws {
        let folder = try SpecFolder()
        let spec = try loginSpec(folder)
        let frames = folder.url.appendingPathComponent("frames").path
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
        let folder = try SpecFolder()
        let spec = try loginSpec(folder)
        for script in ["down 1,2", "jump 1,2 @0", "down x,2 @0", "down 1,2 @-1", ""] {
            let result = run("simulate", spec, "--touches", script)
            #expect(result.exitCode == 2, "\(script)")
            #expect(result.stderr.contains("touch script"), "\(script): \(result.stderr)")
        }
    }

    @Test("a11y splits the seed's string at region boundaries, links with the link trait")
    func accessibility() throws {
        let folder = try SpecFolder()
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
        let folder = try SpecFolder()
        let spec = try loginSpec(folder, extra: #", "interaction": {"minimumTapTarget": [44, 44]}"#)
        let regions = try #require(try JSONSerialization.jsonObject(with: Data(run("regions", spec).stdout.utf8)) as? [[String: Any]])
        for region in regions {
            for area in try #require(region["tapAreas"] as? [[Double]]) { #expect(area[2] >= 44 - 1e-9 && area[3] >= 44 - 1e-9) }
        }
        let bad = try loginSpec(folder, extra: #", "interaction": {"allowableMovement": -1}"#)
        let result = run("regions", bad)
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("interaction.allowableMovement"))
    }
}

@Suite("Painting commands: render, overlay, diff, examples")
struct PaintingCommandTests {
    @Test("render writes PNG, PDF and SVG; --touch highlights the pressed region; the files differ only where they should")
    func render() throws {
        let folder = try SpecFolder()
        let spec = try loginSpec(folder)
        let normal = folder.url.appendingPathComponent("n.png").path, touched = folder.url.appendingPathComponent("t.png").path
        #expect(run("render", spec, "-o", normal).exitCode == 0)
        #expect(run("render", spec, "-o", touched, "--touch", "250,10").exitCode == 0)
        #expect(run("diff", normal, touched).exitCode == 1, "the touched render shows a highlight")
        #expect(run("diff", normal, normal).exitCode == 0)
        let pdf = folder.url.appendingPathComponent("l.pdf").path
        #expect(run("render", spec, "-o", pdf).exitCode == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: pdf)).starts(with: Data("%PDF".utf8)))
        #expect(run("render", spec, "-o", folder.url.appendingPathComponent("l.svg").path).exitCode == 0)
        let bad = run("render", spec, "-o", folder.url.appendingPathComponent("l.gif").path)
        #expect(bad.exitCode == 2 && bad.stderr.contains(".png, .pdf, .svg or .html"))
    }

    @Test("render -o .html writes a page (PNG and image map by default, inline SVG with --html-image svg) in the --lang given")
    func renderHTML() throws {
        let folder = try SpecFolder()
        let spec = try loginSpec(folder)
        func page(_ name: String, _ options: String...) throws -> String {
            let out = folder.url.appendingPathComponent(name).path
            let result = TappableCommand.run(["render", spec, "-o", out] + options)
            #expect(result.exitCode == 0 && result.stderr.isEmpty, "\(result.stderr)")
            return String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self)
        }
        let png = try page("l.html")
        #expect(png.hasPrefix("<!DOCTYPE html>\n<html lang=\"und\">") && png.contains("<area shape=\"rect\"") && png.contains("data:image/png;base64,"))
        #expect(png.components(separatedBy: "href=\"https://example.com/terms\"").count == 3, "Terms of Service wraps: an area per line")
        let svg = try page("s.HTML", "--html-image", "svg", "--lang=en-GB")
        #expect(svg.contains("<html lang=\"en-GB\">") && svg.contains("<svg ") && svg.contains("<a xlink:href=\"https://example.com/terms\">"))
        #expect(!svg.contains("data:image/png"))
        let badLanguage = run("render", spec, "-o", folder.url.appendingPathComponent("x.html").path, "--lang", "en GB")
        #expect(badLanguage.exitCode == 2 && badLanguage.stderr.contains("--lang: language \"en GB\" is not a BCP 47 tag"), "\(badLanguage.stderr)")
        for option in [["--html-image", "svg"], ["--lang", "en"]] {
            let misplaced = TappableCommand.run(["render", spec, "-o", folder.url.appendingPathComponent("x.png").path] + option)
            #expect(misplaced.exitCode == 2 && misplaced.stderr.contains("\(option[0]) applies to an .html output only"))
        }
    }

    @Test("a failed render leaves the existing output untouched")
    func atomicOutput() throws {
        let folder = try SpecFolder()
        let out = folder.url.appendingPathComponent("keep.png").path
        try Data("precious".utf8).write(to: URL(fileURLWithPath: out))
        let spec = try folder.write(#"{"text": "x", "font": {"file": "missing.ttf", "size": 12}}"#)
        #expect(run("render", spec, "-o", out).exitCode == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data("precious".utf8))
    }

    @Test("overlay writes the image and the hit map")
    func overlay() throws {
        let folder = try SpecFolder()
        let spec = try loginSpec(folder)
        let png = folder.url.appendingPathComponent("o.png").path, json = folder.url.appendingPathComponent("o.json").path
        #expect(run("overlay", spec, "-o", png, "--json", json).exitCode == 0)
        let map = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        #expect((map["regions"] as? [Any])?.count == 2)
    }

    @Test("diff: bad input exits 2, different sizes are a difference, not a crash")
    func diff() throws {
        let folder = try SpecFolder()
        let a = folder.url.appendingPathComponent("a.png").path, b = folder.url.appendingPathComponent("b.png").path
        let spec = try loginSpec(folder)
        #expect(run("render", spec, "-o", a).exitCode == 0)
        #expect(run("render", spec, "-o", b, "--scale", "2").exitCode == 0)
        let result = run("diff", a, b)
        #expect(result.exitCode == 1)
        #expect(try object(lines(result)[0])["ratio"] as? Double == 1)
        let corrupt = try folder.write("not a png", as: "c.png")
        #expect(run("diff", a, corrupt).exitCode == 2)
        #expect(run("diff", a).exitCode == 2)
    }

    @Test("examples renders every SPEC of a folder: normal, highlighted, overlay, layout and hit map")
    func examples() throws {
        let folder = try SpecFolder()
        _ = try loginSpec(folder)
        let out = folder.url.appendingPathComponent("out").path
        let result = run("examples", folder.url.path, "-o", out)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: out))
        #expect(files.isSuperset(of: ["label.png", "label.highlighted.png", "label.highlighted-2.png", "label.overlay.png",
                                      "label.layout.json", "label.hitmap.json"]))
    }
}

@Suite("Hostile SPECs: clear errors or correct output, never a crash")
struct HostileSpecTests {
    @Test("huge sizes are clear errors naming the field or the image size, never an overflow or inf in JSON")
    func hugeSize() throws {
        let folder = try SpecFolder()
        let spec = try folder.write(#"{"text": "x", "width": 1e308, "height": 1e308}"#)
        let result = run("render", spec, "-o", folder.url.appendingPathComponent("x.png").path)
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("field \"width\"") && result.stderr.contains("at most 1000000"))
        let font = try folder.write(#"{"text": "a", "font": {"family": "Inter", "size": 1e308}}"#, as: "font.json")
        let layout = run("layout", font)
        #expect(layout.exitCode == 2 && layout.stderr.contains("font.size"))
        let big = try folder.write(#"{"text": "x", "width": 1000000, "height": 1000000}"#, as: "big.json")
        #expect(run("layout", big).exitCode == 0)
        let painted = run("render", big, "-o", folder.url.appendingPathComponent("big.png").path)
        #expect(painted.exitCode == 2 && painted.stderr.contains("too large to paint"))
        let empty = try folder.write(#"{"text": ""}"#, as: "empty.json")
        let nothing = run("render", empty, "-o", folder.url.appendingPathComponent("empty.png").path)
        #expect(nothing.exitCode == 2 && nothing.stderr.contains("nothing to paint"))
        let unreadable = try folder.write(#"{"text": "x", "width": 1e999}"#, as: "unreadable.json")
        #expect(run("layout", unreadable).stderr.contains("at width"))
    }

    @Test("lone surrogate escapes read as U+FFFD; an escaped backslash stays text; pairs stay pairs")
    func loneSurrogates() throws {
        let folder = try SpecFolder()
        let spec = try folder.write(#"{"text": "a\ud800b \\ud800 \ud83d\ude00 \udc00", "width": 300}"#)
        let text = try LabelSpec.load(path: spec).text.string
        #expect(text == "a\u{FFFD}b \\ud800 😀 \u{FFFD}")
        #expect(run("layout", spec).exitCode == 0)
    }

    @Test("an unbreakable word of 200,000 letters wraps at grapheme boundaries")
    func unbreakableWord() throws {
        let folder = try SpecFolder()
        let spec = try folder.write("{\"text\": \"\(String(repeating: "a", count: 200_000))\", \"width\": 300, \"numberOfLines\": 0}")
        let result = run("layout", spec)
        #expect(result.exitCode == 0)
        let layout = try object(lines(result)[0])
        let rows = try #require(layout["lines"] as? [[String: Any]])
        #expect(rows.count > 6000)
        #expect(rows.allSatisfy { (($0["rect"] as? [Double])?[2] ?? .infinity) <= 300 })
    }
}

@Suite("Fuzzing finds, fixed")
struct FuzzFindingTests {
    @Test("a negative kern keeps the link a region with a real rect")
    func negativeKern() throws {
        let folder = try SpecFolder()
        let spec = try folder.write(#"{"text": "hello world", "runs": [{"range": [0, 5], "link": "x", "kern": -8}]}"#)
        let regions = try #require(try JSONSerialization.jsonObject(with: Data(run("regions", spec).stdout.utf8)) as? [[String: Any]])
        #expect(regions.count == 1)
        #expect(((regions.first?["rects"] as? [[Double]])?.first?[2] ?? 0) > 0)
    }

    @Test("a run splitting a surrogate pair is an error naming the run")
    func splitSurrogate() throws {
        let folder = try SpecFolder()
        let spec = try folder.write(#"{"text": "\ud83d\udc4d", "runs": [{"range": [1, 1], "link": "x"}]}"#)
        let result = run("regions", spec)
        #expect(result.exitCode == 2 && result.stderr.contains("runs[0].range") && result.stderr.contains("surrogate"))
    }

    @Test("time zone aliases from the tz database are accepted; paths are not")
    func timeZones() {
        for zone in ["Etc/UTC", "US/Pacific", "EST", "Europe/Paris"] {
            #expect(run("detect", "tomorrow at 5pm", "--reference-date", "2026-11-29T12:00:00Z", "--time-zone", zone).exitCode == 0, "\(zone)")
        }
        #expect(run("detect", "x", "--time-zone", "../../etc/passwd").exitCode == 2)
    }

    @Test("--highlight takes whole decimal numbers only")
    func highlightNumbers() throws {
        let folder = try SpecFolder()
        let spec = try folder.write(#"{"text": "hello"}"#)
        let out = folder.url.appendingPathComponent("h.png").path
        #expect(run("render", spec, "-o", out, "--highlight", "0x1,1").exitCode == 2)
        #expect(run("render", spec, "-o", out, "--highlight", "1.5,1").exitCode == 2)
        #expect(run("render", spec, "-o", out, "--highlight", "1,2").exitCode == 0)
    }

    @Test("examples run twice into the SPEC folder itself reads only the SPECs")
    func examplesTwice() throws {
        let folder = try SpecFolder()
        _ = try folder.write(#"{"text": "hello", "runs": [{"range": [0, 5], "link": "x"}]}"#)
        #expect(run("examples", folder.url.path, "-o", folder.url.path).exitCode == 0)
        let again = run("examples", folder.url.path, "-o", folder.url.path)
        #expect(again.exitCode == 0, "\(again.stderr)")
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
