import Foundation
import TappableInteraction
import TappableLayout
import TappableRendering
import TappableTestSupport
import TappableText

/// The UTF-16 range of the first `needle` in `text`; a test error when it is not there.
func range(of needle: String, in text: String) throws -> TextRange {
    let found = (text as NSString).range(of: needle)
    guard found.location != NSNotFound else { throw CocoaError(.coderValueNotFound) }
    return TextRange(location: found.location, length: found.length)
}

/// The label the SVG and HTML specs click: a link that wraps over two lines, a link whose value
/// and text hold every character markup must escape, a `javascript:` link (refused by the default
/// policy), an ISO date payload (no URI), and text that tries to close the page's title and add
/// a script.
enum WebLabel {
    static let text = "By registering, I agree to the Terms of Service and <Privacy> & \"Policy\". Run this or call me "
        + "friday at 5pm. </title><script>alert(1)</script>"
    static let terms = "https://example.com/terms"
    static let privacy = "https://example.com/privacy?a=1&b='x'&c=\"<y>\"#top"
    static let javascript = "javascript:alert(1)"
    static let date = "2026-12-04T17:00:00Z"

    static func label() throws -> TappableLabel {
        try linkedLabel(text, links: [(terms, try range(of: "Terms of Service", in: text)),
                                      (privacy, try range(of: "<Privacy> & \"Policy\"", in: text)),
                                      (javascript, try range(of: "Run this", in: text)),
                                      (date, try range(of: "friday at 5pm", in: text))], width: 320)
    }
}

/// A label for the snapshot table: its text, links, size and properties.
struct SnapshotLabel: Sendable, CustomStringConvertible {
    var name: String
    var text: String
    var links: [TextRange]
    var width: Double?
    var height: Double?
    var properties = LabelProperties(numberOfLines: 0)
    var style = RenderStyle()
    var settings = InteractionSettings()
    var scale = 2.0
    var description: String { name }

    func label() throws -> TappableLabel {
        var attributed = AttributedText(text)
        for link in links {
            try attributed.addAttributes(TextAttributes(link: "https://example.com/\(attributed.substring(link).lowercased().replacingOccurrences(of: " ", with: "-"))"), in: link)
        }
        return try TappableLabel(text: attributed, width: width, height: height, properties: properties, settings: settings)
    }

    func layout() throws -> LabelLayout { try label().layout }
}

/// The labels of the rendering snapshots and invariants.
enum Snapshots {
    /// ZSWTappableLabel's example: white text on a light grey rounded background while pressed.
    static let zswSettings = InteractionSettings(highlightStyle: HighlightStyle(backgroundColor: .lightGray, textColor: .white, cornerRadius: 4))

    static let labels: [SnapshotLabel] = [
        SnapshotLabel(name: "login", text: LoginSentence.text, links: [LoginSentence.terms, LoginSentence.privacy], width: 320),
        SnapshotLabel(name: "zsw-privacy-policy", text: "Privacy Policy", links: [TextRange(location: 0, length: 14)],
                      settings: zswSettings),
        SnapshotLabel(name: "wrapped-link", text: "Please read and accept our Terms and Conditions of Use before continuing.",
                      links: [TextRange(location: 27, length: 27)], width: 200, style: RenderStyle(link: LinkStyle(underline: true))),
        SnapshotLabel(name: "tail-truncated-link", text: "Please read the Terms of Service before you continue",
                      links: [TextRange(location: 16, length: 16)], width: 200, properties: LabelProperties(numberOfLines: 1)),
        SnapshotLabel(name: "centred-tall", text: SeedSentence.text, links: [SeedSentence.privacy, SeedSentence.terms], width: 320, height: 100,
                      properties: LabelProperties(numberOfLines: 0, textAlignment: .center), style: RenderStyle(backgroundColor: Color(hex: "#f2f2f7")!)),
        SnapshotLabel(name: "right-tall", text: SeedSentence.text, links: [SeedSentence.privacy, SeedSentence.terms], width: 200, height: 100,
                      properties: LabelProperties(numberOfLines: 0, textAlignment: .right), style: RenderStyle(backgroundColor: Color(hex: "#f2f2f7")!)),
        SnapshotLabel(name: "arabic-latin-link", text: "اقرأ Privacy Policy الآن", links: [TextRange(location: 5, length: 14)], width: 320,
                      properties: LabelProperties(font: Font(family: "Noto Sans Arabic", size: 18), numberOfLines: 0)),
        SnapshotLabel(name: "hebrew-latin-link", text: "קראו את Terms of Service לפני ההרשמה", links: [TextRange(location: 8, length: 16)], width: 320,
                      properties: LabelProperties(font: Font(family: "Noto Sans Hebrew", size: 18), numberOfLines: 0)),
        SnapshotLabel(name: "emoji-before-link", text: "👩‍👩‍👧 Read our Privacy Policy 🇫🇷", links: [TextRange(location: 18, length: 14)], width: 320),
    ]
}
