import Foundation
import TappableCLI
import TappableSnapshot
import Testing

@Suite("Painting outputs: examples over several jobs, PNG compression, --sync")
struct RenderCommandTests {
    /// Every file of a folder, by name, with its bytes.
    func contents(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(name))
        }
        return files
    }

    /// A folder of SPECs: five good labels (one with a refused link, which warns) and two bad ones.
    func examplesFolder() throws -> SpecFolder {
        let folder = try SpecFolder()
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
            let out = folder.url.appendingPathComponent("out-\(jobs)").path
            let result = run("examples", folder.url.path, "-o", out, "--jobs", jobs)
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
        #expect(run("examples", folder.url.path, "--jobs", "0").stderr.contains("--jobs takes a whole number, 1...256"))
    }

    @Test("--png-compression best stores the same pixels as fast (the default) in a smaller file; other values are errors",
          arguments: ["render", "overlay"])
    func pngCompression(command: String) throws {
        let folder = try SpecFolder()
        let spec = try folder.write(#"{"text": "By registering, I agree to the [Terms of Service](https://e.example/t).", "markup": "markdown", "width": 320, "scale": 2}"#)
        func path(_ name: String) -> String { folder.url.appendingPathComponent(name).path }
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
        let folder = try SpecFolder()
        let spec = try folder.write(#"{"text": "Read the [terms](https://e.example/t) now", "markup": "markdown", "width": 200}"#)
        func path(_ name: String) -> String { folder.url.appendingPathComponent(name).path }
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
}
