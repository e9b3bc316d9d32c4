import Foundation
import PNGFixtures
import Testing
@testable import TappableSnapshot
import TappableTestSupport

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
        #expect(chunks(of: [UInt8](data)).map(\.type) == ["IHDR", "sRGB", "IDAT", "IEND"], "sRGB marks the colour space")
        #expect(try PNG.decode(data) == original)
    }

    /// A 17x5 image every storage format can hold exactly: opaque colour for RGB, opaque greys,
    /// translucent greys, 85 translucent colours for a palette.
    func imageFitting(_ format: PNG.StorageFormat) throws -> RGBAImage {
        var image = try RGBAImage(width: 17, height: 5)
        for y in 0..<5 {
            for x in 0..<17 {
                let v = UInt8(x * 15)
                switch format {
                case .rgb: image[x, y] = Pixel(v, UInt8(y * 50), 255 - v)
                case .grey: image[x, y] = grey(v)
                case .greyAlpha: image[x, y] = Pixel(v, v, v, UInt8(y * 60))
                case .palette: image[x, y] = Pixel(v, 0, UInt8(y), UInt8(255 - x))
                case .rgba: image[x, y] = Pixel(v, UInt8(y * 50), UInt8(x * y), UInt8(x * 12))
                }
            }
        }
        return image
    }

    @Test("RGB, grey, grey-alpha and palette files decode to the same RGBA pixels", arguments: [
        (PNG.StorageFormat.rgb, UInt8(2)), (.grey, 0), (.greyAlpha, 4), (.palette, 3),
    ])
    func eightBitColourTypes(format: PNG.StorageFormat, colourType: UInt8) throws {
        let original = try imageFitting(format)
        let data = try PNG.encode(original, format: format)
        #expect(header(data) == (colourType, 8))
        #expect(try PNG.decode(data) == original)
    }

    @Test("fast and best compression store the same pixels in every storage format",
          arguments: PNG.StorageFormat.allCases, PNG.Compression.allCases)
    func compressionRoundTrip(format: PNG.StorageFormat, compression: PNG.Compression) throws {
        let original = try imageFitting(format)
        #expect(try PNG.decode(PNG.encode(original, format: format, compression: compression)) == original)
    }

    @Test("best compression makes a smaller file than fast for a smooth gradient, with the same pixels")
    func bestIsSmaller() throws {
        var gradient = try RGBAImage(width: 128, height: 128)
        for y in 0..<128 {
            for x in 0..<128 { gradient[x, y] = Pixel(UInt8(x * 2), UInt8(y * 2), UInt8((x + y) % 256)) }
        }
        let fast = try PNG.encode(gradient), best = try PNG.encode(gradient, compression: .best)
        #expect(fast == (try PNG.encode(gradient, compression: .fast)), ".fast is the default")
        #expect(best.count < fast.count)
        #expect(try PNG.decode(best) == PNG.decode(fast))
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

    @Test("palette colours are numbered in order of first appearance; exactly 256 colours still fit")
    func paletteOrder() throws {
        let (indices, colormap) = try #require(PNG.paletteSamples(image([[Pixel(9, 9, 9), Pixel(1, 2, 3, 4), Pixel(9, 9, 9)],
                                                                          [Pixel(1, 2, 3, 4), Pixel(0, 0, 0, 0), Pixel(1, 2, 3, 4)]]).bytes, pixels: 6))
        #expect(indices == [0, 1, 0, 1, 2, 1])
        #expect(colormap == [9, 9, 9, 255, 1, 2, 3, 4, 0, 0, 0, 0])
        var full = try RGBAImage(width: 256, height: 2)
        for x in 0..<256 { full[x, 0] = Pixel(UInt8(x), UInt8(255 - x), 7); full[x, 1] = Pixel(UInt8(x), UInt8(255 - x), 7) }
        #expect(PNG.paletteSamples(full.bytes, pixels: full.pixelCount)?.colormap.count == 1024)
        full[3, 1] = Pixel(3, 3, 3)
        #expect(PNG.paletteSamples(full.bytes, pixels: full.pixelCount) == nil)
        #expect(try PNG.decode(PNG.encode(full, format: .rgb)) == full)
    }

    @Test("an image is opaque when every alpha is 255")
    func opaque() throws {
        #expect(try RGBAImage(width: 3, height: 2, fill: Pixel(1, 2, 3)).isOpaque)
        #expect(!(try RGBAImage(width: 3, height: 2, fill: Pixel(1, 2, 3, 254))).isOpaque)
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
        let dir = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { dir.cleanup() }
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
        #expect(error == .unreadable(source: "/nonexistent/x.png", reason: "no such file or directory"))
        #expect(error?.description == "/nonexistent/x.png: cannot read file: no such file or directory")
    }

    @Test("only a regular file is read: a device, a FIFO or a folder is refused before reading (no endless read, no wait)")
    func notRegularFiles() throws {
        let dir = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { dir.cleanup() }
        let fifo = dir.file("pipe.png")
        #expect(mkfifo(fifo, 0o600) == 0)
        let cases = [("/dev/zero", "a character device, not a regular file"), (fifo, "a FIFO (named pipe), not a regular file"),
                     (dir.path, "a directory, not a regular file")]
        for (path, reason) in cases {
            let error = #expect(throws: PNGError.self) { try PNG.read(contentsOf: path) }
            #expect(error == .unreadable(source: path, reason: reason))
        }
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
        #expect(detail == "IDAT: damaged compressed image data (invalid zlib code or checksum)",
                "zlib catches it before the chunk CRC")
    }

    @Test("a damaged zlib checksum after the last row is corrupt, even with a valid chunk CRC")
    func damagedChecksum() throws {
        var bytes = [UInt8](handMadePNG(width: 3, height: 2, bitDepth: 8, colourType: 0, rows: [[1, 2, 3], [4, 5, 6]]))
        let idat = try #require(chunks(of: bytes).first { $0.type == "IDAT" })
        let data = idat.start + 8
        bytes[data + idat.length - 1] ^= 0x01   // last Adler-32 byte
        let crc = bigEndian(crc32(Array(bytes[(idat.start + 4)..<(data + idat.length)])))
        bytes.replaceSubrange((data + idat.length)..<(data + idat.length + 4), with: crc)
        let error = #expect(throws: PNGError.self) { try PNG.decode(Data(bytes), source: "sum.png") }
        #expect(error == .corrupt(source: "sum.png", detail: "IDAT: damaged compressed image data (invalid zlib code or checksum)"))
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
        let dir = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { dir.cleanup() }
        let path = dir.file("huge.png")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: PNGError.self) { try PNG.read(contentsOf: path) }
        #expect(error == .tooLarge(source: path, width: 100_000, height: 100_000, limit: 100_000_000))
        #expect(error?.description.contains("100000x100000") == true)
        #expect(error?.description.contains(path) == true)
    }

    @Test("a header claiming 4294967295x4294967295 is too large, and saying so does not overflow")
    func maximalHeader() throws {
        let ihdr = bigEndian(UInt32.max) + bigEndian(UInt32.max) + [8, 6, 0, 0, 0]
        let bytes = pngSignature + chunk("IHDR", ihdr) + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
        #expect(bytes.count == 65)
        let error = #expect(throws: PNGError.self) { try PNG.decode(Data(bytes), source: "max.png") }
        #expect(error == .tooLarge(source: "max.png", width: 4_294_967_295, height: 4_294_967_295, limit: 100_000_000))
        #expect(error?.description == "max.png: PNG is 4294967295x4294967295 = 18446744065119617025 pixels, over the limit of 100000000 pixels")
        let absurd = PNGError.tooLarge(source: "x", width: Int.max, height: Int.max, limit: 1)
        #expect(absurd.description == "x: PNG is \(Int.max)x\(Int.max) = more than \(UInt.max) pixels, over the limit of 1 pixels")
    }

    @Test("the pixel limit is configurable and inclusive")
    func configurableLimit() throws {
        let data = try PNG.encode(noise(width: 10, height: 10))
        #expect(throws: PNGError.tooLarge(source: "<memory>", width: 10, height: 10, limit: 99)) {
            try PNG.decode(data, maxPixels: 99)
        }
        #expect(try PNG.decode(data, maxPixels: 100).pixelCount == 100)
    }

    @Test("Adam7-interlaced images decode to the same pixels as their non-interlaced twins", arguments: [
        (8, 6), (16, 6), (16, 2), (16, 0), (16, 4), (8, 4), (8, 2),
    ])
    func interlaced(bitDepth: UInt8, colourType: UInt8) throws {
        let channels = [0: 1, 2: 3, 4: 2, 6: 4][Int(colourType)]!
        for (width, height) in [(1, 1), (1, 2), (2, 1), (5, 1), (1, 9), (3, 3), (8, 8), (9, 9), (17, 5), (13, 31)] {
            let rowBytes = width * channels * Int(bitDepth) / 8
            let samples = [UInt8](noise(width: rowBytes, height: height, seed: UInt64(width * 100 + height)).bytes)
            let rows = (0..<height).map { y in (0..<rowBytes).map { samples[(y * rowBytes + $0) * 4] } }
            let plain = try PNG.decode(handMadePNG(width: width, height: height, bitDepth: bitDepth, colourType: colourType, rows: rows))
            let adam7 = try PNG.decode(handMadePNG(width: width, height: height, bitDepth: bitDepth, colourType: colourType,
                                                   rows: rows, interlaced: true))
            #expect(adam7 == plain, "\(width)x\(height), \(bitDepth)-bit colour type \(colourType)")
        }
    }

    @Test("an interlaced file cut anywhere is truncated, never a partial image")
    func interlacedTruncated() throws {
        let rows: [[UInt8]] = (0..<9).map { (y: Int) -> [UInt8] in (0..<36).map { (x: Int) -> UInt8 in UInt8((x * 7 + y * 13) % 256) } }
        let data = handMadePNG(width: 9, height: 9, bitDepth: 8, colourType: 6, rows: rows, interlaced: true)
        for cut in stride(from: 8, to: data.count, by: 7) {
            let error = #expect(throws: PNGError.self) { try PNG.decode(data.prefix(cut)) }
            guard case .truncated = error else {
                Issue.record("cut at \(cut): expected .truncated, got \(String(describing: error))")
                continue
            }
        }
    }

    @Test("image data that inflates past the last row is refused at once, however much more there is")
    func decompressionBomb() throws {
        let control = try PNG.decode(zeroBombPNG(width: 64, height: 48, extraZeros: 0))
        #expect(control == (try RGBAImage(width: 64, height: 48)), "the same stream without excess is a valid image")
        // 64 GiB of zeros after the image (62 MB of file): inflating them all would take minutes.
        let bomb = zeroBombPNG(width: 64, height: 48, extraZeros: 64 << 30)
        let error = #expect(throws: PNGError.self) { try PNG.decode(bomb, source: "bomb.png") }
        #expect(error == .corrupt(source: "bomb.png", detail: "IDAT: the compressed image data continues past the end of the image"))
        let slightly = zeroBombPNG(width: 64, height: 48, extraZeros: 1)
        #expect(throws: PNGError.corrupt(source: "<memory>", detail: "IDAT: the compressed image data continues past the end of the image")) {
            try PNG.decode(slightly)
        }
    }

    @Test("CRC-32 helper matches the published check value")
    func crcHelper() {
        #expect(crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    }
}

@Suite("Atomic writes")
struct AtomicWriteTests {
    @Test("writing into a missing folder is an error naming it; createWithParents makes the folders; no temporary file stays")
    func createsParents() throws {
        let dir = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { dir.cleanup() }
        let img = noise(width: 8, height: 8)
        let error = #expect(throws: PNGError.self) { try PNG.write(img, to: dir.file("a/b/c/img.png")) }
        #expect(error?.description.contains("folder \(dir.file("a/b/c")) does not exist") == true, "\(String(describing: error))")
        #expect(dir.contents().isEmpty)
        try PNG.write(img, to: dir.file("a/b/c/img.png"), missingFolder: .createWithParents)
        #expect(dir.contents() == ["a", "a/b", "a/b/c", "a/b/c/img.png"])
        #expect(try PNG.read(contentsOf: dir.file("a/b/c/img.png")) == img)
    }

    @Test("overwriting replaces the whole file and leaves no temporary file")
    func overwrite() throws {
        let dir = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { dir.cleanup() }
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
        let dir = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { dir.cleanup() }
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
        let dir = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { dir.cleanup() }
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
    @Test("a gAMA chunk does not change the decoded values")
    func gammaIgnored() throws {
        var pixels: [UInt8] = []
        for i in 0..<64 { pixels.append(i % 4 == 3 ? 255 : UInt8((i * 37) % 256)) }
        let image = try RGBAImage(width: 4, height: 4, bytes: pixels)
        let plain = [UInt8](try PNG.encode(image))
        // Insert gAMA (gamma 1.0) right after IHDR (8-byte signature + 25-byte IHDR chunk).
        let withGamma = Array(plain[0..<33]) + chunk("gAMA", [0, 1, 0x86, 0xA0]) + Array(plain[33...])
        #expect(try PNG.decode(Data(withGamma)) == image)
    }

    @Test("a header promising far more pixels than its image data can hold is refused before allocating")
    func implausibleHeader() throws {
        let ihdr: [UInt8] = [0, 0, 0x27, 0x10, 0, 0, 0x27, 0x10, 8, 6, 0, 0, 0]   // 10000 x 10000 RGBA
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", ihdr)
        bytes += chunk("IDAT", [UInt8](repeating: 0, count: 100))
        bytes += chunk("IEND", [])
        #expect(throws: PNGError.self) { try PNG.decode(Data(bytes)) }
        do { _ = try PNG.decode(Data(bytes)) } catch { #expect("\(error)".contains("cannot hold 10000 x 10000")) }
    }
}
