import Foundation
import Glibc

/// Whole-file writes that never leave a half-written file behind.
public enum AtomicFile {
    /// Why an atomic write failed; `description` names the path and the system's reason.
    public struct WriteError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The file that was to be written.
        public let path: String
        /// What went wrong, e.g. `"cannot create directory …: Permission denied"`.
        public let reason: String
        /// `cannot write <path>: <reason>`.
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes `data` to `path` atomically: the bytes go to a uniquely named temporary file
    /// (`.<name>.<uuid>.tmp`) in the same directory, which is then renamed over `path`. Readers
    /// see either the old file or the complete new one. With `sync`, the file is flushed to disk
    /// (fsync) before the rename, so that it also survives a crash of the machine; without it
    /// (the default: snapshots and command-line outputs are cheap to make again) the kernel
    /// writes it back when it likes, which costs nothing while the program waits.
    /// Missing parent directories are created. On any failure the temporary file is removed and
    /// an existing file at `path` is left untouched.
    /// - Throws: `WriteError` naming the path and the reason (permissions, full disk, a directory
    ///   in the way, an empty path…).
    public static func write(_ data: Data, to path: String, sync: Bool = false) throws(WriteError) {
        guard !path.isEmpty else { throw WriteError(path: path, reason: "empty path") }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: path, reason: "cannot create directory \(directory): \(error.localizedDescription)")
        }
        let temporary = directory + "/." + name + "." + UUID().uuidString + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw WriteError(path: path, reason: "cannot create temporary file \(temporary): \(errnoText())")
        }
        var failure: String?
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = "write failed: \(errnoText())"
                    return
                }
                offset += n
            }
        }
        if failure == nil, sync, fsync(fd) != 0 { failure = "fsync failed: \(errnoText())" }
        if close(fd) != 0, failure == nil { failure = "close failed: \(errnoText())" }
        if failure == nil, rename(temporary, path) != 0 { failure = "rename failed: \(errnoText())" }
        if let failure {
            unlink(temporary)
            throw WriteError(path: path, reason: failure)
        }
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
