/// Which font a run of text asks for: a family resolved through the font registry, or a font file.
/// Sizes are in points. The registry falls back to other faces for characters this one lacks.
public struct Font: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Font weight on the CSS / OpenType scale (100 thin ... 400 regular ... 700 bold ... 900 black).
    public struct Weight: Sendable, Hashable, Codable, Comparable {
        public var value: Int
        public init(_ value: Int) { self.value = value }
        public static let regular = Weight(400)
        public static let medium = Weight(500)
        public static let semibold = Weight(600)
        public static let bold = Weight(700)
        public static func < (a: Weight, b: Weight) -> Bool { a.value < b.value }
    }

    /// Family name, e.g. "Inter" or "DejaVu Sans". Ignored when `file` is set.
    public var family: String
    /// Size in points.
    public var size: Double
    public var weight: Weight
    public var italic: Bool
    /// A path to a font file to use instead of a registry family.
    public var file: String?

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

    public var description: String {
        if let file { return "\(file) \(size)pt" }
        return "\(family) \(weight.value)\(italic ? " italic" : "") \(size)pt"
    }
}
