import Foundation
import Testing
@testable import TappableSnapshot

@Suite("RGBAImage: validated RGBA8 buffers")
struct RGBAImageTests {
    @Test("the byte count must be width * height * 4")
    func validatesByteCount() {
        #expect(throws: RGBAImage.SizeError.byteCountMismatch(width: 2, height: 2, expected: 16, actual: 15)) {
            try RGBAImage(width: 2, height: 2, bytes: [UInt8](repeating: 0, count: 15))
        }
        #expect(throws: RGBAImage.SizeError.nonPositiveDimensions(width: 0, height: 3)) {
            try RGBAImage(width: 0, height: 3)
        }
        #expect(throws: RGBAImage.SizeError.overflow(width: Int.max, height: 2)) {
            try RGBAImage(width: Int.max, height: 2)
        }
    }

    @Test("pixels are row-major, four bytes each")
    func layout() throws {
        var img = try RGBAImage(width: 3, height: 2, fill: Pixel(1, 2, 3, 4))
        img[2, 1] = Pixel(9, 8, 7, 6)
        #expect(Array(img.bytes[20..<24]) == [9, 8, 7, 6])
        #expect(img[0, 0] == Pixel(1, 2, 3, 4))
    }
}

@Suite("PNG: decoding and encoding through libpng's simplified API")
struct PNGTests {
    /// IHDR colour type (byte 25) and bit depth (byte 24) of an encoded file.
    func header(_ data: Data) -> (colourType: UInt8, bitDepth: UInt8) {
        let bytes = [UInt8](data)
        return (bytes[25], bytes[24])
    }

    @Test("RGBA round trip is lossless, translucent and transparent pixels included")
    func rgbaRoundTrip() throws {
        let original = noise(width: 37, height: 23)
        let data = try PNG.encode(original)
        #expect(header(data) == (6, 8))
        #expect(try PNG.decode(data) == original)
    }

    @Test("RGB, grey, grey-alpha and palette files decode to the same RGBA pixels", arguments: [
        (PNG.StorageFormat.rgb, UInt8(2)), (.grey, 0), (.greyAlpha, 4), (.palette, 3),
    ])
    func eightBitColourTypes(format: PNG.StorageFormat, colourType: UInt8) throws {
        var original = try RGBAImage(width: 17, height: 5)
        for y in 0..<5 {
            for x in 0..<17 {
                let v = UInt8(x * 15)
                switch format {
                case .rgb: original[x, y] = Pixel(v, UInt8(y * 50), 255 - v)
                case .grey: original[x, y] = grey(v)
                case .greyAlpha: original[x, y] = Pixel(v, v, v, UInt8(y * 60))
                default: original[x, y] = Pixel(v, 0, UInt8(y), UInt8(255 - x))  // 85 colours, translucent
                }
            }
        }
        let data = try PNG.encode(original, format: format)
        #expect(header(data) == (colourType, 8))
        #expect(try PNG.decode(data) == original)
    }

    @Test("16-bit RGBA without gamma information is taken as sRGB and reduced to 8 bits exactly")
    func sixteenBitRGBA() throws {
        // pixel x: r = x, g = 255 - x, b = 7, a = x % 2 == 0 ? 255 : 128, each stored as v * 257
        func expected(_ x: Int) -> Pixel { Pixel(UInt8(x), UInt8(255 - x), 7, x % 2 == 0 ? 255 : 128) }
        var row: [UInt8] = []
        for x in 0..<256 {
            let p = expected(x)
            for v in [p.r, p.g, p.b, p.a] { row += [v, v] }
        }
        let decoded = try PNG.decode(handMadePNG(width: 256, height: 1, bitDepth: 16, colourType: 6, rows: [row]))
        for x in 0..<256 {
            #expect(decoded[x, 0] == expected(x))
        }
    }

    @Test("16-bit grey, 1-bit grey and a hand-made palette with tRNS decode to RGBA")
    func otherDepths() throws {
        let grey16 = try PNG.decode(handMadePNG(width: 3, height: 1, bitDepth: 16, colourType: 0,
                                                rows: [[0, 0, 0x80, 0x80, 0xFF, 0xFF]]))
        #expect(grey16.bytes == [0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 255])
        let bits = try PNG.decode(handMadePNG(width: 10, height: 1, bitDepth: 1, colourType: 0, rows: [[0b1010_0000, 0b1100_0000]]))
        #expect((0..<10).map { bits[$0, 0].r } == [255, 0, 255, 0, 0, 0, 0, 0, 255, 255])
        let indexed = try PNG.decode(handMadePNG(width: 3, height: 1, bitDepth: 8, colourType: 3, rows: [[2, 0, 1]],
                                                 palette: [255, 0, 0, 0, 255, 0, 0, 0, 255], transparency: [255, 64]))
        #expect([indexed[0, 0], indexed[1, 0], indexed[2, 0]] == [Pixel(0, 0, 255, 255), Pixel(255, 0, 0, 255), Pixel(0, 255, 0, 64)])
    }

    @Test("storage formats refuse images they cannot hold")
    func encodingRefusals() throws {
        let translucent = image([[Pixel(1, 2, 3, 4)]])
        #expect(throws: PNGError.self) { try PNG.encode(translucent, format: .rgb) }
        #expect(throws: PNGError.self) { try PNG.encode(image([[Pixel(1, 2, 3)]]), format: .grey) }
        let manyColours = noise(width: 40, height: 40)
        let error = #expect(throws: PNGError.self) { try PNG.encode(manyColours, format: .palette) }
        #expect(error?.description.contains("256") == true)
    }

    @Test("reading a non-PNG file names the file and says it is not a PNG")
    func notPNG() throws {
        let dir = try TemporaryDirectory(); defer { dir.cleanup() }
        let path = dir.file("notes.png")
        try Data("hello, I am text".utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: PNGError.self) { try PNG.read(contentsOf: path) }
        #expect(error == .notPNG(source: path))
        #expect(error?.description == "\(path): not a PNG file (missing PNG signature)")
        #expect(throws: PNGError.notPNG(source: "<memory>")) { try PNG.decode(Data()) }
    }

    @Test("reading a missing file is a clear error")
    func missingFile() throws {
        let error = #expect(throws: PNGError.self) { try PNG.read(contentsOf: "/nonexistent/x.png") }
        #expect(error == .unreadable(source: "/nonexistent/x.png", reason: "no such file"))
    }

    @Test("truncated files are reported as truncated, wherever they are cut", arguments: [5, 20, 40, 0.5, 0.9, -12])
    func truncated(cut: Double) throws {
        let data = try PNG.encode(noise(width: 30, height: 30))
        let length = cut < 0 ? data.count + Int(cut) : cut < 1 ? Int(Double(data.count) * cut) : Int(cut)
        let error = #expect(throws: PNGError.self) { try PNG.decode(data.prefix(length), source: "cut.png") }
        guard case .truncated(let source, _) = error else {
            Issue.record("expected .truncated, got \(String(describing: error))")
            return
        }
        #expect(source == "cut.png")
        #expect(error!.description.hasPrefix("cut.png: truncated PNG"))
    }

    @Test("a corrupted IDAT is reported as corrupt with libpng's reason")
    func corruptData() throws {
        var bytes = [UInt8](try PNG.encode(noise(width: 30, height: 30)))
        let idat = try #require(chunks(of: bytes).first { $0.type == "IDAT" })
        bytes[idat.start + 8 + idat.length / 2] ^= 0xFF
        let error = #expect(throws: PNGError.self) { try PNG.decode(Data(bytes), source: "bad.png") }
        guard case .corrupt(let source, let detail) = error else {
            Issue.record("expected .corrupt, got \(String(describing: error))")
            return
        }
        #expect(source == "bad.png")
        #expect(detail == "IDAT: incorrect data check", "zlib's checksum catches it before the chunk CRC")
    }

    @Test("a header with a wrong CRC is reported as corrupt with libpng's reason")
    func badHeaderCRC() throws {
        var bytes = [UInt8](try PNG.encode(noise(width: 3, height: 3)))
        bytes[29] ^= 0x01  // last CRC byte of IHDR (8 signature + 8 header + 13 data)
        let error = #expect(throws: PNGError.self) { try PNG.decode(Data(bytes), source: "crc.png") }
        #expect(error == .corrupt(source: "crc.png", detail: "IHDR: CRC error"))
        #expect(error?.description == "crc.png: corrupt PNG: IHDR: CRC error")
    }

    @Test("a corrupt header is reported as corrupt")
    func corruptHeader() throws {
        // a valid CRC over an invalid IHDR: bit depth 7 does not exist
        let ihdr = bigEndian(4) + bigEndian(4) + [7, 6, 0, 0, 0]
        let bytes = pngSignature + chunk("IHDR", ihdr) + chunk("IEND", [])
        let error = #expect(throws: PNGError.self) { try PNG.decode(Data(bytes), source: "hdr.png") }
        guard case .corrupt = error else {
            Issue.record("expected .corrupt, got \(String(describing: error))")
            return
        }
    }

    @Test("a header claiming 100000x100000 is refused before any pixel is allocated")
    func hugeDimensions() throws {
        let ihdr = bigEndian(100_000) + bigEndian(100_000) + [8, 6, 0, 0, 0]
        let bytes = pngSignature + chunk("IHDR", ihdr) + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
        let dir = try TemporaryDirectory(); defer { dir.cleanup() }
        let path = dir.file("huge.png")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: PNGError.self) { try PNG.read(contentsOf: path) }
        #expect(error == .tooLarge(source: path, width: 100_000, height: 100_000, limit: 100_000_000))
        #expect(error?.description.contains("100000x100000") == true)
        #expect(error?.description.contains(path) == true)
    }

    @Test("the pixel limit is configurable and inclusive")
    func configurableLimit() throws {
        let data = try PNG.encode(noise(width: 10, height: 10))
        #expect(throws: PNGError.tooLarge(source: "<memory>", width: 10, height: 10, limit: 99)) {
            try PNG.decode(data, maxPixels: 99)
        }
        #expect(try PNG.decode(data, maxPixels: 100).pixelCount == 100)
    }

    @Test("CRC-32 helper matches the published check value")
    func crcHelper() {
        #expect(crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    }
}

@Suite("Atomic writes")
struct AtomicWriteTests {
    @Test("writing creates parent directories and leaves no temporary file")
    func createsParents() throws {
        let dir = try TemporaryDirectory(); defer { dir.cleanup() }
        let img = noise(width: 8, height: 8)
        try PNG.write(img, to: dir.file("a/b/c/img.png"))
        #expect(dir.contents() == ["a", "a/b", "a/b/c", "a/b/c/img.png"])
        #expect(try PNG.read(contentsOf: dir.file("a/b/c/img.png")) == img)
    }

    @Test("overwriting replaces the whole file and leaves no temporary file")
    func overwrite() throws {
        let dir = try TemporaryDirectory(); defer { dir.cleanup() }
        let path = dir.file("img.png")
        try PNG.write(noise(width: 50, height: 50), to: path)
        let small = noise(width: 2, height: 2, seed: 7)
        try PNG.write(small, to: path)
        #expect(dir.contents() == ["img.png"])
        #expect(try PNG.read(contentsOf: path) == small)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == PNG.encode(small))
    }

    @Test("a failed write leaves what was there and no temporary file")
    func failedWrite() throws {
        let dir = try TemporaryDirectory(); defer { dir.cleanup() }
        // the target is an existing non-empty directory: the final rename must fail
        try FileManager.default.createDirectory(atPath: dir.file("taken.png/inner"), withIntermediateDirectories: true)
        let error = #expect(throws: PNGError.self) { try PNG.write(noise(width: 3, height: 3), to: dir.file("taken.png")) }
        guard case .writeFailed(let path, _) = error else {
            Issue.record("expected .writeFailed, got \(String(describing: error))")
            return
        }
        #expect(path == dir.file("taken.png"))
        #expect(dir.contents() == ["taken.png", "taken.png/inner"])
        // a parent that is a file
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir.file("file")))
        #expect(throws: PNGError.self) { try PNG.write(noise(width: 3, height: 3), to: dir.file("file/img.png")) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.file("file"))) == Data("x".utf8))
    }

    @Test("concurrent writers to one path never produce a torn file")
    func concurrentWriters() async throws {
        let dir = try TemporaryDirectory(); defer { dir.cleanup() }
        let path = dir.file("shared.png")
        let images = (0..<8).map { noise(width: 64, height: 64, seed: UInt64($0 + 1)) }
        await withTaskGroup(of: Void.self) { group in
            for img in images { group.addTask { try? PNG.write(img, to: path) } }
        }
        #expect(images.contains(try PNG.read(contentsOf: path)))
        #expect(dir.contents() == ["shared.png"])
    }
}

@Suite("PNG: stored values, as pixelmatch compares them")
struct PNGStoredValuesTests {
    /// A PNG chunk: length, type, data, CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in typeBytes + data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        crc ^= 0xFFFF_FFFF
        func be(_ v: UInt32) -> [UInt8] {
            let b0 = UInt8(truncatingIfNeeded: v >> 24), b1 = UInt8(truncatingIfNeeded: v >> 16)
            let b2 = UInt8(truncatingIfNeeded: v >> 8), b3 = UInt8(truncatingIfNeeded: v)
            return [b0, b1, b2, b3]
        }
        var out = be(UInt32(data.count))
        out += typeBytes
        out += data
        out += be(crc)
        return out
    }

    @Test("a gAMA chunk does not change the decoded values")
    func gammaIgnored() throws {
        var pixels: [UInt8] = []
        for i in 0..<64 { pixels.append(i % 4 == 3 ? 255 : UInt8((i * 37) % 256)) }
        let image = try RGBAImage(width: 4, height: 4, bytes: pixels)
        let plain = [UInt8](try PNG.encode(image))
        // Insert gAMA (gamma 1.0) right after IHDR (8-byte signature + 25-byte IHDR chunk).
        let withGamma = Array(plain[0..<33]) + Self.chunk("gAMA", [0, 1, 0x86, 0xA0]) + Array(plain[33...])
        #expect(try PNG.decode(Data(withGamma)) == image)
    }

    @Test("a header promising far more pixels than its image data can hold is refused before allocating")
    func implausibleHeader() throws {
        let ihdr: [UInt8] = [0, 0, 0x27, 0x10, 0, 0, 0x27, 0x10, 8, 6, 0, 0, 0]   // 10000 x 10000 RGBA
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += Self.chunk("IHDR", ihdr)
        bytes += Self.chunk("IDAT", [UInt8](repeating: 0, count: 100))
        bytes += Self.chunk("IEND", [])
        #expect(throws: PNGError.self) { try PNG.decode(Data(bytes)) }
        do { _ = try PNG.decode(Data(bytes)) } catch { #expect("\(error)".contains("cannot hold 10000 x 10000")) }
    }
}
