import Foundation
import Testing
@testable import TappableRendering
import TappableSnapshot
import TappableText

@Suite("Rendered images: Cairo's premultiplied pixels, straight RGBA and PNG only when asked")
struct RenderedImageTests {
    /// Two pixels of each kind: transparent, opaque, and translucent (128: half, 1: nearly nothing).
    static let pixels: [UInt32] = [0x0000_0000, 0xFF11_2233, 0x8040_2010, 0x0101_0000]

    @Test("straight RGBA divides by alpha with Cairo's rounding: (c * 255 + a / 2) / a")
    func unpremultiplies() {
        let image = RenderedImage(width: 2, height: 2, premultipliedARGB: Self.pixels)
        // 0x40 * 255 + 64 = 16384 -> 128; 0x20 -> 8224 / 128 = 64; 0x10 -> 4144 / 128 = 32;
        // alpha 1 with red 1: (255 + 0) / 1 = 255.
        #expect(image.straightRGBA() == [0, 0, 0, 0, 0x11, 0x22, 0x33, 255, 128, 64, 32, 128, 255, 0, 0, 1])
        #expect(image.rgbaImage()[1, 1] == RGBAImage.Pixel(255, 0, 0, 1))
    }

    @Test("a channel above its alpha (not premultiplied) clamps to 255 instead of wrapping")
    func clampsMalformed() {
        let image = RenderedImage(width: 1, height: 1, premultipliedARGB: [0x10FF_0000])
        #expect(image.straightRGBA() == [255, 0, 0, 0x10])
    }

    @Test("PNG: every compression decodes to the same pixels; opaque images store RGB, others RGBA",
          arguments: PNG.Compression.allCases)
    func pngRoundTrip(compression: PNG.Compression) throws {
        let translucent = RenderedImage(width: 2, height: 2, premultipliedARGB: Self.pixels)
        let opaque = RenderedImage(width: 2, height: 1, premultipliedARGB: [0xFF00_0000, 0xFFFF_FFFF])
        for (image, colourType) in [(translucent, UInt8(6)), (opaque, UInt8(2))] {
            let data = try image.pngData(compression: compression)
            #expect(data[25] == colourType, "IHDR colour type")
            #expect(try PNG.decode(data) == image.rgbaImage())
        }
    }

    @Test("a painted label's pixels are those its PNG stores, at 1x and 2x; a label filled edge to edge is opaque")
    func paintedLabel() throws {
        let layout = try Snapshots.labels[0].layout()
        for scale in [1.0, 2.0] {
            let image = try LabelRenderer.image(layout, style: RenderStyle(link: LinkStyle(underline: true)), scale: scale)
            // Booleans first: a failed comparison of whole images would print megabytes.
            let sized = image.premultipliedARGB.count == image.width * image.height
            let transparentWithInk = !image.isOpaque && image.premultipliedARGB.contains { $0 != 0 }
            let pngHoldsPixels = try PNG.decode(image.pngData()) == image.rgbaImage()
            #expect(sized && transparentWithInk && pngHoldsPixels)
        }
        // "centred-tall" is 320 x 100 pt with a background: every device pixel is covered.
        let tall = Snapshots.labels[4]
        let opaque = try LabelRenderer.image(try tall.layout(), style: tall.style, scale: 2).isOpaque
        #expect(opaque)
    }
}
