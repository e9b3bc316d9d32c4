import Foundation
import Testing
import TappableDetection
import TappableInteraction
import TappableLayout
import TappableRendering
import TappableSnapshotTesting
import TappableTestSupport
import TappableText

@Suite("LabelRenderer limits: 64 megapixels, 32,767 pixels a side, 14,400-point pages; checked before painting")
struct LabelRendererTests {
    @Test("an image of exactly 64 megapixels passes the check; one more row or column is an error naming the size and the limit")
    func pixelLimit() throws {
        #expect(LabelRenderer.maxPixels == 8192 * 8192)
        #expect(try LabelRenderer.pixelSize(of: Size(width: 8192, height: 8192), scale: 1) == (8192, 8192))
        #expect(try LabelRenderer.pixelSize(of: Size(width: 2048, height: 2048), scale: 4) == (8192, 8192))
        #expect(try LabelRenderer.pixelSize(of: Size(width: 8191.5, height: 8192), scale: 1) == (8192, 8192), "sides round up")
        for (size, scale) in [(Size(width: 8193, height: 8192), 1.0), (Size(width: 2048, height: 2048.1), 4)] {
            let error = #expect(throws: RenderError.self) { try LabelRenderer.pixelSize(of: size, scale: scale) }
            #expect(error?.description.contains("is too large to paint") == true)
            #expect(error?.description.contains("\(LabelRenderer.maxPixels) pixels in all") == true)
        }
        let error = #expect(throws: RenderError.self) { try LabelRenderer.pixelSize(of: Size(width: 8193, height: 8192), scale: 1) }
        #expect(error == .imageTooLarge(width: 8193, height: 8192, limit: 67_108_864))
        #expect(error?.description.hasPrefix("an image of 8193 x 8192 pixels") == true)
    }

    @Test("a side of 32,767 pixels passes; 32,768 is an error (Cairo's limit), however few the pixels")
    func sideLimit() throws {
        #expect(LabelRenderer.maxPixelSide == 32_767)
        #expect(try LabelRenderer.pixelSize(of: Size(width: 32_767, height: 1), scale: 1) == (32_767, 1))
        #expect(try LabelRenderer.pixelSize(of: Size(width: 1, height: 32_767), scale: 1) == (1, 32_767))
        #expect(throws: RenderError.imageTooLarge(width: 32_768, height: 1, limit: LabelRenderer.maxPixels)) {
            try LabelRenderer.pixelSize(of: Size(width: 32_768, height: 1), scale: 1)
        }
        #expect(throws: RenderError.imageTooLarge(width: 1, height: 32_768, limit: LabelRenderer.maxPixels)) {
            try LabelRenderer.pixelSize(of: Size(width: 0.5, height: 16_384), scale: 2)
        }
    }

    @Test("the overlay, larger than its label, is held to the same limit")
    func overlayLimit() throws {
        // The label fits at scale 1; its overlay at scale 2 (plus margins and legend) does not.
        let label = try TappableLabel(text: AttributedText("x"), width: 5000, height: 5000)
        #expect(throws: Never.self) { try LabelRenderer.pixelSize(of: label.size, scale: 1) }
        let error = #expect(throws: RenderError.self) { try OverlayRenderer.image(label, scale: 2) }
        #expect(error?.description.contains("too large to paint") == true)
    }

    @Test("PDF and SVG pages of 14,400 points a side are made; 14,401 is an error naming the page size and the limit")
    func pageLimit() throws {
        #expect(LabelRenderer.maxPageSide == 14_400)
        let atLimit = try TappableLabel(text: AttributedText("x"), width: 14_400, height: 10)
        #expect(try LabelRenderer.pdf(atLimit).starts(with: Data("%PDF".utf8)))
        #expect(!(try LabelRenderer.svg(atLimit)).isEmpty)
        let past = try TappableLabel(text: AttributedText("x"), width: 10, height: 14_401)
        for paint in [{ try LabelRenderer.pdf(past) }, { try LabelRenderer.svg(past) }] {
            let error = #expect(throws: RenderError.self) { try paint() }
            #expect(error == .pageTooLarge(width: 10, height: 14_401, limit: 14_400))
            #expect(error?.description == "a page of 10.0 x 14401.0 points is too large for PDF or SVG (at most 14400 points a side)")
        }
    }
}

@Suite("Rendering snapshots: normal, highlighted and overlay forms, each looked at before it was accepted")
struct RenderingSnapshotTests {
    @Test("normal, highlighted (first link pressed) and overlay", arguments: Snapshots.labels)
    func threeForms(label: SnapshotLabel) throws {
        let tappable = try label.label()
        assertSnapshot(of: tappable, as: .image(scale: label.scale, style: label.style), named: "\(label.name)-normal")
        let region = try #require(tappable.regions.first)
        #expect(region.fullRange == label.links.first, "the first link is the first region")
        assertSnapshot(of: tappable, as: .image(scale: label.scale, style: label.style, highlighting: 0), named: "\(label.name)-highlighted")
        assertSnapshot(of: tappable, as: .overlay(scale: label.scale, style: label.style), named: "\(label.name)-overlay")
    }

    @Test("one label at 1x, 2x and 3x: the same layout, pixels scaled", arguments: [1.0, 2.0, 3.0])
    func scales(scale: Double) throws {
        let label = Snapshots.labels[0]
        let layout = try label.layout()
        let image = try LabelRenderer.image(layout, style: label.style, scale: scale)
        #expect(image.width == Int((320 * scale).rounded(.up)))
        #expect(image.height == Int((layout.size.height * scale).rounded(.up)))
        assertSnapshot(of: image.rgbaImage(), as: .image(), named: "login-\(Int(scale))x")
    }
}

@Suite("Rendering invariants: tap areas hold their glyphs, renders repeat byte for byte, PDF and SVG carry the links, bad input is an error")
struct RenderingInvariantTests {
    @Test("every tap area contains its glyph rects, grown by the insets on each side")
    func tapAreasContainGlyphRects() throws {
        for label in Snapshots.labels {
            for region in try label.label().regions {
                #expect(region.rects.count == region.tapAreas.count)
                for (rect, area) in zip(region.rects, region.tapAreas) {
                    #expect(area.contains(rect))
                    #expect(abs(area.width - rect.width - 10) < 1e-9 && abs(area.height - rect.height - 10) < 1e-9)
                }
            }
        }
    }

    @Test("rendering is deterministic: the same label twice gives the same bytes")
    func deterministic() throws {
        let layout = try Snapshots.labels[0].layout()
        #expect(try LabelRenderer.image(layout) == LabelRenderer.image(layout))
        #expect(try LabelRenderer.image(layout).pngData() == LabelRenderer.image(layout).pngData())
    }

    @Test("PDF output carries a link annotation per link; SVG output is an SVG")
    func vectorOutputs() throws {
        let label = try Snapshots.labels[0].label()
        let pdf = try LabelRenderer.pdf(label)
        let pdfText = String(decoding: pdf, as: UTF8.self)
        #expect(pdf.starts(with: Data("%PDF".utf8)))
        func hex(_ s: String) -> String { s.utf8.map { String(format: "%02X", $0) }.joined() }
        #expect(pdfText.contains("/URI <\(hex("https://example.com/terms-of-service"))>"))
        #expect(pdfText.contains("/URI <\(hex("https://example.com/privacy-policy"))>"))
        let svg = String(decoding: try LabelRenderer.svg(label), as: UTF8.self)
        #expect(svg.contains("<svg"))
    }

    @Test("bad input: a bad scale, a zero-size label and a huge label are clear errors")
    func badInput() throws {
        let layout = try Snapshots.labels[0].layout()
        #expect(throws: RenderError.invalidScale(0)) { try LabelRenderer.image(layout, scale: 0) }
        #expect(throws: RenderError.self) { try LabelRenderer.image(layout, scale: .nan) }
        let empty = try TappableLabel(text: AttributedText(""), width: 0, height: 0)
        #expect(throws: RenderError.emptyLabel(width: 0, height: 0)) { try LabelRenderer.image(empty.layout) }
        #expect(throws: RenderError.emptyLabel(width: 0, height: 0)) { try LabelRenderer.pdf(empty) }
        let huge = try LabelLayout(text: AttributedText(String(repeating: "line\n", count: 100_000)), width: 320,
                                   properties: LabelProperties(numberOfLines: 0))
        #expect(throws: RenderError.self) { try LabelRenderer.image(huge, scale: 3) }
    }
}

/// ZSWTappableLabel's data-detector example end to end: detect, lay out, paint, touch, tap.
@Suite("ZSWTappableLabel's data-detector label, rendered and tapped")
struct DetectedLabelTests {
    static func label() throws -> TappableLabel {
        let detector = try DataDetector(types: [.link, .phoneNumber, .date], referenceDate: DetectorSentence.referenceDate, timeZone: DataDetector.utc)
        let text = detector.attributedText(for: DetectorSentence.text)
        return try TappableLabel(text: text, width: 260, properties: .init(numberOfLines: 0))
    }

    @Test("the reference date is a Sunday noon, UTC")
    func referenceDate() {
        #expect(ISO8601DateFormatter().string(from: DetectorSentence.referenceDate) == "2026-11-29T12:00:00Z")
    }

    @Test("exactly three regions: the link, the phone number and the date, each tap delivering its payload")
    func tapsDeliverPayloads() throws {
        let label = try Self.label()
        #expect(label.regions.map { label.text.substring($0.range) } == ["google.com", "415-555-5555", "friday at 5pm"])
        let payloads = ["http://google.com", "tel:+14155555555", "2026-12-04T17:00:00Z"]
        for (region, payload) in zip(label.regions, payloads) {
            let rect = region.rects[0]
            let p = rect.centre
            let events = TouchSession.events(for: [.began(p, time: 0), .ended(p, time: 0.1)], on: label)
            let taps = events.compactMap { e -> TextAttributes? in if case let .tap(info) = e.kind { return info.attributes }; return nil }
            #expect(taps.count == 1)
            #expect(taps.first?.link == payload)
            #expect(events.first?.kind == .highlightChanged(region), "highlighted on touch")
        }
    }

    @Test("snapshot: normal, and each detected region highlighted on touch")
    func normalAndHighlighted() throws {
        let label = try Self.label()
        assertSnapshot(of: label, as: .image(scale: 2), named: "detected-normal")
        for i in label.regions.indices {
            assertSnapshot(of: label, as: .image(scale: 2, highlighting: i), named: "detected-highlighted-\(i + 1)")
        }
    }
}
