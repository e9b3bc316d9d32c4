import Foundation
import TappableSnapshot

/// A painted label as Cairo painted it: premultiplied ARGB32 pixels, `width` x `height` device
/// pixels (the label's size in points times the scale, rounded up). Nothing is converted or
/// encoded until asked: `straightRGBA()` and `rgbaImage()` unpremultiply on each call, `pngData` encodes on
/// each call, so a render that only needs pixels costs only the painting.
public struct RenderedImage: Sendable, Hashable {
    /// Width in device pixels, > 0.
    public let width: Int
    /// Height in device pixels, > 0.
    public let height: Int
    /// `width` x `height` pixels, rows top to bottom, no padding: each `0xAARRGGBB` with the
    /// colour premultiplied by alpha (Cairo's `CAIRO_FORMAT_ARGB32`).
    public let premultipliedARGB: [UInt32]

    /// Wraps premultiplied pixels. Traps if `premultipliedARGB.count != width * height` (the
    /// renderer is the only maker; this is a programming error, not bad input).
    init(width: Int, height: Int, premultipliedARGB: [UInt32]) {
        precondition(width > 0 && height > 0 && premultipliedARGB.count == width * height, "pixel count must be width x height")
        self.width = width
        self.height = height
        self.premultipliedARGB = premultipliedARGB
    }

    /// `width` x `height` x 4 bytes: R, G, B, A (straight alpha) per pixel, rows top to bottom.
    /// Made on each call (one pass over the pixels; keep the result rather than calling it per
    /// pixel): each channel is `(c * 255 + a / 2) / a`, the rounding Cairo's own PNG writer uses,
    /// so the pixels equal those of Cairo's PNGs.
    public func straightRGBA() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: premultipliedARGB.count * 4) { out, count in
            premultipliedARGB.withUnsafeBufferPointer { pixels in
                for (i, p) in pixels.enumerated() { Self.unpremultiply(p, into: out, at: i * 4) }
            }
            count = premultipliedARGB.count * 4
        }
    }

    /// The pixels as the snapshot module's straight-alpha image (for `Snapshot.verify`, diffs),
    /// made on each call as `straightRGBA()`.
    public func rgbaImage() -> RGBAImage {
        // Sides are positive and their product fits: the renderer made the buffer.
        try! RGBAImage(width: width, height: height, bytes: straightRGBA())
    }

    /// Whether every pixel is opaque (alpha 255).
    public var isOpaque: Bool { premultipliedARGB.allSatisfy { $0 >= 0xFF00_0000 } }

    /// A PNG file of the image, encoded on each call with `compression` (default `.fast`; the
    /// pixels are identical either way). Stored as 8-bit RGB when every pixel is opaque (a label
    /// with a background, an overlay), else 8-bit RGBA, as Cairo's PNG writer stored them.
    /// - Throws: `PNGError.encodingFailed` only if libpng fails (it never has for these images).
    public func pngData(compression: PNG.Compression = .fast) throws(PNGError) -> Data {
        try PNG.encode(rgbaImage(), format: isOpaque ? .rgb : .rgba, compression: compression)
    }

    /// Writes one premultiplied pixel as straight RGBA at `out[offset..<offset + 4]`.
    @inline(__always)
    private static func unpremultiply(_ p: UInt32, into out: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        let a = p >> 24
        switch a {
        case 0:
            out[offset] = 0; out[offset + 1] = 0; out[offset + 2] = 0; out[offset + 3] = 0
        case 255:
            out[offset] = UInt8(truncatingIfNeeded: p >> 16); out[offset + 1] = UInt8(truncatingIfNeeded: p >> 8)
            out[offset + 2] = UInt8(truncatingIfNeeded: p); out[offset + 3] = 255
        default:
            // min: a malformed (non-premultiplied) channel above alpha clamps instead of wrapping.
            func channel(_ c: UInt32) -> UInt8 { UInt8(min(255, ((c & 0xFF) * 255 + a / 2) / a)) }
            out[offset] = channel(p >> 16); out[offset + 1] = channel(p >> 8); out[offset + 2] = channel(p)
            out[offset + 3] = UInt8(a)
        }
    }
}
