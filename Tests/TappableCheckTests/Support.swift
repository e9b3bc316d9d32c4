import Foundation
import TappableCheck
import TappableSnapshot
import TappableTestSupport

/// The repository's Examples/ folder.
let examplesFolder = Repository.path("Examples")

/// A fresh temporary folder with a copy of the examples in `specs/`, removed by `cleanup`.
struct CheckFolder {
    let folder: TemporaryFolder
    var path: String { folder.path }

    init(examples: Bool = true) throws {
        folder = try TemporaryFolder(prefix: "TappableCheckTests")
        try FileManager.default.createDirectory(atPath: folder.file("specs"), withIntermediateDirectories: true)
        guard examples else { return }
        for file in try FileManager.default.contentsOfDirectory(atPath: examplesFolder) where file.hasSuffix(".json") {
            try FileManager.default.copyItem(atPath: examplesFolder + "/" + file, toPath: folder.file("specs/" + file))
        }
    }

    func file(_ relative: String) -> String { folder.file(relative) }
    func cleanup() { folder.cleanup() }

    /// Every file below `relative`, relative to it, sorted.
    func contents(_ relative: String) -> [String] { folder.contents(relative) }

    /// Replaces `old` by `new` in the SPEC `name`.
    func edit(_ name: String, _ old: String, _ new: String) throws {
        let spec = file("specs/\(name).json")
        let text = try String(contentsOfFile: spec, encoding: .utf8)
        precondition(text.contains(old), "\(name).json contains \(old)")
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: URL(fileURLWithPath: spec))
    }

    /// Options checking `specs/` against `refs/`, failures into `failures/`, no CI.
    func options(record: RecordMode = .missing, jobs: Int = 2, shard: Shard = .whole) -> CheckOptions {
        CheckOptions(specsDirectory: file("specs"), snapshotsDirectory: file("refs"), failuresDirectory: file("failures"),
                     record: record, shard: shard, jobs: jobs, environment: [:])
    }

    /// Records every reference and returns the run.
    @discardableResult
    func record() throws -> CheckRun { try SnapshotCheck.run(options(record: .all)) }
}
