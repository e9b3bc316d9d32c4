import Glibc

/// Reads a whole file into memory with a size limit, refusing what a path names when it is not a
/// file to read: a directory always, and FIFOs, devices and sockets when asked to (opening or
/// reading those can block forever or never end). Font files and SPEC files are read through it.
public enum BoundedFile {
    /// Which paths `read` takes.
    public enum Accepting: Sendable {
        /// Regular files only. Checked with `stat` before opening and again with `fstat` on the
        /// descriptor (opened non-blocking, so a FIFO swapped in between cannot block the open).
        case regularFiles
        /// Anything but a directory: FIFOs and devices are read up to the limit (reading a FIFO
        /// waits for its writer, as any program reading one does).
        case anythingButDirectories
    }

    /// Why a file was not read; `description` names the path.
    public enum ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The path cannot be opened or examined; `reason` is the system's, e.g. "No such file or directory".
        case cannotOpen(String, reason: String)
        /// The path names something other than a regular file, e.g. "a FIFO (named pipe)".
        case notRegularFile(String, kind: String)
        /// The file holds more than `limit` bytes.
        case tooLarge(String, limit: Int)
        /// Reading failed part way; `reason` is the system's.
        case readFailed(String, reason: String)

        /// Why, without the path: the system's reason ("No such file or directory"), "a FIFO
        /// (named pipe), not a regular file" or "larger than 16 MiB (16777216 bytes)".
        public var reason: String {
            switch self {
            case let .cannotOpen(_, reason): return reason
            case let .notRegularFile(_, kind): return "\(kind), not a regular file"
            case let .tooLarge(_, limit): return "larger than \(BoundedFile.describe(bytes: limit))"
            case let .readFailed(_, reason): return "reading failed (\(reason))"
            }
        }

        /// `PATH: reason`.
        public var description: String {
            switch self {
            case let .cannotOpen(path, _), let .notRegularFile(path, _), let .tooLarge(path, _), let .readFailed(path, _):
                return "\(path): \(reason)"
            }
        }
    }

    /// The bytes of the file at `path`, at most `limit` of them (a longer file is `tooLarge`,
    /// known from its size before reading when it is a regular file). Throws `ReadError`.
    public static func read(path: String, limit: Int, accepting: Accepting) throws(ReadError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .cannotOpen(path, reason: errorText()) }
        try check(info, path: path, limit: limit, accepting: accepting)
        let flags = O_RDONLY | O_CLOEXEC | (accepting == .regularFiles ? O_NONBLOCK : 0)
        let descriptor = open(path, flags)
        guard descriptor >= 0 else { throw .cannotOpen(path, reason: errorText()) }
        defer { close(descriptor) }
        // The path may have been replaced since `stat`: check what was actually opened.
        guard fstat(descriptor, &info) == 0 else { throw .cannotOpen(path, reason: errorText()) }
        try check(info, path: path, limit: limit, accepting: accepting)

        var bytes: [UInt8] = []
        if isRegular(info.st_mode) { bytes.reserveCapacity(min(Int(info.st_size), limit) + 1) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let wanted = min(chunk.count, limit + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .readFailed(path, reason: errorText())
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { throw .tooLarge(path, limit: limit) }
        }
    }

    /// `16 MiB (16777216 bytes)`, or just bytes under 1 KiB.
    public static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB (\(bytes) bytes)" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB (\(bytes) bytes)" }
        return "\(bytes) bytes"
    }

    private static func check(_ info: stat, path: String, limit: Int, accepting: Accepting) throws(ReadError) {
        if !isRegular(info.st_mode) {
            let kind = kindName(info.st_mode)
            if accepting == .regularFiles || info.st_mode & S_IFMT == S_IFDIR { throw .notRegularFile(path, kind: kind) }
        } else if info.st_size > limit {
            throw .tooLarge(path, limit: limit)
        }
    }

    private static func isRegular(_ mode: mode_t) -> Bool { mode & S_IFMT == S_IFREG }

    private static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "of an unknown type"
        }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
