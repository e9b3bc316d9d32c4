/// Perceptual image comparison following pixelmatch 5.3 (https://github.com/mapbox/pixelmatch)
/// step for step: YIQ colour distance (Kotsarenko & Ramos) with translucent pixels blended
/// onto white, anti-aliasing detection after Vysniauskas (2009), and pixelmatch's diff image.
public enum ImageDiff {
    /// The largest possible squared YIQ distance between two colours (pixelmatch's 35215).
    public static let maxYIQDelta = 35215.0

    /// How two images are compared.
    public struct Options: Sendable, Hashable {
        /// Per-pixel sensitivity, 0...1: two pixels differ when their squared YIQ distance
        /// exceeds `35215 * threshold²`. 0 flags any change; pixelmatch's default is 0.1.
        /// Values outside 0...1 are clamped; NaN counts as 0.
        public var threshold: Double
        /// When false (the default), differing pixels detected as anti-aliasing are not counted
        /// (drawn yellow in the diff image). When true they count like any other difference.
        public var includeAA: Bool
        /// The largest `differentPixels / (width * height)` still accepted as a match, 0...1;
        /// nil (the default) sets no ratio limit. Clamped into 0...1; NaN counts as 0.
        /// See `maxDiffPixels` for how the two tolerances combine.
        public var maxDiffRatio: Double?
        /// The most differing pixels still accepted as a match; nil (the default) sets no count
        /// limit; negative counts as 0. Tolerances combine like this: with neither set, a single
        /// differing pixel fails; otherwise every tolerance that is set must hold.
        public var maxDiffPixels: Int?
        /// Opacity of the reference image faded into the diff image's background (pixelmatch's
        /// `alpha`), 0...1, default 0.1. Clamped; NaN counts as 0.
        public var alpha: Double
        /// Draw only the differing pixels, over a transparent background (pixelmatch's
        /// `diffMask`): anti-aliased and equal pixels stay (0,0,0,0).
        public var diffMask: Bool

        /// Options with pixelmatch's defaults and no tolerance (an exact match is required).
        public init(threshold: Double = 0.1, includeAA: Bool = false, maxDiffRatio: Double? = nil,
                    maxDiffPixels: Int? = nil, alpha: Double = 0.1, diffMask: Bool = false) {
            self.threshold = threshold
            self.includeAA = includeAA
            self.maxDiffRatio = maxDiffRatio
            self.maxDiffPixels = maxDiffPixels
            self.alpha = alpha
            self.diffMask = diffMask
        }

        /// Whether `differentPixels` out of `pixels` are within the tolerances.
        func accepts(differentPixels: Int, ratio: Double) -> Bool {
            if differentPixels == 0 { return true }
            guard maxDiffRatio != nil || maxDiffPixels != nil else { return false }
            if let maxDiffRatio, ratio > ImageDiff.clamp01(maxDiffRatio) { return false }
            if let maxDiffPixels, differentPixels > max(maxDiffPixels, 0) { return false }
            return true
        }

        /// The tolerances in words, for failure messages: e.g. `allowed ratio 0.01, allowed pixels 5`.
        public var toleranceDescription: String {
            var parts: [String] = []
            if let maxDiffRatio { parts.append("allowed ratio \(maxDiffRatio)") }
            if let maxDiffPixels { parts.append("allowed pixels \(maxDiffPixels)") }
            return parts.isEmpty ? "no differing pixel allowed" : parts.joined(separator: ", ")
        }
    }

    /// Why a comparison that asked for a diff image came without one: the images differ in size
    /// and the canvas showing both, `max(widths) x max(heights)`, would exceed the pixel limit
    /// (the limit that also bounds decoding, so every diff image can be read back).
    public struct DiffImageTooLarge: Error, Sendable, Hashable, CustomStringConvertible {
        /// The reference image's size.
        public let reference: RGBAImage.Size
        /// The actual image's size.
        public let actual: RGBAImage.Size
        /// The pixel limit the canvas exceeds.
        public let limit: Int

        /// E.g. `the images differ in size (reference 1000000x1, actual 1x1000000) and a diff image
        /// showing both would be 1000000x1000000 = 1000000000000 pixels, over the limit of 100000000 pixels`.
        public var description: String {
            let width = max(reference.width, actual.width), height = max(reference.height, actual.height)
            return "the images differ in size (reference \(reference), actual \(actual)) and a diff image showing both "
                + "would be \(width)x\(height) = \(productText(width, height)) pixels, over the limit of \(limit) pixels"
        }
    }

    /// The outcome of a comparison.
    public struct Result: Sendable, Hashable {
        /// Width in pixels of the compared area (the larger width when sizes differ).
        public let width: Int
        /// Height in pixels of the compared area (the larger height when sizes differ).
        public let height: Int
        /// The reference image's size.
        public let referenceSize: RGBAImage.Size
        /// The actual image's size.
        public let actualSize: RGBAImage.Size
        /// Pixels counted as different (anti-aliasing excluded unless `includeAA`).
        /// When sizes differ, every pixel of the `width x height` area (at most `Int.max`).
        public let differentPixels: Int
        /// `differentPixels / (width * height)`, 0...1; exactly 1 when sizes differ.
        public let ratio: Double
        /// Whether the two images have the same dimensions.
        public let sizesMatch: Bool
        /// The sizes match and the differences are within the tolerances (see `Options.maxDiffPixels`).
        public let matches: Bool
        /// pixelmatch's diff image (`width x height`), if one was requested and could be made.
        public let diffImage: RGBAImage?
        /// Set when a diff image was requested but the sizes differ and the canvas showing both
        /// would exceed `maxDiffImagePixels`; nil otherwise.
        public let diffImageTooLarge: DiffImageTooLarge?
    }

    /// Compares `actual` against `reference`.
    ///
    /// Same sizes: pixelmatch's algorithm, with the diff image drawn from the reference's
    /// greys (red = counted difference, yellow = anti-aliasing, faded grey = equal).
    ///
    /// Different sizes are a difference, never a trap: the result covers the union canvas
    /// `max(w1, w2) x max(h1, h2)`, counts all of its pixels as different and has ratio 1. Its
    /// diff image shows the pixelmatch comparison of the overlapping top-left region, with every
    /// pixel outside the overlap red; it is made only when the canvas has at most
    /// `maxDiffImagePixels` pixels (else `diffImageTooLarge` says why there is none).
    /// - Parameters:
    ///   - makeDiffImage: build the diff image (costs one RGBA buffer); default true.
    ///   - maxDiffImagePixels: the largest union canvas drawn for images of different sizes;
    ///     default `PNG.defaultMaxPixels`, the decode limit, so diff images can be read back.
    public static func compare(_ reference: RGBAImage, _ actual: RGBAImage, options: Options = Options(),
                               makeDiffImage: Bool = true, maxDiffImagePixels: Int = PNG.defaultMaxPixels) -> Result {
        guard reference.size == actual.size else {
            return compareDifferentSizes(reference, actual, options: options, makeDiffImage: makeDiffImage,
                                         maxDiffImagePixels: maxDiffImagePixels)
        }
        let width = reference.width, height = reference.height
        var count = 0
        var output: [UInt8]?
        if makeDiffImage && !options.diffMask {
            // Every pixel is drawn (grey, red or yellow): no need to zero the buffer first.
            output = [UInt8](unsafeUninitializedCapacity: reference.bytes.count) { buffer, initialized in
                count = pixelmatch(reference.bytes, actual.bytes, buffer, width: width, height: height, options: options)
                initialized = buffer.count
            }
        } else {
            if makeDiffImage { output = [UInt8](repeating: 0, count: reference.bytes.count) }
            count = pixelmatch(reference.bytes, actual.bytes, &output, width: width, height: height, options: options)
        }
        let ratio = Double(count) / Double(reference.pixelCount)
        return Result(width: width, height: height, referenceSize: reference.size, actualSize: actual.size,
                      differentPixels: count, ratio: ratio, sizesMatch: true,
                      matches: options.accepts(differentPixels: count, ratio: ratio),
                      diffImage: output.map { try! RGBAImage(width: width, height: height, bytes: $0) },
                      diffImageTooLarge: nil)
    }

    private static func compareDifferentSizes(_ reference: RGBAImage, _ actual: RGBAImage, options: Options,
                                              makeDiffImage: Bool, maxDiffImagePixels: Int) -> Result {
        let width = max(reference.width, actual.width), height = max(reference.height, actual.height)
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        var diffImage: RGBAImage?
        var tooLarge: DiffImageTooLarge?
        if makeDiffImage {
            // Checked: the canvas's pixel count and its byte count (for a caller's huge limit).
            let addressable = (try? RGBAImage.byteCount(width: width, height: height)) != nil
            if overflow || area > maxDiffImagePixels || !addressable {
                tooLarge = DiffImageTooLarge(reference: reference.size, actual: actual.size, limit: maxDiffImagePixels)
            } else {
                diffImage = unionDiffImage(reference, actual, width: width, height: height, options: options)
            }
        }
        return Result(width: width, height: height, referenceSize: reference.size, actualSize: actual.size,
                      differentPixels: overflow ? Int.max : area, ratio: 1, sizesMatch: false, matches: false,
                      diffImage: diffImage, diffImageTooLarge: tooLarge)
    }

    /// The `width x height` canvas (the caller bounded it): pixelmatch's diff of the overlap at the
    /// top left, red everywhere else. Filled row by row.
    private static func unionDiffImage(_ reference: RGBAImage, _ actual: RGBAImage, width: Int, height: Int,
                                       options: Options) -> RGBAImage {
        let w = min(reference.width, actual.width), h = min(reference.height, actual.height)
        let a = crop(reference, width: w, height: h), b = crop(actual, width: w, height: h)
        var overlap: [UInt8]? = [UInt8](repeating: 0, count: w * h * 4)
        _ = pixelmatch(a, b, &overlap, width: w, height: h, options: options)
        var redRow = [UInt8](repeating: 255, count: width * 4)
        for i in stride(from: 0, to: redRow.count, by: 4) { redRow[i + 1] = 0; redRow[i + 2] = 0 }
        var canvas = [UInt8](); canvas.reserveCapacity(width * height * 4)
        for y in 0..<height {
            if y < h {
                canvas += overlap![(y * w * 4)..<((y + 1) * w * 4)]
                canvas += redRow[(w * 4)...]
            } else {
                canvas += redRow
            }
        }
        return try! RGBAImage(width: width, height: height, bytes: canvas)
    }

    private static func crop(_ image: RGBAImage, width: Int, height: Int) -> [UInt8] {
        if width == image.width && height == image.height { return image.bytes }
        var out = [UInt8](); out.reserveCapacity(width * height * 4)
        for y in 0..<height {
            let start = y * image.width * 4
            out.append(contentsOf: image.bytes[start..<(start + width * 4)])
        }
        return out
    }

    private static func clamp01(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }

    // MARK: pixelmatch

    /// pixelmatch(img1, img2, output, width, height, options) → number of different pixels.
    static func pixelmatch(_ img1: [UInt8], _ img2: [UInt8], _ output: inout [UInt8]?,
                           width: Int, height: Int, options: Options) -> Int {
        guard output != nil else { return pixelmatch(img1, img2, nil, width: width, height: height, options: options) }
        return output!.withUnsafeMutableBufferPointer { pixelmatch(img1, img2, $0, width: width, height: height, options: options) }
    }

    /// pixelmatch drawing into `output` (`width * height * 4` bytes) when given.
    private static func pixelmatch(_ img1: [UInt8], _ img2: [UInt8], _ output: UnsafeMutableBufferPointer<UInt8>?,
                                   width: Int, height: Int, options: Options) -> Int {
        let threshold = clamp01(options.threshold)
        let alpha = clamp01(options.alpha)
        let maxDelta = maxYIQDelta * threshold * threshold
        return img1.withUnsafeBufferPointer { a in
            img2.withUnsafeBufferPointer { b in
                if a.elementsEqual(b) {  // fast path when identical
                    if let output, !options.diffMask {
                        for i in 0..<(width * height) { drawGrayPixel(a, i * 4, alpha, output) }
                    }
                    return 0
                }
                var diff = 0
                for y in 0..<height {
                    for x in 0..<width {
                        let pos = (y * width + x) * 4
                        // squared YIQ distance, negative when the img2 pixel is darker
                        let delta = colorDelta(a, b, pos, pos, yOnly: false)
                        if abs(delta) > maxDelta {
                            if !options.includeAA
                                && (antialiased(a, x, y, width, height, b) || antialiased(b, x, y, width, height, a)) {
                                // anti-aliasing: yellow, not counted, not part of a mask
                                if let output, !options.diffMask { drawPixel(output, pos, 255, 255, 0) }
                            } else {
                                if let output { drawPixel(output, pos, 255, 0, 0) }
                                diff += 1
                            }
                        } else if let output, !options.diffMask {
                            drawGrayPixel(a, pos, alpha, output)
                        }
                    }
                }
                return diff
            }
        }
    }

    /// Is pixel (x1, y1) of `img` likely anti-aliasing? Between a darkest and a brightest
    /// neighbour, with at most two equal neighbours, where the darkest or the brightest
    /// neighbour sits in a flat area (3+ equal siblings) in both images.
    static func antialiased(_ img: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int,
                            _ width: Int, _ height: Int, _ img2: UnsafeBufferPointer<UInt8>) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let pos = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var minDelta = 0.0, maxDelta = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }
                // brightness delta between the centre pixel and this neighbour
                let delta = colorDelta(img, img, pos, (y * width + x) * 4, yOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }  // 3+ equal siblings: not anti-aliasing
                } else if delta < minDelta {
                    minDelta = delta; minX = x; minY = y
                } else if delta > maxDelta {
                    maxDelta = delta; maxX = x; maxY = y
                }
            }
        }
        // no darker or no brighter neighbour: not anti-aliasing
        if minDelta == 0 || maxDelta == 0 { return false }
        return (hasManySiblings(img, minX, minY, width, height) && hasManySiblings(img2, minX, minY, width, height))
            || (hasManySiblings(img, maxX, maxY, width, height) && hasManySiblings(img2, maxX, maxY, width, height))
    }

    /// Does pixel (x1, y1) have 3+ identical neighbours (image borders count as one)?
    static func hasManySiblings(_ img: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int,
                                _ width: Int, _ height: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let pos = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }
                let pos2 = (y * width + x) * 4
                if img[pos] == img[pos2] && img[pos + 1] == img[pos2 + 1]
                    && img[pos + 2] == img[pos2 + 2] && img[pos + 3] == img[pos2 + 3] {
                    zeroes += 1
                }
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    /// Squared YIQ distance between pixel `k` of `img1` and pixel `m` of `img2` (byte offsets),
    /// negative when the second is darker; with `yOnly`, the signed brightness difference.
    /// Translucent pixels are first blended onto white.
    static func colorDelta(_ img1: UnsafeBufferPointer<UInt8>, _ img2: UnsafeBufferPointer<UInt8>,
                           _ k: Int, _ m: Int, yOnly: Bool) -> Double {
        var r1 = Double(img1[k]), g1 = Double(img1[k + 1]), b1 = Double(img1[k + 2]), a1 = Double(img1[k + 3])
        var r2 = Double(img2[m]), g2 = Double(img2[m + 1]), b2 = Double(img2[m + 2]), a2 = Double(img2[m + 3])
        if a1 == a2 && r1 == r2 && g1 == g2 && b1 == b2 { return 0 }
        if a1 < 255 {
            a1 /= 255
            r1 = blend(r1, a1); g1 = blend(g1, a1); b1 = blend(b1, a1)
        }
        if a2 < 255 {
            a2 /= 255
            r2 = blend(r2, a2); g2 = blend(g2, a2); b2 = blend(b2, a2)
        }
        let yy1 = rgb2y(r1, g1, b1), yy2 = rgb2y(r2, g2, b2)
        let y = yy1 - yy2
        if yOnly { return y }
        let i = rgb2i(r1, g1, b1) - rgb2i(r2, g2, b2)
        let q = rgb2q(r1, g1, b1) - rgb2q(r2, g2, b2)
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return yy1 > yy2 ? -delta : delta
    }

    @inline(__always) static func rgb2y(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }
    @inline(__always) static func rgb2i(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }
    @inline(__always) static func rgb2q(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }
    /// Blends a component with white at opacity `a` (0...1).
    @inline(__always) static func blend(_ c: Double, _ a: Double) -> Double { 255 + (c - 255) * a }

    @inline(__always) static func drawPixel(_ output: UnsafeMutableBufferPointer<UInt8>, _ pos: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
        output[pos] = r; output[pos + 1] = g; output[pos + 2] = b; output[pos + 3] = 255
    }

    /// The reference pixel's luma, faded towards white by `alpha` (pixelmatch's drawGrayPixel);
    /// stored truncated, as pixelmatch's Uint8Array output does.
    @inline(__always) static func drawGrayPixel(_ img: UnsafeBufferPointer<UInt8>, _ i: Int, _ alpha: Double,
                                                _ output: UnsafeMutableBufferPointer<UInt8>) {
        let value = blend(rgb2y(Double(img[i]), Double(img[i + 1]), Double(img[i + 2])), alpha * Double(img[i + 3]) / 255)
        let v = UInt8(min(max(value, 0), 255))
        drawPixel(output, i, v, v, v)
    }
}
