/// Which font a run of text asks for: a family resolved through the font registry, or a font file.
/// Sizes are in points. The registry falls back to other faces for characters this one lacks.
public struct Font: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Font weight on the CSS / OpenType scale (100 thin ... 400 regular ... 700 bold ... 900 black).
    public struct Weight: Sendable, Hashable, Codable, Comparable {
        /// The weight number, e.g. 400. Any value is accepted; the registry picks the nearest face.
        public var value: Int
        /// A weight of `value`; not checked (the registry picks the nearest face).
        public init(_ value: Int) { self.value = value }
        /// Regular, 400.
        public static let regular = Weight(400)
        /// Medium, 500.
        public static let medium = Weight(500)
        /// Semibold, 600.
        public static let semibold = Weight(600)
        /// Bold, 700.
        public static let bold = Weight(700)
        /// Orders weights by `value`.
        public static func < (a: Weight, b: Weight) -> Bool { a.value < b.value }
    }

    /// Family name, e.g. "Inter" or "DejaVu Sans". Ignored when `file` is set.
    public var family: String
    /// Size in points.
    public var size: Double
    /// The weight (default regular, 400); the family member nearest in weight is used.
    public var weight: Weight
    /// Whether to use an italic face; a family without one uses its upright faces.
    public var italic: Bool
    /// A path to a font file to use instead of a registry family.
    public var file: String?

    /// A font, by default the system family at 17 pt, regular, upright. Not checked here: shaping
    /// throws `FontError` for an unknown family, an unreadable file or a size that is not positive and finite.
    public init(family: String = Font.systemFamily, size: Double = Font.systemSize,
                weight: Weight = .regular, italic: Bool = false, file: String? = nil) {
        self.family = family; self.size = size; self.weight = weight; self.italic = italic; self.file = file
    }

    /// A font read from a file (TrueType, OpenType or any face FreeType reads).
    public static func file(_ path: String, size: Double) -> Font { Font(size: size, file: path) }

    /// The family standing in for the iOS system font (San Francisco): Inter, bundled under Fonts/.
    public static let systemFamily = "Inter"
    /// UILabel's default font size, 17 pt.
    public static let systemSize = 17.0
    /// UILabel's default font: the system family at 17 pt.
    public static let system = Font()

    /// The same font at another size.
    public func withSize(_ size: Double) -> Font { var f = self; f.size = size; return f }
    /// The same font at another weight.
    public func withWeight(_ weight: Weight) -> Font { var f = self; f.weight = weight; return f }
    /// The same font, italic or not.
    public func withItalic(_ italic: Bool) -> Font { var f = self; f.italic = italic; return f }

    /// E.g. "Inter 700 italic 17.0pt", or "PATH 17.0pt" for a font file.
    public var description: String {
        if let file { return "\(file) \(size)pt" }
        return "\(family) \(weight.value)\(italic ? " italic" : "") \(size)pt"
    }
}
