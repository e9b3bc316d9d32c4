import TappableText

/// One glyph from HarfBuzz, in points (y up, as HarfBuzz).
public struct ShapedGlyph: Sendable, Hashable {
    /// Glyph index in its face.
    public var id: UInt32
    /// UTF-16 index (in the whole text) of the first unit of the cluster the glyph belongs to.
    public var cluster: Int
    /// Horizontal advance in points.
    public var advance: Double
    /// Horizontal offset from the pen position in points, positive right.
    public var offsetX: Double
    /// Vertical offset from the pen position in points, positive up.
    public var offsetY: Double
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
    /// Whether `level` is odd (right to left).
    public var isRightToLeft: Bool { level & 1 == 1 }

    /// The run at `factor` times its font size: the size and every glyph's advance and offsets
    /// multiplied by `factor`, glyph ids and clusters kept. Exact because faces are unhinted and
    /// shaped at one unit per font unit: shaping at the larger or smaller size gives the same
    /// glyphs with positions scaled (up to floating-point rounding). `factor` should be positive
    /// and finite; it is not checked.
    public func scaled(by factor: Double) -> ShapedRun {
        guard factor != 1 else { return self }
        var run = self
        run.size = size * factor
        run.glyphs = glyphs.map {
            ShapedGlyph(id: $0.id, cluster: $0.cluster, advance: $0.advance * factor,
                        offsetX: $0.offsetX * factor, offsetY: $0.offsetY * factor)
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
