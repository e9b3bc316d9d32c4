import Foundation
import Testing
import TappableDetection
import TappableInteraction
import TappableRendering
import TappableText

/// ZSWTappableLabel's data-detector example end to end: detect, lay out, paint, touch, tap.
@Suite("ZSWTappableLabel's data-detector label, rendered and tapped")
struct DetectedLabelTests {
    static let string = "check google.com or call 415-555-5555? how about friday at 5pm?"
    /// Sunday 29 November 2026, noon UTC: "friday" is 4 December.
    static let reference = Date(timeIntervalSince1970: 1_795_953_600)

    static func label() throws -> TappableLabel {
        let detector = try DataDetector(types: [.link, .phoneNumber, .date], referenceDate: reference, timeZone: DataDetector.utc)
        let text = detector.attributedText(for: string)
        return try TappableLabel(text: text, width: 260, properties: .init(numberOfLines: 0))
    }

    @Test("the reference date is a Sunday noon, UTC")
    func referenceDate() {
        #expect(ISO8601DateFormatter().string(from: Self.reference) == "2026-11-29T12:00:00Z")
    }

    @Test("exactly three regions: the link, the phone number and the date, each tap delivering its payload")
    func tapsDeliverPayloads() throws {
        let label = try Self.label()
        #expect(label.regions.map { label.text.substring($0.range) } == ["google.com", "415-555-5555", "friday at 5pm"])
        let payloads = ["http://google.com", "tel:+14155555555", "2026-12-04T17:00:00Z"]
        for (region, payload) in zip(label.regions, payloads) {
            let rect = region.rects[0]
            let p = Point(x: rect.midX, y: rect.midY)
            let events = TouchSession.events(for: [.began(p, time: 0), .ended(p, time: 0.1)], on: label)
            let taps = events.compactMap { e -> TextAttributes? in if case let .tap(info) = e.kind { return info.attributes }; return nil }
            #expect(taps.count == 1)
            #expect(taps.first?.link == payload)
            #expect(events.first?.kind == .highlightChanged(region), "highlighted on touch")
        }
    }

    @Test("snapshot: normal, and each detected region highlighted on touch")
    func snapshots() throws {
        let label = try Self.label()
        try Snapshots.verify(try LabelRenderer.image(label.layout, scale: 2), "detected-normal")
        for (i, region) in label.regions.enumerated() {
            try Snapshots.verify(try LabelRenderer.image(label.layout, state: .highlighted(label.highlight(for: region)), scale: 2), "detected-highlighted-\(i + 1)")
        }
    }
}
