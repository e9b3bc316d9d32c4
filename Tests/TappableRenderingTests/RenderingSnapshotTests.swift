import Foundation
import Testing
import TappableInteraction
import TappableLayout
import TappableRendering
import TappableSnapshot
import TappableText

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

enum Snapshots {
    /// The package's Snapshots/ folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Snapshots").path

    static func image(_ r: RenderedImage) throws -> RGBAImage { r.rgbaImage() }

    static func verify(_ rendered: RenderedImage, _ name: String) throws {
        if let failure = Snapshot.verify(try image(rendered), named: name, suite: "Rendering", directory: root) {
            Issue.record("\(failure)")
        }
    }

    /// ZSWTappableLabel's example: white text on a light grey rounded background while pressed.
    static let zswSettings = InteractionSettings(highlightStyle: HighlightStyle(backgroundColor: .lightGray, textColor: .white, cornerRadius: 4))

    static let labels: [SnapshotLabel] = [
        SnapshotLabel(name: "login", text: "By registering, I agree to the Terms of Service and Privacy Policy.",
                      links: [TextRange(location: 31, length: 16), TextRange(location: 52, length: 14)], width: 320),
        SnapshotLabel(name: "zsw-privacy-policy", text: "Privacy Policy", links: [TextRange(location: 0, length: 14)],
                      settings: zswSettings),
        SnapshotLabel(name: "wrapped-link", text: "Please read and accept our Terms and Conditions of Use before continuing.",
                      links: [TextRange(location: 27, length: 27)], width: 200, style: RenderStyle(link: LinkStyle(underline: true))),
        SnapshotLabel(name: "tail-truncated-link", text: "Please read the Terms of Service before you continue",
                      links: [TextRange(location: 16, length: 16)], width: 200, properties: LabelProperties(numberOfLines: 1)),
        SnapshotLabel(name: "centred-tall", text: "View our Privacy Policy or Terms of Service",
                      links: [TextRange(location: 9, length: 14), TextRange(location: 27, length: 16)], width: 320, height: 100,
                      properties: LabelProperties(numberOfLines: 0, textAlignment: .center), style: RenderStyle(backgroundColor: Color(hex: "#f2f2f7")!)),
        SnapshotLabel(name: "right-tall", text: "View our Privacy Policy or Terms of Service",
                      links: [TextRange(location: 9, length: 14), TextRange(location: 27, length: 16)], width: 200, height: 100,
                      properties: LabelProperties(numberOfLines: 0, textAlignment: .right), style: RenderStyle(backgroundColor: Color(hex: "#f2f2f7")!)),
        SnapshotLabel(name: "arabic-latin-link", text: "اقرأ Privacy Policy الآن", links: [TextRange(location: 5, length: 14)], width: 320,
                      properties: LabelProperties(font: Font(family: "Noto Sans Arabic", size: 18), numberOfLines: 0)),
        SnapshotLabel(name: "hebrew-latin-link", text: "קראו את Terms of Service לפני ההרשמה", links: [TextRange(location: 8, length: 16)], width: 320,
                      properties: LabelProperties(font: Font(family: "Noto Sans Hebrew", size: 18), numberOfLines: 0)),
        SnapshotLabel(name: "emoji-before-link", text: "👩‍👩‍👧 Read our Privacy Policy 🇫🇷", links: [TextRange(location: 18, length: 14)], width: 320),
    ]
}

@Suite("Rendering snapshots: normal, highlighted and overlay forms, each looked at before it was accepted")
struct RenderingSnapshotTests {
    @Test("normal, highlighted (first link pressed) and overlay", arguments: Snapshots.labels)
    func threeForms(label: SnapshotLabel) throws {
        let tappable = try label.label()
        let layout = tappable.layout
        try Snapshots.verify(try LabelRenderer.image(layout, style: label.style, scale: label.scale), "\(label.name)-normal")
        let region = try #require(tappable.regions.first)
        #expect(region.fullRange == label.links.first, "the first link is the first region")
        try Snapshots.verify(try LabelRenderer.image(layout, style: label.style, state: .highlighted(tappable.highlight(for: region)), scale: label.scale),
                             "\(label.name)-highlighted")
        try Snapshots.verify(try OverlayRenderer.image(tappable, style: label.style, scale: label.scale), "\(label.name)-overlay")
    }

    @Test("one label at 1x, 2x and 3x: the same layout, pixels scaled", arguments: [1.0, 2.0, 3.0])
    func scales(scale: Double) throws {
        let label = Snapshots.labels[0]
        let layout = try label.layout()
        let image = try LabelRenderer.image(layout, style: label.style, scale: scale)
        #expect(image.width == Int((320 * scale).rounded(.up)))
        #expect(image.height == Int((layout.size.height * scale).rounded(.up)))
        try Snapshots.verify(image, "login-\(Int(scale))x")
    }
}
