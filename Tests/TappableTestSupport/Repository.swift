import Foundation

/// The repository the tests run from (found from this file's path): its Examples/, Fonts/, Fuzz/ …
public enum Repository {
    /// The repository's root folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The URL of `relative` (e.g. `Examples`) inside the repository.
    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// The path of `relative` inside the repository.
    public static func path(_ relative: String) -> String { url(relative).path }
}
