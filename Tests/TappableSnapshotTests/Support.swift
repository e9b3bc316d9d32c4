import Foundation
@testable import TappableSnapshot

typealias Pixel = RGBAImage.Pixel

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
