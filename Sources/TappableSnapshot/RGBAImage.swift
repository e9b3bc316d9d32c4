/// A raster image in memory: 8-bit straight (non-premultiplied) alpha RGBA, rows top to bottom,
/// pixels left to right, four bytes per pixel, no row padding.
///
/// This is the one pixel format the snapshot module works in: PNG decoding converts every
/// colour type into it, the differ compares it, and PNG encoding writes it.
public struct RGBAImage: Sendable, Hashable {
    /// One pixel: straight-alpha components, 0...255 each.
    public struct Pixel: Sendable, Hashable, CustomStringConvertible {
        /// Red, 0...255.
        public var r: UInt8
        /// Green, 0...255.
        public var g: UInt8
        /// Blue, 0...255.
        public var b: UInt8
        /// Alpha (coverage), 0 transparent ... 255 opaque; not premultiplied into r, g, b.
        public var a: UInt8

        /// A pixel from its four components; alpha defaults to opaque.
        public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
            self.r = r; self.g = g; self.b = b; self.a = a
        }

        /// `rgba(r,g,b,a)`, for messages.
        public var description: String { "rgba(\(r),\(g),\(b),\(a))" }
    }

    /// An image's dimensions in pixels.
    public struct Size: Sendable, Hashable, CustomStringConvertible {
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int

        /// A size; not checked (an `RGBAImage` has positive sides, a size need not).
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }

        /// `WxH`, e.g. `640x480`.
        public var description: String { "\(width)x\(height)" }
    }

    /// Why an `RGBAImage` could not be made from the given numbers.
    public enum SizeError: Error, Sendable, Equatable, CustomStringConvertible {
        /// Width or height is zero or negative (PNG cannot store an empty image either).
        case nonPositiveDimensions(width: Int, height: Int)
        /// `width * height * 4` does not fit in `Int`.
        case overflow(width: Int, height: Int)
        /// The byte buffer's length is not `width * height * 4`.
        case byteCountMismatch(width: Int, height: Int, expected: Int, actual: Int)

        /// A one-line explanation naming the dimensions involved.
        public var description: String {
            switch self {
            case let .nonPositiveDimensions(w, h):
                return "image dimensions must be positive, got \(w)x\(h)"
            case let .overflow(w, h):
                return "image dimensions \(w)x\(h) overflow the addressable byte count"
            case let .byteCountMismatch(w, h, expected, actual):
                return "a \(w)x\(h) RGBA8 image needs \(expected) bytes, got \(actual)"
            }
        }
    }

    /// Width in pixels, always > 0.
    public let width: Int
    /// Height in pixels, always > 0.
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A per pixel, row-major, no padding.
    public private(set) var bytes: [UInt8]

    /// Wraps an existing RGBA8 buffer.
    /// - Throws: `SizeError` if a dimension is not positive, the size overflows, or
    ///   `bytes.count != width * height * 4`.
    public init(width: Int, height: Int, bytes: [UInt8]) throws(SizeError) {
        let expected = try Self.byteCount(width: width, height: height)
        guard bytes.count == expected else {
            throw .byteCountMismatch(width: width, height: height, expected: expected, actual: bytes.count)
        }
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// An image filled with one colour (default: transparent black).
    /// - Throws: `SizeError` if a dimension is not positive or the size overflows.
    public init(width: Int, height: Int, fill: Pixel = Pixel(0, 0, 0, 0)) throws(SizeError) {
        let count = try Self.byteCount(width: width, height: height)
        var bytes = [UInt8](repeating: 0, count: count)
        if fill != Pixel(0, 0, 0, 0) {
            for i in stride(from: 0, to: count, by: 4) {
                bytes[i] = fill.r; bytes[i + 1] = fill.g; bytes[i + 2] = fill.b; bytes[i + 3] = fill.a
            }
        }
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// Width and height.
    public var size: Size { Size(width: width, height: height) }

    /// Whether every pixel is opaque (alpha 255): such an image can be stored as RGB.
    public var isOpaque: Bool {
        bytes.withUnsafeBufferPointer { b in stride(from: 3, to: b.count, by: 4).allSatisfy { b[$0] == 255 } }
    }

    /// The number of pixels, `width * height`.
    public var pixelCount: Int { width * height }

    /// The pixel at column `x`, row `y` (0-based, origin top-left).
    /// Out-of-range coordinates are a programming error and trap.
    public subscript(x: Int, y: Int) -> Pixel {
        get {
            let i = offset(x, y)
            return Pixel(bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
        }
        set {
            let i = offset(x, y)
            bytes[i] = newValue.r; bytes[i + 1] = newValue.g; bytes[i + 2] = newValue.b; bytes[i + 3] = newValue.a
        }
    }

    private func offset(_ x: Int, _ y: Int) -> Int {
        precondition(x >= 0 && x < width && y >= 0 && y < height,
                     "pixel (\(x), \(y)) is outside the \(width)x\(height) image")
        return (y * width + x) * 4
    }

    static func byteCount(width: Int, height: Int) throws(SizeError) -> Int {
        guard width > 0, height > 0 else { throw .nonPositiveDimensions(width: width, height: height) }
        let (pixels, o1) = width.multipliedReportingOverflow(by: height)
        let (count, o2) = pixels.multipliedReportingOverflow(by: 4)
        guard !o1, !o2 else { throw .overflow(width: width, height: height) }
        return count
    }
}
