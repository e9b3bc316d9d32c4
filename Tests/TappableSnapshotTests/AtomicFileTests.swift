import Foundation
import Glibc
import Testing
@testable import TappableSnapshot
import TappableTestSupport

/// What is at an output path, with a short name for the test list.
struct Obstacle: CustomTestStringConvertible, Sendable {
    var name: String
    /// Makes the obstacle at `path` inside the folder `dir`.
    var make: @Sendable (_ path: String, _ dir: String) throws -> Void
    /// What the error must say.
    var message: String
    var testDescription: String { name }

    static func link(to target: String) -> @Sendable (String, String) throws -> Void {
        { path, _ in try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target) }
    }

    static let all: [Obstacle] = [
        Obstacle(name: "a folder", make: { path, _ in try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) },
                 message: "is a folder; only regular files are written"),
        Obstacle(name: "a FIFO", make: { path, _ in guard mkfifo(path, 0o644) == 0 else { throw POSIXError(.EPERM) } },
                 message: "is a FIFO (named pipe); only regular files are written"),
        Obstacle(name: "a link to a character device", make: link(to: "/dev/null"),
                 message: "is a symbolic link to a character device (/dev/null); only regular files are written"),
        Obstacle(name: "a link to a folder", make: link(to: "/tmp"), message: "is a symbolic link to a folder (/tmp)"),
        Obstacle(name: "a dangling link", make: link(to: "nowhere.png"),
                 message: "is a dangling symbolic link (to nowhere.png, which does not exist)"),
        Obstacle(name: "a link loop", make: { path, dir in
                     try FileManager.default.createSymbolicLink(atPath: dir + "/loop", withDestinationPath: path)
                     try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: dir + "/loop")
                 }, message: "is a symbolic link loop"),
        Obstacle(name: "a link to standard output", make: link(to: "/proc/self/fd/1"), message: "leads into /proc"),
        Obstacle(name: "a link to /dev/stderr", make: link(to: "/dev/stderr"), message: "leads into /proc"),
    ]
}

/// A tmpfs mounted on a fresh folder (root only), unmounted and removed by `cleanup`.
struct TinyFilesystem {
    let dir: TemporaryFolder

    /// Mounts a tmpfs of `size` bytes, read-only when asked; nil when mounting is not allowed.
    init?(size: Int, readOnly: Bool = false) {
        guard let dir = try? TemporaryFolder(prefix: "TappableSnapshotTests") else { return nil }
        guard mount("tmpfs", dir.path, "tmpfs", readOnly ? UInt(MS_RDONLY) : 0, "size=\(size)") == 0 else {
            dir.cleanup()
            return nil
        }
        self.dir = dir
    }

    func cleanup() {
        umount(dir.path)
        dir.cleanup()
    }

    /// Whether this process may mount a tmpfs (root with CAP_SYS_ADMIN).
    static let available: Bool = {
        guard let probe = TinyFilesystem(size: 65_536) else { return false }
        probe.cleanup()
        return true
    }()
}

@Suite("AtomicFile: only regular files are replaced, folders must exist, nothing half-written stays")
struct AtomicFileTests {
    let payload = Data("new contents\n".utf8)

    @Test("a symbolic link to a regular file is written through: the link stays, its target is replaced")
    func writesThroughLinks() throws {
        let dir = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { dir.cleanup() }
        try FileManager.default.createDirectory(atPath: dir.file("real"), withIntermediateDirectories: false)
        try Data("old".utf8).write(to: URL(fileURLWithPath: dir.file("real/target.json")))
        try FileManager.default.createSymbolicLink(atPath: dir.file("link.json"), withDestinationPath: "real/target.json")
        try AtomicFile.write(payload, to: dir.file("link.json"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.file("link.json")) == "real/target.json")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.file("real/target.json"))) == payload)
        #expect(dir.contents() == ["link.json", "real", "real/target.json"], "no temporary file beside the link or the target")
    }

    @Test("anything but a regular file at the path is an error naming the path and what it is; nothing changes", arguments: Obstacle.all)
    func refusesObstacles(obstacle: Obstacle) throws {
        let dir = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { dir.cleanup() }
        let path = dir.file("out.json")
        try obstacle.make(path, dir.path)
        let before = dir.contents()
        let error = #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write(payload, to: path) }
        #expect(error?.description.hasPrefix("cannot write \(path): ") == true)
        #expect(error?.reason.contains(obstacle.message) == true, "\(String(describing: error))")
        #expect(dir.contents() == before)
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFREG, "the obstacle is still there, not replaced by a file")
    }

    @Test("a missing folder is an error naming it; .create makes the last folder, .createWithParents all of them")
    func missingFolders() throws {
        let dir = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { dir.cleanup() }
        let error = #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write(payload, to: dir.file("a/b.json")) }
        #expect(error?.reason == "folder \(dir.file("a")) does not exist")
        #expect(dir.contents().isEmpty)
        let deep = #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write(payload, to: dir.file("x/y/z.json"), missingFolder: .create) }
        #expect(deep?.reason == "folder \(dir.file("x")) does not exist", "only the last folder is made")
        #expect(dir.contents().isEmpty)
        try AtomicFile.write(payload, to: dir.file("a/b.json"), missingFolder: .create)
        try AtomicFile.write(payload, to: dir.file("x/y/z.json"), missingFolder: .createWithParents)
        #expect(dir.contents() == ["a", "a/b.json", "x", "x/y", "x/y/z.json"])
    }

    @Test("a file where a folder should be is an error naming it")
    func fileInTheWay() throws {
        let dir = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { dir.cleanup() }
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir.file("plain")))
        for mode in [AtomicFile.MissingFolder.refuse, .create, .createWithParents] {
            let error = #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write(payload, to: dir.file("plain/out.json"), missingFolder: mode) }
            #expect(error?.reason == "\(dir.file("plain")) is not a folder (it is a regular file)")
        }
        let folder = #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.checkFolder(dir.file("plain"), missingFolder: .create) }
        #expect(folder?.reason.contains("is not a folder") == true)
        #expect(dir.contents() == ["plain"])
    }

    @Test("a file name of 255 bytes is written (its temporary name is shortened); 256 bytes is an error naming the limit")
    func nameLength() throws {
        let dir = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { dir.cleanup() }
        // Two-byte characters, so the temporary name's prefix must end between characters.
        let longest = String(repeating: "é", count: 125) + "a.png"
        #expect(longest.utf8.count == AtomicFile.maximumNameLength)
        try AtomicFile.write(payload, to: dir.file(longest))
        #expect(dir.contents() == [longest])
        let tooLong = "b" + longest
        let error = #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write(payload, to: dir.file(tooLong)) }
        #expect(error?.reason == "the file name is 256 bytes long, more than the 255 a file name may have")
        #expect(dir.contents() == [longest])
    }

    @Test("a replaced file keeps its permission bits")
    func keepsPermissions() throws {
        let dir = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { dir.cleanup() }
        let path = dir.file("private.json")
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
        try AtomicFile.write(payload, to: path)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == payload)
    }

    @Test("write(to:producing:) checks the destination first, registers its temporary file while producing, and removes it when producing fails")
    func producing() throws {
        let dir = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { dir.cleanup() }
        var called = false
        #expect(throws: AtomicFile.WriteError.self) {
            try AtomicFile.write(to: dir.file("missing/out.png")) { called = true; return Data() }
        }
        #expect(!called, "a write that cannot happen fails before the work")
        struct Failed: Error {}
        #expect(throws: Failed.self) {
            try AtomicFile.write(to: dir.file("out.png")) {
                let temporary = dir.contents()
                #expect(temporary.count == 1 && temporary[0].hasPrefix(".out.png.") && temporary[0].hasSuffix(".tmp"))
                #expect(AtomicFile.registeredTemporaryFiles >= 1, "the temporary file is registered for the signal handlers")
                throw Failed()
            }
        }
        #expect(dir.contents().isEmpty)
        try AtomicFile.write(to: dir.file("out.png")) { payload }
        #expect(dir.contents() == ["out.png"])
    }

    @Test("a read-only folder is an error naming the folder", .enabled(if: getuid() != 0 || TinyFilesystem.available))
    func readOnlyFolder() throws {
        // root ignores permission bits: use a read-only tmpfs instead.
        let mounted = getuid() == 0 ? TinyFilesystem(size: 65_536, readOnly: true) : nil
        defer { mounted?.cleanup() }
        let dir = try mounted?.dir ?? TemporaryFolder(prefix: "TappableSnapshotTests")
        defer { if mounted == nil { chmod(dir.path, 0o755); dir.cleanup() } }
        if mounted == nil { chmod(dir.path, 0o555) }
        let error = #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write(payload, to: dir.file("out.json")) }
        #expect(error?.reason.hasPrefix("folder \(dir.path) is not writable (") == true, "\(String(describing: error))")
    }

    @Test("a full disk is an error saying so; the old file stays and no temporary file is left",
          .enabled(if: TinyFilesystem.available, "needs root to mount a tiny tmpfs"))
    func fullDisk() throws {
        let disk = try #require(TinyFilesystem(size: 65_536)); defer { disk.cleanup() }
        let path = disk.dir.file("big.bin")
        try AtomicFile.write(payload, to: path)
        let error = #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write(Data(count: 1_000_000), to: path) }
        #expect(error?.reason.contains("No space left on device") == true, "\(String(describing: error))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == payload)
        #expect(disk.dir.contents() == ["big.bin"])
    }
}
