import TappableShaping
import TappableText

/// A paragraph of a layout: its text, direction and style.
public struct ParagraphInfo: Sendable, Hashable {
    /// UTF-16 range of the paragraph's content, without its terminator.
    public var range: TextRange
    /// Length of the line break ending it (0 for the last paragraph).
    public var terminatorLength: Int
    /// Whether its base direction is right to left.
    public var isRightToLeft: Bool
    /// Its paragraph style (from its first character, or the container's default).
    public var style: ParagraphStyle
}

/// The horizontal extent of one grapheme cluster on a line, in points relative to the line's origin.
/// Boxes of a line are in visual order, left to right, and never overlap.
///
/// A line does not store its boxes as such (see `ClusterBoxes`); a box is made when asked for, in
/// 24 bytes: its range in two 32-bit fields and its flags in the length's top bits. Locations past
/// `Int32.max` and lengths past 2^30 − 1 are clamped to them (a layout never makes such a box: its
/// text is at most `TextLayout.maximumTextLength` units).
public struct ClusterBox: Sendable, Hashable {
    private var location: Int32
    /// The length in the low 30 bits, `isRightToLeft` in bit 30, `isEllipsis` in bit 31.
    private var lengthAndFlags: UInt32
    /// Left edge in points from the line's origin.
    public var minX: Double
    /// Right edge in points from the line's origin.
    public var maxX: Double

    private static let lengthMask: UInt32 = (1 << 30) - 1
    private static let rightToLeftBit: UInt32 = 1 << 30
    private static let ellipsisBit: UInt32 = 1 << 31

    /// A box for `characterRange` from `minX` to `maxX` (points from the line's origin).
    public init(characterRange: TextRange, minX: Double, maxX: Double, isRightToLeft: Bool, isEllipsis: Bool) {
        location = 0
        lengthAndFlags = 0
        self.minX = minX
        self.maxX = maxX
        self.characterRange = characterRange
        self.isRightToLeft = isRightToLeft
        self.isEllipsis = isEllipsis
    }

    /// A box from values already in range (`ClusterBoxes` stores them so): `location` and
    /// `length` within `Int32` and 2^30 − 1.
    init(location: Int, length: Int, minX: Double, maxX: Double, isRightToLeft: Bool, isEllipsis: Bool) {
        self.location = Int32(truncatingIfNeeded: location)
        lengthAndFlags = UInt32(truncatingIfNeeded: length) & Self.lengthMask
            | (isRightToLeft ? Self.rightToLeftBit : 0) | (isEllipsis ? Self.ellipsisBit : 0)
        self.minX = minX
        self.maxX = maxX
    }

    /// The cluster's UTF-16 range; empty for the truncation ellipsis.
    public var characterRange: TextRange {
        get { TextRange(location: Int(location), length: Int(lengthAndFlags & Self.lengthMask)) }
        set {
            location = Int32(clamping: newValue.location)
            let length = UInt32(clamping: min(max(newValue.length, 0), Int(Self.lengthMask)))
            lengthAndFlags = lengthAndFlags & ~Self.lengthMask | length
        }
    }
    /// Whether the cluster reads right to left (odd bidi level).
    public var isRightToLeft: Bool {
        get { lengthAndFlags & Self.rightToLeftBit != 0 }
        set { lengthAndFlags = newValue ? lengthAndFlags | Self.rightToLeftBit : lengthAndFlags & ~Self.rightToLeftBit }
    }
    /// Whether this box is the truncation ellipsis, which stands for no character.
    public var isEllipsis: Bool {
        get { lengthAndFlags & Self.ellipsisBit != 0 }
        set { lengthAndFlags = newValue ? lengthAndFlags | Self.ellipsisBit : lengthAndFlags & ~Self.ellipsisBit }
    }
    /// Width in points (`maxX - minX`).
    public var width: Double { maxX - minX }
}

/// A glyph placed on a line: x from the line's origin, y from the baseline (down positive), points.
///
/// Lines store glyphs more compactly (see `PositionedGlyphs`); the cluster index is kept in 32
/// bits, clamped to `Int32`'s range (a layout's indices are at most `TextLayout.maximumTextLength`).
public struct PositionedGlyph: Sendable, Hashable {
    /// Glyph index in the run's face.
    public var id: UInt32
    private var storedCluster: Int32
    /// Horizontal position in points from the line's origin, growing right.
    public var x: Double
    /// Vertical offset in points from the baseline, positive down.
    public var y: Double

    /// Glyph `id` at (`x`, `y`) drawing the cluster at UTF-16 index `cluster`.
    public init(id: UInt32, x: Double, y: Double, cluster: Int) {
        self.id = id
        storedCluster = Int32(clamping: cluster)
        self.x = x
        self.y = y
    }

    /// UTF-16 index of the cluster the glyph draws (for the ellipsis: the nearest shown
    /// character, whose attributes it is drawn with).
    public var cluster: Int {
        get { Int(storedCluster) }
        set { storedCluster = Int32(clamping: newValue) }
    }
}

/// The glyphs of a run in visual order, stored in 16 bytes each (id, cluster, x) with the vertical
/// offsets kept only for a run where some glyph has one (marks, baseline shifts): a layout of a
/// megabyte of text holds a million glyphs. Read as a collection of `PositionedGlyph`.
public struct PositionedGlyphs: RandomAccessCollection, Sendable {
    struct Stored: Sendable {
        var id: UInt32
        var cluster: Int32
        var x: Double
    }
    private(set) var stored: [Stored] = []
    /// Each glyph's y, or empty while every y is zero.
    private(set) var offsetsY: [Double] = []

    /// No glyphs.
    public init() {}

    /// `glyphs`, in their order.
    public init(_ glyphs: some Sequence<PositionedGlyph>) {
        stored.reserveCapacity(glyphs.underestimatedCount)
        for glyph in glyphs { append(glyph) }
    }

    /// Room for `count` glyphs without growing (a layout keeps its arrays: appending alone can
    /// leave up to twice the room needed).
    public mutating func reserveCapacity(_ count: Int) { stored.reserveCapacity(count) }

    /// Adds `glyph` after the others.
    public mutating func append(_ glyph: PositionedGlyph) { append(id: glyph.id, x: glyph.x, y: glyph.y, cluster: glyph.cluster) }

    /// Adds glyph `id` at (`x`, `y`) drawing the cluster at `cluster` (clamped to `Int32`).
    mutating func append(id: UInt32, x: Double, y: Double, cluster: Int) {
        if y != 0, offsetsY.isEmpty {
            offsetsY.reserveCapacity(stored.capacity)
            offsetsY.append(contentsOf: repeatElement(0, count: stored.count))
        }
        stored.append(Stored(id: id, cluster: Int32(clamping: cluster), x: x))
        if !offsetsY.isEmpty { offsetsY.append(y) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { stored.count }

    /// The glyph at `index` (0 ..< count).
    public subscript(index: Int) -> PositionedGlyph {
        let g = stored[index]
        return PositionedGlyph(id: g.id, x: g.x, y: offsetsY.isEmpty ? 0 : offsetsY[index], cluster: Int(g.cluster))
    }
}

/// Glyphs drawn with one face and size, at one bidi level, in visual order.
public struct GlyphRun: Sendable {
    /// The face the glyph ids index into.
    public var face: FontFace
    /// Font size in points.
    public var size: Double
    /// The characters the run draws; empty for the ellipsis.
    public var characterRange: TextRange
    /// Whether the run is at an odd (right-to-left) bidi level.
    public var isRightToLeft: Bool
    /// Whether the run is the truncation ellipsis.
    public var isEllipsis: Bool
    /// The run's glyphs, positioned on the line.
    public var glyphs: PositionedGlyphs
}

/// One laid-out line: what it stands for, where it is, and its glyphs and cluster boxes in visual
/// order. Positions inside are relative to `origin` (x of the line's left edge, y of its top).
public struct LineFragment: Sendable {
    /// The UTF-16 units this line stands for: its characters, hanging spaces, the paragraph
    /// terminator on a paragraph's last line, and on a truncated line the truncated characters.
    /// The last line of a layout whose line limit or height left out only spaces and line breaks
    /// (trailing empty paragraphs) stands for them too: its range runs to the text's end, as a
    /// truncated last line's does, with no `truncatedRange`.
    public var characterRange: TextRange
    /// Characters replaced by the ellipsis (or clipped away) on this line; they hit nothing.
    public var truncatedRange: TextRange?
    /// Top-left of the line box in text-layout coordinates.
    public var origin: Point
    /// Width of the line's content without hanging trailing spaces, in points.
    public var width: Double
    /// Height of the line box in points (ascent + descent + line gap, times the line-height multiple).
    public var height: Double
    /// Distance from the line's top to its baseline.
    public var baselineOffset: Double
    /// The largest ascender among the line's faces at their sizes, in points above the baseline.
    public var ascent: Double
    /// The largest descender among the line's faces at their sizes, in points below the baseline (positive).
    public var descent: Double
    /// Offset of the content's left edge from `origin.x`: non-zero when hanging spaces sit on the
    /// left of a right-to-left line.
    public var contentOffset: Double
    /// The glyph runs in visual order, left to right.
    public var runs: [GlyphRun]
    /// The grapheme cluster boxes in visual order, left to right (see `ClusterBox`).
    public var boxes: ClusterBoxes
    /// Index of the paragraph the line belongs to.
    public var paragraphIndex: Int
    /// The paragraph's base direction.
    public var isRightToLeft: Bool

    /// The line box in text-layout coordinates: its content's extent (no hanging spaces) by the line height.
    public var rect: Rect { Rect(x: origin.x + contentOffset, y: origin.y, width: width, height: height) }
    /// The baseline's y in text-layout coordinates.
    public var baselineY: Double { origin.y + baselineOffset }

    /// Whether `box` lies within the line's content: false only for spaces hanging past its end.
    public func isWithinContent(_ box: ClusterBox) -> Bool {
        let lo = contentOffset - 1e-9, hi = contentOffset + width + 1e-9
        return box.minX >= lo && box.maxX <= hi
    }

    /// The index into `boxes` of the box containing x (relative to the origin), nil when none does.
    func boxIndex(atX x: Double) -> Int? { boxes.index(atX: x) }
}
