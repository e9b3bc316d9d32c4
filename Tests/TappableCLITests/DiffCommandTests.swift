import Foundation
import Testing
@testable import TappableCLI
import PNGFixtures
import TappableJSON
import TappableSnapshot
@testable import TappableSpec
import TappableTestSupport
import TappableText

@Suite("tappable diff: tolerances, diff images, sizes")
struct DiffCommandTests {
    /// A folder with `a.png` (10x10 white) and `b.png` (the same with one black pixel).
    struct OnePixelApart {
        let folder = try! TemporaryFolder()
        var a: String { path("a.png") }
        var b: String { path("b.png") }

        init() throws {
            var image = try RGBAImage(width: 10, height: 10, fill: .init(255, 255, 255))
            try PNG.write(image, to: a)
            image[4, 4] = .init(0, 0, 0)
            try PNG.write(image, to: b)
        }

        func path(_ name: String) -> String { folder.file(name) }
    }

    @Test("--max-diff-pixels is a tolerance beside --max-diff-ratio; when both are given both must hold")
    func maxDiffPixels() throws {
        let files = try OnePixelApart()
        let a = files.a, b = files.b
        defer { withExtendedLifetime(files) {} }
        #expect(run("diff", a, b).exitCode == 1)
        #expect(run("diff", a, b, "--max-diff-pixels", "1").exitCode == 0)
        #expect(run("diff", a, b, "--max-diff-pixels", "0").exitCode == 1)
        #expect(run("diff", a, b, "--max-diff-pixels", "1", "--max-diff-ratio", "0.01").exitCode == 0)
        #expect(run("diff", a, b, "--max-diff-pixels", "1", "--max-diff-ratio", "0.005").exitCode == 1, "the ratio fails")
        #expect(run("diff", a, b, "--max-diff-pixels", "0", "--max-diff-ratio", "0.5").exitCode == 1, "the count fails")
        for bad in ["-1", "1.5", "many", ""] {
            let result = run("diff", a, b, "--max-diff-pixels", bad)
            #expect(result.exitCode == 2 && result.stderr.contains("--max-diff-pixels takes a whole number"), "\(bad)")
        }
        #expect(run("diff", a, b, "--max-diff-pixels").exitCode == 2)
    }

    @Test("-o writes the diff image only when the images differ, unless --always-write")
    func writesOnlyDifferences() throws {
        let files = try OnePixelApart()
        let a = files.a, b = files.b, out = files.path("d.png")
        defer { withExtendedLifetime(files) {} }
        #expect(run("diff", a, a, "-o", out).exitCode == 0)
        #expect(run("diff", a, b, "-o", out, "--max-diff-pixels", "1").exitCode == 0)
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(run("diff", a, a, "-o", out, "--always-write").exitCode == 0)
        #expect(try PNG.read(contentsOf: out).size == .init(width: 10, height: 10))
        try FileManager.default.removeItem(atPath: out)
        #expect(run("diff", a, b, "-o", out).exitCode == 1)
        #expect(try PNG.read(contentsOf: out)[4, 4] == .init(255, 0, 0))
    }

    @Test("the JSON gives both images' sizes")
    func sizes() throws {
        let files = try OnePixelApart()
        let a = files.a, b = files.b, c = files.path("c.png")
        defer { withExtendedLifetime(files) {} }
        try PNG.write(try RGBAImage(width: 3, height: 12), to: c)
        #expect(lines(run("diff", a, b)) == [#"{"width":10,"height":10,"differentPixels":1,"ratio":0.01,"sizes":{"reference":[10,10],"actual":[10,10]}}"#])
        #expect(lines(run("diff", a, c)) == [#"{"width":10,"height":12,"differentPixels":120,"ratio":1,"sizes":{"reference":[10,10],"actual":[3,12]}}"#])
    }

    @Test("a 1000000x1 and a 1x1000000 PNG: JSON with both sizes; -o is a clear error (exit 2), nothing written")
    func hugeUnionCanvas() throws {
        let folder = try TemporaryFolder()
        defer { withExtendedLifetime(folder) {} }
        let wide = folder.file("wide.png"), tall = folder.file("tall.png")
        try PNG.write(try RGBAImage(width: 1_000_000, height: 1), to: wide)
        try PNG.write(try RGBAImage(width: 1, height: 1_000_000), to: tall)
        let report = run("diff", wide, tall)
        #expect(report.exitCode == 1)
        #expect(lines(report).first?.hasSuffix(#""sizes":{"reference":[1000000,1],"actual":[1,1000000]}}"#) == true)
        let out = folder.file("d.png")
        let refused = run("diff", wide, tall, "-o", out)
        #expect(refused.exitCode == 2)
        #expect(refused.stderr.contains("\(out): no diff image written: the images differ in size (reference 1000000x1, actual 1x1000000)"))
        #expect(refused.stderr.contains("1000000x1000000 = 1000000000000 pixels, over the limit of 100000000 pixels"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("a 65-byte PNG claiming 4294967295x4294967295 is bad input with a clear message, not a crash")
    func maximalHeader() throws {
        let folder = try TemporaryFolder()
        defer { withExtendedLifetime(folder) {} }
        let ihdr = bigEndian(UInt32.max) + bigEndian(UInt32.max) + [8, 6, 0, 0, 0]
        let bytes = pngSignature + chunk("IHDR", ihdr) + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
        let huge = folder.file("huge.png")
        try Data(bytes).write(to: URL(fileURLWithPath: huge))
        let result = run("diff", huge, huge)
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("\(huge): PNG is 4294967295x4294967295 = 18446744065119617025 pixels, over the limit of 100000000 pixels"))
    }

    @Test("a PNG header giving 4x0 pixels is corrupt, not \"over the limit\"")
    func zeroSide() throws {
        let folder = try TemporaryFolder()
        let ihdr = bigEndian(4) + bigEndian(0) + [8, 6, 0, 0, 0]
        let flat = try folder.write(Data(pngSignature + chunk("IHDR", ihdr) + chunk("IEND", [])), as: "flat.png")
        let result = run("diff", flat, flat)
        #expect(result.exitCode == 2)
        #expect(result.stderr == "tappable: \(flat): corrupt PNG: the header gives the image 4x0 pixels (PNG needs at least 1x1)\n")
    }

    @Test("the diff image may not be one of the images compared: refused, both images untouched")
    func outputIsAnInput() throws {
        let folder = try TemporaryFolder()
        let a = try folder.write(Data(try PNG.encode(RGBAImage(width: 2, height: 1, bytes: [255, 0, 0, 255, 0, 0, 0, 255]))), as: "a.png")
        let b = try folder.write(Data(try PNG.encode(RGBAImage(width: 2, height: 1, bytes: [0, 0, 255, 255, 0, 0, 0, 255]))), as: "b.png")
        let before = try Data(contentsOf: URL(fileURLWithPath: a))
        for output in [a, b, folder.path + "/./a.png"] {
            let result = run("diff", a, b, "-o", output)
            #expect(result.exitCode == 2)
            #expect(result.stderr.contains("name the same file"), "\(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == before)
        #expect(run("diff", a, a).exitCode == 0, "one file compared with itself is fine")
        let pdf = run("diff", a, b, "-o", folder.file("d.pdf"))
        #expect(pdf.exitCode == 2 && pdf.stderr.contains("must end in .png"), "\(pdf.stderr)")
    }

    @Test("diff refuses a device or a folder as an image in words (was: \"You don't have permission\", NSCocoaErrorDomain 256)")
    func notAFile() throws {
        let folder = try TemporaryFolder()
        let zero = run("diff", "/dev/zero", "/dev/zero")
        #expect(zero.exitCode == 2)
        #expect(zero.stderr == "tappable: /dev/zero: cannot read file: a character device, not a regular file\n")
        let directory = run("diff", folder.path, folder.path)
        #expect(directory.exitCode == 2)
        #expect(directory.stderr == "tappable: \(folder.path): cannot read file: a directory, not a regular file\n")
    }

    @Test("diff: bad input exits 2, different sizes are a difference, not a crash")
    func diff() throws {
        let folder = try TemporaryFolder()
        let a = folder.file("a.png"), b = folder.file("b.png")
        let spec = try folder.write(LoginSentence.spec())
        #expect(run("render", spec, "-o", a).exitCode == 0)
        #expect(run("render", spec, "-o", b, "--scale", "2").exitCode == 0)
        let result = run("diff", a, b)
        #expect(result.exitCode == 1)
        #expect(try object(lines(result)[0])["ratio"] as? Double == 1)
        let corrupt = try folder.write("not a png", as: "c.png")
        #expect(run("diff", a, corrupt).exitCode == 2)
        #expect(run("diff", a).exitCode == 2)
    }
}
