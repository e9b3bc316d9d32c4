import CCairo
import TappableInteraction
import TappableLayout
import TappableShaping
import TappableText

/// Paints a `LabelLayout` onto a Cairo context whose user space is the label's points: background,
/// run backgrounds, the pressed region's rounded highlight, glyphs (never re-shaped, never moved
/// by a state), underlines and strikethroughs at the fonts' own positions and thicknesses.
struct LabelPainter {
    let layout: LabelLayout
    let style: RenderStyle
    let state: RenderState

    var text: AttributedText { layout.textLayout.text }

    var highlight: Highlight? {
        if case let .highlighted(highlight) = state { return highlight }
        return nil
    }

    func paint(_ cr: OpaquePointer) {
        cairo_save(cr)
        cairo_rectangle(cr, 0, 0, layout.size.width, layout.size.height)
        cairo_clip(cr)
        if let background = style.backgroundColor {
            setColor(cr, background)
            cairo_paint(cr)
        }
        paintRunBackgrounds(cr)
        paintHighlight(cr)
        paintGlyphs(cr)
        paintDecorations(cr)
        cairo_restore(cr)
    }

    // MARK: - Colours

    /// The text colour of the character at `index` in the current state.
    func foreground(at index: Int) -> Color { foreground(at: index, attributes: text.attributes(at: index).attributes) }

    /// The text colour of the character at `index`, whose attributes are `a`, in the current state.
    func foreground(at index: Int, attributes a: TextAttributes) -> Color {
        let normal = a.foregroundColor ?? (a.link != nil ? style.link.color : nil) ?? style.textColor
        guard let highlight, highlight.range.contains(index) else { return normal }
        return a.highlightedForegroundColor ?? (a.isTappable ? highlight.foregroundColor : nil) ?? normal
    }

    /// The attributes at text indices asked for in any order, looked up (and copied) once per
    /// attribute run while the indices stay in it: glyphs and boxes come run by run.
    struct AttributeCursor {
        let text: AttributedText
        private var range = TextRange(location: 0, length: 0)
        private var current = TextAttributes()
        init(_ text: AttributedText) { self.text = text }
        mutating func attributes(at index: Int) -> TextAttributes {
            if !range.contains(index) { (current, range) = text.attributes(at: index) }
            return current
        }
    }

    func setColor(_ cr: OpaquePointer, _ c: Color) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }

    // MARK: - Backgrounds and highlight

    private func paintRunBackgrounds(_ cr: OpaquePointer) {
        let filled = text.runs.filter { $0.attributes.backgroundColor != nil }
        for (run, geometry) in zip(filled, layout.geometry(of: filled.map(\.range))) {
            setColor(cr, run.attributes.backgroundColor!)
            for rect in geometry.rects { cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height) }
            cairo_fill(cr)
        }
    }

    private func paintHighlight(_ cr: OpaquePointer) {
        guard let highlight, let color = highlight.backgroundColor else { return }
        setColor(cr, color)
        for shape in HighlightShape.shapes(for: highlight.rects) {
            shape.addPath(cr, radius: highlight.cornerRadius)
        }
        cairo_fill(cr)
    }

    // MARK: - Glyphs

    private func paintGlyphs(_ cr: OpaquePointer) {
        for (i, line) in layout.textLayout.lines.enumerated() {
            let x0 = layout.lineOrigin(i).x, y0 = layout.baselineY(i)
            for run in line.runs where !run.glyphs.isEmpty {
                cairo_set_font_face(cr, CairoFontFaces.shared.cairoFace(for: run.face))
                cairo_set_font_size(cr, run.size)
                var batch: [cairo_glyph_t] = []
                var batchColor: Color?
                var cursor = AttributeCursor(text)
                func flush() {
                    guard let color = batchColor, !batch.isEmpty else { return }
                    setColor(cr, color)
                    batch.withUnsafeBufferPointer { cairo_show_glyphs(cr, $0.baseAddress, Int32($0.count)) }
                    batch.removeAll(keepingCapacity: true)
                }
                for glyph in run.glyphs {
                    let color = foreground(at: glyph.cluster, attributes: cursor.attributes(at: glyph.cluster))
                    if color != batchColor { flush(); batchColor = color }
                    batch.append(cairo_glyph_t(index: UInt(glyph.id), x: x0 + glyph.x, y: y0 + glyph.y))
                }
                flush()
            }
        }
    }

    // MARK: - Underline and strikethrough

    private struct DecorationSegment {
        var minX: Double
        var maxX: Double
        var decoration: TextDecoration
        var color: Color
        /// Offset of the line's centre from the baseline (down positive) and its thickness, in
        /// points: the largest among the fonts of the characters it spans.
        var offset: Double
        var thickness: Double
    }

    private func paintDecorations(_ cr: OpaquePointer) {
        var cursor = AttributeCursor(text)
        for (i, line) in layout.textLayout.lines.enumerated() {
            var underlines: [DecorationSegment] = [], strikes: [DecorationSegment] = []
            // Spaces hanging past the line's content are not decorated.
            for box in line.boxes where !box.isEllipsis && box.width > 0 && line.isWithinContent(box) {
                let index = box.characterRange.location
                let a = cursor.attributes(at: index)
                guard a.underline != nil || a.strikethrough != nil || (a.link != nil && style.link.underline) else { continue }
                guard let run = line.runs.first(where: { !$0.isEllipsis && $0.characterRange.contains(index) }) else { continue }
                let scale = run.face.scale(at: run.size), m = run.face.metrics
                let color = foreground(at: index, attributes: a)
                if let u = a.underline ?? (a.link != nil && style.link.underline ? .single : nil) {
                    Self.extend(&underlines, box, u, u.color ?? color, offset: m.underlinePosition * scale, thickness: m.underlineThickness * scale)
                }
                if let st = a.strikethrough {
                    Self.extend(&strikes, box, st, st.color ?? color, offset: -m.strikeoutPosition * scale, thickness: m.strikeoutThickness * scale)
                }
            }
            let x0 = layout.lineOrigin(i).x, baseline = layout.baselineY(i)
            for seg in underlines + strikes { draw(cr, seg, x0: x0, baseline: baseline) }
        }
    }

    private static func extend(_ segments: inout [DecorationSegment], _ box: ClusterBox, _ d: TextDecoration, _ color: Color,
                               offset: Double, thickness: Double) {
        if var last = segments.last, last.decoration == d, last.color == color, abs(last.maxX - box.minX) < 1e-9 {
            last.maxX = box.maxX
            last.offset = max(last.offset, offset)
            last.thickness = max(last.thickness, thickness)
            segments[segments.count - 1] = last
        } else {
            segments.append(DecorationSegment(minX: box.minX, maxX: box.maxX, decoration: d, color: color, offset: offset, thickness: thickness))
        }
    }

    private func draw(_ cr: OpaquePointer, _ seg: DecorationSegment, x0: Double, baseline: Double) {
        setColor(cr, seg.color)
        let t = seg.decoration.style == .thick ? seg.thickness * 2 : seg.thickness
        let centre = baseline + seg.offset
        let ys = seg.decoration.style == .double ? [centre - t, centre + t] : [centre]
        for y in ys { cairo_rectangle(cr, x0 + seg.minX, y - t / 2, seg.maxX - seg.minX, t) }
        cairo_fill(cr)
    }
}
