import Foundation
import Tappable

/// Where an assertion's reference lives and what it is called: `__Snapshots__/<TestFile>/` beside
/// the test file, `<test name>.<n or name>.<ext>`, and failure artefacts under the package's
/// `.build/snapshot-failures/<TestFile>/` (or `TAPPABLE_FAILURES_DIR`).
public enum SnapshotNaming {
    /// The folder of references beside a test file: `<folder of filePath>/__Snapshots__/<file name without .swift>`.
    public static func referenceDirectory(filePath: String) -> String {
        let url = URL(fileURLWithPath: filePath)
        return url.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
            .appendingPathComponent(url.deletingPathExtension().lastPathComponent).path
    }

    /// The folder failure artefacts of a test file go to: `$TAPPABLE_FAILURES_DIR/<TestFile>` when
    /// that is set (CI uploads it), else `<package>/.build/snapshot-failures/<TestFile>`, where
    /// `<package>` is the nearest folder above the test file holding a `Package.swift` (at most
    /// 64 levels up); with none, the temporary folder's `tappable-snapshot-failures/<TestFile>`.
    public static func failuresDirectory(filePath: String, environment: [String: String]) -> String {
        let url = URL(fileURLWithPath: filePath)
        let testFile = url.deletingPathExtension().lastPathComponent
        if let root = environment["TAPPABLE_FAILURES_DIR"], !root.isEmpty {
            return URL(fileURLWithPath: root).appendingPathComponent(testFile).path
        }
        var folder = url.deletingLastPathComponent()
        for _ in 0..<64 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder.appendingPathComponent(".build/snapshot-failures").appendingPathComponent(testFile).path
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("tappable-snapshot-failures")
            .appendingPathComponent(testFile).path
    }

    /// A test function's name as a file name: `testLogin()` → `testLogin`, `login(label:)` → `login`;
    /// characters other than letters, digits, `-` and `_` become `-`; at most 100 characters;
    /// `snapshot` when nothing is left.
    public static func testName(_ function: String) -> String {
        let base = function.split(separator: "(", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? function
        return fileNamePart(base) ?? "snapshot"
    }

    /// A user's snapshot name as a file name part: letters, digits, `-`, `_` and `.` kept, anything
    /// else `-`, at most 100 characters; nil when nothing usable is left (empty, only dots).
    public static func fileNamePart(_ name: String) -> String? {
        var out = ""
        for character in name.prefix(100) {
            out += character.isLetter || character.isNumber || "-_.".contains(character) ? String(character) : "-"
        }
        return out.allSatisfy({ $0 == "." }) || out.hasPrefix(".") ? nil : out
    }
}

/// Numbers the unnamed snapshots of each test in call order (1, 2, …): thread-safe, one count
/// per test file, test and running test case.
final class SnapshotCounter: @unchecked Sendable {
    static let shared = SnapshotCounter()
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    /// The next number for `key`.
    func next(_ key: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        counts[key, default: 0] += 1
        return counts[key]!
    }
}
