import Foundation
import TappableLabelSnapshot
import TappableSnapshot

/// How one snapshot of a label fared.
public struct PartResult: Sendable {
    /// Which form of the label (normal, highlighted n, overlay, hit map, layout).
    public let form: LabelForm
    /// The reference's file name, e.g. `login.highlighted-2.png`.
    public let fileName: String
    /// The failure, nil when the snapshot matched.
    public let failure: SnapshotFailure?

    /// A result from its parts.
    public init(form: LabelForm, fileName: String, failure: SnapshotFailure?) {
        self.form = form
        self.fileName = fileName
        self.failure = failure
    }

    /// Matched its reference.
    public var passed: Bool { failure == nil }
    /// Its reference was written in this run.
    public var recorded: Bool { failure?.kind == .recorded }
    /// Did not verify and was not recorded.
    public var failed: Bool { failure?.isFailure ?? false }
}

/// How one SPEC fared: every form's snapshot, or the error that stopped it.
public struct LabelResult: Sendable {
    /// The SPEC's file name without `.json`: the name of its snapshots.
    public let name: String
    /// The SPEC file's absolute path.
    public let specPath: String
    /// One result per form, in file order; empty when `error` is set.
    public let parts: [PartResult]
    /// Why the SPEC could not be checked (a bad SPEC, a label too large to paint); nil when it was.
    public let error: String?
    /// Warnings the SPEC produced (e.g. a refused link scheme).
    public let warnings: [String]
    /// Seconds spent on this label.
    public let seconds: Double
    /// The label's hit map as snapshot text, kept for failing labels (the report draws its
    /// rects over the actual images); nil otherwise.
    public let actualHitMap: String?

    /// A result from its parts.
    public init(name: String, specPath: String, parts: [PartResult], error: String?, warnings: [String],
                seconds: Double, actualHitMap: String?) {
        self.name = name
        self.specPath = specPath
        self.parts = parts
        self.error = error
        self.warnings = warnings
        self.seconds = seconds
        self.actualHitMap = actualHitMap
    }

    /// Every snapshot matched or was recorded, and nothing went wrong.
    public var passed: Bool { error == nil && !parts.contains(where: \.failed) }
    /// Some snapshot failed (and no error stopped the label).
    public var failed: Bool { error == nil && parts.contains(where: \.failed) }
    /// Some reference was written.
    public var recorded: Bool { parts.contains(where: \.recorded) }
}

/// The outcome of a `tappable check` run.
public struct CheckRun: Sendable {
    /// One result per SPEC of the shard, sorted by name.
    public let labels: [LabelResult]
    /// SPECs in the whole suite, before sharding.
    public let suiteSize: Int
    /// The shard run.
    public let shard: Shard
    /// Worker threads used.
    public let jobs: Int
    /// The record mode in effect and why (CI).
    public let decision: RecordDecision
    /// Wall-clock seconds of the run.
    public let seconds: Double
    /// The options the run used.
    public let options: CheckOptions

    /// A run from its parts.
    public init(labels: [LabelResult], suiteSize: Int, shard: Shard, jobs: Int, decision: RecordDecision, seconds: Double,
                options: CheckOptions) {
        self.labels = labels
        self.suiteSize = suiteSize
        self.shard = shard
        self.jobs = jobs
        self.decision = decision
        self.seconds = seconds
        self.options = options
    }

    /// Labels whose snapshots all matched or were recorded.
    public var passedCount: Int { labels.filter(\.passed).count }
    /// Labels with a failing snapshot.
    public var failedCount: Int { labels.filter(\.failed).count }
    /// Labels that could not be checked.
    public var errorCount: Int { labels.filter { $0.error != nil }.count }
    /// Snapshots compared or recorded.
    public var snapshotCount: Int { labels.reduce(0) { $0 + $1.parts.count } }
    /// Snapshots whose reference was written.
    public var recordedCount: Int { labels.reduce(0) { $0 + $1.parts.filter(\.recorded).count } }
    /// Snapshots that failed.
    public var failedSnapshotCount: Int { labels.reduce(0) { $0 + $1.parts.filter(\.failed).count } }

    /// 0 when every label passed, 2 when a SPEC could not be checked, else 1.
    public var exitCode: Int32 { errorCount > 0 ? 2 : failedCount > 0 ? 1 : 0 }

    /// Labels checked per second of wall-clock time.
    public var labelsPerSecond: Double { seconds > 0 ? Double(labels.count) / seconds : 0 }
}
