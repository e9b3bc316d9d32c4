import CFreeType
import CHarfBuzz
import Foundation
import TappableText

/// Errors about fonts: the message names the font and the problem.
public enum FontError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The font file does not exist or cannot be read.
    case unreadableFile(String)
    /// The path names a directory, FIFO, device or socket (`kind`, e.g. "a FIFO (named pipe)"),
    /// refused before anything is read from it.
    case notRegularFile(String, kind: String)
    /// The font file is larger than `limit` bytes (`FontFace.maximumFileSize`).
    case fileTooLarge(String, limit: Int)
    /// The file exists but is not a font FreeType and HarfBuzz can read.
    case corruptFile(String, reason: String)
    /// No bundled family has this name.
    case unknownFamily(String)
    /// The size is zero, negative, NaN or infinite.
    case invalidSize(Double)
    /// The fonts folder (Fonts/) was not found.
    case missingFontsDirectory(String)

    /// A message naming the font (file path or family) and the problem.
    public var description: String {
        switch self {
        case let .unreadableFile(path): return "font file \(path) does not exist or cannot be read"
        case let .notRegularFile(path, kind): return "font file \(path) is \(kind), not a regular file"
        case let .fileTooLarge(path, limit): return "font file \(path) is larger than \(BoundedFile.describe(bytes: limit))"
        case let .corruptFile(path, reason): return "font file \(path) is not a usable font (\(reason))"
        case let .unknownFamily(name): return "unknown font family \"\(name)\" (bundled: \(FontRegistry.bundledFamilyNames.joined(separator: ", ")))"
        case let .invalidSize(size): return "font size \(size) is not a positive finite number of points"
        case let .missingFontsDirectory(path): return "fonts folder \(path) not found (set TAPPABLE_FONTS to the folder holding Fonts/)"
        }
    }
}

/// Vertical metrics of a face, in font units (divide by `unitsPerEm`, multiply by the size in points).
public struct FaceMetrics: Sendable, Hashable {
    /// Distance from the baseline up to the top of the line, positive.
    public var ascender: Double
    /// Distance from the baseline down to the bottom of the line, positive.
    public var descender: Double
    /// Extra space the font asks for between lines, never negative (a negative value reads as 0).
    public var lineGap: Double
    /// Underline position relative to the baseline, positive below (0.1 em when the font gives none).
    public var underlinePosition: Double
    /// Underline thickness: 0.05 em when the font gives none, never less than 0.02 em.
    public var underlineThickness: Double
    /// Strikeout position relative to the baseline, positive above (0.3 em when the font gives none).
    public var strikeoutPosition: Double
    /// Strikeout thickness: 0.05 em when the font gives none, never less than 0.02 em.
    public var strikeoutThickness: Double
}

/// One font file, opened once: a HarfBuzz face and font (shaping, metrics, glyph coverage) and a
/// FreeType face (for painting). Immutable after creation and safe to share across threads:
/// shaping uses HarfBuzz's own OpenType functions, which are thread-safe; the FreeType face is
/// only handed to Cairo, which locks it itself.
public final class FontFace: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The font file's path.
    public let path: String
    /// Font units per em.
    public let unitsPerEm: Double
    /// The face's vertical metrics, in font units.
    public let metrics: FaceMetrics
    /// Family and style names from the font, for diagnostics.
    public let familyName: String
    /// Whether the face carries colour bitmaps or layers (emoji).
    public let hasColor: Bool
    let hbFont: OpaquePointer
    private let hbFace: OpaquePointer
    /// Bit `v` set when `covers([Unicode.Scalar(v)])` for ASCII `v` (0...127): controls, which
    /// need no glyph, and the characters the face has. Answers the common case without HarfBuzz.
    private let asciiCoverage: (low: UInt64, high: UInt64)
    private let ftLibrary: FT_Library
    /// The FreeType face; owned by this object, valid for its lifetime.
    public let ftFace: FT_Face
    /// The runs this face shaped lately (see `ShapeCache`).
    let shapedRuns = ShapeCache()
    /// The file's bytes, read once: FreeType and HarfBuzz both read the face from this memory,
    /// which lives exactly as long as the object (freed after both faces in `deinit`).
    private let memory: UnsafeMutableRawBufferPointer

    /// The largest font file opened, in bytes: 64 MiB (the largest bundled face, Noto Color
    /// Emoji, is about 10 MB).
    public static let maximumFileSize = 64 * 1024 * 1024

    /// Opens the face at `path`. Throws `FontError`: `unreadableFile` when it is missing or
    /// unreadable, `notRegularFile` for a directory, FIFO, device or socket (refused before it is
    /// opened for reading, so nothing blocks), `fileTooLarge` past `maximumFileSize`, and
    /// `corruptFile` (with FreeType's words for its error) when it is empty or not a font.
    public init(path: String) throws {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(path: path, limit: Self.maximumFileSize, accepting: .regularFiles)
        } catch {
            switch error {
            case .cannotOpen, .readFailed: throw FontError.unreadableFile(path)
            case let .notRegularFile(_, kind): throw FontError.notRegularFile(path, kind: kind)
            case let .tooLarge(_, limit): throw FontError.fileTooLarge(path, limit: limit)
            }
        }
        guard !bytes.isEmpty else { throw FontError.corruptFile(path, reason: "the file is empty") }
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 16)
        bytes.withUnsafeBytes { memory.copyMemory(from: $0) }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            memory.deallocate()
            throw FontError.corruptFile(path, reason: "FreeType did not start")
        }
        var face: FT_Face?
        let error = FT_New_Memory_Face(library, memory.baseAddress!.assumingMemoryBound(to: FT_Byte.self), FT_Long(memory.count), 0, &face)
        guard error == 0, let face else {
            FT_Done_FreeType(library)
            memory.deallocate()
            throw FontError.corruptFile(path, reason: Self.freeTypeWords(error))
        }
        // HarfBuzz reads the same memory (read-only, not copied, not freed by HarfBuzz).
        let blob = hb_blob_create(memory.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(memory.count), HB_MEMORY_MODE_READONLY, nil, nil)
        let hbFace = hb_face_create(blob, 0)!
        hb_blob_destroy(blob)
        let upem = hb_face_get_upem(hbFace)
        guard hb_face_get_glyph_count(hbFace) > 0, upem > 0 else {
            hb_face_destroy(hbFace); FT_Done_Face(face); FT_Done_FreeType(library)
            memory.deallocate()
            throw FontError.corruptFile(path, reason: "no glyphs")
        }
        let hbFont = hb_font_create(hbFace)!
        // Scale = units per em: positions come back in exact font units, scaled in Swift (no rounding).
        hb_font_set_scale(hbFont, Int32(upem), Int32(upem))
        hb_font_make_immutable(hbFont)

        self.path = path
        self.memory = memory
        self.ftLibrary = library
        self.ftFace = face
        self.hbFace = hbFace
        self.hbFont = hbFont
        self.unitsPerEm = Double(upem)
        self.familyName = face.pointee.family_name.map { String(cString: $0) } ?? (path as NSString).lastPathComponent
        var coverage: (low: UInt64, high: UInt64) = (0, 0)
        for v in UInt32(0)..<128 {
            var glyph: hb_codepoint_t = 0
            guard v < 0x20 || hb_font_get_nominal_glyph(hbFont, v, &glyph) != 0 else { continue }
            if v < 64 { coverage.low |= 1 << UInt64(v) } else { coverage.high |= 1 << UInt64(v - 64) }
        }
        self.asciiCoverage = coverage
        self.hasColor = hb_ot_color_has_png(hbFace) != 0 || hb_ot_color_has_layers(hbFace) != 0
            || hb_ot_color_has_svg(hbFace) != 0

        var extents = hb_font_extents_t()
        hb_font_get_h_extents(hbFont, &extents)
        func position(_ tag: hb_ot_metrics_tag_t, _ fallback: Double) -> Double {
            var value: hb_position_t = 0
            return hb_ot_metrics_get_position(hbFont, tag, &value) != 0 ? Double(value) : fallback
        }
        let em = Double(upem)
        self.metrics = FaceMetrics(
            ascender: Double(extents.ascender), descender: -Double(extents.descender),
            lineGap: max(0, Double(extents.line_gap)),
            underlinePosition: -position(HB_OT_METRICS_TAG_UNDERLINE_OFFSET, -0.1 * em),
            underlineThickness: max(position(HB_OT_METRICS_TAG_UNDERLINE_SIZE, 0.05 * em), 0.02 * em),
            strikeoutPosition: position(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET, 0.3 * em),
            strikeoutThickness: max(position(HB_OT_METRICS_TAG_STRIKEOUT_SIZE, 0.05 * em), 0.02 * em))
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        FT_Done_Face(ftFace)
        FT_Done_FreeType(ftLibrary)
        memory.deallocate()
    }

    /// FreeType's words for an error code, e.g. `FreeType: unknown file format (error 0x02)`.
    static func freeTypeWords(_ error: FT_Error) -> String {
        let code = "error 0x" + (error & 0xFF < 16 ? "0" : "") + String(error & 0xFF, radix: 16, uppercase: true)
        guard let words = tappable_ft_error_message(error) else { return "FreeType \(code)" }
        return "FreeType: \(String(cString: words)) (\(code))"
    }

    /// The glyph for a Unicode scalar, or nil when the face lacks it.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// Whether the face has a glyph for every scalar that needs one (default-ignorable scalars such
    /// as joiners and variation selectors need none).
    public func covers<S: Sequence>(_ scalars: S) -> Bool where S.Element == Unicode.Scalar {
        scalars.allSatisfy { s in
            if s.value < 0x20 { return true }
            if s.value >= 0x80, s.properties.isDefaultIgnorableCodePoint { return true }
            return glyph(for: s) != nil
        }
    }

    /// `covers` for one ASCII code unit (`unit` < 0x80), from a table made when the face opened.
    func coversASCII(_ unit: UInt16) -> Bool {
        unit < 64 ? asciiCoverage.low >> UInt64(unit) & 1 == 1 : asciiCoverage.high >> UInt64(unit - 64) & 1 == 1
    }

    /// The ink bounds of a glyph in font units, y up: (xBearing, yBearing, width, height) as HarfBuzz.
    public func glyphExtents(_ glyph: UInt32) -> (x: Double, y: Double, width: Double, height: Double) {
        var e = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(hbFont, glyph, &e) != 0 else { return (0, 0, 0, 0) }
        return (Double(e.x_bearing), Double(e.y_bearing), Double(e.width), Double(e.height))
    }

    /// The horizontal advance of a glyph, in font units.
    public func advance(of glyph: UInt32) -> Double { Double(hb_font_get_glyph_h_advance(hbFont, glyph)) }

    /// Points per font unit at `size` points.
    public func scale(at size: Double) -> Double { size / unitsPerEm }

    /// The family name and the file path, for diagnostics.
    public var description: String { "\(familyName) (\(path))" }
    /// Identity: two faces are equal only when they are the same object.
    public static func == (a: FontFace, b: FontFace) -> Bool { a === b }
    /// Hashes the object's identity, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
