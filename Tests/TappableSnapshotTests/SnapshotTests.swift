import Foundation
import Testing
@testable import TappableSnapshot
import TappableTestSupport

@Suite("Snapshot.verify: references, record modes and failure artefacts")
struct SnapshotTests {
    let workstation: [String: String] = [:]
    let ci = ["CI": "true"]

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test("record mode: CI forces never; TAPPABLE_RECORD overrides the code on a workstation")
    func effectiveMode() {
        #expect(Snapshot.effectiveRecordMode(requested: .missing, environment: [:]) == .missing)
        #expect(Snapshot.effectiveRecordMode(requested: .all, environment: ["CI": "true"]) == .never)
        #expect(Snapshot.effectiveRecordMode(requested: .all, environment: ["CI": "1", "TAPPABLE_RECORD": "all"]) == .never)
        #expect(Snapshot.effectiveRecordMode(requested: .all, environment: ["CI": "false"]) == .all)
        #expect(Snapshot.effectiveRecordMode(requested: .missing, environment: ["TAPPABLE_RECORD": "never"]) == .never)
        #expect(Snapshot.effectiveRecordMode(requested: .never, environment: ["TAPPABLE_RECORD": "ALL"]) == .all)
        #expect(Snapshot.effectiveRecordMode(requested: .never, environment: ["TAPPABLE_RECORD": ""]) == .never)
        #expect(Snapshot.effectiveRecordMode(requested: .never, environment: ["TAPPABLE_RECORD": "yes"]) == nil)
    }

    @Test("a missing reference is recorded on a workstation, reported, and then verifies")
    func recordsMissing() throws {
        let root = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { root.cleanup() }
        let img = noise(width: 12, height: 7)
        let first = try #require(Snapshot.verify(img, named: "login-normal", suite: "Rendering", directory: root.path, environment: workstation))
        #expect(first.kind == .recorded)
        #expect(first.referencePath == root.file("Rendering/login-normal.png"))
        #expect(try PNG.read(contentsOf: root.file("Rendering/login-normal.png")) == img)
        #expect(Snapshot.verify(img, named: "login-normal", suite: "Rendering", directory: root.path, environment: workstation) == nil)
        #expect(root.contents() == ["Rendering", "Rendering/login-normal.png"])
    }

    @Test("under CI=true a missing reference fails, no reference is written, and the actual image is saved to download",
          arguments: [RecordMode.missing, .failed, .all, .never])
    func ciMissingReference(requested: RecordMode) throws {
        let tmp = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { tmp.cleanup() }
        let root = tmp.file("Snapshots")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let env = ["CI": "true", "TAPPABLE_RECORD": "all"]
        let image = noise(width: 4, height: 4)
        let failure = try #require(Snapshot.verify(image, named: "n", suite: "S", directory: root,
                                                   options: .init(record: requested), environment: env))
        #expect(failure.kind == .missingReference)
        #expect(failure.recordMode == .never)
        #expect(failure.actualPath == root + "/Failures/S/n.actual.png")
        #expect(try PNG.read(contentsOf: root + "/Failures/S/n.actual.png") == image)
        #expect(!FileManager.default.fileExists(atPath: root + "/S/n.png"), "no reference is recorded under CI")
        for needle in [root + "/S/n.png", "CI=true forces record mode never (TAPPABLE_RECORD=all is not applied)",
                       "download \(root)/Failures/S/n.actual.png and commit it as \(root)/S/n.png"] {
            #expect(failure.description.contains(needle), "the message says \(needle)")
        }
    }

    @Test("under CI a missing reference still saves the actual image to a failures folder outside the root")
    func ciMissingWithOutsideFailures() throws {
        let tmp = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { tmp.cleanup() }
        let img = noise(width: 4, height: 4)
        let failure = try #require(Snapshot.verify(img, named: "n", suite: "S", directory: tmp.file("Snapshots"),
                                                   options: .init(failuresDirectory: tmp.file("artefacts")), environment: ci))
        #expect(failure.kind == .missingReference)
        #expect(failure.actualPath == tmp.file("artefacts/S/n.actual.png"))
        #expect(try PNG.read(contentsOf: tmp.file("artefacts/S/n.actual.png")) == img)
        #expect(!FileManager.default.fileExists(atPath: tmp.file("Snapshots")))
    }

    @Test("TAPPABLE_RECORD=never on a workstation refuses to record")
    func envNever() throws {
        let root = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { root.cleanup() }
        let failure = Snapshot.verify(noise(width: 4, height: 4), named: "n", suite: "S", directory: root.path,
                                      environment: ["TAPPABLE_RECORD": "never"])
        #expect(failure?.kind == .missingReference)
        #expect(root.contents() == ["Failures", "Failures/S", "Failures/S/n.actual.png"], "no reference; the actual image to accept by hand")
    }

    @Test("an unknown TAPPABLE_RECORD value is a failure that names it, and writes nothing")
    func envInvalid() throws {
        let root = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { root.cleanup() }
        let failure = Snapshot.verify(noise(width: 4, height: 4), named: "n", suite: "S", directory: root.path,
                                      environment: ["TAPPABLE_RECORD": "sometimes"])
        #expect(failure?.kind == .invalidEnvironment)
        #expect(failure?.description.contains("sometimes") == true)
        #expect(root.contents().isEmpty)
    }

    @Test("a failing comparison writes actual and diff images and leaves the reference byte-identical")
    func mismatchWritesArtefacts() throws {
        let root = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { root.cleanup() }
        let reference = try RGBAImage(width: 20, height: 10, fill: white)
        let referencePath = root.file("Rendering/link.png")
        try PNG.write(reference, to: referencePath, missingFolder: .createWithParents)
        let before = try bytes(referencePath)
        var actual = reference
        actual[5, 5] = Pixel(0, 0, 255)

        for env in [workstation, ci] {
            let failure = try #require(Snapshot.verify(actual, named: "link", suite: "Rendering", directory: root.path, environment: env))
            #expect(failure.kind == .mismatch)
            #expect(failure.actualPath == root.file("Failures/Rendering/link.actual.png"))
            #expect(failure.diffPath == root.file("Failures/Rendering/link.diff.png"))
            #expect(failure.report == DiffReport(ImageDiff.compare(reference, actual)))
            #expect(failure.report?.differentPixels == 1)
            for needle in [referencePath, root.file("Failures/Rendering/link.actual.png"),
                           root.file("Failures/Rendering/link.diff.png"), "1 of 200 pixels differ (0.5 % of 20x10)",
                           "re-run with TAPPABLE_RECORD=failed"] {
                #expect(failure.description.contains(needle), "description mentions \(needle)")
            }
            #expect(try PNG.read(contentsOf: failure.actualPath!) == actual)
            let diff = try PNG.read(contentsOf: failure.diffPath!)
            #expect(diff[5, 5] == Pixel(255, 0, 0, 255))
            #expect(try bytes(referencePath) == before)
        }
        #expect(root.contents().filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    @Test("a match removes the failure artefacts a previous run left")
    func matchCleansStaleArtefacts() throws {
        let root = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { root.cleanup() }
        let img = noise(width: 5, height: 5)
        try PNG.write(img, to: root.file("S/n.png"), missingFolder: .createWithParents)
        var other = img
        other[0, 0] = Pixel(1, 2, 3, 255)
        other[1, 0] = Pixel(200, 2, 3, 255)
        #expect(Snapshot.verify(other, named: "n", suite: "S", directory: root.path, options: .init(diff: .init(threshold: 0)),
                                environment: workstation)?.kind == .mismatch)
        #expect(FileManager.default.fileExists(atPath: root.file("Failures/S/n.actual.png")))
        #expect(Snapshot.verify(img, named: "n", suite: "S", directory: root.path, environment: workstation) == nil)
        #expect(!FileManager.default.fileExists(atPath: root.file("Failures/S/n.actual.png")))
        #expect(!FileManager.default.fileExists(atPath: root.file("Failures/S/n.diff.png")))
    }

    @Test("tolerance: differences within maxDiffRatio and the threshold pass")
    func tolerance() throws {
        let root = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { root.cleanup() }
        let reference = try RGBAImage(width: 10, height: 10, fill: grey(200))
        try PNG.write(reference, to: root.file("S/n.png"), missingFolder: .createWithParents)
        var actual = reference
        actual[0, 0] = black
        actual[9, 9] = grey(195)  // below the default threshold
        #expect(Snapshot.verify(actual, named: "n", suite: "S", directory: root.path, environment: workstation)?.kind == .mismatch)
        #expect(Snapshot.verify(actual, named: "n", suite: "S", directory: root.path,
                                options: .init(diff: .init(maxDiffRatio: 0.01)), environment: workstation) == nil)
    }

    @Test("record mode all re-records differing references and leaves identical ones untouched")
    func recordAll() throws {
        let root = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { root.cleanup() }
        let path = root.file("S/n.png")
        let old = noise(width: 6, height: 6, seed: 1)
        try PNG.write(old, to: path, missingFolder: .createWithParents)
        let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        #expect(Snapshot.verify(old, named: "n", suite: "S", directory: root.path, options: .init(record: .all), environment: workstation) == nil)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date == modified)

        let new = noise(width: 6, height: 6, seed: 2)
        let failure = Snapshot.verify(new, named: "n", suite: "S", directory: root.path, options: .init(record: .all), environment: workstation)
        #expect(failure?.kind == .recorded)
        #expect(try PNG.read(contentsOf: path) == new)
        #expect(root.contents() == ["S", "S/n.png"], "no failure artefacts for a recording")
    }

    @Test("record mode missing never overwrites an existing reference")
    func missingKeepsReference() throws {
        let root = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { root.cleanup() }
        let path = root.file("S/n.png")
        try PNG.write(noise(width: 6, height: 6, seed: 1), to: path, missingFolder: .createWithParents)
        let before = try bytes(path)
        #expect(Snapshot.verify(noise(width: 6, height: 6, seed: 2), named: "n", suite: "S", directory: root.path,
                                environment: workstation)?.kind == .mismatch)
        #expect(try bytes(path) == before)
    }

    @Test("an unreadable reference is reported and left alone")
    func unreadableReference() throws {
        let root = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { root.cleanup() }
        let path = root.file("S/n.png")
        try FileManager.default.createDirectory(atPath: root.file("S"), withIntermediateDirectories: true)
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: path))
        let failure = Snapshot.verify(noise(width: 2, height: 2), named: "n", suite: "S", directory: root.path, environment: workstation)
        #expect(failure?.kind == .unreadableReference)
        #expect(failure?.description.contains("not a PNG") == true)
        #expect(try bytes(path) == Data("not a png".utf8))
    }

    @Test("a size change fails and says both sizes")
    func sizeChange() throws {
        let root = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { root.cleanup() }
        try PNG.write(try RGBAImage(width: 4, height: 4, fill: white), to: root.file("S/n.png"), missingFolder: .createWithParents)
        let failure = try #require(Snapshot.verify(try RGBAImage(width: 5, height: 4, fill: white), named: "n", suite: "S",
                                                   directory: root.path, environment: workstation))
        #expect(failure.kind == .mismatch)
        #expect(failure.report?.ratio == 1)
        #expect(failure.description.contains("reference 4x4, actual 5x4"))
    }

    @Test("a size change too large to draw fails with the actual image saved, no diff image, and says why")
    func sizeChangeWithoutDiffImage() throws {
        let root = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { root.cleanup() }
        try PNG.write(try RGBAImage(width: 100, height: 1, fill: white), to: root.file("S/n.png"), missingFolder: .createWithParents)
        try FileManager.default.createDirectory(atPath: root.file("Failures/S"), withIntermediateDirectories: true)
        try Data("stale".utf8).write(to: URL(fileURLWithPath: root.file("Failures/S/n.diff.png")))
        let failure = try #require(Snapshot.verify(try RGBAImage(width: 1, height: 100, fill: white), named: "n", suite: "S",
                                                   directory: root.path, options: .init(maxPixels: 1000), environment: workstation))
        #expect(failure.kind == .mismatch)
        #expect(failure.diffPath == nil)
        #expect(failure.actualPath == root.file("Failures/S/n.actual.png"))
        #expect(root.contents() == ["Failures", "Failures/S", "Failures/S/n.actual.png", "S", "S/n.png"], "the stale diff image is gone")
        #expect(failure.description.contains("no diff: the images differ in size (reference 100x1, actual 1x100)"))
    }

    @Test("names that would escape the suite folder are refused before touching the disk",
          arguments: [("../evil", "S"), ("n", ".."), ("", "S"), ("a/b", "S")])
    func invalidNames(name: String, suite: String) throws {
        let tmp = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { tmp.cleanup() }
        let failure = Snapshot.verify(noise(width: 2, height: 2), named: name, suite: suite, directory: tmp.file("root"), environment: workstation)
        #expect(failure?.kind == .invalidName)
        #expect(tmp.contents().isEmpty)
    }

    @Test("a custom failures folder receives the artefacts")
    func customFailuresFolder() throws {
        let tmp = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { tmp.cleanup() }
        try PNG.write(try RGBAImage(width: 3, height: 3, fill: white), to: tmp.file("root/S/n.png"), missingFolder: .createWithParents)
        let failure = Snapshot.verify(try RGBAImage(width: 3, height: 3, fill: black), named: "n", suite: "S", directory: tmp.file("root"),
                                      options: .init(failuresDirectory: tmp.file("out")), environment: workstation)
        #expect(failure?.actualPath == tmp.file("out/S/n.actual.png"))
        #expect(tmp.contents() == ["out", "out/S", "out/S/n.actual.png", "out/S/n.diff.png", "root", "root/S", "root/S/n.png"])
    }
}

@Suite("DiffReport and diffFiles for `tappable diff`")
struct DiffReportTests {
    @Test("the JSON has exactly width, height, differentPixels, ratio, sizes in that order")
    func json() throws {
        let a = try RGBAImage(width: 8, height: 4, fill: white)
        var b = a
        b[0, 0] = black
        let sizes = #""sizes":{"reference":[8,4],"actual":[8,4]}"#
        #expect(DiffReport(ImageDiff.compare(a, b)).json == #"{"width":8,"height":4,"differentPixels":1,"ratio":0.03125,"# + sizes + "}")
        #expect(DiffReport(ImageDiff.compare(a, a)).json == #"{"width":8,"height":4,"differentPixels":0,"ratio":0.0,"# + sizes + "}")
        let decoded = try JSONSerialization.jsonObject(with: Data(DiffReport(ImageDiff.compare(a, b)).json.utf8)) as? [String: Any]
        #expect(decoded?.keys.sorted() == ["differentPixels", "height", "ratio", "sizes", "width"])
    }

    @Test("images of different sizes: the JSON gives both sizes and the union canvas")
    func jsonSizes() throws {
        let report = DiffReport(ImageDiff.compare(try RGBAImage(width: 4, height: 3), try RGBAImage(width: 3, height: 5)))
        #expect(report.json == #"{"width":4,"height":5,"differentPixels":20,"ratio":1.0,"sizes":{"reference":[4,3],"actual":[3,5]}}"#)
    }

    /// A folder with `a.png` (10x10 white) and `b.png` (the same with one black pixel).
    func onePixelApart() throws -> TemporaryFolder {
        let dir = try TemporaryFolder(prefix: "TappableSnapshotTests")
        let a = try RGBAImage(width: 10, height: 10, fill: white)
        var b = a
        b[2, 3] = black
        try PNG.write(a, to: dir.file("a.png"))
        try PNG.write(b, to: dir.file("b.png"))
        return dir
    }

    @Test("diffFiles compares two PNG files and writes the diff image when they differ")
    func diffFilesWritesOutput() throws {
        let dir = try onePixelApart(); defer { dir.cleanup() }
        let report = try diffFiles(dir.file("a.png"), dir.file("b.png"), output: dir.file("diff.png"))
        #expect(report.differentPixels == 1 && report.ratio == 0.01)
        #expect(!report.matches)
        #expect(try PNG.read(contentsOf: dir.file("diff.png"))[2, 3] == Pixel(255, 0, 0, 255))
        let tolerant = try diffFiles(dir.file("a.png"), dir.file("b.png"), output: nil, options: .init(maxDiffRatio: 0.01))
        #expect(tolerant.matches)
    }

    @Test("diffFiles writes no diff image for a match, within tolerances too, unless alwaysWrite")
    func diffFilesWritesOnlyDifferences() throws {
        let dir = try onePixelApart(); defer { dir.cleanup() }
        _ = try diffFiles(dir.file("a.png"), dir.file("a.png"), output: dir.file("same.png"))
        _ = try diffFiles(dir.file("a.png"), dir.file("b.png"), output: dir.file("tolerated.png"), options: .init(maxDiffPixels: 1))
        #expect(dir.contents() == ["a.png", "b.png"])
        _ = try diffFiles(dir.file("a.png"), dir.file("a.png"), output: dir.file("same.png"), alwaysWrite: true)
        #expect(try PNG.read(contentsOf: dir.file("same.png"))[0, 0] == grey(255), "the faded reference")
    }

    @Test("the diff image is stored with a palette when it has at most 256 colours, else as RGB when opaque; its pixels either way")
    func diffImageStorage() throws {
        let dir = try onePixelApart(); defer { dir.cleanup() }
        // Few colours: faded greys and red.
        let few = try diffFiles(dir.file("a.png"), dir.file("b.png"), output: dir.file("few.png"))
        #expect(few.differentPixels == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.file("few.png")))[25] == 3, "IHDR colour type: palette")
        // A reference with every grey level, unfaded (alpha 1), and red where it differs: 257 colours.
        var reference = try RGBAImage(width: 256, height: 2)
        for x in 0..<256 { reference[x, 0] = grey(UInt8(x)); reference[x, 1] = grey(UInt8(x)) }
        var actual = reference
        for x in 0..<256 { actual[x, 1] = Pixel(0, 0, 255) }
        try PNG.write(reference, to: dir.file("r.png"))
        try PNG.write(actual, to: dir.file("x.png"))
        _ = try diffFiles(dir.file("r.png"), dir.file("x.png"), output: dir.file("many.png"), options: .init(alpha: 1))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.file("many.png")))[25] == 2, "IHDR colour type: RGB")
        let expected = ImageDiff.compare(reference, actual, options: .init(alpha: 1)).diffImage
        #expect(try PNG.read(contentsOf: dir.file("many.png")) == expected)
    }

    @Test("images of different sizes: the diff image is the union canvas when it is within the pixel limit, and reads back")
    func diffFilesDifferentSizes() throws {
        let dir = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { dir.cleanup() }
        try PNG.write(try RGBAImage(width: 30, height: 1, fill: white), to: dir.file("wide.png"))
        try PNG.write(try RGBAImage(width: 1, height: 30, fill: white), to: dir.file("tall.png"))
        let report = try diffFiles(dir.file("wide.png"), dir.file("tall.png"), output: dir.file("d.png"), maxPixels: 900)
        #expect(report.referenceSize == .init(width: 30, height: 1) && report.actualSize == .init(width: 1, height: 30))
        let diff = try PNG.read(contentsOf: dir.file("d.png"), maxPixels: 900)
        #expect(diff.size == .init(width: 30, height: 30))
        #expect(diff[0, 0] == grey(255) && diff[1, 0] == Pixel(255, 0, 0) && diff[29, 29] == Pixel(255, 0, 0))
        let again = try diffFiles(dir.file("d.png"), dir.file("d.png"), output: nil, maxPixels: 900)
        #expect(again.matches, "diffFiles reads its own diff image")
    }

    @Test("a 1000000x1 and a 1x1000000 image: reported without a diff image; asking for one is a clear error")
    func diffFilesHugeUnion() throws {
        let dir = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { dir.cleanup() }
        try PNG.write(try RGBAImage(width: 1_000_000, height: 1, fill: white), to: dir.file("wide.png"))
        try PNG.write(try RGBAImage(width: 1, height: 1_000_000, fill: white), to: dir.file("tall.png"))
        let report = try diffFiles(dir.file("wide.png"), dir.file("tall.png"), output: nil)
        #expect(report.json == #"{"width":1000000,"height":1000000,"differentPixels":1000000000000,"ratio":1.0,"#
                + #""sizes":{"reference":[1000000,1],"actual":[1,1000000]}}"#)
        let error = #expect(throws: PNGError.self) {
            try diffFiles(dir.file("wide.png"), dir.file("tall.png"), output: dir.file("d.png"))
        }
        let reason = ImageDiff.DiffImageTooLarge(reference: .init(width: 1_000_000, height: 1), actual: .init(width: 1, height: 1_000_000),
                                                 limit: PNG.defaultMaxPixels)
        #expect(error == .diffImageTooLarge(destination: dir.file("d.png"), reason))
        #expect(error?.description == dir.file("d.png") + ": no diff image written: the images differ in size (reference 1000000x1, "
                + "actual 1x1000000) and a diff image showing both would be 1000000x1000000 = 1000000000000 pixels, "
                + "over the limit of 100000000 pixels")
        #expect(!FileManager.default.fileExists(atPath: dir.file("d.png")))
    }

    @Test("diffFiles names the file it cannot read")
    func diffFilesErrors() throws {
        let dir = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { dir.cleanup() }
        try PNG.write(try RGBAImage(width: 1, height: 1), to: dir.file("a.png"))
        try Data("text".utf8).write(to: URL(fileURLWithPath: dir.file("b.png")))
        #expect(throws: PNGError.notPNG(source: dir.file("b.png"))) {
            try diffFiles(dir.file("a.png"), dir.file("b.png"), output: dir.file("d.png"))
        }
        #expect(!FileManager.default.fileExists(atPath: dir.file("d.png")))
    }
}
