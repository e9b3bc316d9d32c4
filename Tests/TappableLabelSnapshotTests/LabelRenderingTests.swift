import Testing
import TappableJSON
@testable import TappableLabelSnapshot
import TappableRendering
import TappableSnapshot
import TappableTestSupport

@Suite("LabelRendering: a label's forms as pixels and JSON")
struct LabelRenderingTests {
    @Test("pixels are the renderer's straight-alpha RGBA, unchanged")
    func pixels() throws {
        let label = try loginSpec().tappableLabel()
        let rendered = try LabelRenderer.image(label.layout, scale: 2)
        let image = try LabelRendering.pixels(rendered)
        #expect(image.width == rendered.width && image.height == rendered.height)
        #expect(image.bytes == rendered.straightRGBA())
        #expect(try LabelRendering.image(.normal, of: label, style: RenderStyle(), scale: 2) == image)
    }

    @Test("a highlighted image differs from the normal one only where the pressed region is")
    func highlighted() throws {
        let label = try loginSpec().tappableLabel()
        let normal = try LabelRendering.image(.normal, of: label, style: RenderStyle(), scale: 1)
        let pressed = try LabelRendering.image(.highlighted(region: 1), of: label, style: RenderStyle(), scale: 1)
        let frame = label.regions[1].frame
        var outside = 0, inside = 0
        for y in 0..<normal.height {
            for x in 0..<normal.width where normal[x, y] != pressed[x, y] {
                let within = Double(x) + 0.5 >= frame.minX - 1 && Double(x) + 0.5 <= frame.maxX + 1
                    && Double(y) + 0.5 >= frame.minY - 1 && Double(y) + 0.5 <= frame.maxY + 1
                if within { inside += 1 } else { outside += 1 }
            }
        }
        #expect(inside > 100)
        #expect(outside == 0)
    }

    @Test("a region the label lacks, and JSON asked of an image form, are errors that say so")
    func formErrors() throws {
        let label = try loginSpec().tappableLabel()
        #expect(throws: LabelRendering.FormError(description: "region 3 does not exist: the label has 2 regions")) {
            try LabelRendering.image(.highlighted(region: 2), of: label, style: RenderStyle(), scale: 1)
        }
        #expect(throws: LabelRendering.FormError.self) { try LabelRendering.json(.overlay, of: label) }
        #expect(throws: LabelRendering.FormError.self) { try LabelRendering.image(.layout, of: label, style: RenderStyle(), scale: 1) }
    }

    @Test("JSON forms are the one writer's hit map and layout, pretty-printed with a final newline")
    func json() throws {
        let label = try loginSpec().tappableLabel()
        let text = LabelRendering.snapshotText(try LabelRendering.json(.hitMap, of: label))
        #expect(text == JSON.hitMap(label).prettyPrinted() + "\n")
        #expect(text.hasPrefix("{\n  \"size\": [320,"))
        #expect(try LabelRendering.json(.layout, of: label) == JSON.layout(label.layout))
    }
}
