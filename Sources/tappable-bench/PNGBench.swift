import CPNG
import Foundation
import PNGFixtures
import TappableLayout
import TappableRendering
import TappableShaping
import TappableSnapshot
import TappableText

// PNG figures, each against a baseline measured in the same run:
//  - encoding a 1-megapixel label at .fast and .best against the previous encoder (libpng's
//    simplified API run twice: once to measure, once to write; zlib level 6, adaptive filters),
//  - decoding a decompression bomb (a 1000 x 1000 image followed by 1 GiB of zeros in its image
//    data) against decoding the same image without the excess, and against the previous decoder
//    (libpng's simplified API, which inflates the excess to its end).

/// A label painted at the scale that makes it about one megapixel: black text, transparent around it.
func megapixelLabel(shaper: TextShaper) throws -> RGBAImage {
    let text = AttributedText(String(repeating: "By registering, I agree to the Terms of Service and Privacy Policy of this service. ", count: 12))
    let layout = try LabelLayout(text: text, width: 480, properties: LabelProperties(numberOfLines: 0), shaper: shaper)
    let scale = (1_000_000 / (layout.size.width * layout.size.height)).squareRoot()
    return try LabelRenderer.image(layout, scale: scale).rgbaImage()
}

/// The encoder before this one: `png_image_write_to_memory` once to learn the size, once to write.
func legacyTwoPassEncode(_ image: RGBAImage) -> Data {
    var png = png_image()
    png.version = png_uint_32(PNG_IMAGE_VERSION)
    png.width = png_uint_32(image.width)
    png.height = png_uint_32(image.height)
    png.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
    return image.bytes.withUnsafeBytes { pixels in
        var size: png_alloc_size_t = 0
        var measuring = png
        precondition(png_image_write_to_memory(&measuring, nil, &size, 0, pixels.baseAddress, 0, nil) != 0)
        png_image_free(&measuring)
        var out = [UInt8](repeating: 0, count: Int(size))
        var written = size
        let ok = out.withUnsafeMutableBytes { png_image_write_to_memory(&png, $0.baseAddress, &written, 0, pixels.baseAddress, 0, nil) }
        precondition(ok != 0)
        png_image_free(&png)
        return Data(out.prefix(Int(written)))
    }
}

/// The decoder before this one: libpng's simplified API into RGBA8.
func legacyDecode(_ data: Data) -> Int {
    var image = png_image()
    image.version = png_uint_32(PNG_IMAGE_VERSION)
    return data.withUnsafeBytes { raw in
        guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else { return -1 }
        image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        var buffer = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * 4)
        let ok = buffer.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        png_image_free(&image)
        return ok != 0 ? buffer.count : -1
    }
}

func pngFigures(shaper: TextShaper) throws -> [(String, Double)] {
    let label = try megapixelLabel(shaper: shaper)
    var sizes: [PNG.Compression: Int] = [:]
    var times: [PNG.Compression: Double] = [:]
    for compression in PNG.Compression.allCases {
        let data = try PNG.encode(label, compression: compression)
        let decoded = try PNG.decode(data)
        precondition(decoded == label, "\(compression) must store the same pixels")
        sizes[compression] = data.count
        times[compression] = try measure(rounds: 3, iterations: 3) { _ = try PNG.encode(label, compression: compression) }
    }
    let legacy = legacyTwoPassEncode(label)
    let legacyDecoded = try PNG.decode(legacy)
    precondition(legacyDecoded == label)
    let legacyTime = measure(rounds: 3, iterations: 3) { _ = legacyTwoPassEncode(label) }

    let plain = zeroBombPNG(width: 1000, height: 1000, extraZeros: 0)
    let bomb = zeroBombPNG(width: 1000, height: 1000, extraZeros: 1 << 30)
    let plainTime = try measure(rounds: 3, iterations: 3) { _ = try PNG.decode(plain) }
    var refused = false
    let bombTime = measure(rounds: 3, iterations: 3) {
        do { _ = try PNG.decode(bomb) } catch { refused = true }
    }
    precondition(refused, "the bomb is refused")
    let legacyPlainTime = measure(rounds: 3, iterations: 1) { precondition(legacyDecode(plain) > 0) }
    let legacyBombTime = measure(rounds: 1, iterations: 1) { _ = legacyDecode(bomb) }

    let fast = times[.fast]!, best = times[.best]!
    let fastSize = Double(sizes[.fast]!), bestSize = Double(sizes[.best]!), legacySize = Double(legacy.count)
    var result: [(String, Double)] = []
    result.append(("labelPixels", Double(label.pixelCount)))
    result.append(("pngEncodeFastMilliseconds", fast * 1e3))
    result.append(("pngEncodeBestMilliseconds", best * 1e3))
    result.append(("pngEncodeLegacyTwoPassMilliseconds", legacyTime * 1e3))
    result.append(("pngEncodeFastSpeedupOverLegacy", legacyTime / fast))
    result.append(("pngEncodeBestToFastTimeRatio", best / fast))
    result.append(("pngFastKB", fastSize / 1024))
    result.append(("pngBestKB", bestSize / 1024))
    result.append(("pngLegacyKB", legacySize / 1024))
    result.append(("pngFastToLegacySizeRatio", fastSize / legacySize))
    result.append(("pngBestToLegacySizeRatio", bestSize / legacySize))
    result.append(("bombFileKB", Double(bomb.count) / 1024))
    result.append(("plainDecodeMilliseconds", plainTime * 1e3))
    result.append(("bombDecodeMilliseconds", bombTime * 1e3))
    result.append(("bombToPlainDecodeRatio", bombTime / plainTime))
    result.append(("legacyPlainDecodeMilliseconds", legacyPlainTime * 1e3))
    result.append(("legacyBombDecodeMilliseconds", legacyBombTime * 1e3))
    result.append(("legacyBombToPlainDecodeRatio", legacyBombTime / legacyPlainTime))
    return result
}
