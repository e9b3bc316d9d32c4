import Foundation
import TappableText

/// One glyph as HarfBuzz returns it for a face shaped at one unit per font unit: positions in font
/// units, the cluster relative to the start of the shaped run.
struct RawGlyph: Sendable {
    var id: UInt32
    var cluster: Int32
    var advance: Int32
    var offsetX: Int32
    var offsetY: Int32
}

/// Everything HarfBuzz reads when it shapes a run of a paragraph with a given face: the run's
/// units, the context it may look at (HarfBuzz keeps at most five code points, so at most ten
/// UTF-16 units, on each side, within the paragraph), the direction and the script. The
/// beginning- and end-of-text flags follow from the context (a side with no context is the
/// paragraph's edge); the language and features are fixed. Equal keys shape to equal glyphs.
struct ShapeKey: Hashable, Sendable {
    /// Context before, the run, context after.
    var units: [UInt16]
    /// Where the run starts in `units`, and its length.
    var runStart: Int32
    var runLength: Int32
    var rightToLeft: Bool
    var script: UInt32

    /// The units HarfBuzz may read on each side of a run.
    static let contextUnits = 10

    /// The key of `run` inside `paragraph` of `text`.
    init(_ text: [UInt16], paragraph: TextRange, run: TextRange, rightToLeft: Bool, script: UInt32) {
        let lower = max(paragraph.location, run.location - Self.contextUnits)
        let upper = min(paragraph.upperBound, run.upperBound + Self.contextUnits)
        units = Array(text[lower..<upper])
        runStart = Int32(run.location - lower)
        runLength = Int32(run.length)
        self.rightToLeft = rightToLeft
        self.script = script
    }

    func hash(into hasher: inout Hasher) {
        units.withUnsafeBytes { hasher.combine(bytes: $0) }
        hasher.combine(runStart)
        hasher.combine(runLength)
        hasher.combine(rightToLeft)
        hasher.combine(script)
    }
}

/// The runs a face has shaped lately, so that the same label laid out again (another width, a
/// reused cell, auto-shrink in another process step) skips HarfBuzz. Exact: a hit returns what
/// HarfBuzz returned for an equal `ShapeKey`. Bounded: runs longer than `maximumRunLength` units
/// are not kept, and when the kept keys would exceed `capacity` units the cache starts afresh.
/// Thread-safe.
final class ShapeCache: @unchecked Sendable {
    /// The longest run kept, in UTF-16 units: labels, not whole documents.
    static let maximumRunLength = 1024
    /// The most units of keys kept at once (about 1.5 MB with their glyphs).
    static let capacity = 65_536

    private let lock = NSLock()
    private var entries: [ShapeKey: [RawGlyph]] = [:]
    private var storedUnits = 0

    /// The glyphs for `key`: kept ones, else `shape()`'s, kept for next time (unless the run is
    /// longer than `maximumRunLength`).
    func glyphs(for key: ShapeKey, shape: () -> [RawGlyph]) -> [RawGlyph] {
        guard key.runLength <= Self.maximumRunLength else { return shape() }
        lock.lock()
        if let known = entries[key] { lock.unlock(); return known }
        lock.unlock()
        let glyphs = shape()
        lock.lock()
        if storedUnits + key.units.count > Self.capacity {
            entries.removeAll(keepingCapacity: true)
            storedUnits = 0
        }
        if entries.updateValue(glyphs, forKey: key) == nil { storedUnits += key.units.count }
        lock.unlock()
        return glyphs
    }

    /// Forgets every kept run.
    func removeAll() {
        lock.lock()
        entries.removeAll()
        storedUnits = 0
        lock.unlock()
    }

    /// How many runs are kept, for tests.
    var count: Int { lock.lock(); defer { lock.unlock() }; return entries.count }
}
