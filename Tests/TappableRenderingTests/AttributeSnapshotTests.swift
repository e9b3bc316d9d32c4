import Foundation
import Testing
import TappableInteraction
import TappableLayout
import TappableRendering
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
        try Snapshots.verify(try LabelRenderer.image(layout, style: RenderStyle(backgroundColor: .white), scale: 2), "attributes")
    }

    @Test("a link whose range spans a direction change is highlighted as one rounded shape per visual piece")
    func bidiPieces() throws {
        var text = AttributedText("Read שלום עולם now")
        try text.addAttributes(TextAttributes(link: "https://example.com"), in: TextRange(location: 3, length: 4))
        let label = try TappableLabel(text: text, width: 320, properties: LabelProperties(font: Font(family: "DejaVu Sans", size: 18), numberOfLines: 0))
        #expect(label.regions[0].rects.count == 2, "the range {3, 4} is two pieces on screen")
        let image = try LabelRenderer.image(label.layout, style: RenderStyle(backgroundColor: .white), state: .highlighted(label.highlight(for: label.regions[0])), scale: 2)
        try Snapshots.verify(image, "bidi-pieces-highlighted")
    }
}
