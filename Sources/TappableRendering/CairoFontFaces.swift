import CCairo
import CFreeType
import Foundation
import TappableShaping

/// Cairo font faces made from the shaping stage's FreeType faces, one per face file, kept for the
/// process's life (the FreeType face must outlive them; the cache keeps both). Thread-safe.
final class CairoFontFaces: @unchecked Sendable {
    static let shared = CairoFontFaces()
    private let lock = NSLock()
    private var faces: [ObjectIdentifier: (face: FontFace, cairo: OpaquePointer)] = [:]

    /// The Cairo face for `face`: unhinted outlines, colour bitmaps where the face has them.
    func cairoFace(for face: FontFace) -> OpaquePointer {
        lock.lock()
        defer { lock.unlock() }
        if let entry = faces[ObjectIdentifier(face)] { return entry.cairo }
        let flags = Int32(FT_LOAD_NO_HINTING) | Int32(FT_LOAD_COLOR)
        let cairo = cairo_ft_font_face_create_for_ft_face(face.ftFace, flags)!
        faces[ObjectIdentifier(face)] = (face, cairo)
        return cairo
    }
}
