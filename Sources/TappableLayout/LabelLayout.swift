import TappableShaping
import TappableText

/// UILabel's layout properties, with UILabel's defaults.
public struct LabelProperties: Sendable, Hashable {
    /// The font of runs without one (default: the system stand-in, Inter 17 pt).
    public var font: Font
    /// The most lines shown; 0 means no limit. Default 1.
    public var numberOfLines: Int
    /// Default `.truncateTail`. Applies to paragraphs without their own paragraph style.
    public var lineBreakMode: LineBreakMode
    /// Default `.natural`. Applies to paragraphs without their own paragraph style.
    public var textAlignment: TextAlignment
    /// Extra points between lines, for paragraphs without their own paragraph style.
    public var lineSpacing: Double
    /// Shrink the fonts (down to `minimumScaleFactor`) until the text fits.
    public var adjustsFontSizeToFitWidth: Bool
    /// The smallest font scale auto-shrink may use, 0...1; 0 (UILabel's default) means the
    /// current size is the smallest, so nothing shrinks.
    public var minimumScaleFactor: Double

    /// Properties with UILabel's defaults unless given. Not checked here: `LabelLayout.init` throws for a
    /// negative `numberOfLines` or a `minimumScaleFactor` outside 0...1.
    public init(font: Font = .system, numberOfLines: Int = 1, lineBreakMode: LineBreakMode = .truncateTail,
                textAlignment: TextAlignment = .natural, lineSpacing: Double = 0,
                adjustsFontSizeToFitWidth: Bool = false, minimumScaleFactor: Double = 0) {
        self.font = font; self.numberOfLines = numberOfLines; self.lineBreakMode = lineBreakMode
        self.textAlignment = textAlignment; self.lineSpacing = lineSpacing
        self.adjustsFontSizeToFitWidth = adjustsFontSizeToFitWidth; self.minimumScaleFactor = minimumScaleFactor
    }

    var paragraphStyle: ParagraphStyle {
        ParagraphStyle(alignment: textAlignment, lineBreakMode: lineBreakMode, lineSpacing: lineSpacing)
    }
}

/// A `TextLayout` placed in a label's bounds exactly as UILabel draws it: lines that do not fit
/// the height are dropped (the last shown line truncated per its line break mode), the text is
/// centred vertically, and auto-shrink is applied before anything is measured. Queries take and
/// return label coordinates (points, origin top-left of the bounds, y down); no caller ever
/// computes an offset.
public struct LabelLayout: Sendable {
    /// The label's size in points.
    public let size: Size
    /// The text layout inside the label.
    public let textLayout: TextLayout
    /// Where the text layout's origin lies in the label.
    public let textOrigin: Point
    /// The font scale auto-shrink chose (1 when it did not shrink).
    public let fontScale: Double

    /// Lays out `text` in a label `width` x `height` points; nil fits that dimension to the text.
    /// The text is laid out once: lines are stacked as they are made and the last one that fits
    /// the height (at least the first) is the last shown (see `TextContainer.height`). Auto-shrink
    /// (`adjustsFontSizeToFitWidth` with a width and a `minimumScaleFactor` in (0, 1)) shapes the
    /// text once and tries scales by multiplying the shaped advances. Throws `LayoutError` for NaN,
    /// infinite or negative sizes, a negative line count, a scale factor outside 0...1, or text
    /// beyond the layout's limits (`TextLayout.maximumTextLength`, `maximumLineCount`), and
    /// `FontError` for font problems.
    public init(text: AttributedText, width: Double? = nil, height: Double? = nil,
                properties: LabelProperties = LabelProperties(), shaper: TextShaper = TextShaper()) throws {
        if let width, !(width.isFinite && width >= 0) { throw LayoutError.invalidWidth(width) }
        if let height, !(height.isFinite && height >= 0) { throw LayoutError.invalidHeight(height) }
        guard properties.numberOfLines >= 0 else { throw LayoutError.invalidNumberOfLines(properties.numberOfLines) }
        guard properties.minimumScaleFactor.isFinite, (0...1).contains(properties.minimumScaleFactor) else {
            throw LayoutError.invalidScaleFactor(properties.minimumScaleFactor)
        }
        // The height and line limits go into the container: one plan per font scale, no re-layout.
        let container = TextContainer(width: width ?? .infinity, height: height ?? .infinity, numberOfLines: properties.numberOfLines,
                                      defaultFont: properties.font, defaultParagraphStyle: properties.paragraphStyle)
        var builder = try TextLayoutBuilder(text: text, container: container, shaper: shaper)
        let minimum = properties.minimumScaleFactor
        guard properties.adjustsFontSizeToFitWidth, let width, minimum > 0, minimum < 1 else {
            self.init(textLayout: TextLayout(text: text, container: container, fontScale: 1, output: try (consume builder).layOut()),
                      width: width, height: height)
            return
        }
        var chosen = try builder.plan(scale: 1)
        if !chosen.fits(width: width) {
            // Largest scale in [minimum, 1] that fits, to 1/256 of the range. Each candidate is a
            // plan over the paragraphs shaped once, their advances scaled: nothing is re-shaped.
            var lo = minimum, hi = 1.0
            var best: LinePlan?
            for _ in 0..<8 {
                let mid = (lo + hi) / 2
                let candidate = try builder.plan(scale: mid)
                if candidate.fits(width: width) { lo = mid; best = candidate } else { hi = mid }
            }
            if let best {
                chosen = best
            } else {
                // Nothing fits: the smallest size, but only if it shows more of the text (it does
                // not when the text is cut by the line limit rather than the width).
                let smallest = try builder.plan(scale: minimum)
                if smallest.shownLength > chosen.shownLength { chosen = smallest }
            }
        }
        self.init(textLayout: TextLayout(text: text, container: container, fontScale: chosen.scale, output: (consume builder).assemble(chosen)),
                  width: width, height: height)
    }

    /// The label showing `textLayout`: `width` wide (or its used rect's right edge), `height` high
    /// (or its used height), the text centred vertically in a given height.
    private init(textLayout: TextLayout, width: Double?, height: Double?) {
        let used = textLayout.usedRect
        self.textLayout = textLayout
        fontScale = textLayout.fontScale
        size = Size(width: width ?? used.maxX, height: height ?? used.height)
        textOrigin = Point(x: 0, y: height.map { ($0 - used.height) / 2 } ?? 0)
    }

    /// The label's bounds: origin zero, `size`.
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    /// The lines' used rect in label coordinates.
    public var usedRect: Rect { textLayout.usedRect.offsetBy(dx: textOrigin.x, dy: textOrigin.y) }

    /// A line's box in label coordinates.
    public func lineRect(_ index: Int) -> Rect { textLayout.lines[index].rect.offsetBy(dx: textOrigin.x, dy: textOrigin.y) }

    /// A line's baseline y in label coordinates.
    public func baselineY(_ index: Int) -> Double { textLayout.lines[index].baselineY + textOrigin.y }

    private func toText(_ p: Point) -> Point { Point(x: p.x - textOrigin.x, y: p.y - textOrigin.y) }

    /// Strict hit-test at a point in label coordinates: the UTF-16 index of the grapheme cluster
    /// under it, or nil (empty space, outside the bounds, truncated text). See `TextLayout.hitTest`.
    public func hitTest(at point: Point) -> Int? {
        guard bounds.contains(point) else { return nil }
        return textLayout.hitTest(at: toText(point))
    }

    /// The line under a point in label coordinates, nil between or outside lines.
    public func lineIndex(at point: Point) -> Int? {
        guard bounds.contains(point) else { return nil }
        return textLayout.lineIndex(atY: toText(point).y)
    }

    /// TextKit-compatible nearest character (see `TextLayout.characterIndex(at:)`); for porting only.
    public func characterIndex(at point: Point) -> (index: Int, fraction: Double)? {
        textLayout.characterIndex(at: toText(point))
    }

    /// Rects of the shown characters of `range`, one per line and bidi piece, in label coordinates.
    public func rects(for range: TextRange) -> [Rect] { geometry(of: [range])[0].rects }

    /// The geometry (rects and shown clusters) of many ranges in one pass, in label coordinates;
    /// see `TextLayout.geometry(of:)`.
    public func geometry(of ranges: [TextRange]) -> [RangeGeometry] {
        textLayout.geometry(of: ranges).map { $0.offsetBy(dx: textOrigin.x, dy: textOrigin.y) }
    }

    /// The top-left of a line's box in label coordinates: glyph x positions and cluster boxes of
    /// the line are relative to it (glyph y positions to the line's baseline, `baselineY`).
    public func lineOrigin(_ index: Int) -> Point {
        let line = textLayout.lines[index]
        return Point(x: line.origin.x + textOrigin.x, y: line.origin.y + textOrigin.y)
    }

    /// The boxes of the truncation ellipses (their extent by their line's height), in label
    /// coordinates; empty when nothing is truncated with an ellipsis.
    public var ellipsisRects: [Rect] {
        textLayout.lines.indices.flatMap { i -> [Rect] in
            let origin = lineOrigin(i), line = textLayout.lines[i]
            return line.boxes.filter { $0.isEllipsis && $0.width > 0 }.map {
                Rect(x: origin.x + $0.minX, y: origin.y, width: $0.width, height: line.height)
            }
        }
    }

    /// The caret before `index`: its line and x in label coordinates.
    public func caretOffset(for index: Int) -> (line: Int, x: Double)? {
        textLayout.caretOffset(for: index).map { ($0.line, $0.x + textOrigin.x) }
    }
}
