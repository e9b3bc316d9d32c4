import Foundation

/// A snapshot strategy: how to turn a `Value` into a `Format` stored in a file with
/// `pathExtension`, and how to compare it (`diffing`). A small generic value, so users add their
/// own with `init` or `pullback`:
///
/// ```swift
/// extension Snapshotting where Value == Invoice, Format == String {
///     static let summary = Snapshotting<String, String>.lines(pathExtension: "txt").pullback { $0.summaryText }
/// }
/// ```
public struct Snapshotting<Value, Format: Sendable>: Sendable {
    /// The reference file's extension, without the dot (`png`, `json`).
    public var pathExtension: String
    /// How the format is stored and compared.
    public var diffing: Diffing<Format>
    /// Makes the format from a value; a throw fails the snapshot with the error's description.
    public var snapshot: @Sendable (Value) throws -> Format

    /// A strategy from its parts.
    public init(pathExtension: String, diffing: Diffing<Format>, snapshot: @escaping @Sendable (Value) throws -> Format) {
        self.pathExtension = pathExtension
        self.diffing = diffing
        self.snapshot = snapshot
    }

    /// The same strategy for another value type, converted first by `transform`.
    public func pullback<NewValue>(_ transform: @escaping @Sendable (NewValue) throws -> Value) -> Snapshotting<NewValue, Format> {
        let snapshot = self.snapshot
        return Snapshotting<NewValue, Format>(pathExtension: pathExtension, diffing: diffing) { try snapshot(transform($0)) }
    }

    /// Makes the snapshot of `value`, ready to verify against a reference file.
    /// - Throws: whatever `snapshot` throws.
    public func prepare(_ value: Value) throws -> PreparedSnapshot {
        let actual = try snapshot(value)
        let diffing = self.diffing
        return PreparedSnapshot(pathExtension: pathExtension, diffPathExtension: diffing.diffPathExtension,
                                encode: { try diffing.toData(actual) },
                                compare: { data throws(ReferenceError) in
                                    let reference: Format
                                    do { reference = try diffing.fromData(data) } catch { throw ReferenceError(description: "\(error)") }
                                    return (diffing.identical(reference, actual), diffing.compare(reference, actual))
                                })
    }
}

/// Why a reference file could not be read as the snapshot's format.
public struct ReferenceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reading error, in words.
    public let description: String
}

/// One snapshot made and waiting for its reference: the actual file bytes (made only when a file
/// is written) and a comparison against a reference file's bytes. `Snapshotting.prepare` makes it.
public struct PreparedSnapshot: Sendable {
    /// The reference file's extension.
    public let pathExtension: String
    /// The diff artefact's extension.
    public let diffPathExtension: String
    /// The actual value as file bytes.
    let encode: @Sendable () throws -> Data
    /// (identical, difference) against a reference's bytes; throws when they cannot be read.
    let compare: @Sendable (Data) throws(ReferenceError) -> (identical: Bool, difference: SnapshotDifference?)

    /// A prepared snapshot from its parts (for formats made outside `Snapshotting`).
    public init(pathExtension: String, diffPathExtension: String, encode: @escaping @Sendable () throws -> Data,
                compare: @escaping @Sendable (Data) throws(ReferenceError) -> (identical: Bool, difference: SnapshotDifference?)) {
        self.pathExtension = pathExtension
        self.diffPathExtension = diffPathExtension
        self.encode = encode
        self.compare = compare
    }

    /// The actual file bytes.
    public func data() throws -> Data { try encode() }
}

/// One file of a snapshot group: its part name and its prepared snapshot.
public struct SnapshotPart: Sendable {
    /// Inserted between the snapshot's name and the extension; "" for none. No `/`.
    public var name: String
    /// The snapshot itself.
    public var snapshot: PreparedSnapshot
    /// A part from its name and snapshot.
    public init(name: String, snapshot: PreparedSnapshot) {
        self.name = name
        self.snapshot = snapshot
    }

    /// The part's file name without extension for a snapshot named `base`: `<base>.<name>`, or
    /// `base` for the part "".
    public func fileStem(_ base: String) -> String { name.isEmpty ? base : base + "." + name }
}

/// Several snapshots of one value checked in one call, each in a file of its own named
/// `<name>.<part>.<extension>` (`<name>.<extension>` for the part named ""). The parts may
/// depend on the value (e.g. one highlighted image per region of a label).
public struct SnapshotGroup<Value>: Sendable {
    /// Makes the parts of a value; a throw fails the whole group with the error.
    public var parts: @Sendable (Value) throws -> [SnapshotPart]

    /// A group from a function giving a value's parts.
    public init(_ parts: @escaping @Sendable (Value) throws -> [SnapshotPart]) {
        self.parts = parts
    }

    /// A group of one strategy (the part named "").
    public init<Format>(_ strategy: Snapshotting<Value, Format>) {
        parts = { [SnapshotPart(name: "", snapshot: try strategy.prepare($0))] }
    }
}

extension Snapshotting where Value == RGBAImage, Format == RGBAImage {
    /// Images as PNG files, compared with pixelmatch under `options`; references over
    /// `maxPixels` are refused as unreadable.
    public static func image(_ options: ImageDiff.Options = ImageDiff.Options(), maxPixels: Int = PNG.defaultMaxPixels) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(options, maxPixels: maxPixels)) { $0 }
    }
}

extension Snapshotting where Value == String, Format == String {
    /// Text as UTF-8 files with `pathExtension` (default `txt`), compared line by line.
    public static func lines(pathExtension: String = "txt") -> Snapshotting {
        Snapshotting(pathExtension: pathExtension, diffing: .lines) { $0 }
    }
}
