import Testing
import TappableText
@testable import TappableRendering

@Suite("Highlight shapes: touching line rects join into one outline")
struct HighlightShapeTests {
    @Test("one rect is a four-corner shape")
    func single() {
        let shapes = HighlightShape.shapes(for: [Rect(x: 10, y: 0, width: 50, height: 20)])
        #expect(shapes == [HighlightShape(corners: [Point(x: 10, y: 0), Point(x: 60, y: 0), Point(x: 60, y: 20), Point(x: 10, y: 20)])])
    }

    @Test("a link wrapping onto the next line, overlapping horizontally, is one eight-corner outline")
    func wrapped() {
        let shapes = HighlightShape.shapes(for: [Rect(x: 30, y: 0, width: 80, height: 20), Rect(x: 0, y: 20, width: 140, height: 20)])
        #expect(shapes.count == 1)
        #expect(shapes[0].corners == [Point(x: 30, y: 0), Point(x: 110, y: 0), Point(x: 110, y: 20), Point(x: 140, y: 20),
                                      Point(x: 140, y: 40), Point(x: 0, y: 40), Point(x: 0, y: 20), Point(x: 30, y: 20)])
    }

    @Test("rects that do not overlap horizontally, or do not touch vertically, stay separate")
    func separate() {
        #expect(HighlightShape.shapes(for: [Rect(x: 200, y: 0, width: 80, height: 20), Rect(x: 0, y: 20, width: 60, height: 20)]).count == 2)
        #expect(HighlightShape.shapes(for: [Rect(x: 0, y: 0, width: 80, height: 20), Rect(x: 0, y: 25, width: 60, height: 20)]).count == 2)
        #expect(HighlightShape.shapes(for: [Rect(x: 0, y: 0, width: 80, height: 20), Rect(x: 100, y: 0, width: 60, height: 20)]).count == 2)
    }

    @Test("equal widths merge into a plain rectangle")
    func aligned() {
        let shapes = HighlightShape.shapes(for: [Rect(x: 0, y: 0, width: 80, height: 20), Rect(x: 0, y: 20, width: 80, height: 20)])
        #expect(shapes[0].corners.count == 4)
    }
}
