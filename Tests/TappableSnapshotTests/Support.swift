import Foundation
@testable import TappableSnapshot

typealias Pixel = RGBAImage.Pixel

/// A fresh, empty temporary directory, removed when the returned value's `cleanup` runs.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("TappableSnapshotTests-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ relative: String) -> String { path + "/" + relative }

    /// Every file and directory below the directory, relative, sorted.
    func contents() -> [String] {
        (FileManager.default.subpaths(atPath: path) ?? []).sorted()
    }

    func cleanup() { try? FileManager.default.removeItem(atPath: path) }
}

/// Builds an image from rows of pixels.
func image(_ rows: [[Pixel]]) -> RGBAImage {
    let height = rows.count, width = rows[0].count
    var img = try! RGBAImage(width: width, height: height)
    for (y, row) in rows.enumerated() {
        precondition(row.count == width)
        for (x, p) in row.enumerated() { img[x, y] = p }
    }
    return img
}

/// An opaque grey.
func grey(_ v: UInt8) -> Pixel { Pixel(v, v, v) }

let white = grey(255)
let black = grey(0)

/// An image whose columns have the given opaque grey levels, `height` rows tall.
func columns(_ levels: [UInt8], height: Int) -> RGBAImage {
    image(Array(repeating: levels.map(grey), count: height))
}

/// CRC-32 (ISO-HDLC, as PNG uses it) over `bytes`.
func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
}

/// A PNG chunk: length, type, data, CRC over type and data.
func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeBytes = Array(type.utf8)
    return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
}

let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

/// Offsets of each chunk in a PNG byte stream: (type, start of the chunk, data length).
func chunks(of bytes: [UInt8]) -> [(type: String, start: Int, length: Int)] {
    var result: [(String, Int, Int)] = []
    var offset = 8
    while offset + 8 <= bytes.count {
        let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        result.append((String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self), offset, length))
        offset += 12 + length
    }
    return result
}

/// A deterministic pseudo-random RGBA image (xorshift), including translucent pixels.
func noise(width: Int, height: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> RGBAImage {
    var state = seed
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    for i in bytes.indices {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        bytes[i] = UInt8(truncatingIfNeeded: state >> 24)
    }
    return try! RGBAImage(width: width, height: height, bytes: bytes)
}

/// Adler-32 over `bytes`, as zlib streams end with it.
func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in bytes {
        a = (a + UInt32(byte)) % 65521
        b = (b + a) % 65521
    }
    return b << 16 | a
}

/// A zlib stream holding `bytes` in stored (uncompressed) deflate blocks.
func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
        let count = min(65535, bytes.count - offset)
        let final: UInt8 = offset + count == bytes.count ? 1 : 0
        out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
        out += bytes[offset..<(offset + count)]
        offset += count
    } while offset < bytes.count
    return out + bigEndian(adler32(bytes))
}

/// A PNG made by hand, independent of libpng's writer: IHDR, optional PLTE/tRNS/extra
/// chunks, one IDAT with unfiltered rows (`rows` are the packed sample bytes of each row).
func handMadePNG(width: Int, height: Int, bitDepth: UInt8, colourType: UInt8, rows: [[UInt8]],
                 palette: [UInt8]? = nil, transparency: [UInt8]? = nil) -> Data {
    precondition(rows.count == height)
    var ihdr = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
    ihdr += [bitDepth, colourType, 0, 0, 0]
    var bytes = pngSignature + chunk("IHDR", ihdr)
    if let palette { bytes += chunk("PLTE", palette) }
    if let transparency { bytes += chunk("tRNS", transparency) }
    var raw: [UInt8] = []
    for row in rows { raw.append(0); raw.append(contentsOf: row) }
    bytes += chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    return Data(bytes)
}
