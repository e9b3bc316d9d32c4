import TappableLayout
import TappableShaping
import TappableTestSupport
import TappableText

/// Builders of the layout specs: bundled fonts only, never system fonts.
enum Fixture {
    /// A label over `string` with links named after their ranges (`exampleLinks`) and the given
    /// properties (UILabel defaults otherwise, Inter 17 pt).
    static func label(_ string: String, width: Double? = nil, height: Double? = nil, lines: Int = 0,
                      mode: LineBreakMode = .truncateTail, alignment: TextAlignment = .natural,
                      font: Font = .bundled(), links: [TextRange] = []) throws -> LabelLayout {
        try LabelLayout(text: AttributedText(string, links: exampleLinks(links)), width: width, height: height,
                        properties: LabelProperties(font: font, numberOfLines: lines, lineBreakMode: mode, textAlignment: alignment))
    }

    /// The line start indices of a layout.
    static func lineStarts(_ layout: LabelLayout) -> [Int] { layout.textLayout.lines.map(\.characterRange.location) }
}
