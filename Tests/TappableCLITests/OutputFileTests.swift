import Foundation
import Testing
import TappableCLI

/// The file rules of every command that writes (README, "Limits and security"): only regular
/// files are replaced (a symbolic link to one is written through), a missing folder is an error
/// (`examples` makes its own output folder), and nothing is written when a command fails.
@Suite("Output files: render, overlay, diff -o, simulate --frames and examples follow the file rules")
struct OutputFileTests {
    let twoLinks = #"{"text": "Terms and Privacy", "width": 200, "runs": [{"range": [0, 5], "link": "https://a.example"}, {"range": [10, 7], "link": "https://b.example"}]}"#

    func path(_ folder: SpecFolder, _ name: String) -> String { folder.url.appendingPathComponent(name).path }

    @Test("render -o, overlay -o and --json, and diff -o into a missing folder: exit 2 naming the folder, no folder made")
    func missingFolder() throws {
        let folder = try SpecFolder()
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
        let folder = try SpecFolder()
        let spec = try folder.write(twoLinks)
        try Data("old".utf8).write(to: URL(fileURLWithPath: path(folder, "target.png")))
        try FileManager.default.createSymbolicLink(atPath: path(folder, "link.png"), withDestinationPath: "target.png")
        #expect(run("render", spec, "-o", path(folder, "link.png")).exitCode == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path(folder, "link.png")) == "target.png")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path(folder, "target.png"))).starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("--json and -o never replace a link to standard output, a device or a folder: exit 2 naming the path and what it is")
    func neverReplaced() throws {
        let folder = try SpecFolder()
        let spec = try folder.write(twoLinks)
        for (name, target, says) in [("stdout.json", "/proc/self/fd/1", "leads into /proc"),
                                     ("null.json", "/dev/null", "is a symbolic link to a character device (/dev/null)"),
                                     ("folder.json", folder.url.path, "is a symbolic link to a folder")] {
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
        let folder = try SpecFolder()
        let spec = try folder.write(twoLinks)
        let longest = String(repeating: "n", count: 251) + ".png"
        #expect(run("render", spec, "-o", path(folder, longest)).exitCode == 0)
        let result = run("render", spec, "-o", path(folder, "n" + longest))
        #expect(result.exitCode == 2 && result.stderr.contains("the file name is 256 bytes long, more than the 255 a file name may have"))
    }

    @Test("simulate --frames into a missing folder: exit 2 naming --frames and the folder, before any event")
    func framesFolder() throws {
        let folder = try SpecFolder()
        let spec = try folder.write(twoLinks)
        let result = run("simulate", spec, "--touches", "down 20,10 @0; up 20,10 @0.1", "--frames", path(folder, "frames"))
        #expect(result.exitCode == 2 && result.stdout.isEmpty)
        #expect(result.stderr.contains("--frames: folder \(path(folder, "frames")) does not exist"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path(folder, "frames")))
    }

    @Test("examples makes its output folder, but not the folder it goes in")
    func examplesFolder() throws {
        let folder = try SpecFolder()
        _ = try folder.write(twoLinks)
        let nested = run("examples", folder.url.path, "-o", path(folder, "a/b/out"))
        #expect(nested.exitCode == 2 && nested.stderr.contains("folder \(path(folder, "a/b")) does not exist"), "\(nested.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path(folder, "a")))
        #expect(run("examples", folder.url.path, "-o", path(folder, "out")).exitCode == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: path(folder, "out")).contains("label.png"))
    }

    @Test("examples refuses SPECs whose files would overwrite each other's, naming both, before writing anything")
    func examplesCollisions() throws {
        let folder = try SpecFolder()
        _ = try folder.write(twoLinks, as: "a.json")                       // two regions: a.highlighted.png, a.highlighted-2.png
        _ = try folder.write(#"{"text": "x"}"#, as: "a.highlighted.json")     // a.highlighted.png
        _ = try folder.write(#"{"text": "y"}"#, as: "a.highlighted-2.json")   // a.highlighted-2.png
        let out = path(folder, "out")
        let result = run("examples", folder.url.path, "-o", out)
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("a.json and a.highlighted.json would both write a.highlighted.png"), "\(result.stderr)")
        #expect(result.stderr.contains("a.json and a.highlighted-2.json would both write a.highlighted-2.png"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out), "nothing written, not even the folder")
    }
}
