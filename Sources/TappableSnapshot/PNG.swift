import CPNG
import Foundation

/// Why a PNG could not be read or written. Every case names the file (or `<memory>`) and the
/// problem; `description` is a single line meant for test failures and the command line.
public enum PNGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be opened or read (missing, a directory, no permission…).
    case unreadable(source: String, reason: String)
    /// The data does not start with the PNG signature.
    case notPNG(source: String)
    /// The data ends before the PNG stream does (no complete IEND chunk).
    case truncated(source: String, detail: String)
    /// The stream is complete but libpng rejected it (bad CRC, bad header, bad compressed data…).
    case corrupt(source: String, detail: String)
    /// The header's `width * height` exceeds the configured limit; nothing was allocated.
    case tooLarge(source: String, width: Int, height: Int, limit: Int)
    /// The image could not be encoded in the requested storage format.
    case encodingFailed(destination: String, detail: String)
    /// Writing the encoded file failed.
    case writeFailed(path: String, reason: String)

    /// E.g. `snap.png: PNG is 100000x100000 = 10000000000 pixels, over the limit of 100000000`.
    public var description: String {
        switch self {
        case let .unreadable(source, reason):
            return "\(source): cannot read file: \(reason)"
        case let .notPNG(source):
            return "\(source): not a PNG file (missing PNG signature)"
        case let .truncated(source, detail):
            return "\(source): truncated PNG (\(detail))"
        case let .corrupt(source, detail):
            return "\(source): corrupt PNG: \(detail)"
        case let .tooLarge(source, width, height, limit):
            return "\(source): PNG is \(width)x\(height) = \(width * height) pixels, over the limit of \(limit) pixels"
        case let .encodingFailed(destination, detail):
            return "\(destination): cannot encode PNG: \(detail)"
        case let .writeFailed(path, reason):
            return "\(path): cannot write PNG: \(reason)"
        }
    }
}

/// PNG decoding and encoding through libpng's simplified API (no setjmp/longjmp on our side).
public enum PNG {
    /// The default decode limit: 100 megapixels (400 MB of RGBA8).
    public static let defaultMaxPixels = 100_000_000

    /// How `encode(_:format:)` stores pixels in the file.
    public enum StorageFormat: String, Sendable, CaseIterable {
        /// 8-bit RGBA (colour type 6). Lossless for every `RGBAImage`; the default.
        case rgba
        /// 8-bit RGB (colour type 2). Requires every pixel to be opaque.
        case rgb
        /// 8-bit greyscale (colour type 0). Requires opaque pixels with r == g == b.
        case grey
        /// 8-bit greyscale with alpha (colour type 4). Requires r == g == b.
        case greyAlpha
        /// 8-bit palette (colour type 3, with tRNS when needed). Requires at most 256 distinct colours.
        case palette
        // No 16-bit formats: the simplified API writes 16-bit files only as linear light, which
        // does not round-trip 8-bit sRGB exactly.
    }

    // MARK: Reading

    /// The IHDR facts the plausibility check needs.
    struct Header { var width: Int; var height: Int; var bitsPerPixel: Int }

    /// `bytes` without the gAMA, cHRM, iCCP, sRGB and cICP chunks (so libpng hands back the stored
    /// values unconverted), the total length of the IDAT chunks, and the header; when the chunk
    /// structure is broken the bytes come back unchanged (libpng then reports the problem).
    static func withoutColorManagement(_ bytes: [UInt8]) -> ([UInt8], Int?, Header?) {
        let dropped: Set<String> = ["gAMA", "cHRM", "iCCP", "sRGB", "cICP"]
        var out = Array(bytes.prefix(8))
        var i = 8, idat = 0
        var header: Header?
        func be32(_ k: Int) -> Int { Int(bytes[k]) << 24 | Int(bytes[k + 1]) << 16 | Int(bytes[k + 2]) << 8 | Int(bytes[k + 3]) }
        while i + 12 <= bytes.count {
            let length = be32(i)
            let end = i + 12 + length
            guard length >= 0, end <= bytes.count else { return (bytes, nil, header) }
            let type = String(decoding: bytes[i + 4..<i + 8], as: UTF8.self)
            if type == "IHDR", length >= 13 {
                let depth = Int(bytes[i + 16]), colorType = Int(bytes[i + 17])
                let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 1
                header = Header(width: be32(i + 8), height: be32(i + 12), bitsPerPixel: depth * channels)
            }
            if type == "IDAT" { idat += length }
            if !dropped.contains(type) { out.append(contentsOf: bytes[i..<end]) }
            i = end
            if type == "IEND" { break }
        }
        out.append(contentsOf: bytes[min(i, bytes.count)...])
        return (out, idat, header)
    }

    /// Decodes a PNG of any colour type and bit depth (1/2/4/8/16-bit grey, grey-alpha, RGB,
    /// RGBA, palette; interlaced or not) into straight-alpha RGBA8. 16-bit data is reduced to
    /// 8 bits; 16-bit files without gamma information are taken as sRGB-encoded.
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - source: the name used in error messages (a path, or `<memory>`).
    ///   - maxPixels: refuse images whose `width * height` exceeds this, before allocating pixels.
    /// - Throws: `PNGError.notPNG`, `.truncated`, `.corrupt` or `.tooLarge`; never traps on bad data.
    public static func decode(_ data: Data, source: String = "<memory>",
                              maxPixels: Int = defaultMaxPixels) throws(PNGError) -> RGBAImage {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let head = [UInt8](data.prefix(8))
        guard head == signature else {
            if !head.isEmpty, head.count < 8, Array(signature.prefix(head.count)) == head {
                throw .truncated(source: source, detail: "only \(data.count) bytes")
            }
            throw .notPNG(source: source)
        }
        let original = [UInt8](data)
        // Compare stored values, as pixelmatch does: no gamma or colour-profile conversion.
        let (bytes, imageDataBytes, header) = withoutColorManagement(original)
        if let header, let idat = imageDataBytes {
            let (pixels, tooMany) = header.width.multipliedReportingOverflow(by: header.height)
            if tooMany || pixels > maxPixels {
                throw .tooLarge(source: source, width: header.width, height: header.height, limit: maxPixels)
            }
            // Deflate shrinks data at most about 1032 times: a header promising far more pixels
            // than its image data could hold is refused before anything is allocated.
            let rowBytes = (header.width * header.bitsPerPixel + 7) / 8
            let (rows, overflow) = header.height.multipliedReportingOverflow(by: 1 + rowBytes)
            if overflow || rows / 1032 > idat + 64 {
                throw .truncated(source: source, detail: "\(idat) bytes of image data cannot hold \(header.width) x \(header.height) pixels")
            }
        }
        let outcome: Result<RGBAImage, PNGError> = bytes.withUnsafeBytes { raw in
            var image = png_image()
            image.version = png_uint_32(PNG_IMAGE_VERSION)
            image.opaque = nil
            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
                let message = messageOf(&image)
                png_image_free(&image)
                return .failure(classify(bytes, source: source, message: message))
            }
            let width = Int(image.width), height = Int(image.height)
            // Refuse oversized images before any pixel allocation.
            let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
            guard !overflow, pixels <= maxPixels, width <= Int(Int32.max) / 4 else {
                png_image_free(&image)
                return .failure(.tooLarge(source: source, width: width, height: height, limit: maxPixels))
            }
            image.flags |= png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB)
            image.format = Format.rgba
            var buffer = [UInt8](repeating: 0, count: pixels * 4)
            let ok = buffer.withUnsafeMutableBytes { out in
                png_image_finish_read(&image, nil, out.baseAddress, png_int_32(width * 4), nil)
            }
            guard ok != 0 else {
                let message = messageOf(&image)
                png_image_free(&image)
                return .failure(classify(bytes, source: source, message: message))
            }
            png_image_free(&image)
            // libpng stops after the image data; a file cut before IEND is still truncated.
            if case .truncated(let source, let detail)? = structuralTruncation(bytes, source: source, message: "image data complete, IEND missing") {
                return .failure(.truncated(source: source, detail: detail))
            }
            do {
                return .success(try RGBAImage(width: width, height: height, bytes: buffer))
            } catch {
                return .failure(.corrupt(source: source, detail: "\(error)"))
            }
        }
        return try outcome.get()
    }

    /// Reads and decodes the PNG file at `path` (see `decode(_:source:maxPixels:)`).
    /// - Throws: `PNGError.unreadable` if the file cannot be read, otherwise as `decode`.
    public static func read(contentsOf path: String, maxPixels: Int = defaultMaxPixels) throws(PNGError) -> RGBAImage {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? error.localizedDescription : "no such file"
            throw .unreadable(source: path, reason: reason)
        }
        return try decode(data, source: path, maxPixels: maxPixels)
    }

    // MARK: Writing

    /// Encodes `image` as a PNG file's bytes.
    /// - Parameter format: how pixels are stored (default lossless 8-bit RGBA).
    /// - Throws: `PNGError.encodingFailed` when the image does not fit the format (e.g. a
    ///   translucent pixel for `.rgb`, colour for `.grey`, more than 256 colours for `.palette`).
    public static func encode(_ image: RGBAImage, format: StorageFormat = .rgba) throws(PNGError) -> Data {
        try encode(image, format: format, destination: "<memory>")
    }

    /// Encodes `image` and writes it to `path` atomically (temporary file in the same directory,
    /// then rename; parent directories are created; an existing file is replaced only by a
    /// complete new one).
    /// - Throws: `PNGError.encodingFailed` or `.writeFailed` naming the path.
    public static func write(_ image: RGBAImage, to path: String, format: StorageFormat = .rgba) throws(PNGError) {
        let data = try encode(image, format: format, destination: path)
        do {
            try AtomicFile.write(data, to: path)
        } catch {
            throw .writeFailed(path: path, reason: error.reason)
        }
    }

    // MARK: Internals

    /// libpng's PNG_FORMAT_* values (function-like composite macros are not imported into Swift).
    private enum Format {
        static let alpha = png_uint_32(PNG_FORMAT_FLAG_ALPHA)
        static let color = png_uint_32(PNG_FORMAT_FLAG_COLOR)
        static let colormap = png_uint_32(PNG_FORMAT_FLAG_COLORMAP)
        static let gray: png_uint_32 = 0
        static let ga = alpha
        static let rgb = color
        static let rgba = color | alpha
        static let rgbaColormap = color | alpha | colormap
    }

    private static func encode(_ image: RGBAImage, format: StorageFormat, destination: String) throws(PNGError) -> Data {
        var png = png_image()
        png.version = png_uint_32(PNG_IMAGE_VERSION)
        png.opaque = nil
        png.width = png_uint_32(image.width)
        png.height = png_uint_32(image.height)
        let px = image.bytes
        let n = image.pixelCount
        func fail(_ detail: String) -> PNGError { .encodingFailed(destination: destination, detail: detail) }

        switch format {
        case .rgba:
            png.format = Format.rgba
            return try write(&png, buffer: px, colormap: nil, destination: destination)
        case .rgb:
            var out = [UInt8](); out.reserveCapacity(n * 3)
            for i in 0..<n {
                guard px[i * 4 + 3] == 255 else { throw fail("RGB storage needs opaque pixels; pixel \(i) has alpha \(px[i * 4 + 3])") }
                out.append(px[i * 4]); out.append(px[i * 4 + 1]); out.append(px[i * 4 + 2])
            }
            png.format = Format.rgb
            return try write(&png, buffer: out, colormap: nil, destination: destination)
        case .grey, .greyAlpha:
            let alpha = format == .greyAlpha
            var out = [UInt8](); out.reserveCapacity(n * (alpha ? 2 : 1))
            for i in 0..<n {
                let r = px[i * 4], g = px[i * 4 + 1], b = px[i * 4 + 2], a = px[i * 4 + 3]
                guard r == g, g == b else { throw fail("grey storage needs r == g == b; pixel \(i) is \(r),\(g),\(b)") }
                guard alpha || a == 255 else { throw fail("grey storage without alpha needs opaque pixels; pixel \(i) has alpha \(a)") }
                out.append(r)
                if alpha { out.append(a) }
            }
            png.format = alpha ? Format.ga : Format.gray
            return try write(&png, buffer: out, colormap: nil, destination: destination)
        case .palette:
            var colours: [UInt32: UInt8] = [:]
            var colormap = [UInt8]()
            var indices = [UInt8](); indices.reserveCapacity(n)
            for i in 0..<n {
                let key = UInt32(px[i * 4]) << 24 | UInt32(px[i * 4 + 1]) << 16 | UInt32(px[i * 4 + 2]) << 8 | UInt32(px[i * 4 + 3])
                if let index = colours[key] {
                    indices.append(index)
                } else {
                    guard colours.count < 256 else { throw fail("palette storage allows at most 256 distinct colours") }
                    let index = UInt8(colours.count)
                    colours[key] = index
                    colormap.append(contentsOf: px[(i * 4)..<(i * 4 + 4)])
                    indices.append(index)
                }
            }
            png.format = Format.rgbaColormap
            png.colormap_entries = png_uint_32(colours.count)
            return try write(&png, buffer: indices, colormap: colormap, destination: destination)
        }
    }

    private static func write(_ png: inout png_image, buffer: [UInt8], colormap: [UInt8]?,
                              destination: String) throws(PNGError) -> Data {
        let result: Result<Data, PNGError> = buffer.withUnsafeBytes { raw in
            guard let colormap else { return writeToMemory(&png, raw.baseAddress!, nil, destination: destination) }
            return colormap.withUnsafeBytes { map in
                writeToMemory(&png, raw.baseAddress!, map.baseAddress, destination: destination)
            }
        }
        return try result.get()
    }

    /// Two passes over `png_image_write_to_memory`: the first measures, the second writes.
    private static func writeToMemory(_ png: inout png_image, _ buffer: UnsafeRawPointer,
                                      _ colormap: UnsafeRawPointer?, destination: String) -> Result<Data, PNGError> {
        var size: png_alloc_size_t = 0
        var measuring = png
        guard png_image_write_to_memory(&measuring, nil, &size, 0, buffer, 0, colormap) != 0, size > 0 else {
            let message = messageOf(&measuring)
            png_image_free(&measuring)
            return .failure(.encodingFailed(destination: destination, detail: message))
        }
        png_image_free(&measuring)
        var out = [UInt8](repeating: 0, count: Int(size))
        var written = size
        let ok = out.withUnsafeMutableBytes { dst in
            png_image_write_to_memory(&png, dst.baseAddress, &written, 0, buffer, 0, colormap)
        }
        guard ok != 0 else {
            let message = messageOf(&png)
            png_image_free(&png)
            return .failure(.encodingFailed(destination: destination, detail: message))
        }
        png_image_free(&png)
        return .success(Data(out.prefix(Int(written))))
    }

    private static func messageOf(_ image: inout png_image) -> String {
        let text = withUnsafeBytes(of: &image.message) { raw -> String in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        return text.isEmpty ? "unknown libpng error" : text
    }

    /// Decides whether a libpng failure is truncation (the chunk stream ends before a complete
    /// IEND) or corruption, by walking the chunk headers ourselves.
    private static func classify(_ bytes: [UInt8], source: String, message: String) -> PNGError {
        structuralTruncation(bytes, source: source, message: message) ?? .corrupt(source: source, detail: message)
    }

    /// `.truncated` if the chunk stream ends before a complete IEND chunk, nil if it is complete
    /// (or its chunk lengths are nonsense, which is corruption rather than truncation).
    private static func structuralTruncation(_ bytes: [UInt8], source: String, message: String) -> PNGError? {
        var offset = 8
        while true {
            guard offset + 8 <= bytes.count else {
                return .truncated(source: source, detail: "data ends at byte \(bytes.count) inside the chunk stream; libpng: \(message)")
            }
            let length = Int(UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16
                             | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3]))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let end = offset + 12 + length
            guard length <= Int(Int32.max) else { return nil }
            guard end <= bytes.count else {
                return .truncated(source: source, detail: "chunk \(type) at byte \(offset) needs \(length) data bytes, file has \(bytes.count) bytes; libpng: \(message)")
            }
            if type == "IEND" { return nil }
            offset = end
        }
    }
}
