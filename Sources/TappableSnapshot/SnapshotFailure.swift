import Foundation

/// Why a snapshot did not verify. `description` names the reference, the artefacts written (all
/// absolute paths), the figures, and how to re-record, ready for `Issue.record` or `XCTFail`.
public struct SnapshotFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// No reference exists and the record mode forbids writing one (e.g. under CI). The
        /// actual file was saved to the failures folder, to download and commit.
        case missingReference
        /// A reference was written (new, or re-recorded): nothing was verified; re-run to compare.
        case recorded
        /// The snapshot differs from its reference beyond the tolerances, or in size.
        case mismatch
        /// The reference exists but cannot be read or decoded; it was left untouched.
        case unreadableReference
        /// The snapshot name cannot be used as a file name.
        case invalidName
        /// `TAPPABLE_RECORD` holds something other than missing, failed, all or never.
        case invalidEnvironment
        /// Writing the reference or the failure artefacts failed.
        case writeFailed
        /// The value could not be snapshot (e.g. rendering threw); nothing was compared.
        case snapshotFailed
    }

    /// What went wrong.
    public let kind: Kind
    /// The snapshot's display name: the reference's folder and file name, e.g. `LabelTests/login.1.png`.
    public let snapshot: String
    /// The reference file's absolute path.
    public let referencePath: String
    /// Where the actual file was written (absolute), if it was.
    public let actualPath: String?
    /// Where the diff artefact was written (absolute), if it was.
    public let diffPath: String?
    /// The image comparison figures, when images were compared.
    public let report: DiffReport?
    /// What differs, in one line (the diffing's summary), when a comparison ran.
    public let summary: String?
    /// The record mode in effect.
    public let recordMode: RecordMode
    /// Why recording was refused (CI), when it was.
    public let refusal: String?
    /// Extra explanation (a decoding error, the offending environment value…), may be empty.
    public let detail: String

    /// A failure from its parts (the store makes them; public for tests and other stores).
    public init(kind: Kind, snapshot: String, referencePath: String, actualPath: String? = nil, diffPath: String? = nil,
                report: DiffReport? = nil, summary: String? = nil, recordMode: RecordMode, refusal: String? = nil, detail: String = "") {
        self.kind = kind
        self.snapshot = snapshot
        self.referencePath = referencePath
        self.actualPath = actualPath
        self.diffPath = diffPath
        self.report = report
        self.summary = summary
        self.recordMode = recordMode
        self.refusal = refusal
        self.detail = detail
    }

    /// Whether this failure leaves the snapshot unverified and unrecorded (everything but `.recorded`).
    public var isFailure: Bool { kind != .recorded }

    /// The default way to re-record, for messages: the environment variable every caller understands.
    public static let environmentHint = "re-run with TAPPABLE_RECORD=failed (re-records only what failed) or TAPPABLE_RECORD=all"

    /// `message(rerecord: SnapshotFailure.environmentHint)`.
    public var description: String { message(rerecord: Self.environmentHint) }

    /// A multi-line message: the verdict, what differs, the absolute paths, under CI why nothing
    /// was recorded, and for mismatches and missing references how to accept the actual file
    /// (`rerecord`, e.g. `re-run with TAPPABLE_RECORD=failed or pass record: .failed`; nil leaves
    /// that line out, for a caller that says it once for many failures).
    public func message(rerecord: String?) -> String {
        var lines: [String] = []
        switch kind {
        case .missingReference:
            lines.append("Snapshot \"\(snapshot)\": no reference, and record mode \(recordMode.rawValue) writes none.")
        case .recorded:
            lines.append("Snapshot \"\(snapshot)\": recorded the reference (record mode \(recordMode.rawValue)); nothing was verified. Re-run to compare.")
        case .mismatch:
            lines.append("Snapshot \"\(snapshot)\" does not match its reference.")
        case .unreadableReference:
            lines.append("Snapshot \"\(snapshot)\": the reference cannot be read; it was left untouched.")
        case .invalidName:
            lines.append("Snapshot \"\(snapshot)\": invalid snapshot name.")
        case .invalidEnvironment:
            lines.append("Snapshot \"\(snapshot)\": invalid TAPPABLE_RECORD value.")
        case .writeFailed:
            lines.append("Snapshot \"\(snapshot)\": writing a file failed.")
        case .snapshotFailed:
            lines.append("Snapshot \"\(snapshot)\": the value could not be snapshot.")
        }
        if let summary { lines.append("  \(summary)") }
        lines.append("  reference: \(referencePath)")
        if let actualPath { lines.append("  actual:    \(actualPath)") }
        if let diffPath { lines.append("  diff:      \(diffPath)") }
        if !detail.isEmpty { lines.append("  \(detail)") }
        if [.mismatch, .missingReference, .unreadableReference].contains(kind) {
            if let refusal { lines.append("  Not recorded: \(refusal).") }
            guard let rerecord else { return lines.joined(separator: "\n") }
            if refusal != nil {
                if let actualPath {
                    lines.append("  To accept it, download \(actualPath) and commit it as \(referencePath), or \(rerecord) on a workstation.")
                } else {
                    lines.append("  To accept it, \(rerecord) on a workstation.")
                }
            } else {
                lines.append("  To accept the actual as the new reference, \(rerecord).")
            }
        }
        return lines.joined(separator: "\n")
    }
}
