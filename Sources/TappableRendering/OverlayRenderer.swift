import CCairo
import TappableInteraction
import TappableLayout
import TappableText

/// Paints the debug overlay (CCHLinkTextView's Quick Look of tap areas, made richer): the label,
/// each region's tap areas tinted in its own colour with an outline, the exact glyph rects, the
/// line fragment boxes (dashed) and baselines, and below the label a legend naming each region.
public enum OverlayRenderer {
    /// Distinct, readable region colours, used in turn.
    public static let palette: [Color] = [
        Color(hex: "#e6194b")!, Color(hex: "#3cb44b")!, Color(hex: "#4363d8")!, Color(hex: "#f58231")!,
        Color(hex: "#911eb4")!, Color(hex: "#008080")!, Color(hex: "#9a6324")!, Color(hex: "#f032e6")!,
    ]

    /// The overlay image: the label (on white when its background is transparent) with the
    /// region geometry, and the legend underneath. Legend text: Inter 11 pt. Held to
    /// `LabelRenderer`'s image limits (`RenderError.imageTooLarge`).
    public static func image(_ label: TappableLabel, style: RenderStyle = RenderStyle(),
                             scale: Double = 2) throws -> RenderedImage {
        let layout = label.layout, regions = label.regions
        // The overlay is larger than the label: a label too large fails before the legend is made.
        _ = try LabelRenderer.pixelSize(of: layout.size, scale: scale)
        let (legend, starts) = try legendLayout(regions: regions, width: max(layout.size.width, 440))
        let margin = 8.0
        // Tap areas may reach past the label's bounds: leave room around it.
        let pad = regions.flatMap(\.tapAreas).reduce(0.0) { m, r in
            max(m, -r.minX, -r.minY, r.maxX - layout.size.width, r.maxY - layout.size.height)
        }
        let inset = max(margin, pad + 2)
        let size = Size(width: max(layout.size.width, legend.size.width) + 2 * inset,
                        height: layout.size.height + 2 * inset + legend.size.height + margin)
        var labelStyle = style
        if labelStyle.backgroundColor == nil { labelStyle.backgroundColor = .white }
        return try LabelRenderer.image(size: size, scale: scale) { cr in
            cairo_set_source_rgb(cr, 0.96, 0.96, 0.96)
            cairo_paint(cr)
            cairo_save(cr)
            cairo_translate(cr, inset, inset)
            LabelPainter(layout: layout, style: labelStyle, state: .normal).paint(cr)
            drawLines(cr, layout)
            for (i, region) in regions.enumerated() { drawRegion(cr, region, color: palette[i % palette.count]) }
            cairo_restore(cr)
            // Legend: a swatch per region, then its line of text.
            cairo_save(cr)
            cairo_translate(cr, inset, inset + layout.size.height + inset)
            LabelPainter(layout: legend, style: RenderStyle(textColor: Color(hex: "#222222")!), state: .normal).paint(cr)
            for (i, start) in starts.enumerated() {
                guard let l = legend.textLayout.lineIndex(forCharacterAt: start) else { continue }
                let r = legend.lineRect(l)
                let c = palette[i % palette.count]
                cairo_set_source_rgba(cr, c.red, c.green, c.blue, 0.35)
                cairo_rectangle(cr, 0, r.minY + 2, 10, r.height - 4)
                cairo_fill_preserve(cr)
                cairo_set_source_rgba(cr, c.red, c.green, c.blue, 1)
                cairo_set_line_width(cr, 1)
                cairo_stroke(cr)
            }
            cairo_restore(cr)
        }
    }

    /// Line fragment boxes (dashed grey) and baselines (magenta).
    static func drawLines(_ cr: OpaquePointer, _ layout: LabelLayout) {
        cairo_set_line_width(cr, 0.5)
        for i in layout.textLayout.lines.indices {
            let r = layout.lineRect(i)
            var dash: [Double] = [2, 2]
            cairo_set_dash(cr, &dash, 2, 0)
            cairo_set_source_rgba(cr, 0.4, 0.4, 0.4, 0.8)
            cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
            cairo_stroke(cr)
            cairo_set_dash(cr, nil, 0, 0)
            cairo_set_source_rgba(cr, 0.85, 0, 0.85, 0.7)
            let y = layout.baselineY(i)
            cairo_move_to(cr, r.minX, y)
            cairo_line_to(cr, r.maxX, y)
            cairo_stroke(cr)
        }
    }

    static func drawRegion(_ cr: OpaquePointer, _ region: TappableRegion, color c: Color) {
        for area in region.tapAreas {
            cairo_set_source_rgba(cr, c.red, c.green, c.blue, 0.18)
            cairo_rectangle(cr, area.minX, area.minY, area.width, area.height)
            cairo_fill_preserve(cr)
            cairo_set_source_rgba(cr, c.red, c.green, c.blue, 0.9)
            cairo_set_line_width(cr, 1)
            cairo_stroke(cr)
        }
        for rect in region.rects {
            cairo_set_source_rgba(cr, c.red, c.green, c.blue, 1)
            cairo_set_line_width(cr, 0.5)
            var dash: [Double] = [1, 1]
            cairo_set_dash(cr, &dash, 2, 0)
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            cairo_stroke(cr)
            cairo_set_dash(cr, nil, 0, 0)
        }
    }

    /// The most regions the legend lists (1,000); the others are counted in one last line. Every
    /// region's tap areas and rects are drawn whatever the number.
    public static let maximumLegendEntries = 1_000

    /// The most Unicode scalars of a region's text or link the legend shows (200); longer ones
    /// are cut and end in "…".
    public static let maximumLegendTextLength = 200

    /// The legend: a paragraph per region (the first `maximumLegendEntries`), "N. “text” → value
    /// [start, length]", and a key; returns its layout and where each listed region's paragraph
    /// starts (UTF-16).
    static func legendLayout(regions: [TappableRegion], width: Double) throws -> (LabelLayout, [Int]) {
        func shortened(_ s: String) -> String {
            s.unicodeScalars.count <= maximumLegendTextLength ? s
                : String(String.UnicodeScalarView(s.unicodeScalars.prefix(maximumLegendTextLength))) + "\u{2026}"
        }
        var legend = ""
        var length = 0   // legend.utf16.count, kept as it grows
        var starts: [Int] = []
        for (i, r) in regions.prefix(maximumLegendEntries).enumerated() {
            let entry = "     \(i + 1). \u{201C}\(shortened(r.text))\u{201D} \u{2192} \(shortened(r.link ?? ""))  [\(r.range.location), \(r.range.length)]\n"
            starts.append(length)
            length += entry.utf16.count
            legend += entry
        }
        if regions.count > maximumLegendEntries { legend += "     … and \(regions.count - maximumLegendEntries) more regions\n" }
        if regions.isEmpty { legend += "No tappable regions\n" }
        legend += "Tinted: tap areas · dotted: glyph rects · dashed: line fragments · magenta: baselines"
        let font = Font(size: 11)
        let layout = try LabelLayout(text: AttributedText(legend, attributes: TextAttributes(font: font)), width: width,
                                     properties: LabelProperties(font: font, numberOfLines: 0, lineBreakMode: .wordWrap))
        return (layout, starts)
    }
}
