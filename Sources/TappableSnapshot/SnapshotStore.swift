import Foundation
import TappableText

/// Where one snapshot's files live: the reference `<referenceDirectory>/<name>.<ext>`, and on
/// failure `<failuresDirectory>/<name>.actual.<ext>` and `<name>.diff.<diff ext>`.
public struct SnapshotLocation: Sendable, Hashable {
    /// The folder of the reference file.
    public var referenceDirectory: String
    /// The folder failure artefacts go to (created when needed).
    public var failuresDirectory: String
    /// The file name without extension, e.g. `login.1` or `login.highlighted-2`: non-empty, no
    /// `/` or NUL, not `.` or `..` (else the snapshot fails as `.invalidName` before any disk access).
    public var name: String

    /// A location from its parts; relative folders resolve against the current directory.
    public init(referenceDirectory: String, failuresDirectory: String, name: String) {
        self.referenceDirectory = referenceDirectory
        self.failuresDirectory = failuresDirectory
        self.name = name
    }

    /// The reference file's absolute path for a snapshot with `pathExtension`.
    public func referencePath(_ pathExtension: String) -> String {
        SnapshotStore.join(SnapshotStore.absolute(referenceDirectory), name + "." + pathExtension)
    }

    /// The actual file's absolute path.
    public func actualPath(_ pathExtension: String) -> String {
        SnapshotStore.join(SnapshotStore.absolute(failuresDirectory), name + ".actual." + pathExtension)
    }

    /// The diff artefact's absolute path.
    public func diffPath(_ diffPathExtension: String) -> String {
        SnapshotStore.join(SnapshotStore.absolute(failuresDirectory), name + ".diff." + diffPathExtension)
    }
}

/// Verifies prepared snapshots against reference files: compares, records per the record mode,
/// and writes the actual file and a diff artefact for every failure. The one engine behind
/// `Snapshot.verify`, the test assertions and `tappable check`. Every write is atomic.
public enum SnapshotStore {
    /// The largest reference file read, in bytes (512 MiB); a larger one is unreadable.
    public static let maxReferenceBytes = 512 << 20

    /// Verifies `snapshot` at `location`, reading `CI` and `TAPPABLE_RECORD` from `environment`
    /// (see `RecordDecision.resolve`). Returns nil when it matches.
    public static func verify(_ snapshot: PreparedSnapshot, at location: SnapshotLocation, requested: RecordMode,
                              environment: [String: String] = ProcessInfo.processInfo.environment) -> SnapshotFailure? {
        let decision: RecordDecision
        do {
            decision = try RecordDecision.resolve(requested: requested, environment: environment)
        } catch {
            return SnapshotFailure(kind: .invalidEnvironment, snapshot: displayName(location, snapshot.pathExtension),
                                   referencePath: location.referencePath(snapshot.pathExtension), recordMode: requested,
                                   detail: error.description)
        }
        return verify(snapshot, at: location, decision: decision)
    }

    /// Verifies `snapshot` at `location` in the mode `decision` gives:
    ///
    /// - Reference missing: `.never` writes the actual file to the failures folder and reports
    ///   `.missingReference` (with CI's refusal, if any); the other modes write the reference and
    ///   report `.recorded`.
    /// - Reference present: `.all` rewrites it unless identical (`.recorded`); otherwise it is
    ///   compared. A match returns nil and removes this snapshot's stale failure artefacts. A
    ///   failed comparison (or an unreadable reference) is re-recorded in `.failed` (and `.all`),
    ///   else reported as `.mismatch` (`.unreadableReference`) after writing the actual file
    ///   and the diff artefact. The reference is never touched except by a recording.
    /// - Returns: nil when the snapshot matches its reference, otherwise the failure. Never traps.
    public static func verify(_ snapshot: PreparedSnapshot, at location: SnapshotLocation, decision: RecordDecision) -> SnapshotFailure? {
        let ext = snapshot.pathExtension
        let referencePath = location.referencePath(ext)
        let actualPath = location.actualPath(ext)
        let diffPath = location.diffPath(snapshot.diffPathExtension)
        let mode = decision.mode
        func failure(_ kind: SnapshotFailure.Kind, actual: String? = nil, diff: String? = nil,
                     difference: SnapshotDifference? = nil, detail: String = "") -> SnapshotFailure {
            SnapshotFailure(kind: kind, snapshot: displayName(location, ext), referencePath: referencePath, actualPath: actual,
                            diffPath: diff, report: difference?.report, summary: difference?.summary, recordMode: mode,
                            refusal: kind == .recorded ? nil : decision.refusal, detail: detail)
        }

        guard isSafeName(location.name), isSafeName(ext), isSafeName(snapshot.diffPathExtension) else {
            return failure(.invalidName, detail: "name \"\(TextDiff.printable(location.name, limit: 200))\" must be non-empty, "
                           + "contain no '/' or NUL, and not be '.' or '..'")
        }
        // The actual file's bytes are made only when a file is written: a match encodes nothing.
        func record(_ difference: SnapshotDifference? = nil) -> SnapshotFailure {
            let data: Data
            do { data = try snapshot.encode() } catch { return failure(.snapshotFailed, detail: "\(error)") }
            do {
                try write(data, to: referencePath)
                removeArtefacts(actualPath, diffPath)
                return failure(.recorded, difference: difference)
            } catch {
                return failure(.writeFailed, detail: error.description)
            }
        }
        /// Saves the actual file (and the diff artefact, if any) and reports `kind`.
        func fail(_ kind: SnapshotFailure.Kind, _ difference: SnapshotDifference? = nil, detail: String = "") -> SnapshotFailure {
            var notes = [detail].filter { !$0.isEmpty }
            var writtenDiff: String?
            let data: Data
            do { data = try snapshot.encode() } catch { return failure(.snapshotFailed, detail: "\(error)") }
            do {
                try write(data, to: actualPath)
                if let artefact = difference?.artefact {
                    try write(artefact, to: diffPath)
                    writtenDiff = diffPath
                } else {
                    removeArtefacts(diffPath)   // a previous run's, misleading now
                    if let reason = difference?.noArtefactReason { notes.append("no diff: \(reason)") }
                }
            } catch {
                return failure(kind, difference: difference,
                               detail: (notes + ["could not save the failure artefacts: \(error.description)"]).joined(separator: "; "))
            }
            return failure(kind, actual: actualPath, diff: writtenDiff, difference: difference, detail: notes.joined(separator: "; "))
        }

        let reference: Data
        switch readReference(referencePath) {
        case .missing:
            return mode == .never ? fail(.missingReference) : record()
        case let .unreadable(reason):
            return mode == .all || mode == .failed ? record() : fail(.unreadableReference, detail: reason)
        case let .read(bytes):
            reference = bytes
        }
        let outcome: (identical: Bool, difference: SnapshotDifference?)
        do { outcome = try snapshot.compare(reference) } catch {
            return mode == .all || mode == .failed ? record() : fail(.unreadableReference, detail: error.description)
        }
        if mode == .all && !outcome.identical { return record(outcome.difference) }
        guard let difference = outcome.difference else {
            removeArtefacts(actualPath, diffPath)
            return nil
        }
        return mode == .failed || mode == .all ? record(difference) : fail(.mismatch, difference)
    }

    private enum Reading {
        case missing
        case unreadable(String)
        case read(Data)
    }

    private static func readReference(_ path: String) -> Reading {
        guard FileManager.default.fileExists(atPath: path) else { return .missing }
        do {
            // Regular files only (a directory, FIFO or device in the references is an error, not a hang).
            return .read(Data(try BoundedFile.read(path: path, limit: maxReferenceBytes, accepting: .regularFiles)))
        } catch {
            return .unreadable("cannot read \(error)")
        }
    }

    /// Writes a snapshot file atomically, creating its folder first: reference and failure
    /// folders are made on demand (`__Snapshots__/<TestFile>` the first time a test records).
    private static func write(_ data: Data, to path: String) throws(AtomicFile.WriteError) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw AtomicFile.WriteError(path: path, reason: "cannot create directory \(folder): \(error.localizedDescription)")
        }
        try AtomicFile.write(data, to: path)
    }

    private static func removeArtefacts(_ paths: String...) {
        for path in paths where FileManager.default.fileExists(atPath: path) {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// `<reference folder name>/<name>.<ext>`, e.g. `LabelTests/login.1.png`.
    static func displayName(_ location: SnapshotLocation, _ ext: String) -> String {
        let folder = URL(fileURLWithPath: absolute(location.referenceDirectory)).lastPathComponent
        return TextDiff.printable(folder + "/" + location.name + "." + ext, limit: 300)
    }

    /// A file name part that cannot leave its folder: non-empty, no `/` or NUL, not `.` or `..`.
    public static func isSafeName(_ part: String) -> Bool {
        !part.isEmpty && part != "." && part != ".." && !part.contains("/") && !part.contains("\0")
    }

    /// `path` made absolute against the current directory and standardised (`.`/`..` resolved).
    public static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    static func join(_ parts: String...) -> String {
        var path = parts[0]
        for part in parts.dropFirst() {
            if !path.hasSuffix("/") { path += "/" }
            path += part
        }
        return path
    }
}
