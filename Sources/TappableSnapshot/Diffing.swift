import Foundation

/// How a snapshot's format is stored in a file and compared with its reference: a small value,
/// so a new format needs only three closures (see `Snapshotting` for the other half).
///
/// ```swift
/// let csv = Diffing<String>(diffPathExtension: "txt",
///                           toData: { Data($0.utf8) },
///                           fromData: { String(decoding: $0, as: UTF8.self) },
///                           compare: { TextDiff.difference($0, $1) })
/// ```
public struct Diffing<Format: Sendable>: Sendable {
    /// The file bytes of a value (written as reference or actual).
    public var toData: @Sendable (Format) throws -> Data
    /// A value from a reference file's bytes; throw when they cannot be read (the failure says
    /// the reference is unreadable and quotes the error).
    public var fromData: @Sendable (Data) throws -> Format
    /// Compares the reference (first) with the actual value: nil when they match within the
    /// tolerances, else what differs.
    public var compare: @Sendable (_ reference: Format, _ actual: Format) -> SnapshotDifference?
    /// Whether two values are identical (record mode `all` rewrites only references that are not).
    public var identical: @Sendable (_ reference: Format, _ actual: Format) -> Bool
    /// The extension of the diff artefact this diffing writes (`png` for images, `txt` for text).
    public var diffPathExtension: String

    /// A diffing from its parts; `identical` compares the file bytes.
    public init(diffPathExtension: String,
                toData: @escaping @Sendable (Format) throws -> Data,
                fromData: @escaping @Sendable (Data) throws -> Format,
                compare: @escaping @Sendable (_ reference: Format, _ actual: Format) -> SnapshotDifference?,
                identical: (@Sendable (_ reference: Format, _ actual: Format) -> Bool)? = nil) {
        self.toData = toData
        self.fromData = fromData
        self.compare = compare
        self.diffPathExtension = diffPathExtension
        self.identical = identical ?? { a, b in ((try? toData(a)) ?? Data([0])) == ((try? toData(b)) ?? Data([1])) }
    }
}

/// What differs between a reference and an actual value.
public struct SnapshotDifference: Sendable, Hashable {
    /// One line with the figures, e.g. `152 of 41600 pixels differ (0.3654 % of 320x130); threshold 0.1, …`
    /// or `text differs from line 12: …`.
    public var summary: String
    /// The image figures, for image comparisons.
    public var report: DiffReport?
    /// The diff artefact's bytes (a diff PNG, a text diff), if one could be made.
    public var artefact: Data?
    /// Why there is no artefact, when there is none (e.g. a diff canvas over the pixel limit).
    public var noArtefactReason: String?

    /// A difference from its parts.
    public init(summary: String, report: DiffReport? = nil, artefact: Data? = nil, noArtefactReason: String? = nil) {
        self.summary = summary
        self.report = report
        self.artefact = artefact
        self.noArtefactReason = noArtefactReason
    }
}

extension Diffing where Format == RGBAImage {
    /// PNG files compared with pixelmatch (`ImageDiff`) under `options`; the diff artefact is
    /// pixelmatch's diff image. References are decoded with the `maxPixels` limit.
    /// Identical means the same pixels (a reference re-encoded differently is still identical).
    public static func image(_ options: ImageDiff.Options = ImageDiff.Options(),
                             maxPixels: Int = PNG.defaultMaxPixels) -> Diffing {
        Diffing(diffPathExtension: "png",
                toData: { try PNG.encode($0) },
                fromData: { try PNG.decode($0, source: "the reference", maxPixels: maxPixels) },
                compare: { reference, actual in
                    let result = ImageDiff.compare(reference, actual, options: options, maxDiffImagePixels: maxPixels)
                    guard !result.matches else { return nil }
                    return SnapshotDifference(summary: ImageDiff.summary(result, options: options), report: DiffReport(result),
                                              artefact: result.diffImage.flatMap { try? PNG.encode($0) },
                                              noArtefactReason: result.diffImageTooLarge?.description)
                },
                identical: { $0 == $1 })
    }
}

extension ImageDiff {
    /// The figures of a failed comparison in one line: `152 of 41600 pixels differ (0.3654 % of
    /// 320x130); threshold 0.1, anti-aliasing not counted, no differing pixel allowed`, or for a
    /// size change `sizes differ: reference 10x10, actual 12x10`.
    public static func summary(_ result: Result, options: Options) -> String {
        guard result.sizesMatch else {
            return "sizes differ: reference \(result.referenceSize), actual \(result.actualSize)"
        }
        return "\(result.differentPixels) of \(result.width * result.height) pixels differ "
            + "(\(String(format: "%.4g", result.ratio * 100)) % of \(result.width)x\(result.height)); "
            + "threshold \(options.threshold), \(options.includeAA ? "anti-aliasing counted" : "anti-aliasing not counted"), "
            + options.toleranceDescription
    }
}

extension Diffing where Format == String {
    /// UTF-8 text compared line by line; the diff artefact is a unified-style text diff
    /// (`TextDiff.unified`). Text that is not valid UTF-8 reads with U+FFFD in place of bad bytes
    /// (and so differs).
    public static var lines: Diffing {
        Diffing(diffPathExtension: "txt",
                toData: { Data($0.utf8) },
                fromData: { String(decoding: $0, as: UTF8.self) },
                compare: { TextDiff.difference($0, $1) },
                identical: { $0 == $1 })
    }
}
