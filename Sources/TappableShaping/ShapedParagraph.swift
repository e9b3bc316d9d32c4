import TappableText

/// One glyph from HarfBuzz: its advance in points, its offsets in font units (HarfBuzz's, the face
/// shaped at one unit per font unit; `ShapedRun.offset(of:)` gives them in points). Stored in 24
/// bytes, the cluster index in 32 bits clamped to `Int32`'s range (a layout's text is at most
/// 2^20 units): a megabyte of text is shaped into a million glyphs.
public struct ShapedGlyph: Sendable, Hashable {
    /// Glyph index in its face.
    public var id: UInt32
    private var storedCluster: Int32
    /// Horizontal advance in points.
    public var advance: Double
    /// Horizontal offset from the pen position in font units, positive right.
    public var offsetUnitsX: Int32
    /// Vertical offset from the pen position in font units, positive up.
    public var offsetUnitsY: Int32

    /// Glyph `id` of the cluster at UTF-16 index `cluster`, `advance` points wide, offset by
    /// (`offsetUnitsX`, `offsetUnitsY`) font units.
    public init(id: UInt32, cluster: Int, advance: Double, offsetUnitsX: Int32, offsetUnitsY: Int32) {
        self.id = id
        storedCluster = Int32(clamping: cluster)
        self.advance = advance
        self.offsetUnitsX = offsetUnitsX
        self.offsetUnitsY = offsetUnitsY
    }

    /// UTF-16 index (in the whole text) of the first unit of the cluster the glyph belongs to.
    public var cluster: Int {
        get { Int(storedCluster) }
        set { storedCluster = Int32(clamping: newValue) }
    }
}

/// A run shaped with one face at one size, one bidi level and one script.
public struct ShapedRun: Sendable {
    /// UTF-16 range in the whole text.
    public var range: TextRange
    /// Bidi embedding level: odd is right-to-left.
    public var level: UInt8
    /// The face the glyph ids index into.
    public var face: FontFace
    /// Font size in points.
    public var size: Double
    /// Glyphs in HarfBuzz's output order: visual order within the run (right-to-left runs reversed).
    public var glyphs: [ShapedGlyph]
    /// Points per font unit of the glyph offsets: the face's scale at the size the run was shaped at.
    public let offsetScale: Double
    /// What `scaled(by:)` multiplied the size by since shaping (1 for a run as shaped).
    public var offsetFactor: Double = 1

    /// A run of `glyphs` shaped with `face` at `size` points (its offsets in `face`'s units at
    /// that size).
    public init(range: TextRange, level: UInt8, face: FontFace, size: Double, glyphs: [ShapedGlyph]) {
        self.range = range
        self.level = level
        self.face = face
        self.size = size
        self.glyphs = glyphs
        offsetScale = face.scale(at: size)
    }

    /// Whether `level` is odd (right to left).
    public var isRightToLeft: Bool { level & 1 == 1 }

    /// `glyph`'s offset from the pen position in points, x right, y up.
    public func offset(of glyph: ShapedGlyph) -> (x: Double, y: Double) {
        (Double(glyph.offsetUnitsX) * offsetScale * offsetFactor, Double(glyph.offsetUnitsY) * offsetScale * offsetFactor)
    }

    /// The run at `factor` times its font size: the size and every glyph's advance multiplied by
    /// `factor`, and its offsets (kept in font units) from then on too; glyph ids and clusters
    /// kept. Exact because faces are unhinted and shaped at one unit per font unit: shaping at the
    /// larger or smaller size gives the same glyphs with positions scaled (up to floating-point
    /// rounding). `factor` should be positive and finite; it is not checked.
    public func scaled(by factor: Double) -> ShapedRun {
        guard factor != 1 else { return self }
        var run = self
        run.size = size * factor
        run.offsetFactor = offsetFactor * factor
        run.glyphs = glyphs.map {
            ShapedGlyph(id: $0.id, cluster: $0.cluster, advance: $0.advance * factor,
                        offsetUnitsX: $0.offsetUnitsX, offsetUnitsY: $0.offsetUnitsY)
        }
        return run
    }
}

/// A paragraph itemised (bidi levels, scripts, fonts with fallback) and shaped once. Line breaking
/// and layout work from its per-cluster advances; painting uses its glyphs.
public struct ShapedParagraph: Sendable {
    /// UTF-16 range of the paragraph's content, without its terminator.
    public var range: TextRange
    /// Length of the terminator after the content (\n, \r\n, U+2029 ...), 0 for the last paragraph.
    public var terminatorLength: Int
    /// Paragraph embedding level: 0 left-to-right, 1 right-to-left.
    public var baseLevel: UInt8
    /// Bidi level of each unit of `range`.
    public var levels: [UInt8]
    /// Shaped runs in logical order, covering `range`.
    public var runs: [ShapedRun]
    /// For each unit of `range`: the advance in points of the grapheme cluster starting there
    /// (ligatures split evenly among their clusters, kern added), 0 inside a cluster.
    public var advances: [Double]
    /// The paragraph's style (from its first character).
    public var style: ParagraphStyle

    /// Whether `baseLevel` is odd (a right-to-left paragraph).
    public var isRightToLeft: Bool { baseLevel & 1 == 1 }

    /// The index into `runs` of the run containing UTF-16 `index` (binary search).
    public func runIndex(containing index: Int) -> Int? { runs.index(containing: index) { $0.range } }

    /// The paragraph as shaped at `factor` times every font size (and kern, which scales with
    /// the fonts in auto-shrink): run sizes, glyph advances and offsets and cluster advances
    /// multiplied by `factor`; levels, glyphs ids, clusters and style kept. See
    /// `ShapedRun.scaled(by:)`. `factor` should be positive and finite; it is not checked.
    public func scaled(by factor: Double) -> ShapedParagraph {
        guard factor != 1 else { return self }
        var paragraph = self
        paragraph.runs = runs.map { $0.scaled(by: factor) }
        paragraph.advances = advances.map { $0 * factor }
        return paragraph
    }
}
