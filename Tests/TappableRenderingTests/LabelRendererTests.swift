import Foundation
import Testing
import TappableInteraction
import TappableRendering
import TappableText

@Suite("LabelRenderer limits: 64 megapixels, 32,767 pixels a side, 14,400-point pages; checked before painting")
struct LabelRendererTests {
    @Test("an image of exactly 64 megapixels passes the check; one more row or column is an error naming the size and the limit")
    func pixelLimit() throws {
        #expect(LabelRenderer.maxPixels == 8192 * 8192)
        #expect(try LabelRenderer.pixelSize(of: Size(width: 8192, height: 8192), scale: 1) == (8192, 8192))
        #expect(try LabelRenderer.pixelSize(of: Size(width: 2048, height: 2048), scale: 4) == (8192, 8192))
        #expect(try LabelRenderer.pixelSize(of: Size(width: 8191.5, height: 8192), scale: 1) == (8192, 8192), "sides round up")
        for (size, scale) in [(Size(width: 8193, height: 8192), 1.0), (Size(width: 2048, height: 2048.1), 4)] {
            let error = #expect(throws: RenderError.self) { try LabelRenderer.pixelSize(of: size, scale: scale) }
            #expect(error?.description.contains("is too large to paint") == true)
            #expect(error?.description.contains("\(LabelRenderer.maxPixels) pixels in all") == true)
        }
        let error = #expect(throws: RenderError.self) { try LabelRenderer.pixelSize(of: Size(width: 8193, height: 8192), scale: 1) }
        #expect(error == .imageTooLarge(width: 8193, height: 8192, limit: 67_108_864))
        #expect(error?.description.hasPrefix("an image of 8193 x 8192 pixels") == true)
    }

    @Test("a side of 32,767 pixels passes; 32,768 is an error (Cairo's limit), however few the pixels")
    func sideLimit() throws {
        #expect(LabelRenderer.maxPixelSide == 32_767)
        #expect(try LabelRenderer.pixelSize(of: Size(width: 32_767, height: 1), scale: 1) == (32_767, 1))
        #expect(try LabelRenderer.pixelSize(of: Size(width: 1, height: 32_767), scale: 1) == (1, 32_767))
        #expect(throws: RenderError.imageTooLarge(width: 32_768, height: 1, limit: LabelRenderer.maxPixels)) {
            try LabelRenderer.pixelSize(of: Size(width: 32_768, height: 1), scale: 1)
        }
        #expect(throws: RenderError.imageTooLarge(width: 1, height: 32_768, limit: LabelRenderer.maxPixels)) {
            try LabelRenderer.pixelSize(of: Size(width: 0.5, height: 16_384), scale: 2)
        }
    }

    @Test("the overlay, larger than its label, is held to the same limit")
    func overlayLimit() throws {
        // The label fits at scale 1; its overlay at scale 2 (plus margins and legend) does not.
        let label = try TappableLabel(text: AttributedText("x"), width: 5000, height: 5000)
        #expect(throws: Never.self) { try LabelRenderer.pixelSize(of: label.size, scale: 1) }
        let error = #expect(throws: RenderError.self) { try OverlayRenderer.image(label, scale: 2) }
        #expect(error?.description.contains("too large to paint") == true)
    }

    @Test("PDF and SVG pages of 14,400 points a side are made; 14,401 is an error naming the page size and the limit")
    func pageLimit() throws {
        #expect(LabelRenderer.maxPageSide == 14_400)
        let atLimit = try TappableLabel(text: AttributedText("x"), width: 14_400, height: 10)
        #expect(try LabelRenderer.pdf(atLimit).starts(with: Data("%PDF".utf8)))
        #expect(!(try LabelRenderer.svg(atLimit)).isEmpty)
        let past = try TappableLabel(text: AttributedText("x"), width: 10, height: 14_401)
        for paint in [{ try LabelRenderer.pdf(past) }, { try LabelRenderer.svg(past) }] {
            let error = #expect(throws: RenderError.self) { try paint() }
            #expect(error == .pageTooLarge(width: 10, height: 14_401, limit: 14_400))
            #expect(error?.description == "a page of 10.0 x 14401.0 points is too large for PDF or SVG (at most 14400 points a side)")
        }
    }
}
