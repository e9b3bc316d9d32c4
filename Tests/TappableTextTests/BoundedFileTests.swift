import Foundation
import Glibc
import TappableTestSupport
import TappableText
import Testing

@Suite("BoundedFile: whole files with a size limit, never a directory, FIFOs and devices only when asked")
struct BoundedFileTests {
    @Test("a file of exactly the limit is read whole; one byte more is too large, known from its size")
    func limit() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.cleanup() }
        let folder = temporary.path
        let path = folder + "/f"
        try Data((0..<100).map { UInt8($0) }).write(to: URL(fileURLWithPath: path))
        #expect(try BoundedFile.read(path: path, limit: 100, accepting: .regularFiles) == (0..<100).map { UInt8($0) })
        #expect(throws: BoundedFile.ReadError.tooLarge(path, limit: 99)) { try BoundedFile.read(path: path, limit: 99, accepting: .regularFiles) }
        let empty = folder + "/empty"
        #expect(FileManager.default.createFile(atPath: empty, contents: nil))
        #expect(try BoundedFile.read(path: empty, limit: 0, accepting: .regularFiles) == [])
    }

    @Test("a file larger than one read chunk comes back whole")
    func largeFile() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.cleanup() }
        let folder = temporary.path
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/big"))
        #expect(try BoundedFile.read(path: folder + "/big", limit: 1 << 20, accepting: .anythingButDirectories) == bytes)
    }

    @Test("a directory is refused either way; a device only when regular files are asked for")
    func kinds() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.cleanup() }
        let folder = temporary.path
        for accepting in [BoundedFile.Accepting.regularFiles, .anythingButDirectories] {
            #expect(throws: BoundedFile.ReadError.notRegularFile(folder, kind: "a directory")) {
                try BoundedFile.read(path: folder, limit: 10, accepting: accepting)
            }
        }
        #expect(throws: BoundedFile.ReadError.notRegularFile("/dev/null", kind: "a character device")) {
            try BoundedFile.read(path: "/dev/null", limit: 10, accepting: .regularFiles)
        }
        #expect(try BoundedFile.read(path: "/dev/null", limit: 10, accepting: .anythingButDirectories) == [])
    }

    @Test("an endless device is read only up to the limit, then refused")
    func endlessDevice() {
        #expect(throws: BoundedFile.ReadError.tooLarge("/dev/zero", limit: 1000)) {
            try BoundedFile.read(path: "/dev/zero", limit: 1000, accepting: .anythingButDirectories)
        }
    }

    @Test("a FIFO is refused as a regular file without blocking, and read to its end otherwise")
    func fifo() async throws {
        let temporary = try TemporaryFolder()
        defer { temporary.cleanup() }
        let folder = temporary.path
        let path = folder + "/pipe"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: BoundedFile.ReadError.notRegularFile(path, kind: "a FIFO (named pipe)")) {
            try BoundedFile.read(path: path, limit: 10, accepting: .regularFiles)
        }
        // A writer on another thread: its open waits for the reader's, then it writes and closes.
        let writer = Thread {
            let descriptor = open(path, O_WRONLY)
            guard descriptor >= 0 else { return }
            _ = Array("piped".utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        writer.start()
        #expect(try BoundedFile.read(path: path, limit: 10, accepting: .anythingButDirectories) == Array("piped".utf8))
    }

    @Test("a missing path says why, and the messages name the path")
    func messages() {
        #expect(throws: BoundedFile.ReadError.cannotOpen("/no/such/file", reason: "No such file or directory")) {
            try BoundedFile.read(path: "/no/such/file", limit: 10, accepting: .regularFiles)
        }
        #expect(BoundedFile.ReadError.cannotOpen("/x", reason: "Permission denied").description == "/x: Permission denied")
        #expect(BoundedFile.ReadError.tooLarge("/x", limit: 16 << 20).description == "/x: larger than 16 MiB (16777216 bytes)")
        #expect(BoundedFile.ReadError.notRegularFile("/x", kind: "a socket").reason == "a socket, not a regular file")
        #expect(BoundedFile.describe(bytes: 1536) == "1536 bytes")
        #expect(BoundedFile.describe(bytes: 2048) == "2 KiB (2048 bytes)")
    }
}
