import CPNGCodec
import Foundation
import TappableText

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
    /// No diff image was written to `destination`: the images differ in size and the canvas
    /// showing both would exceed the pixel limit.
    case diffImageTooLarge(destination: String, ImageDiff.DiffImageTooLarge)

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
            return "\(source): PNG is \(width)x\(height) = \(productText(width, height)) pixels, over the limit of \(limit) pixels"
        case let .encodingFailed(destination, detail):
            return "\(destination): cannot encode PNG: \(detail)"
        case let .writeFailed(path, reason):
            return "\(path): cannot write PNG: \(reason)"
        case let .diffImageTooLarge(destination, reason):
            return "\(destination): no diff image written: \(reason)"
        }
    }
}

/// `a * b` as decimal text, exact even when the product does not fit in `Int` (for messages about
/// sizes that were refused precisely because they are absurd).
func productText(_ a: Int, _ b: Int) -> String {
    let (product, overflow) = a.multipliedReportingOverflow(by: b)
    if !overflow { return "\(product)" }
    let (high, low) = a.magnitude.multipliedFullWidth(by: b.magnitude)
    let sign = (a < 0) != (b < 0) ? "-" : ""
    if high == 0 { return sign + "\(low)" }
    return sign + "more than \(UInt.max)"
}

/// PNG decoding and encoding through libpng's low-level API (CPNGCodec runs it under setjmp).
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
        // No 16-bit formats: 8-bit sRGB values are what the module works in.
    }

    /// How hard `encode` compresses. Lossless either way: the decoded pixels are identical, only
    /// encoding time and file size differ.
    public enum Compression: String, Sendable, CaseIterable {
        /// zlib level 1, rows unfiltered (filter None): for labels (text on transparency or on
        /// flat colour, whose repeated rows zlib's window finds anyway) the fastest setting libpng
        /// offers and no larger than adaptive filtering at level 1, about twice as fast as level 3
        /// with adaptive filters, and tens of times faster than `.best`, for files a third to a half
        /// larger than `.best` (photographs and gradients would grow more). The default, for
        /// snapshots, diff images and command-line output; `tappable-bench` reports times and sizes.
        case fast
        /// zlib level 9, libpng choosing per row among all five filters: smaller files, many
        /// times slower; for images kept for long or shipped.
        case best

        /// The zlib level, 0...9.
        var zlibLevel: Int32 {
            switch self {
            case .fast: return 1
            case .best: return 9
            }
        }

        /// libpng's row filter mask for truecolour and grey images (palette images are never filtered).
        var filters: Int32 {
            switch self {
            case .fast: return Int32(TP_PNG_FILTER_NONE)
            case .best: return Int32(TP_PNG_FILTER_ALL)
            }
        }
    }

    // MARK: Reading

    /// The IHDR facts the plausibility check needs.
    struct Header { var width: Int; var height: Int; var bitsPerPixel: Int }

    /// The header (when the first chunk is a 13-byte IHDR) and the number of image data bytes the
    /// file holds (IDAT chunk data up to IEND or the end of the data, a cut chunk counting what
    /// is there). Reads chunk lengths and types only; nothing is copied.
    static func scanChunks(_ bytes: [UInt8]) -> (header: Header?, imageDataBytes: Int) {
        func be32(_ k: Int) -> Int { Int(bytes[k]) << 24 | Int(bytes[k + 1]) << 16 | Int(bytes[k + 2]) << 8 | Int(bytes[k + 3]) }
        func type(at i: Int) -> [UInt8] { Array(bytes[i + 4..<i + 8]) }
        var header: Header?
        if bytes.count >= 33, be32(8) == 13, type(at: 8) == Array("IHDR".utf8) {
            let depth = Int(bytes[24]), colorType = Int(bytes[25])
            let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 1
            header = Header(width: be32(16), height: be32(20), bitsPerPixel: depth * channels)
        }
        var i = 8, imageData = 0
        while i + 8 <= bytes.count {
            let length = be32(i), kind = type(at: i)
            if kind == Array("IDAT".utf8) { imageData += min(length, bytes.count - i - 8) }
            if kind == Array("IEND".utf8) { break }
            i += 12 + length
        }
        return (header, imageData)
    }

    /// Decodes a PNG of any colour type and bit depth (1/2/4/8/16-bit grey, grey-alpha, RGB,
    /// RGBA, palette; interlaced or not) into straight-alpha RGBA8, as stored: gamma and colour
    /// profiles are ignored, 16-bit samples are scaled to 8 bits.
    ///
    /// The image data is inflated only as far as the image needs, so a small file cannot cost
    /// gigabytes of inflation: compressed data that continues past the last row is refused as
    /// corrupt as soon as the excess appears, and so is a damaged zlib checksum.
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
        let bytes = [UInt8](data)
        let (header, imageDataBytes) = scanChunks(bytes)
        // No header to size the pixels by: libpng names what is wrong with the start of the file.
        var width = 0, height = 0
        if let header {
            guard header.width > 0, header.height > 0 else {
                throw .corrupt(source: source, detail: "the header gives the image \(header.width)x\(header.height) pixels (PNG needs at least 1x1)")
            }
            let (pixels, tooMany) = header.width.multipliedReportingOverflow(by: header.height)
            if tooMany || pixels > maxPixels {
                throw .tooLarge(source: source, width: header.width, height: header.height, limit: maxPixels)
            }
            // Deflate shrinks data at most about 1032 times: a header promising far more pixels
            // than its image data could hold is refused before anything is allocated.
            let (bits, o1) = header.width.multipliedReportingOverflow(by: header.bitsPerPixel)
            let (rows, o2) = header.height.multipliedReportingOverflow(by: 1 + (bits + 7) / 8)
            if o1 || o2 || rows / 1032 > imageDataBytes + 64 {
                throw .truncated(source: source, detail: "\(imageDataBytes) bytes of image data cannot hold \(header.width) x \(header.height) pixels")
            }
            // Sides PNG does not allow are left to libpng to reject, without a buffer.
            if header.width <= Int(Int32.max), header.height <= Int(Int32.max) {
                width = header.width
                height = header.height
            }
        }
        let byteCount: Int
        do {
            byteCount = width == 0 ? 0 : try RGBAImage.byteCount(width: width, height: height)
        } catch {
            throw .tooLarge(source: source, width: width, height: height, limit: maxPixels)
        }
        var pixels = [UInt8](repeating: 0, count: byteCount)
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { output in
                tp_png_decode_rgba(input.baseAddress, input.count, UInt32(width), UInt32(height),
                                   byteCount == 0 ? nil : output.baseAddress, &message, message.count)
            }
        }
        guard status == TP_PNG_OK else {
            throw classify(bytes, source: source, message: text(of: message))
        }
        do {
            return try RGBAImage(width: width, height: height, bytes: pixels)
        } catch {
            throw .corrupt(source: source, detail: "\(error)")
        }
    }

    /// The largest PNG file `read` takes, in bytes (1 GiB): the largest image decoding allows
    /// (`defaultMaxPixels`), stored without compression, is about 400 MB.
    public static let maximumFileSize = 1 << 30

    /// Reads and decodes the PNG file at `path` (see `decode(_:source:maxPixels:)`). Only a
    /// regular file is read: a directory, FIFO, device or socket is refused before it is read (no
    /// endless read of `/dev/zero`, no wait on a FIFO), and so is a file over `maximumFileSize`.
    /// - Throws: `PNGError.unreadable` naming the problem (`no such file or directory`, `a
    ///   character device, not a regular file`, `larger than 1024 MiB …`), otherwise as `decode`.
    public static func read(contentsOf path: String, maxPixels: Int = defaultMaxPixels) throws(PNGError) -> RGBAImage {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(path: path, limit: maximumFileSize, accepting: .regularFiles)
        } catch {
            throw .unreadable(source: path, reason: error.reason.prefix(1).lowercased() + error.reason.dropFirst())
        }
        return try decode(Data(bytes), source: path, maxPixels: maxPixels)
    }

    // MARK: Writing

    /// Encodes `image` as a PNG file's bytes, in one pass.
    /// - Parameters:
    ///   - format: how pixels are stored (default lossless 8-bit RGBA).
    ///   - compression: speed against size (default `.fast`); the pixels are the same either way.
    /// - Throws: `PNGError.encodingFailed` when the image does not fit the format (e.g. a
    ///   translucent pixel for `.rgb`, colour for `.grey`, more than 256 colours for `.palette`).
    public static func encode(_ image: RGBAImage, format: StorageFormat = .rgba,
                              compression: Compression = .fast) throws(PNGError) -> Data {
        try encode(image, format: format, compression: compression, destination: "<memory>")
    }

    /// Encodes `image` and writes it to `path` with `AtomicFile` (temporary file in the same
    /// folder, then rename; an existing file is replaced only by a complete new one; only a
    /// regular file or a symbolic link to one is replaced; a missing folder is an error unless
    /// `missingFolder` allows it; with `sync`, flushed to disk first).
    /// - Throws: `PNGError.encodingFailed` or `.writeFailed` naming the path.
    public static func write(_ image: RGBAImage, to path: String, format: StorageFormat = .rgba,
                             compression: Compression = .fast, missingFolder: AtomicFile.MissingFolder = .refuse,
                             sync: Bool = false) throws(PNGError) {
        let data = try encode(image, format: format, compression: compression, destination: path)
        do {
            try AtomicFile.write(data, to: path, missingFolder: missingFolder, sync: sync)
        } catch {
            throw .writeFailed(path: path, reason: error.reason)
        }
    }

    // MARK: Internals

    /// The samples `format` stores for `image`, its PNG colour type and, for palettes, the RGBA
    /// colour map. RGB samples are the image's RGBA bytes (the encoder skips the alpha bytes).
    private static func samples(of image: RGBAImage, as format: StorageFormat,
                                destination: String) throws(PNGError) -> (samples: [UInt8], colorType: Int32, palette: [UInt8]) {
        let px = image.bytes
        let n = image.pixelCount
        func fail(_ detail: String) -> PNGError { .encodingFailed(destination: destination, detail: detail) }
        switch format {
        case .rgba:
            return (px, 6, [])
        case .rgb:
            if let translucent = px.withUnsafeBufferPointer({ p in (0..<n).first { p[$0 * 4 + 3] != 255 } }) {
                throw fail("RGB storage needs opaque pixels; pixel \(translucent) has alpha \(px[translucent * 4 + 3])")
            }
            return (px, 2, [])   // the RGBA bytes themselves: libpng skips each fourth byte
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
            return (out, alpha ? 4 : 0, [])
        case .palette:
            guard let (indices, colormap) = paletteSamples(px, pixels: n) else {
                throw fail("palette storage allows at most 256 distinct colours")
            }
            return (indices, 3, colormap)
        }
    }

    /// Palette indices for `pixels` RGBA pixels, colours numbered in order of first appearance,
    /// and the RGBA colour map; nil when there are more than 256 colours. One pass: a repeat of
    /// the previous pixel costs a comparison, another colour a probe in a small open-addressed table.
    static func paletteSamples(_ px: [UInt8], pixels n: Int) -> (indices: [UInt8], colormap: [UInt8])? {
        var keys = [UInt32](repeating: 0, count: 1024), slots = [Int16](repeating: -1, count: 1024)
        var colormap: [UInt8] = []
        colormap.reserveCapacity(1024)
        var tooMany = false
        let indices = [UInt8](unsafeUninitializedCapacity: n) { out, count in
            count = 0
            px.withUnsafeBytes { raw in
                var lastKey: UInt32 = 0, lastIndex: UInt8 = 0, hasLast = false
                for i in 0..<n {
                    let key = raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)
                    if hasLast, key == lastKey { out[i] = lastIndex; continue }
                    var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> 22)
                    while slots[slot] >= 0, keys[slot] != key { slot = (slot + 1) & 1023 }
                    if slots[slot] < 0 {
                        guard colormap.count < 1024 else { tooMany = true; return }
                        keys[slot] = key
                        slots[slot] = Int16(colormap.count / 4)
                        colormap.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[(i * 4)..<(i * 4 + 4)]))
                    }
                    lastKey = key; lastIndex = UInt8(slots[slot]); hasLast = true
                    out[i] = lastIndex
                }
            }
            if !tooMany { count = n }
        }
        return tooMany ? nil : (indices, colormap)
    }

    private static func encode(_ image: RGBAImage, format: StorageFormat, compression: Compression,
                               destination: String) throws(PNGError) -> Data {
        let (samples, colorType, palette) = try samples(of: image, as: format, destination: destination)
        guard let width = UInt32(exactly: image.width), let height = UInt32(exactly: image.height) else {
            throw .encodingFailed(destination: destination, detail: "PNG sides are at most \(Int32.max) pixels, image is \(image.width)x\(image.height)")
        }
        // Palette indices do not predict each other: filtering them only costs time.
        let filters = colorType == 3 ? Int32(TP_PNG_FILTER_NONE) : compression.filters
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = samples.withUnsafeBufferPointer { input in
            palette.withUnsafeBufferPointer { map in
                tp_png_encode(input.baseAddress, width, height, colorType, map.baseAddress, Int32(palette.count / 4),
                              compression.zlibLevel, filters, colorType == 2 ? 1 : 0, &output, &length, &message, message.count)
            }
        }
        guard status == TP_PNG_OK, let output else {
            throw .encodingFailed(destination: destination, detail: text(of: message))
        }
        return Data(bytesNoCopy: output, count: length, deallocator: .free)
    }

    /// A NUL-terminated message buffer filled by CPNGCodec, as text.
    private static func text(of message: [CChar]) -> String {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
