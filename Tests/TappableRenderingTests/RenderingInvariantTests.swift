import Foundation
import Testing
import TappableInteraction
import TappableLayout
import TappableRendering
import TappableText

@Suite("Rendering invariants")
struct RenderingInvariantTests {
    /// A highlighted render differs from the normal one only inside the highlight rects: no glyph moves.
    @Test("highlighting never moves a glyph: outside the highlight rects both renders are identical", arguments: Snapshots.labels)
    func highlightKeepsGeometry(label: SnapshotLabel) throws {
        let tappable = try label.label()
        let layout = tappable.layout
        let highlight = tappable.highlight(for: try #require(tappable.regions.first))
        let scale = label.scale
        let normal = try LabelRenderer.image(layout, style: label.style, scale: scale)
        let pressed = try LabelRenderer.image(layout, style: label.style, state: .highlighted(highlight), scale: scale)
        #expect(normal.width == pressed.width && normal.height == pressed.height)
        let normalPixels = normal.straightRGBA(), pressedPixels = pressed.straightRGBA()
        // The highlight may reach a corner radius past its rects where two lines' rects join.
        let rects = highlight.rects.map { $0.inset(by: EdgeInsets(all: -1.5 / scale - highlight.cornerRadius)) }
        var inside = 0, outsideDifferences = 0
        for y in 0..<normal.height {
            for x in 0..<normal.width {
                let p = Point(x: (Double(x) + 0.5) / scale, y: (Double(y) + 0.5) / scale)
                let i = (y * normal.width + x) * 4
                let same = normalPixels[i..<i + 4] == pressedPixels[i..<i + 4]
                if rects.contains(where: { $0.contains(p) }) { if !same { inside += 1 } } else if !same { outsideDifferences += 1 }
            }
        }
        #expect(outsideDifferences == 0)
        #expect(inside > 0, "the highlight shows")
    }

    @Test("with an invisible highlight and unchanged colours, the highlighted render is byte-identical", arguments: Snapshots.labels)
    func invisibleHighlightChangesNothing(label: SnapshotLabel) throws {
        var text = try label.label().text
        for run in text.runs { try text.modifyAttributes(in: run.range) { $0.highlightedForegroundColor = nil; $0.highlightedBackgroundColor = nil } }
        let invisible = InteractionSettings(highlightStyle: HighlightStyle(backgroundColor: nil, textColor: nil))
        let plain = try TappableLabel(text: text, width: label.width, height: label.height, properties: label.properties, settings: invisible)
        let highlight = plain.highlight(for: try #require(plain.regions.first))
        #expect(!highlight.rects.isEmpty)
        #expect(try LabelRenderer.image(plain.layout, style: label.style).straightRGBA()
                == LabelRenderer.image(plain.layout, style: label.style, state: .highlighted(highlight)).straightRGBA())
    }

    @Test("every tap area contains its glyph rects, grown by the insets on each side")
    func tapAreasContainGlyphRects() throws {
        for label in Snapshots.labels {
            for region in try label.label().regions {
                #expect(region.rects.count == region.tapAreas.count)
                for (rect, area) in zip(region.rects, region.tapAreas) {
                    #expect(area.contains(rect))
                    #expect(abs(area.width - rect.width - 10) < 1e-9 && abs(area.height - rect.height - 10) < 1e-9)
                }
            }
        }
    }

    @Test("rendering is deterministic: the same label twice gives the same bytes")
    func deterministic() throws {
        let layout = try Snapshots.labels[0].layout()
        #expect(try LabelRenderer.image(layout) == LabelRenderer.image(layout))
        #expect(try LabelRenderer.image(layout).pngData() == LabelRenderer.image(layout).pngData())
    }

    @Test("PDF output carries a link annotation per link; SVG output is an SVG")
    func vectorOutputs() throws {
        let label = try Snapshots.labels[0].label()
        let pdf = try LabelRenderer.pdf(label)
        let pdfText = String(decoding: pdf, as: UTF8.self)
        #expect(pdf.starts(with: Data("%PDF".utf8)))
        func hex(_ s: String) -> String { s.utf8.map { String(format: "%02X", $0) }.joined() }
        #expect(pdfText.contains("/URI <\(hex("https://example.com/terms-of-service"))>"))
        #expect(pdfText.contains("/URI <\(hex("https://example.com/privacy-policy"))>"))
        let svg = String(decoding: try LabelRenderer.svg(label), as: UTF8.self)
        #expect(svg.contains("<svg"))
    }

    @Test("bad input: a bad scale, a zero-size label and a huge label are clear errors")
    func badInput() throws {
        let layout = try Snapshots.labels[0].layout()
        #expect(throws: RenderError.invalidScale(0)) { try LabelRenderer.image(layout, scale: 0) }
        #expect(throws: RenderError.self) { try LabelRenderer.image(layout, scale: .nan) }
        let empty = try TappableLabel(text: AttributedText(""), width: 0, height: 0)
        #expect(throws: RenderError.emptyLabel(width: 0, height: 0)) { try LabelRenderer.image(empty.layout) }
        #expect(throws: RenderError.emptyLabel(width: 0, height: 0)) { try LabelRenderer.pdf(empty) }
        let huge = try LabelLayout(text: AttributedText(String(repeating: "line\n", count: 100_000)), width: 320,
                                   properties: LabelProperties(numberOfLines: 0))
        #expect(throws: RenderError.self) { try LabelRenderer.image(huge, scale: 3) }
    }
}
