import TappableInteraction
import TappableLayout
import TappableText

extension AttributedText {
    /// `string` with each link's value set on its UTF-16 range (and, with
    /// `markingTappableRegions`, each range flagged as a tappable region).
    /// - Throws: `AttributedText`'s range errors for a range outside the text.
    public init(_ string: String, links: [(String, TextRange)], markingTappableRegions: Bool = false) throws {
        self.init(string)
        for (link, range) in links {
            try addAttributes(TextAttributes(link: link, isTappableRegion: markingTappableRegions), in: range)
        }
    }
}

/// Links named after their ranges: "https://example.com/<location>" over each range.
public func exampleLinks(_ ranges: [TextRange]) -> [(String, TextRange)] {
    ranges.map { ("https://example.com/\($0.location)", $0) }
}

/// A label of `string` with `links` (see `AttributedText(_:links:markingTappableRegions:)`).
/// - Throws: range, layout and settings errors of `TappableLabel`.
public func linkedLabel(_ string: String, links: [(String, TextRange)], markingTappableRegions: Bool = false,
                        width: Double? = nil, height: Double? = nil, properties: LabelProperties = LabelProperties(numberOfLines: 0),
                        settings: InteractionSettings = InteractionSettings()) throws -> TappableLabel {
    try TappableLabel(text: AttributedText(string, links: links, markingTappableRegions: markingTappableRegions),
                      width: width, height: height, properties: properties, settings: settings)
}

extension Font {
    /// A face of the bundled fonts (Inter 17 pt unless told): tests never use system fonts.
    public static func bundled(_ family: String = "Inter", _ size: Double = 17) -> Font { Font(family: family, size: size) }
}
