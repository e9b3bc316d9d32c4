import Foundation
import Testing
import TappableDetection
import TappableInteraction
import TappableLayout
import TappableRendering
import TappableSnapshotTesting
import TappableTestSupport
import TappableText

/// Attributes the renderer paints beyond links: colours, backgrounds, decorations, kern,
/// baseline offsets, fonts; and a link split by bidi into two pieces on one line.
@Suite("Rendering snapshots: attributes and bidi pieces")
struct AttributeSnapshotTests {
    @Test("colours, backgrounds, underline styles, strikethrough, kern, baseline offset and font weights")
    func attributes() throws {
        let string = "Red on yellow, struck, single double thick underlines, k e r n, x², Bold Italic"
        var text = AttributedText(string)
        func add(_ word: String, _ attributes: TextAttributes) throws {
            let r = (string as NSString).range(of: word)
            try text.addAttributes(attributes, in: TextRange(location: r.location, length: r.length))
        }
        try add("Red on yellow", TextAttributes(foregroundColor: Color(hex: "#d00000")!, backgroundColor: Color(hex: "#ffe066")!))
        try add("struck", TextAttributes(strikethrough: .single))
        try add("single", TextAttributes(underline: .single))
        try add("double", TextAttributes(underline: TextDecoration(style: .double, color: Color(hex: "#0050d0")!)))
        try add("thick", TextAttributes(underline: TextDecoration(style: .thick)))
        try add("k e r n", TextAttributes(kern: 3))
        try add("²", TextAttributes(baselineOffset: 4))
        try add("Bold", TextAttributes(font: Font(weight: .bold)))
        try add("Italic", TextAttributes(font: Font(italic: true)))
        let layout = try LabelLayout(text: text, width: 300, properties: LabelProperties(numberOfLines: 0))
        assertSnapshot(of: try LabelRenderer.image(layout, style: RenderStyle(backgroundColor: .white), scale: 2).rgbaImage(), as: .image())
    }

    @Test("a link whose range spans a direction change is highlighted as one rounded shape per visual piece")
    func bidiPieces() throws {
        var text = AttributedText("Read שלום עולם now")
        try text.addAttributes(TextAttributes(link: "https://example.com"), in: TextRange(location: 3, length: 4))
        let label = try TappableLabel(text: text, width: 320, properties: LabelProperties(font: Font(family: "DejaVu Sans", size: 18), numberOfLines: 0))
        #expect(label.regions[0].rects.count == 2, "the range {3, 4} is two pieces on screen")
        assertSnapshot(of: label, as: .image(scale: 2, style: RenderStyle(backgroundColor: .white), highlighting: 0))
    }
}

@Suite("Painting invariants: a highlight changes only the pixels under it")
struct PaintingInvariantTests {
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
}
