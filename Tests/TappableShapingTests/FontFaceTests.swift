import Foundation
@testable import TappableShaping
import TappableTestSupport
import TappableText
import Testing

/// A bundled font file's bytes.
func bundledFont(_ relativePath: String) throws -> [UInt8] {
    try [UInt8](Data(contentsOf: URL(fileURLWithPath: FontRegistry.default.directory).appendingPathComponent(relativePath)))
}

@Suite("Font files: only regular files are opened, and FreeType's errors come back in words")
struct FontFaceTests {
    @Test("a FIFO is refused before it is opened for reading (no hang waiting for a writer)")
    func fifo() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("pipe.ttf")
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: FontError.notRegularFile(path, kind: "a FIFO (named pipe)")) { try FontFace(path: path) }
        #expect(FontError.notRegularFile(path, kind: "a FIFO (named pipe)").description == "font file \(path) is a FIFO (named pipe), not a regular file")
    }

    @Test("a directory, /dev/null and /dev/zero are refused as what they are")
    func notFiles() throws {
        let folder = try TemporaryFolder()
        #expect(throws: FontError.notRegularFile(folder.path, kind: "a directory")) { try FontFace(path: folder.path) }
        #expect(throws: FontError.notRegularFile("/dev/null", kind: "a character device")) { try FontFace(path: "/dev/null") }
        #expect(throws: FontError.notRegularFile("/dev/zero", kind: "a character device")) { try FontFace(path: "/dev/zero") }
    }

    @Test("a symbolic link to a font opens the font; one to a FIFO is refused")
    func symbolicLinks() throws {
        let folder = try TemporaryFolder()
        let font = try folder.write(Data(try bundledFont("DejaVu/DejaVuSans.ttf")), as: "real.ttf")
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.ttf"), withDestinationPath: font)
        #expect(try FontFace(path: folder.file("link.ttf")).familyName == "DejaVu Sans")
        #expect(mkfifo(folder.file("pipe"), 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.file("pipe-link.ttf"), withDestinationPath: folder.file("pipe"))
        #expect(throws: FontError.notRegularFile(folder.file("pipe-link.ttf"), kind: "a FIFO (named pipe)")) {
            try FontFace(path: folder.file("pipe-link.ttf"))
        }
    }

    @Test("an empty file, a truncated font and a file that is no font are corrupt, with FreeType's words")
    func corruptFiles() throws {
        let folder = try TemporaryFolder()
        let empty = try folder.write(Data(), as: "empty.ttf")
        #expect(throws: FontError.corruptFile(empty, reason: "the file is empty")) { try FontFace(path: empty) }
        let truncated = try folder.write(Data(try bundledFont("DejaVu/DejaVuSans.ttf").prefix(1000)), as: "truncated.ttf")
        #expect(throws: FontError.corruptFile(truncated, reason: "FreeType: unknown file format (error 0x02)")) { try FontFace(path: truncated) }
        let text = try folder.write("not a font at all", as: "text.ttf")
        #expect(throws: FontError.corruptFile(text, reason: "FreeType: invalid stream operation (error 0x55)")) { try FontFace(path: text) }
        let noMetrics = try folder.write(Data(try bundledFont("Inter/Inter-Regular.otf").prefix(20_000)), as: "cut.otf")
        #expect(throws: FontError.corruptFile(noMetrics, reason: "FreeType: horizontal metrics (hmtx) table missing (error 0x93)")) {
            try FontFace(path: noMetrics)
        }
    }

    @Test("FreeType error numbers become FreeType's own words", arguments: [
        (Int32(0x01), "FreeType: cannot open resource (error 0x01)"),
        (Int32(0x02), "FreeType: unknown file format (error 0x02)"),
        (Int32(0x55), "FreeType: invalid stream operation (error 0x55)"),
        (Int32(0xFE), "FreeType error 0xFE"),
    ])
    func freeTypeWords(code: Int32, words: String) {
        #expect(FontFace.freeTypeWords(code) == words)
    }

    @Test("a file over 64 MiB is refused from its size, without reading it")
    func tooLarge() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("huge.ttf")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, off_t(FontFace.maximumFileSize + 1)) == 0, "a sparse file: no disk space used")
        #expect(throws: FontError.fileTooLarge(path, limit: 64 * 1024 * 1024)) { try FontFace(path: path) }
        #expect(FontError.fileTooLarge(path, limit: 64 * 1024 * 1024).description == "font file \(path) is larger than 64 MiB (67108864 bytes)")
    }

    @Test("a missing file is unreadable; the cache keeps the error for the path")
    func missing() throws {
        let cache = FontCache()
        #expect(throws: FontError.unreadableFile("/no/such/font.ttf")) { try cache.face(path: "/no/such/font.ttf") }
        #expect(throws: FontError.unreadableFile("/no/such/font.ttf")) { try cache.face(path: "/no/such/font.ttf") }
        #expect(cache.count == 0)
    }

    @Test("a face read from memory shapes and measures as before: DejaVu Sans 'A' and the emoji face's colour")
    func faceFromMemory() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(Data(try bundledFont("DejaVu/DejaVuSans.ttf")), as: "copy.ttf")
        let copy = try FontFace(path: path)
        let bundled = try FontCache().face(path: try FontRegistry.default.file(for: Font(family: "DejaVu Sans", size: 12)))
        #expect(copy.unitsPerEm == bundled.unitsPerEm)
        #expect(copy.metrics == bundled.metrics)
        #expect(copy.glyph(for: "A") == bundled.glyph(for: "A"))
        #expect(copy.advance(of: try #require(copy.glyph(for: "A"))) == 1401)
        #expect(copy.ftFace.pointee.num_glyphs == bundled.ftFace.pointee.num_glyphs)
        #expect(try FontCache().face(path: try FontRegistry.default.file(for: Font(family: "Noto Color Emoji", size: 12))).hasColor)
    }
}
