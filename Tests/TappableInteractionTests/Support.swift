import TappableInteraction
import TappableLayout
import TappableTestSupport
import TappableText

/// Builders of the interaction specs: bundled fonts only (Inter 17 pt unless told).
enum Fixture {
    /// A label over `string` with links named after their ranges (`exampleLinks`), each also
    /// flagged as a tappable region (UILabel defaults otherwise, but word wrap and unlimited lines).
    static func label(_ string: String, links: [TextRange], width: Double? = nil, height: Double? = nil,
                      lines: Int = 0, mode: LineBreakMode = .wordWrap, font: Font = .bundled(),
                      settings: InteractionSettings = InteractionSettings()) throws -> TappableLabel {
        try linkedLabel(string, links: exampleLinks(links), markingTappableRegions: true, width: width, height: height,
                        properties: LabelProperties(font: font, numberOfLines: lines, lineBreakMode: mode), settings: settings)
    }

    /// The seed string in a 400 pt wide label (one line).
    static func seedLabel(settings: InteractionSettings = InteractionSettings()) throws -> TappableLabel {
        try label(SeedSentence.text, links: [SeedSentence.privacy, SeedSentence.terms], width: 400, settings: settings)
    }

    /// Labels the invariants are checked on: the seed string, the wrapped login, a truncated link,
    /// a Latin link in Arabic, and seven one-letter links grown to 44 x 44 tap targets.
    static func invariantLabels() throws -> [TappableLabel] {
        [
            try seedLabel(),
            try label(LoginSentence.text, links: [LoginSentence.terms, LoginSentence.privacy], width: 320, height: 90),
            try label("Please read the Terms of Service before you continue", links: [TextRange(location: 16, length: 16)],
                      width: 200, lines: 1, mode: .truncateTail),
            try label("اقرأ Privacy Policy الآن", links: [TextRange(location: 5, length: 14)], width: 400,
                      font: Font(family: "Noto Sans Arabic", size: 16)),
            try label("a b c d e f g", links: (0..<7).map { TextRange(location: $0 * 2, length: 1) }, width: 60,
                      settings: InteractionSettings(minimumTapTargetSize: Size(width: 44, height: 44))),
        ]
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
