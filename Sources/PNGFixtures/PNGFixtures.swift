import Foundation

// PNG files built byte by byte, independent of libpng's writer, for the snapshot tests and the
// benchmarks: hand-made images of any colour type (Adam7-interlaced too) and decompression bombs.

/// The eight bytes every PNG file starts with.
public let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

/// CRC-32 (ISO-HDLC, as PNG uses it) over `bytes`, continuing from `crc` (a previous result).
public func crc32(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 {
    var c = ~crc
    for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
    return ~c
}

private let crcTable: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = (c & 1) != 0 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
    return c
}

/// `value` as four big-endian bytes.
public func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
}

/// A PNG chunk: length, type, data, CRC over type and data.
public func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeBytes = Array(type.utf8)
    return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
}

/// Adler-32 over `bytes`, as zlib streams end with it.
public func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in bytes {
        a = (a + UInt32(byte)) % 65521
        b = (b + a) % 65521
    }
    return b << 16 | a
}

/// A zlib stream holding `bytes` in stored (uncompressed) deflate blocks.
public func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
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

/// A PNG made by hand: IHDR, optional PLTE/tRNS, one IDAT with unfiltered rows (`rows` are the
/// packed sample bytes of each image row), IEND. With `interlaced`, the rows are split into
/// Adam7's seven passes (bit depths of 8 and 16 only, whole bytes per pixel).
public func handMadePNG(width: Int, height: Int, bitDepth: UInt8, colourType: UInt8, rows: [[UInt8]],
                        palette: [UInt8]? = nil, transparency: [UInt8]? = nil, interlaced: Bool = false) -> Data {
    precondition(rows.count == height)
    var ihdr = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
    ihdr += [bitDepth, colourType, 0, 0, interlaced ? 1 : 0]
    var bytes = pngSignature + chunk("IHDR", ihdr)
    if let palette { bytes += chunk("PLTE", palette) }
    if let transparency { bytes += chunk("tRNS", transparency) }
    var raw: [UInt8] = []
    if interlaced {
        precondition(bitDepth >= 8, "hand-made interlaced images need whole bytes per pixel")
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colourType)]!
        let pixelBytes = channels * Int(bitDepth) / 8
        // Adam7: (first column, first row, column step, row step) of each pass.
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        for (x0, y0, dx, dy) in passes where x0 < width && y0 < height {
            for y in stride(from: y0, to: height, by: dy) {
                raw.append(0)
                for x in stride(from: x0, to: width, by: dx) { raw += rows[y][(x * pixelBytes)..<((x + 1) * pixelBytes)] }
            }
        }
    } else {
        for row in rows { raw.append(0); raw.append(contentsOf: row) }
    }
    bytes += chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    return Data(bytes)
}

/// A decompression bomb: a `width` x `height` 8-bit RGBA PNG (every pixel transparent black)
/// whose one zlib stream inflates to the image's rows followed by `extraZeros` more zero bytes,
/// compressed about 1030:1 (one dynamic Huffman block whose 258-byte repeats cost 2 bits each),
/// in IDAT chunks of at most 1 MiB. With `extraZeros` 0 it is a valid PNG.
public func zeroBombPNG(width: Int, height: Int, extraZeros: Int) -> Data {
    precondition(width > 0 && height > 0 && extraZeros >= 0)
    let total = height * (1 + width * 4) + extraZeros
    var bits = BitWriter()
    bits.write(1, count: 1)   // BFINAL
    bits.write(2, count: 2)   // BTYPE: dynamic Huffman
    bits.write(29, count: 5)  // HLIT: 286 literal/length codes
    bits.write(0, count: 5)   // HDIST: 1 distance code
    bits.write(15, count: 4)  // HCLEN: 19 code length code lengths (the 19th, unused, evens the bit count)
    // Code length codes, in deflate's order 16 17 18 0 8 7 9 6 10 5 11 4 12 3 13 2 14 1 15:
    // 18 (a run of zeros) gets 1 bit, lengths 1 and 2 get 2 bits each.
    for length in [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0] { bits.write(UInt64(length), count: 3) }
    let runOfZeros = (code: UInt64(0b0), length: 1), lengthOne = (code: UInt64(0b10), length: 2), lengthTwo = (code: UInt64(0b11), length: 2)
    func zeros(_ n: Int) { bits.writeCode(runOfZeros.code, length: runOfZeros.length); bits.write(UInt64(n - 11), count: 7) }
    // Literal/length code lengths: 0 -> 2, 1...255 -> none, 256 -> 2, 257...284 -> none, 285 -> 1;
    // then the one distance code: 0 -> 1.
    bits.writeCode(lengthTwo.code, length: lengthTwo.length)
    zeros(138); zeros(117)
    bits.writeCode(lengthTwo.code, length: lengthTwo.length)
    zeros(28)
    bits.writeCode(lengthOne.code, length: lengthOne.length)
    bits.writeCode(lengthOne.code, length: lengthOne.length)
    // Canonical codes: 285 (length 258) = 0, literal 0 = 10, end of block = 11; distance 1 = 0.
    let literalZero = UInt64(0b10), endOfBlock = UInt64(0b11)
    bits.writeCode(literalZero, length: 2)
    var repeats = (total - 1) / 258
    let literals = (total - 1) % 258
    // 108 bits so far: after at most three repeats the stream is byte-aligned, and from there
    // four 2-bit repeats make one zero byte; those go in whole, without the writer.
    while repeats > 0 && !bits.isAligned { bits.write(0, count: 2); repeats -= 1 }
    let zeroBytes = bits.isAligned ? repeats / 4 : 0
    repeats -= zeroBytes * 4
    var head = [0x78, 0x01] + bits.takeBytes()
    for _ in 0..<repeats { bits.write(0, count: 2) }
    for _ in 0..<literals { bits.writeCode(literalZero, length: 2) }
    bits.writeCode(endOfBlock, length: 2)
    bits.flush()
    let tail = bits.takeBytes() + bigEndian(UInt32(total % 65521) << 16 | 1)   // Adler-32 of `total` zeros

    var png = pngSignature + chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0])
    let chunkSize = 1 << 20
    var remainingZeros = zeroBytes
    // Fill the first chunk with the header bits and zeros; then whole chunks of zeros share one CRC.
    let firstZeros = min(remainingZeros, chunkSize - head.count)
    head += [UInt8](repeating: 0, count: firstZeros)
    remainingZeros -= firstZeros
    png += chunk("IDAT", head)
    let zeroChunk = chunk("IDAT", [UInt8](repeating: 0, count: chunkSize))
    while remainingZeros >= chunkSize { png += zeroChunk; remainingZeros -= chunkSize }
    png += chunk("IDAT", [UInt8](repeating: 0, count: remainingZeros) + tail)
    png += chunk("IEND", [])
    return Data(png)
}

/// Deflate's bit order: fields least significant bit first, Huffman codes most significant first.
private struct BitWriter {
    private var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var used = 0

    var isAligned: Bool { used == 0 }

    /// The complete bytes written so far, removed from the writer (pending bits stay).
    mutating func takeBytes() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    mutating func write(_ value: UInt64, count: Int) {
        buffer |= value << UInt64(used)
        used += count
        while used >= 8 {
            bytes.append(UInt8(buffer & 0xFF))
            buffer >>= 8
            used -= 8
        }
    }

    mutating func writeCode(_ code: UInt64, length: Int) {
        var reversed: UInt64 = 0
        for i in 0..<length where code & (1 << UInt64(i)) != 0 { reversed |= 1 << UInt64(length - 1 - i) }
        write(reversed, count: length)
    }

    mutating func flush() { if used > 0 { write(0, count: 8 - used) } }
}
