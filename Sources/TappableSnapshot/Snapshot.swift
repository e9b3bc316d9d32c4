import Foundation

/// When `Snapshot.verify` may write reference images.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Write references that do not exist yet; compare the others. The workstation default.
    case missing
    /// (Re-)record every reference whose pixels differ from the image; identical ones are left
    /// untouched. Use to accept intended rendering changes.
    case all
    /// Never write references: a missing reference is a failure. Always the mode under CI.
    case never
}

/// How `Snapshot.verify` compares, records and reports.
public struct SnapshotOptions: Sendable, Hashable {
    /// Comparison settings (threshold, anti-aliasing, accepted ratio of differing pixels).
    public var diff: ImageDiff.Options
    /// The record mode asked for in code. `TAPPABLE_RECORD` overrides it on a workstation, and
    /// `CI=true` forces `.never` (see `Snapshot.effectiveRecordMode`).
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

/// Why a snapshot did not verify. `description` names the reference, the artefacts written
/// and the figures, ready to pass to `Issue.record` or `XCTFail`.
public struct SnapshotFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Kind: String, Sendable, Hashable {
        /// No reference exists and the record mode forbids writing one (e.g. under CI).
        case missingReference
        /// A reference was written (new, or re-recorded in `.all`): nothing was verified;
        /// re-run to compare against it.
        case recorded
        /// The image differs from its reference beyond the tolerances, or in size.
        case mismatch
        /// The reference exists but cannot be read or decoded; it was left untouched.
        case unreadableReference
        /// The snapshot name or suite cannot be used as a file name.
        case invalidName
        /// `TAPPABLE_RECORD` holds something other than all, missing or never.
        case invalidEnvironment
        /// Writing the reference or the failure artefacts failed.
        case writeFailed
    }

    /// What went wrong.
    public let kind: Kind
    /// `<suite>/<name>`.
    public let snapshot: String
    /// The reference image's path, `<root>/<suite>/<name>.png`.
    public let referencePath: String
    /// Where the actual image was written, if it was.
    public let actualPath: String?
    /// Where the diff image was written, if it was.
    public let diffPath: String?
    /// The comparison figures, when a comparison ran.
    public let report: DiffReport?
    /// The record mode in effect.
    public let recordMode: RecordMode
    /// Extra explanation (a decoding error, the offending environment value…), may be empty.
    public let detail: String

    /// A multi-line message: first line the verdict, then paths and figures.
    public var description: String {
        var lines: [String] = []
        switch kind {
        case .missingReference:
            lines.append("Snapshot \"\(snapshot)\": no reference image, and record mode is \(recordMode.rawValue) so none was written.")
        case .recorded:
            lines.append("Snapshot \"\(snapshot)\": recorded a reference image (record mode \(recordMode.rawValue)); nothing was verified. Re-run to compare.")
        case .mismatch:
            lines.append("Snapshot \"\(snapshot)\" does not match its reference.")
        case .unreadableReference:
            lines.append("Snapshot \"\(snapshot)\": the reference image cannot be read; it was left untouched.")
        case .invalidName:
            lines.append("Snapshot \"\(snapshot)\": invalid snapshot name or suite.")
        case .invalidEnvironment:
            lines.append("Snapshot \"\(snapshot)\": invalid TAPPABLE_RECORD value.")
        case .writeFailed:
            lines.append("Snapshot \"\(snapshot)\": writing a file failed.")
        }
        lines.append("  reference: \(referencePath)")
        if let actualPath { lines.append("  actual:    \(actualPath)") }
        if let diffPath { lines.append("  diff:      \(diffPath)") }
        if let report {
            lines.append("  size: \(report.width)x\(report.height), different pixels: \(report.differentPixels), ratio: \(report.ratio)")
        }
        if !detail.isEmpty { lines.append("  \(detail)") }
        return lines.joined(separator: "\n")
    }
}

/// Snapshot assertions for images: compare against `<root>/<suite>/<name>.png`, record
/// references per record mode, and leave actual + diff images behind on failure.
///
/// ```swift
/// if let failure = Snapshot.verify(image, named: "login-normal", suite: "Rendering",
///                                  directory: snapshotsRoot) {
///     Issue.record("\(failure)")
/// }
/// ```
public enum Snapshot {
    /// The record mode actually used, given the mode asked for in code and the environment:
    /// `CI` set to `true`/`1`/`yes` (any case) forces `.never`; otherwise `TAPPABLE_RECORD`
    /// (`all`, `missing`, `never`, any case; empty = unset) overrides `requested`.
    /// - Returns: nil when `TAPPABLE_RECORD` holds anything else (`verify` reports it).
    public static func effectiveRecordMode(requested: RecordMode, environment: [String: String]) -> RecordMode? {
        if let ci = environment["CI"]?.lowercased(), ["true", "1", "yes"].contains(ci) { return .never }
        guard let value = environment["TAPPABLE_RECORD"], !value.isEmpty else { return requested }
        return RecordMode(rawValue: value.lowercased())
    }

    /// `<root>/<suite>/<name>.png`.
    public static func referencePath(root: String, suite: String, name: String) -> String {
        join(root, suite, name + ".png")
    }

    /// Compares `image` with its reference, recording per the effective record mode.
    ///
    /// - Reference present: compare with `options.diff`. Match → nil, and stale failure
    ///   artefacts of this snapshot are removed. Mismatch → `.mismatch` after writing
    ///   `<failures>/<suite>/<name>.actual.png` and `.diff.png`; the reference is never touched
    ///   (except in `.all`, which re-records it and reports `.recorded`).
    /// Files go through `AtomicFile`; the recorder creates the folders it writes into
    /// (`<root>/<suite>`, `<failures>/<suite>`) with their missing parents.
    /// - Reference missing: `.missing`/`.all` write it atomically and report `.recorded`;
    ///   `.never` reports `.missingReference` and writes nothing under `root` (the actual image
    ///   is saved only when `failuresDirectory` lies outside `root`).
    /// - Parameters:
    ///   - name: file name of the snapshot without extension; no `/`, not `.` or `..`.
    ///   - suite: folder of the snapshot under `root`; same rules.
    ///   - root: the snapshots root directory.
    ///   - environment: where `CI` and `TAPPABLE_RECORD` are read; inject a dictionary in tests.
    /// - Returns: nil when the image matches its reference, otherwise the failure. Never traps.
    public static func verify(_ image: RGBAImage, named name: String, suite: String, directory root: String,
                              options: SnapshotOptions = SnapshotOptions(),
                              environment: [String: String] = ProcessInfo.processInfo.environment) -> SnapshotFailure? {
        let snapshot = suite + "/" + name
        let referencePath = Self.referencePath(root: root, suite: suite, name: name)
        let failures = options.failuresDirectory ?? join(root, "Failures")
        let actualPath = join(failures, suite, name + ".actual.png")
        let diffPath = join(failures, suite, name + ".diff.png")

        func failure(_ kind: Kind, _ mode: RecordMode, actual: String? = nil, diff: String? = nil,
                     report: DiffReport? = nil, detail: String = "") -> SnapshotFailure {
            SnapshotFailure(kind: kind, snapshot: snapshot, referencePath: referencePath, actualPath: actual,
                            diffPath: diff, report: report, recordMode: mode, detail: detail)
        }
        typealias Kind = SnapshotFailure.Kind

        for (label, part) in [("name", name), ("suite", suite)] where !isSafeComponent(part) {
            return failure(.invalidName, options.record,
                           detail: "\(label) \"\(part)\" must be non-empty, contain no '/' or NUL, and not be '.' or '..'")
        }
        guard let mode = effectiveRecordMode(requested: options.record, environment: environment) else {
            return failure(.invalidEnvironment, options.record,
                           detail: "TAPPABLE_RECORD=\(environment["TAPPABLE_RECORD"] ?? "") is not one of all, missing, never")
        }

        func record(report: DiffReport? = nil) -> SnapshotFailure {
            do {
                try PNG.write(image, to: referencePath, missingFolder: .createWithParents)
                return failure(.recorded, mode, report: report)
            } catch {
                return failure(.writeFailed, mode, detail: error.description)
            }
        }

        guard FileManager.default.fileExists(atPath: referencePath) else {
            if mode != .never { return record() }
            var written: String?
            if !isInside(failures, root), (try? PNG.write(image, to: actualPath, missingFolder: .createWithParents)) != nil { written = actualPath }
            return failure(.missingReference, mode, actual: written)
        }

        let reference: RGBAImage
        do {
            reference = try PNG.read(contentsOf: referencePath, maxPixels: options.maxPixels)
        } catch {
            if mode == .all { return record() }
            return failure(.unreadableReference, mode, detail: error.description)
        }

        if mode == .all {
            if reference == image { return nil }
            let report = DiffReport(ImageDiff.compare(reference, image, options: options.diff, makeDiffImage: false))
            return record(report: report)
        }

        let result = ImageDiff.compare(reference, image, options: options.diff, maxDiffImagePixels: options.maxPixels)
        let report = DiffReport(result)
        if result.matches {
            for path in [actualPath, diffPath] where FileManager.default.fileExists(atPath: path) {
                try? FileManager.default.removeItem(atPath: path)
            }
            return nil
        }
        do {
            try PNG.write(image, to: actualPath, missingFolder: .createWithParents)
            if let diffImage = result.diffImage {
                try PNG.write(diffImage, to: diffPath, missingFolder: .createWithParents)
            } else if FileManager.default.fileExists(atPath: diffPath) {
                try? FileManager.default.removeItem(atPath: diffPath)   // a previous run's, misleading now
            }
        } catch {
            return failure(.mismatch, mode, report: report, detail: "could not save failure artefacts: \(error.description)")
        }
        var detail = result.sizesMatch
            ? "threshold \(options.diff.threshold), includeAA \(options.diff.includeAA), \(options.diff.toleranceDescription)"
            : "sizes differ: reference \(reference.width)x\(reference.height), actual \(image.width)x\(image.height)"
        if let tooLarge = result.diffImageTooLarge { detail += "; no diff image: \(tooLarge)" }
        return failure(.mismatch, mode, actual: actualPath, diff: result.diffImage == nil ? nil : diffPath,
                       report: report, detail: detail)
    }

    private static func isSafeComponent(_ part: String) -> Bool {
        !part.isEmpty && part != "." && part != ".." && !part.contains("/") && !part.contains("\0")
    }

    private static func join(_ parts: String...) -> String {
        var path = parts[0]
        for part in parts.dropFirst() {
            if !path.hasSuffix("/") { path += "/" }
            path += part
        }
        return path
    }

    /// Whether `path` is `root` or lies below it, comparing standardized absolute paths.
    private static func isInside(_ path: String, _ root: String) -> Bool {
        let p = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        let r = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
        return p == r || p.hasPrefix(r.hasSuffix("/") ? r : r + "/")
    }
}
