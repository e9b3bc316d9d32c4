import Foundation
import TappableSpec

/// A fresh temporary folder, removed by `cleanup`.
struct TemporaryFolder {
    let path: String
    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("TappableLabelSnapshotTests-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    func file(_ relative: String) -> String { path + "/" + relative }
    /// Every file below the folder, relative, sorted.
    func contents() -> [String] { (FileManager.default.subpaths(atPath: path) ?? []).sorted() }
    func cleanup() { try? FileManager.default.removeItem(atPath: path) }
}

/// The login label of the examples, with optional extra SPEC fields.
func loginSpec(_ extra: String = "") throws -> LabelSpec {
    try LabelSpec.parse(Data("""
    {"text": "By registering, I agree to the Terms of Service and Privacy Policy.", "width": 320, "numberOfLines": 0,
     "runs": [{"range": [31, 16], "link": "https://example.com/terms"}, {"range": [52, 14], "link": "https://example.com/privacy"}]\(extra)}
    """.utf8))
}
