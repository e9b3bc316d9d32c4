import Foundation
import Testing
@testable import TappableCLI
import TappableJSON
import TappableLayout
import TappableSnapshot
@testable import TappableSpec
import TappableTestSupport
import TappableText

@Suite("Painting commands: render, overlay and examples; examples over several jobs, PNG compression, --sync")
struct RenderCommandsTests {
    /// Every file of a folder, by name, with its bytes.
    func contents(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(name))
        }
        return files
    }

    /// A folder of SPECs: five good labels (one with a refused link, which warns) and two bad ones.
    func examplesFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for i in 0..<5 {
            _ = try folder.write("""
            {"text": "Label \(i): read the [terms](https://example.com/\(i)) and [privacy](\(i == 2 ? "javascript:x" : "https://p.example/\(i)")) now",
             "markup": "markdown", "width": \(180 + 20 * i), "numberOfLines": 0}
            """, as: "label-\(i).json")
        }
        _ = try folder.write(#"{"text": 12}"#, as: "bad-a.json")
        _ = try folder.write(#"{"text": "x", "font": {"family": "Nope", "size": 12}}"#, as: "bad-b.json")
        return folder
    }

    @Test("examples writes the same files and prints the same report, warnings and errors with 1, 2 and 7 jobs")
    func examplesJobs() throws {
        let folder = try examplesFolder()
        var runs: [(TappableCommand.Result, [String: Data])] = []
        for jobs in ["1", "2", "7"] {
            let out = folder.file("out-\(jobs)")
            let result = run("examples", folder.path, "-o", out, "--jobs", jobs)
            // The report names the output folder; otherwise every run prints the same.
            var same = result
            same.stdout = result.stdout.replacingOccurrences(of: "out-\(jobs)/", with: "out-1/")
            runs.append((same, try contents(out)))
        }
        let (first, files) = runs[0]
        #expect(first.exitCode == 2, "two SPECs are bad")
        #expect(files.count == 4 * 6 + 5, "layout, hit map, normal, two highlighted (one for label-2), overlay per good SPEC")
        #expect(first.stdout.split(separator: "\n").map { $0.prefix(8) } == ["label-0:", "label-1:", "label-2:", "label-3:", "label-4:"])
        let stderr = first.stderr.split(separator: "\n")
        #expect(stderr.count == 3 && stderr[0].contains("warning") && stderr[1].contains("bad-a.json") && stderr[2].contains("bad-b.json"),
                "\(first.stderr)")
        for (result, written) in runs.dropFirst() {
            #expect(result == first)
            #expect(written == files)
        }
        #expect(run("examples", folder.path, "--jobs", "0").stderr.contains("--jobs takes a whole number, 1...256"))
    }

    @Test("--png-compression best stores the same pixels as fast (the default) in a smaller file; other values are errors",
          arguments: ["render", "overlay"])
    func pngCompression(command: String) throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(#"{"text": "By registering, I agree to the [Terms of Service](https://e.example/t).", "markup": "markdown", "width": 320, "scale": 2}"#)
        func path(_ name: String) -> String { folder.file(name) }
        #expect(run(command, spec, "-o", path("default.png")).exitCode == 0)
        #expect(run(command, spec, "-o", path("fast.png"), "--png-compression", "fast").exitCode == 0)
        #expect(run(command, spec, "-o", path("best.png"), "--png-compression", "best", "--sync").exitCode == 0)
        let fast = try Data(contentsOf: URL(fileURLWithPath: path("fast.png")))
        let best = try Data(contentsOf: URL(fileURLWithPath: path("best.png")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("default.png"))) == fast)
        #expect(best.count < fast.count)
        let same = try PNG.decode(fast) == PNG.decode(best)
        #expect(same)
        #expect(run(command, spec, "-o", path("x.png"), "--png-compression", "9").stderr.contains("one of fast, best"))
    }

    @Test("diff -o writes its image with --png-compression; simulate --frames too")
    func diffAndFrames() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(#"{"text": "Read the [terms](https://e.example/t) now", "markup": "markdown", "width": 200}"#)
        func path(_ name: String) -> String { folder.file(name) }
        #expect(run("render", spec, "-o", path("a.png")).exitCode == 0)
        #expect(run("render", spec, "-o", path("b.png"), "--highlight", "9,5").exitCode == 0)
        #expect(run("diff", path("a.png"), path("b.png"), "-o", path("fast.png")).exitCode == 1)
        #expect(run("diff", path("a.png"), path("b.png"), "-o", path("best.png"), "--png-compression", "best", "--sync").exitCode == 1)
        let same = try PNG.read(contentsOf: path("fast.png")) == PNG.read(contentsOf: path("best.png"))
        #expect(same)
        let frames = path("frames")
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: false)
        let simulated = run("simulate", spec, "--touches", "down 80,8 @0; up 80,8 @0.1", "--frames", frames, "--png-compression", "best")
        #expect(simulated.exitCode == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: frames).sorted() == ["frame-001.png", "frame-002.png"])
    }

    @Test("render writes PNG, PDF and SVG; --touch highlights the pressed region; the files differ only where they should")
    func render() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(LoginSentence.spec())
        let normal = folder.file("n.png"), touched = folder.file("t.png")
        #expect(run("render", spec, "-o", normal).exitCode == 0)
        #expect(run("render", spec, "-o", touched, "--touch", "250,10").exitCode == 0)
        #expect(run("diff", normal, touched).exitCode == 1, "the touched render shows a highlight")
        #expect(run("diff", normal, normal).exitCode == 0)
        let pdf = folder.file("l.pdf")
        #expect(run("render", spec, "-o", pdf).exitCode == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: pdf)).starts(with: Data("%PDF".utf8)))
        #expect(run("render", spec, "-o", folder.file("l.svg")).exitCode == 0)
        let bad = run("render", spec, "-o", folder.file("l.gif"))
        #expect(bad.exitCode == 2 && bad.stderr.contains(".png, .pdf, .svg or .html"))
    }

    @Test("render -o .html writes a page (PNG and image map by default, inline SVG with --html-image svg) in the --lang given")
    func renderHTML() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(LoginSentence.spec())
        func page(_ name: String, _ options: String...) throws -> String {
            let out = folder.file(name)
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
        let badLanguage = run("render", spec, "-o", folder.file("x.html"), "--lang", "en GB")
        #expect(badLanguage.exitCode == 2 && badLanguage.stderr.contains("--lang: language \"en GB\" is not a BCP 47 tag"), "\(badLanguage.stderr)")
        for option in [["--html-image", "svg"], ["--lang", "en"]] {
            let misplaced = TappableCommand.run(["render", spec, "-o", folder.file("x.png")] + option)
            #expect(misplaced.exitCode == 2 && misplaced.stderr.contains("\(option[0]) applies to an .html output only"))
        }
    }

    @Test("a failed render leaves the existing output untouched")
    func atomicOutput() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("keep.png")
        try Data("precious".utf8).write(to: URL(fileURLWithPath: out))
        let spec = try folder.write(#"{"text": "x", "font": {"file": "missing.ttf", "size": 12}}"#)
        #expect(run("render", spec, "-o", out).exitCode == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data("precious".utf8))
    }

    @Test("overlay writes the image and the hit map")
    func overlay() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(LoginSentence.spec())
        let png = folder.file("o.png"), json = folder.file("o.json")
        #expect(run("overlay", spec, "-o", png, "--json", json).exitCode == 0)
        let map = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        #expect((map["regions"] as? [Any])?.count == 2)
    }

    @Test("examples renders every SPEC of a folder: normal, highlighted, overlay, layout and hit map")
    func examples() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write(LoginSentence.spec())
        let out = folder.file("out")
        let result = run("examples", folder.path, "-o", out)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: out))
        #expect(files.isSuperset(of: ["label.png", "label.highlighted.png", "label.highlighted-2.png", "label.overlay.png",
                                      "label.layout.json", "label.hitmap.json"]))
    }

    @Test("overlay refuses --output and --json naming one file, or the SPEC itself, before writing anything")
    func overlaySameFile() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(LoginSentence.spec())
        let specBytes = try Data(contentsOf: URL(fileURLWithPath: spec))
        for (png, json) in [(folder.file("x.png"), folder.file("x.png")), (folder.file("y.png"), spec)] {
            let result = run("overlay", spec, "-o", png, "--json", json)
            #expect(result.exitCode == 2)
            #expect(result.stderr.contains("name the same file"), "\(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: spec)) == specBytes)
        #expect(folder.contents() == ["label.json"])
    }

    @Test("examples never replaces a JSON file it did not write: a SPEC named a.layout.json beside a.json stays")
    func examplesKeepForeignJSON() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write(#"{"text": "first", "width": 100}"#, as: "a.json")
        let mine = try folder.write(#"{"text": "MINE", "width": 200}"#, as: "a.layout.json")
        let result = run("examples", folder.path, "-o", folder.path)
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("\(mine) is in the way of an output of examples and was not written by it"), "\(result.stderr)")
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == #"{"text": "MINE", "width": 200}"#)
        #expect(folder.contents() == ["a.json", "a.layout.json"])
    }

    @Test("a.layout.json with no a.json beside it is a SPEC like any other")
    func loneLayoutNamedSpec() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write(#"{"text": "hello", "width": 100}"#, as: "b.layout.json")
        let result = run("examples", folder.path, "-o", folder.file("out"))
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("b.layout: 1 line, 0 regions -> "))
    }

    @Test("a FIFO named like a SPEC is refused, naming it, before anything is written (no wait for a writer)")
    func examplesFIFO() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write(#"{"text": "a", "width": 100}"#, as: "a.json")
        #expect(mkfifo(folder.file("b.json"), 0o600) == 0)
        let result = run("examples", folder.path, "-o", folder.file("out"))
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("\(folder.file("b.json")) is not a regular file"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("out")))
    }

    @Test("examples run twice into the SPEC folder itself reads only the SPECs")
    func examplesTwice() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write(#"{"text": "hello", "runs": [{"range": [0, 5], "link": "x"}]}"#)
        let first = run("examples", folder.path, "-o", folder.path)
        #expect(first.exitCode == 0)
        #expect(first.stdout.hasPrefix("label: 1 line, 1 region -> "), "one line and one region, in the singular")
        let again = run("examples", folder.path, "-o", folder.path)
        #expect(again.exitCode == 0, "\(again.stderr)")
    }

    @Test("the SPEC's link style paints Markdown and detected links: a red, plain link style shows red")
    func linkStyleAppliesToMarkupLinks() throws {
        let folder = try TemporaryFolder()
        let styled = try folder.write("""
        {"text": "Read [Terms](https://t.example) now", "markup": "markdown", "link": {"color": "#ff0000", "underline": false}}
        """, as: "styled.json")
        let plainRed = try folder.write("""
        {"text": "Read Terms now", "runs": [{"range": [5, 5], "color": "#ff0000", "link": "https://t.example"}]}
        """, as: "red.json")
        let a = folder.file("a.png"), b = folder.file("b.png")
        #expect(run("render", styled, "-o", a).exitCode == 0)
        #expect(run("render", plainRed, "-o", b).exitCode == 0)
        #expect(run("diff", a, b).exitCode == 0, "the Markdown link looks exactly like an explicitly red link")
    }
}

@Suite("Painting limits: font size and image size, each at the limit and past it")
struct RenderLimitTests {
    @Test("font sizes up to 4,000 pt are read and painted at scale 16; larger is an error naming the field", arguments: ["font", "runs[0].font"])
    func fontSize(field: String) throws {
        #expect(LabelSpec.maximumFontSize == 4_000)
        func spec(_ size: String) -> String {
            field == "font" ? #"{"text": "T", "width": 2, "height": 2, "scale": 16, "font": {"size": \#(size)}}"#
                : #"{"text": "T", "width": 2, "height": 2, "scale": 16, "runs": [{"range": [0, 1], "font": {"size": \#(size)}}]}"#
        }
        let folder = try TemporaryFolder()
        // A 2 x 2 pt label: FreeType still sets the face at 64,000 pixels per em.
        let atLimit = try folder.write(spec("4000"), as: "at.json")
        let painted = run("render", atLimit, "-o", folder.file("at.png"))
        #expect(painted.exitCode == 0, "\(painted.stderr)")
        let past = run("layout", try folder.write(spec("4000.5"), as: "past.json"))
        #expect(past.exitCode == 2)
        #expect(past.stderr.contains("field \"\(field).size\"") && past.stderr.contains("must be at most 4000, got 4000.5"), "\(past.stderr)")
    }

    @Test("render past 64 megapixels is an error naming the size and the limit; nothing is left behind (the limit itself: LabelRendererTests)")
    func imageSize() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(#"{"text": "x", "width": 8192, "height": 8192}"#)
        let past = run("render", spec, "-o", folder.file("past.png"), "--scale", "1.001")
        #expect(past.exitCode == 2)
        #expect(past.stderr.contains("an image of 8201 x 8201 pixels is too large to paint (at most 32767 a side and 67108864 pixels in all)"), "\(past.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["label.json"], "no output, no temporary file")
    }
}

@Suite("SPEC link policy in documents: the SPEC's linkSchemes reaches PDF, SVG and HTML")
struct RenderLinkPolicyTests {
    @Test("render -o PDF: the Markdown injection case gives one annotation, and the SPEC's linkSchemes reaches the PDF")
    func pdf() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(#"{"text": "see [terms](<https://good.example/) /URI (https://evil.example/>) now", "markup": "markdown", "width": 320}"#)
        let out = folder.file("l.pdf")
        #expect(run("render", spec, "-o", out).exitCode == 0)
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self)
        #expect(!text.contains("evil.example/)"), "the parenthesis is encoded")
        #expect(text.components(separatedBy: "/S /URI").count == 2, "one URI action")
    }

    @Test("render -o SVG and HTML: the SPEC's linkSchemes reaches them as it reaches the PDF")
    func svgAndHTML() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(#"{"text": "a b c", "width": 300, "linkSchemes": ["myapp"], "runs": [{"range": [0, 1], "link": "myapp://open?x=1&y=2"}, {"range": [2, 1], "link": "https://x.example"}]}"#)
        for name in ["l.svg", "l.html", "s.html"] {
            let out = folder.file(name)
            #expect(TappableCommand.run(["render", spec, "-o", out] + (name == "s.html" ? ["--html-image", "svg"] : [])).exitCode == 0)
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self)
            #expect(text.contains("href=\"myapp://open?x=1&amp;y=2\""), "\(name): the allowed scheme, XML-escaped")
            #expect(!text.contains("x.example"), "\(name): https is not in linkSchemes")
        }
    }
}

/// The file rules of every command that writes (README, "Limits and security"): only regular
/// files are replaced (a symbolic link to one is written through), a missing folder is an error
/// (`examples` makes its own output folder), and nothing is written when a command fails.
@Suite("Output files: render, overlay, diff -o, simulate --frames and examples follow the file rules")
struct OutputFileTests {
    let twoLinks = #"{"text": "Terms and Privacy", "width": 200, "runs": [{"range": [0, 5], "link": "https://a.example"}, {"range": [10, 7], "link": "https://b.example"}]}"#

    func path(_ folder: TemporaryFolder, _ name: String) -> String { folder.file(name) }

    @Test("render -o, overlay -o and --json, and diff -o into a missing folder: exit 2 naming the folder, no folder made")
    func missingFolder() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(twoLinks)
        let png = path(folder, "a.png")
        #expect(run("render", spec, "-o", png).exitCode == 0)
        let cases: [[String]] = [
            ["render", spec, "-o", path(folder, "new/x.png")],
            ["render", spec, "-o", path(folder, "new/x.pdf")],
            ["overlay", spec, "-o", path(folder, "new/x.png")],
            ["overlay", spec, "-o", path(folder, "o.png"), "--json", path(folder, "new/x.json")],
            ["diff", png, png, "-o", path(folder, "new/d.png"), "--always-write"],
        ]
        for arguments in cases {
            let result = TappableCommand.run(arguments)
            #expect(result.exitCode == 2, "\(arguments)")
            #expect(result.stderr.contains("folder \(path(folder, "new")) does not exist"), "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: path(folder, "new")))
        #expect(!FileManager.default.fileExists(atPath: path(folder, "o.png")), "overlay checks --json's folder before writing the image")
    }

    @Test("render -o through a symbolic link writes the link's target; the link stays")
    func throughLink() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(twoLinks)
        try Data("old".utf8).write(to: URL(fileURLWithPath: path(folder, "target.png")))
        try FileManager.default.createSymbolicLink(atPath: path(folder, "link.png"), withDestinationPath: "target.png")
        #expect(run("render", spec, "-o", path(folder, "link.png")).exitCode == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path(folder, "link.png")) == "target.png")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path(folder, "target.png"))).starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("--json and -o never replace a link to standard output, a device or a folder: exit 2 naming the path and what it is")
    func neverReplaced() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(twoLinks)
        for (name, target, says) in [("stdout.json", "/proc/self/fd/1", "leads into /proc"),
                                     ("null.json", "/dev/null", "is a symbolic link to a character device (/dev/null)"),
                                     ("folder.json", folder.path, "is a symbolic link to a folder")] {
            try FileManager.default.createSymbolicLink(atPath: path(folder, name), withDestinationPath: target)
            let result = run("overlay", spec, "-o", path(folder, "o.png"), "--json", path(folder, name))
            #expect(result.exitCode == 2)
            #expect(result.stderr.contains("cannot write \(path(folder, name)): \(says)"), "\(result.stderr)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path(folder, name)) == target, "the link stays")
        }
        try FileManager.default.createDirectory(atPath: path(folder, "dir.png"), withIntermediateDirectories: false)
        let result = run("render", spec, "-o", path(folder, "dir.png"))
        #expect(result.exitCode == 2 && result.stderr.contains("is a folder; only regular files are written"))
    }

    @Test("a file name longer than 255 bytes is a clear error; 255 bytes is written")
    func longName() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(twoLinks)
        let longest = String(repeating: "n", count: 251) + ".png"
        #expect(run("render", spec, "-o", path(folder, longest)).exitCode == 0)
        let result = run("render", spec, "-o", path(folder, "n" + longest))
        #expect(result.exitCode == 2 && result.stderr.contains("the file name is 256 bytes long, more than the 255 a file name may have"))
    }

    @Test("simulate --frames into a missing folder: exit 2 naming --frames and the folder, before any event")
    func framesFolder() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(twoLinks)
        let result = run("simulate", spec, "--touches", "down 20,10 @0; up 20,10 @0.1", "--frames", path(folder, "frames"))
        #expect(result.exitCode == 2 && result.stdout.isEmpty)
        #expect(result.stderr.contains("--frames: folder \(path(folder, "frames")) does not exist"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path(folder, "frames")))
    }

    @Test("examples makes its output folder, but not the folder it goes in")
    func examplesFolder() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write(twoLinks)
        let nested = run("examples", folder.path, "-o", path(folder, "a/b/out"))
        #expect(nested.exitCode == 2 && nested.stderr.contains("folder \(path(folder, "a/b")) does not exist"), "\(nested.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path(folder, "a")))
        #expect(run("examples", folder.path, "-o", path(folder, "out")).exitCode == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: path(folder, "out")).contains("label.png"))
    }

    @Test("examples refuses SPECs whose files would overwrite each other's, naming both, before writing anything")
    func examplesCollisions() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write(twoLinks, as: "a.json")                       // two regions: a.highlighted.png, a.highlighted-2.png
        _ = try folder.write(#"{"text": "x"}"#, as: "a.highlighted.json")     // a.highlighted.png
        _ = try folder.write(#"{"text": "y"}"#, as: "a.highlighted-2.json")   // a.highlighted-2.png
        let out = path(folder, "out")
        let result = run("examples", folder.path, "-o", out)
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("a.json and a.highlighted.json would both write a.highlighted.png"), "\(result.stderr)")
        #expect(result.stderr.contains("a.json and a.highlighted-2.json would both write a.highlighted-2.png"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out), "nothing written, not even the folder")
    }
}
