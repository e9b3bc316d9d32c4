import TappableInteraction
import TappableLayout
import TappableText

/// Builders shared by the interaction specs: bundled fonts only (Inter 17 pt unless told).
enum Fixture {
    /// ZSWTappableLabel's substring-linking example.
    static let seed = "View our Privacy Policy or Terms of Service"
    static let privacy = TextRange(location: 9, length: 14)
    static let terms = TextRange(location: 27, length: 16)

    /// The login sentence of seed 001; at 320 pt "Terms of Service" wraps onto the second line.
    static let login = "By registering, I agree to the Terms of Service and Privacy Policy."
    static let loginTerms = TextRange(location: 31, length: 16)
    static let loginPrivacy = TextRange(location: 52, length: 14)

    static func font(_ family: String = "Inter", _ size: Double = 17) -> Font { Font(family: family, size: size) }

    /// Attributed text with a link "https://example.com/<location>" over each range.
    static func text(_ string: String, links: [TextRange] = []) throws -> AttributedText {
        var text = AttributedText(string)
        for link in links {
            try text.addAttributes(TextAttributes(link: "https://example.com/\(link.location)", isTappableRegion: true), in: link)
        }
        return text
    }

    /// A label over `string` with links over `links` (UILabel defaults otherwise, but unlimited lines).
    static func label(_ string: String, links: [TextRange], width: Double? = nil, height: Double? = nil,
                      lines: Int = 0, mode: LineBreakMode = .wordWrap, font: Font = font(),
                      settings: InteractionSettings = InteractionSettings()) throws -> TappableLabel {
        try TappableLabel(text: text(string, links: links), width: width, height: height,
                          properties: LabelProperties(font: font, numberOfLines: lines, lineBreakMode: mode),
                          settings: settings)
    }

    /// The seed string in a 400 pt wide label (one line).
    static func seedLabel(settings: InteractionSettings = InteractionSettings()) throws -> TappableLabel {
        try label(seed, links: [privacy, terms], width: 400, settings: settings)
    }

    /// The centre of the `n`th rect of `range` in label coordinates.
    static func centre(of range: TextRange, in label: TappableLabel, rect n: Int = 0) -> Point {
        let r = label.layout.rects(for: range)[n]
        return Point(x: r.midX, y: r.midY)
    }

    /// The centre of the character at `index`.
    static func centre(ofCharacter index: Int, in label: TappableLabel) -> Point {
        centre(of: TextRange(location: index, length: 1), in: label)
    }
}

extension TouchEvent.Kind {
    /// Short names for asserting event sequences.
    var name: String {
        switch self {
        case let .highlightChanged(r): return r.map { "highlight \($0.range)" } ?? "unhighlight"
        case let .tap(info): return "tap \(info.index)"
        case let .longPress(info): return "longPress \(info.index)"
        case .unhandled: return "unhandled"
        }
    }
}

extension Array where Element == TouchEvent {
    /// The events' short names, in order.
    var names: [String] { map(\.kind.name) }
}

/// A tap (down and up at `point`, 0.1 s apart) on a fresh session.
func tapEvents(_ label: TappableLabel, at point: Point, lift: Point? = nil) -> [TouchEvent] {
    var session = TouchSession(label: label)
    return session.began(point, time: 0) + session.ended(lift ?? point, time: 0.1)
}

/// The index a tap at `point` delivers, nil when no tap fires.
func tappedIndex(_ label: TappableLabel, at point: Point) -> Int? {
    for event in tapEvents(label, at: point) { if case let .tap(info) = event.kind { return info.index } }
    return nil
}
