import TappableLayout
import TappableShaping
import TappableText

/// Builders shared by the layout specs: bundled fonts only, never system fonts.
enum Fixture {
    static let login = "By registering, I agree to the Terms of Service and Privacy Policy."
    static let termsRange = TextRange(location: 31, length: 16)
    static let privacyRange = TextRange(location: 52, length: 14)

    static func font(_ family: String = "Inter", _ size: Double = 17) -> Font { Font(family: family, size: size) }

    /// A label over `string` with the given properties (UILabel defaults otherwise, Inter 17 pt).
    static func label(_ string: String, width: Double? = nil, height: Double? = nil, lines: Int = 0,
                      mode: LineBreakMode = .truncateTail, alignment: TextAlignment = .natural,
                      font: Font = font(), links: [TextRange] = []) throws -> LabelLayout {
        var text = AttributedText(string)
        for link in links { try text.addAttributes(TextAttributes(link: "https://example.com/\(link.location)"), in: link) }
        return try LabelLayout(text: text, width: width, height: height,
                               properties: LabelProperties(font: font, numberOfLines: lines, lineBreakMode: mode, textAlignment: alignment))
    }

    /// The line start indices of a layout.
    static func lineStarts(_ layout: LabelLayout) -> [Int] { layout.textLayout.lines.map(\.characterRange.location) }

    /// The centre of the first rect of `range` in label coordinates.
    static func centre(of range: TextRange, in layout: LabelLayout) -> Point {
        let r = layout.rects(for: range)[0]
        return Point(x: r.midX, y: r.midY)
    }
}
