import Foundation
import Testing
@testable import TappableSnapshot
import TappableTestSupport

/// Counts how often a prepared snapshot is encoded (thread-safe).
final class EncodeCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func add() { lock.lock(); n += 1; lock.unlock() }
    var count: Int { lock.lock(); defer { lock.unlock() }; return n }
}

@Suite("SnapshotStore: one engine for assertions and tappable check")
struct SnapshotStoreTests {
    let workstation: [String: String] = [:]

    func location(_ tmp: TemporaryFolder, _ name: String = "n") -> SnapshotLocation {
        SnapshotLocation(referenceDirectory: tmp.file("refs"), failuresDirectory: tmp.file("failures"), name: name)
    }

    func image(_ image: RGBAImage, _ options: ImageDiff.Options = ImageDiff.Options(), counter: EncodeCounter? = nil) throws -> PreparedSnapshot {
        var strategy = Snapshotting<RGBAImage, RGBAImage>.image(options)
        let toData = strategy.diffing.toData
        strategy.diffing.toData = { counter?.add(); return try toData($0) }
        return try strategy.prepare(image)
    }

    @Test("record mode failed re-records a failing reference and leaves one that passes within the tolerance untouched")
    func recordFailed() throws {
        let tmp = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { tmp.cleanup() }
        let reference = try RGBAImage(width: 10, height: 10, fill: grey(200))
        try PNG.write(reference, to: tmp.file("refs/n.png"), missingFolder: .createWithParents)
        let before = try Data(contentsOf: URL(fileURLWithPath: tmp.file("refs/n.png")))
        var oneOff = reference
        oneOff[0, 0] = black
        let tolerant = ImageDiff.Options(maxDiffPixels: 1)
        #expect(SnapshotStore.verify(try image(oneOff, tolerant), at: location(tmp), requested: .failed, environment: workstation) == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: tmp.file("refs/n.png"))) == before, "a pass within tolerance is not re-recorded")

        let failure = try #require(SnapshotStore.verify(try image(oneOff), at: location(tmp), requested: .failed, environment: workstation))
        #expect(failure.kind == .recorded)
        #expect(failure.summary?.hasPrefix("1 of 100 pixels differ (1 % of 10x10)") == true, "the recording says what changed")
        #expect(try PNG.read(contentsOf: tmp.file("refs/n.png")) == oneOff)
        #expect(tmp.contents() == ["refs", "refs/n.png"], "no failure artefacts for a recording")
    }

    @Test("record mode failed records a missing reference and re-records an unreadable one")
    func recordFailedMissingAndUnreadable() throws {
        let tmp = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { tmp.cleanup() }
        let img = noise(width: 3, height: 3)
        #expect(SnapshotStore.verify(try image(img), at: location(tmp), requested: .failed, environment: workstation)?.kind == .recorded)
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: tmp.file("refs/n.png")))
        #expect(SnapshotStore.verify(try image(img), at: location(tmp), requested: .failed, environment: workstation)?.kind == .recorded)
        #expect(try PNG.read(contentsOf: tmp.file("refs/n.png")) == img)
    }

    @Test("record mode all leaves a reference with the same pixels alone, even when its file was encoded differently")
    func recordAllComparesPixels() throws {
        let tmp = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { tmp.cleanup() }
        let img = noise(width: 8, height: 8)
        try PNG.write(img, to: tmp.file("refs/n.png"), compression: .best, missingFolder: .createWithParents)
        let before = try Data(contentsOf: URL(fileURLWithPath: tmp.file("refs/n.png")))
        #expect(before != (try PNG.encode(img)), "the file differs from what the store would write")
        #expect(SnapshotStore.verify(try image(img), at: location(tmp), requested: .all, environment: workstation) == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: tmp.file("refs/n.png"))) == before)
    }

    @Test("a match encodes nothing; a failure encodes the actual file once")
    func encodesOnlyToWrite() throws {
        let tmp = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { tmp.cleanup() }
        let img = noise(width: 6, height: 6)
        try PNG.write(img, to: tmp.file("refs/n.png"), missingFolder: .createWithParents)
        let counter = EncodeCounter()
        #expect(SnapshotStore.verify(try image(img, counter: counter), at: location(tmp), requested: .missing, environment: workstation) == nil)
        #expect(counter.count == 0)
        #expect(SnapshotStore.verify(try image(noise(width: 6, height: 6, seed: 3), counter: counter), at: location(tmp),
                                     requested: .missing, environment: workstation)?.kind == .mismatch)
        #expect(counter.count == 1)
    }

    @Test("paths in failures are absolute even when the folders are given relative to the current directory")
    func absolutePaths() throws {
        let tmp = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { tmp.cleanup() }
        let cwd = FileManager.default.currentDirectoryPath
        let relative = SnapshotLocation(referenceDirectory: "relative-refs-\(UUID().uuidString)", failuresDirectory: "f", name: "n")
        #expect(relative.referencePath("png") == cwd + "/" + relative.referenceDirectory + "/n.png")
        #expect(relative.actualPath("png") == cwd + "/f/n.actual.png")
        #expect(relative.diffPath("txt") == cwd + "/f/n.diff.txt")
        #expect(SnapshotLocation(referenceDirectory: tmp.file("a/../refs"), failuresDirectory: "/x", name: "n").referencePath("png")
                == tmp.file("refs/n.png"))
    }

    @Test("under CI a missing reference is not recorded: the actual file goes to the failures folder and the message says why")
    func ciMissing() throws {
        let tmp = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { tmp.cleanup() }
        let failure = try #require(SnapshotStore.verify(try image(noise(width: 2, height: 2)), at: location(tmp), requested: .missing,
                                                        environment: ["CI": "true"]))
        #expect(failure.kind == .missingReference)
        #expect(failure.refusal == "CI=true forces record mode never (the code asks for missing)")
        #expect(tmp.contents() == ["failures", "failures/n.actual.png"])
        #expect(failure.description.contains("download \(tmp.file("failures/n.actual.png")) and commit it as \(tmp.file("refs/n.png"))"))
    }

    @Test("a text snapshot that differs writes the actual text and a line diff")
    func textMismatch() throws {
        let tmp = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { tmp.cleanup() }
        let strategy = Snapshotting<String, String>.lines(pathExtension: "json")
        #expect(SnapshotStore.verify(try strategy.prepare("a\nb\nc\n"), at: location(tmp), requested: .missing, environment: workstation)?.kind == .recorded)
        let failure = try #require(SnapshotStore.verify(try strategy.prepare("a\nB\nc\n"), at: location(tmp), requested: .never,
                                                        environment: workstation))
        #expect(failure.kind == .mismatch)
        #expect(failure.actualPath == tmp.file("failures/n.actual.json"))
        #expect(failure.diffPath == tmp.file("failures/n.diff.txt"))
        #expect(try String(contentsOfFile: tmp.file("failures/n.diff.txt"), encoding: .utf8)
                == "--- reference\n+++ actual\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n")
        #expect(failure.summary == "text differs from line 2: 1 line of the reference replaced by 1 (reference 3 lines, actual 3); line 2 was \"b\", is \"B\"")
        #expect(failure.description.contains("To accept the actual as the new reference, re-run with TAPPABLE_RECORD=failed"))
    }

    @Test("a value that cannot be encoded fails as snapshotFailed and writes nothing")
    func encodeFailure() throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "broken encoder" } }
        let tmp = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { tmp.cleanup() }
        let strategy = Snapshotting<String, String>(pathExtension: "txt", diffing: Diffing(diffPathExtension: "txt", toData: { _ in throw Broken() },
                                                                                          fromData: { String(decoding: $0, as: UTF8.self) },
                                                                                          compare: { TextDiff.difference($0, $1) })) { $0 }
        let failure = SnapshotStore.verify(try strategy.prepare("x"), at: location(tmp), requested: .missing, environment: workstation)
        #expect(failure?.kind == .snapshotFailed)
        #expect(failure?.detail == "broken encoder")
        #expect(tmp.contents().isEmpty)
    }

    @Test("a reference that is a directory is unreadable, not a crash", arguments: [RecordMode.missing, .never])
    func directoryReference(mode: RecordMode) throws {
        let tmp = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { tmp.cleanup() }
        try FileManager.default.createDirectory(atPath: tmp.file("refs/n.png"), withIntermediateDirectories: true)
        let failure = SnapshotStore.verify(try image(noise(width: 2, height: 2)), at: location(tmp), requested: mode, environment: workstation)
        #expect(failure?.kind == .unreadableReference)
        #expect(failure?.detail.contains("\(tmp.file("refs/n.png")): a directory, not a regular file") == true)
    }

    @Test("names that would leave their folder are refused before touching the disk", arguments: ["", ".", "..", "a/b", "a\u{0}b"])
    func invalidNames(name: String) throws {
        let tmp = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { tmp.cleanup() }
        #expect(SnapshotStore.verify(try image(noise(width: 2, height: 2)), at: location(tmp, name), requested: .missing,
                                     environment: workstation)?.kind == .invalidName)
        #expect(tmp.contents().isEmpty)
    }
}
