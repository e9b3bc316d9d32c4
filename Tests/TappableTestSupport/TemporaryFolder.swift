import Foundation

/// A fresh, empty folder under the temporary directory, removed when released or by `cleanup()`
/// (call it in a `defer` to keep the folder until the end of a scope).
public final class TemporaryFolder: @unchecked Sendable {
    /// The folder.
    public let url: URL
    /// The folder's path.
    public var path: String { url.path }

    /// Makes the folder, named `<prefix>-<UUID>`.
    /// - Throws: the file system's error when it cannot be made.
    public init(prefix: String = "tappable-tests") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { cleanup() }

    /// The path of `relative` inside the folder (nothing is made).
    public func file(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    /// Writes `text` as UTF-8 to `name` inside the folder and returns its path.
    @discardableResult
    public func write(_ text: String, as name: String = "label.json") throws -> String {
        try write(Data(text.utf8), as: name)
    }

    /// Writes `data` to `name` inside the folder and returns its path.
    @discardableResult
    public func write(_ data: Data, as name: String) throws -> String {
        let path = file(name)
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Every file and folder below `relative` (the whole folder by default), relative to it, sorted.
    public func contents(_ relative: String = "") -> [String] {
        (FileManager.default.subpaths(atPath: relative.isEmpty ? path : file(relative)) ?? []).sorted()
    }

    /// Removes the folder and everything in it (again: nothing).
    public func cleanup() { try? FileManager.default.removeItem(at: url) }
}
