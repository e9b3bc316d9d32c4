import Foundation

/// How `Snapshot.verify` compares, records and reports.
public struct SnapshotOptions: Sendable, Hashable {
    /// Comparison settings (threshold, anti-aliasing, accepted ratio or count of differing pixels).
    public var diff: ImageDiff.Options
    /// The record mode asked for in code. `TAPPABLE_RECORD` overrides it on a workstation, and
    /// `CI=true` forces `.never` (see `RecordDecision.resolve`).
    public var record: RecordMode
    /// Where failure artefacts go; nil means `<root>/Failures`. Each snapshot writes
    /// `<failures>/<suite>/<name>.actual.png` and `.diff.png`.
    public var failuresDirectory: String?
    /// Decode limit for reference images, in pixels (default 100 megapixels).
    public var maxPixels: Int

    /// Options with pixelmatch's default threshold, zero tolerated differing pixels, record
    /// mode `.missing`, failures under `<root>/Failures`.
    public init(diff: ImageDiff.Options = ImageDiff.Options(), record: RecordMode = .missing,
                failuresDirectory: String? = nil, maxPixels: Int = PNG.defaultMaxPixels) {
        self.diff = diff
        self.record = record
        self.failuresDirectory = failuresDirectory
        self.maxPixels = maxPixels
    }
}

/// Image snapshots in a folder of suites: compare against `<root>/<suite>/<name>.png`, record
/// references per record mode, and leave actual + diff images behind on failure. For tests,
/// `TappableSnapshotTesting`'s `assertSnapshot(of:as:)` does this in one call with a default home.
///
/// ```swift
/// if let failure = Snapshot.verify(image, named: "login-normal", suite: "Rendering",
///                                  directory: snapshotsRoot) {
///     Issue.record("\(failure)")
/// }
/// ```
public enum Snapshot {
    /// The record mode actually used (`RecordDecision.resolve`'s mode).
    /// - Returns: nil when `TAPPABLE_RECORD` holds an unknown value (`verify` reports it).
    public static func effectiveRecordMode(requested: RecordMode, environment: [String: String]) -> RecordMode? {
        try? RecordDecision.resolve(requested: requested, environment: environment).mode
    }

    /// `<root>/<suite>/<name>.png`.
    public static func referencePath(root: String, suite: String, name: String) -> String {
        SnapshotStore.join(root, suite, name + ".png")
    }

    /// Compares `image` with `<root>/<suite>/<name>.png` through `SnapshotStore.verify`, failure
    /// artefacts in `<failures>/<suite>/` (`options.failuresDirectory`, default `<root>/Failures`).
    /// - Parameters:
    ///   - name: file name of the snapshot without extension; no `/`, not `.` or `..`.
    ///   - suite: folder of the snapshot under `root`; same rules.
    ///   - environment: where `CI` and `TAPPABLE_RECORD` are read; inject a dictionary in tests.
    /// - Returns: nil when the image matches its reference, otherwise the failure. Never traps.
    public static func verify(_ image: RGBAImage, named name: String, suite: String, directory root: String,
                              options: SnapshotOptions = SnapshotOptions(),
                              environment: [String: String] = ProcessInfo.processInfo.environment) -> SnapshotFailure? {
        guard SnapshotStore.isSafeName(suite) else {
            return SnapshotFailure(kind: .invalidName, snapshot: TextDiff.printable(suite + "/" + name, limit: 300),
                                   referencePath: SnapshotStore.absolute(referencePath(root: root, suite: suite, name: name)),
                                   recordMode: options.record,
                                   detail: "suite \"\(TextDiff.printable(suite, limit: 200))\" must be non-empty, contain no '/' or NUL, and not be '.' or '..'")
        }
        let location = SnapshotLocation(referenceDirectory: SnapshotStore.join(root, suite),
                                        failuresDirectory: SnapshotStore.join(options.failuresDirectory ?? SnapshotStore.join(root, "Failures"), suite),
                                        name: name)
        let strategy = Snapshotting<RGBAImage, RGBAImage>.image(options.diff, maxPixels: options.maxPixels)
        do {
            return SnapshotStore.verify(try strategy.prepare(image), at: location, requested: options.record, environment: environment)
        } catch {
            return SnapshotFailure(kind: .snapshotFailed, snapshot: suite + "/" + name, referencePath: location.referencePath("png"),
                                   recordMode: options.record, detail: "\(error)")
        }
    }
}
