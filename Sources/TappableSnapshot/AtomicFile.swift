import CTemporaryFiles
import Foundation
import Glibc

/// Whole-file writes that never leave a half-written file behind and never replace anything
/// but a regular file. The rules (README, "Limits and security"):
///
/// - A regular file at the path is replaced atomically; its permission bits are kept.
/// - A symbolic link whose target is a regular file is written through: the link stays, and the
///   target is replaced atomically in the target's own folder.
/// - Nothing at the path: a new file (mode 0644 less the umask).
/// - Anything else at the path is an error naming the path and what it is: a folder, a device,
///   a FIFO, a socket, a symbolic link to one of those, a dangling symbolic link or a loop.
/// - A path in `/proc`, or leading there through symbolic links (`/dev/stdout`, `/dev/fd/1`), is
///   an error: it names an open file (a pipe, a terminal, the shell's redirection), not a path.
/// - The folder the file goes into must exist (`MissingFolder.refuse`), unless the caller
///   creates its own output folder (`MissingFolder.create`).
/// - A file name longer than `maximumNameLength` bytes is an error.
///
/// The bytes go to a temporary file `.<name>.<uuid>.tmp` in the destination's folder, are
/// flushed to disk, and the temporary file is renamed over the destination: readers see the old
/// file or the complete new one. On any failure the temporary file is removed and the
/// destination is left untouched. While it exists, the temporary file is registered so that the
/// handlers of `removeTemporaryFilesOnInterrupt()` remove it when the process is interrupted.
public enum AtomicFile {
    /// Why an atomic write failed; `description` names the path and the reason.
    public struct WriteError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The file that was to be written, as the caller named it.
        public let path: String
        /// What went wrong, e.g. `"folder out/x does not exist"` or `"is a character device"`.
        public let reason: String
        /// `cannot write <path>: <reason>`.
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// What a write does when the folder its file goes into does not exist.
    public enum MissingFolder: Sendable {
        /// Fail with `folder … does not exist`: a mistyped folder is an error, not a new folder.
        case refuse
        /// Create the folder when its parent exists (a command's own output folder, e.g.
        /// `tappable examples -o OUT`).
        case create
        /// Create the folder and its missing parents (the snapshot recorder's folders).
        case createWithParents
    }

    /// The longest file name written, in UTF-8 bytes (Linux's `NAME_MAX`); a longer last path
    /// component is an error.
    public static let maximumNameLength = 255

    /// Writes `data` to `path` atomically, following the rules above.
    /// - Throws: `WriteError` naming the path and the reason (what is in the way, a missing or
    ///   unwritable folder, a too long name, a full disk, an empty path…).
    public static func write(_ data: Data, to path: String, missingFolder: MissingFolder = .refuse) throws(WriteError) {
        let file = try TemporaryFile(for: path, missingFolder: missingFolder)
        try file.commit(data)
    }

    /// Writes what `produce` returns to `path` atomically: the destination is checked and the
    /// temporary file created first, so a write that cannot happen fails before the work, and
    /// an interrupted `produce` leaves no file behind (with `removeTemporaryFilesOnInterrupt()`).
    /// - Throws: `WriteError` as `write(_:to:missingFolder:)`, or what `produce` throws (the
    ///   temporary file is then removed).
    public static func write(to path: String, missingFolder: MissingFolder = .refuse, producing produce: () throws -> Data) throws {
        let file = try TemporaryFile(for: path, missingFolder: missingFolder)
        let data: Data
        do { data = try produce() } catch {
            file.discard()
            throw error
        }
        try file.commit(data)
    }

    /// Checks that `path` is a folder (following symbolic links), creating it when missing as
    /// `missingFolder` allows.
    /// - Throws: `WriteError` naming the folder: `folder … does not exist`, `… is not a folder
    ///   (it is a regular file)`, or the system's reason.
    public static func checkFolder(_ path: String, missingFolder: MissingFolder = .refuse) throws(WriteError) {
        guard !path.isEmpty else { throw WriteError(path: path, reason: "empty folder name") }
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw WriteError(path: path, reason: "\(path) is not a folder (it is \(kind(info.st_mode)))") }
            return
        }
        guard errno == ENOENT, missingFolder != .refuse else { throw WriteError(path: path, reason: folderProblem(path, errno: errno)) }
        try checkFolder(parent(of: path), missingFolder: missingFolder == .createWithParents ? .createWithParents : .refuse)
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            throw WriteError(path: path, reason: "cannot create folder \(path): \(errnoText())")
        }
    }

    /// Installs SIGINT and SIGTERM handlers that remove the temporary files of the writes in
    /// flight and exit with status 128 + the signal (130, 143). Call it once, from a program's
    /// main: libraries never install signal handlers (the `tappable` executable does). The
    /// handlers are async-signal-safe (only `unlink` and `_exit`).
    /// - Returns: false when the handlers could not be installed.
    @discardableResult
    public static func removeTemporaryFilesOnInterrupt() -> Bool { tp_tmp_install_handlers() == 0 }

    // MARK: - Internals

    /// How many temporary files are registered for removal on a signal now (for tests).
    static var registeredTemporaryFiles: Int { Int(tp_tmp_registered_count()) }

    /// A temporary file beside the file it will replace, registered for removal on SIGINT and
    /// SIGTERM until it is renamed into place or removed.
    private struct TemporaryFile {
        /// The path the caller named, for messages.
        let requested: String
        /// The file the rename replaces: `requested`, or a symbolic link's target.
        let destination: String
        let path: String
        let descriptor: Int32
        let slot: Int32

        init(for requested: String, missingFolder: MissingFolder) throws(WriteError) {
            func fail(_ reason: String) -> WriteError { WriteError(path: requested, reason: reason) }
            let (destination, mode) = try AtomicFile.destination(of: requested, missingFolder: missingFolder)
            let folder = parent(of: destination)
            let path = folder + "/." + prefix(of: name(of: destination), bytes: 200) + "." + UUID().uuidString + ".tmp"
            let slot = tp_tmp_register(path)
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                let code = errno
                tp_tmp_unregister(slot)
                switch code {
                case EACCES, EPERM, EROFS: throw fail("folder \(folder) is not writable (\(errnoText(code)))")
                case ENOSPC, EDQUOT: throw fail("no space left in folder \(folder) (\(errnoText(code)))")
                default: throw fail("cannot create a temporary file in folder \(folder): \(errnoText(code))")
                }
            }
            // A replaced file keeps its permission bits.
            if let mode { fchmod(descriptor, mode & 0o777) }
            self.requested = requested
            self.destination = destination
            self.path = path
            self.descriptor = descriptor
            self.slot = slot
        }

        /// Writes `data`, flushes it to disk and renames the file into place; on failure removes it.
        func commit(_ data: Data) throws(WriteError) {
            var failure: String?
            data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                var offset = 0
                while offset < raw.count {
                    let n = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                    if n < 0 {
                        if errno == EINTR { continue }
                        failure = "write failed after \(offset) of \(raw.count) bytes: \(errnoText())"
                        return
                    }
                    offset += n
                }
            }
            if failure == nil, fsync(descriptor) != 0 { failure = "fsync failed: \(errnoText())" }
            if close(descriptor) != 0, failure == nil { failure = "close failed: \(errnoText())" }
            if failure == nil, rename(path, destination) != 0 { failure = "cannot rename the temporary file into place: \(errnoText())" }
            if let failure {
                unlink(path)
                tp_tmp_unregister(slot)
                throw WriteError(path: requested, reason: failure)
            }
            tp_tmp_unregister(slot)
        }

        /// Closes and removes the file.
        func discard() {
            close(descriptor)
            unlink(path)
            tp_tmp_unregister(slot)
        }
    }

    /// The file a write to `path` replaces (`path` itself, or the regular file a symbolic link
    /// there points to) and the permission bits to keep (nil for a new file).
    private static func destination(of path: String, missingFolder: MissingFolder) throws(WriteError) -> (String, mode_t?) {
        func fail(_ reason: String) -> WriteError { WriteError(path: path, reason: reason) }
        guard !path.isEmpty else { throw fail("empty path") }
        guard !path.hasSuffix("/") else { throw fail("ends in / (names a folder, not a file)") }
        let length = name(of: path).utf8.count
        guard length <= maximumNameLength else {
            throw fail("the file name is \(length) bytes long, more than the \(maximumNameLength) a file name may have")
        }
        if let open = openFileLink(path) {
            throw fail("leads into /proc (\(open)): /dev/stdout, /dev/fd/N and other /proc files are not written; name the file by its own path")
        }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR:
                do { try checkFolder(parent(of: path), missingFolder: missingFolder) } catch { throw fail(error.reason) }
                return (path, nil)
            case ENAMETOOLONG: throw fail("the path is \(path.utf8.count) bytes long, longer than the system allows")
            default: throw fail(errnoText(code))
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return (path, info.st_mode)
        case S_IFLNK:
            let target = linkText(path)
            var targetInfo = stat()
            guard stat(path, &targetInfo) == 0 else {
                switch errno {
                case ENOENT, ENOTDIR: throw fail("is a dangling symbolic link (to \(target), which does not exist)")
                case ELOOP: throw fail("is a symbolic link loop")
                default: throw fail("is a symbolic link that cannot be followed (\(errnoText()))")
                }
            }
            guard targetInfo.st_mode & S_IFMT == S_IFREG else {
                throw fail("is a symbolic link to \(kind(targetInfo.st_mode)) (\(target)); only regular files are written")
            }
            guard let resolved = realpath(path, nil) else { throw fail("cannot resolve the symbolic link (\(errnoText()))") }
            defer { free(resolved) }
            return (String(cString: resolved), targetInfo.st_mode)
        default:
            throw fail("is \(kind(info.st_mode)); only regular files are written")
        }
    }

    /// The `/proc` path `path` leads to, when it lies in `/proc` or a symbolic link on the way
    /// points into it (`/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1`): such a link names an open
    /// file, not a path, and replacing "its target" would swap the file under the shell's feet.
    private static func openFileLink(_ path: String) -> String? {
        var current = path
        for _ in 0..<40 {
            if let folder = realpath(parent(of: current), nil) {
                defer { free(folder) }
                let resolved = String(cString: folder)
                if resolved == "/proc" || resolved.hasPrefix("/proc/") { return resolved + "/" + name(of: current) }
            }
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
            let target = linkText(current)
            current = target.hasPrefix("/") ? target : parent(of: current) + "/" + target
        }
        return nil
    }

    /// What is wrong with `folder`, which cannot be used: missing, not a folder, or the system's reason.
    private static func folderProblem(_ folder: String, errno code: Int32) -> String {
        var info = stat()
        if stat(folder, &info) == 0, info.st_mode & S_IFMT != S_IFDIR { return "\(folder) is not a folder (it is \(kind(info.st_mode)))" }
        switch code {
        case ENOENT: return "folder \(folder) does not exist"
        case ENOTDIR: return "folder \(folder) does not exist (a part of its path is not a folder)"
        default: return "cannot use folder \(folder): \(errnoText(code))"
        }
    }

    /// What kind of file `mode` describes, with an article: "a folder", "a character device"…
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a folder"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }

    /// The folder part of `path` ("." for a bare name, "/" for a file at the root).
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`.
    static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// The longest prefix of `name` of at most `bytes` UTF-8 bytes that ends between characters.
    static func prefix(of name: String, bytes: Int) -> String {
        var count = 0
        return String(name.prefix { count += $0.utf8.count; return count <= bytes })
    }

    /// What the symbolic link at `path` contains, as text.
    private static func linkText(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n >= 0 else { return "?" }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func errnoText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }
}
