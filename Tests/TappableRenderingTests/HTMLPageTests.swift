import Foundation
import Testing
import TappableInteraction
import TappableLayout
@testable import TappableRendering
import TappableSnapshot
import TappableTestSupport
import TappableText

/// A point to click and the navigations the click must start: the link of the region whose glyph
/// rects hold the point, as the document writes it, or none.
struct ClickProbe: CustomTestStringConvertible {
    var point: Point
    var expected: [String]
    var testDescription: String { "click at (\(point.x), \(point.y)) -> \(expected.first ?? "nothing")" }

    /// Offset of the probes from each rect's edges, in CSS pixels: a quarter pixel inside and outside.
    static let margin = 0.25

    /// Probes over the whole label: each region rect's centre, its four corners `margin` inside and
    /// its four edges `margin` outside, and a grid over the label (10 x 5 points apart); points
    /// outside the label are left out. What each must do comes from the region model and the
    /// policy alone.
    static func probes(_ label: TappableLabel, policy: LinkPolicy = .default) -> [ClickProbe] {
        let d = margin
        var points: [Point] = []
        for rect in label.regions.flatMap(\.rects) {
            points.append(rect.centre)
            for (x, y) in [(rect.minX + d, rect.minY + d), (rect.maxX - d, rect.minY + d), (rect.minX + d, rect.maxY - d), (rect.maxX - d, rect.maxY - d),
                           (rect.minX - d, rect.midY), (rect.maxX + d, rect.midY), (rect.midX, rect.minY - d), (rect.midX, rect.maxY + d)] {
                points.append(Point(x: x, y: y))
            }
        }
        for y in stride(from: 2.5, to: label.size.height, by: 5) {
            for x in stride(from: 5.0, to: label.size.width, by: 10) { points.append(Point(x: x, y: y)) }
        }
        return points.filter { $0.x >= 0 && $0.y >= 0 && $0.x < label.size.width && $0.y < label.size.height }.map { point in
            let link = label.regions.first { $0.glyphsContain(point) }?.link.flatMap(policy.documentURI(for:))
            return ClickProbe(point: point, expected: link.map { [$0] } ?? [])
        }
    }
}

@Suite("HTML page in headless Chromium: a click inside a link's rect navigates to its URL, anywhere else nothing; the PNG shows pixel for pixel",
       .serialized,
       .enabled(if: HeadlessChromium.executable != nil, HeadlessChromium.skipMessage))
struct HTMLPageBrowserTests {
    /// Clicks every probe on the open page and checks the navigations each starts.
    static func checkClicks(_ browser: HeadlessChromium, _ label: TappableLabel, _ context: String) throws {
        let probes = ClickProbe.probes(label)
        #expect(probes.contains { !$0.expected.isEmpty } && probes.contains { $0.expected.isEmpty })
        for probe in probes {
            try browser.click(probe.point)
            let navigations = try browser.recordedNavigations()
            #expect(navigations == probe.expected, "\(context): \(probe.testDescription)")
        }
    }

    /// A click on the first link's first rect, with nothing cancelling it: the browser asks the
    /// network for the link's URL as a document (stopped by DevTools before it leaves). The same
    /// click is first checked to start that navigation, so a page that breaks it fails here
    /// instead of waiting for a request that never comes.
    static func checkRealNavigation(_ browser: HeadlessChromium, page: URL, _ label: TappableLabel) throws {
        let rect = label.regions[0].rects[0]
        let point = rect.centre
        try browser.open(page, deviceScaleFactor: 1)
        try browser.click(point)
        let started = try browser.recordedNavigations()
        #expect(started == [WebLabel.terms])
        guard started == [WebLabel.terms] else { return }

        try browser.open(page, deviceScaleFactor: 1, recordingNavigations: false)
        try browser.send("Fetch.enable", ["patterns": [["urlPattern": "https://example.com/*", "requestStage": "Request"]]])
        try browser.click(point)
        let request = try browser.waitForEvent("Fetch.requestPaused")
        #expect((request["request"] as? [String: Any])?["url"] as? String == WebLabel.terms)
        #expect(request["resourceType"] as? String == "Document")
        try browser.send("Fetch.failRequest", ["requestId": request["requestId"] as? String ?? "", "errorReason": "Aborted"])
        try browser.send("Fetch.disable")
    }

    /// Title, language, no script, and the links assistive technology sees, by name.
    static func checkDocument(_ browser: HeadlessChromium, _ label: TappableLabel, language: String) throws {
        let shown = label.shownText
        #expect(shown.count > 100 && shown.hasSuffix("</title><script>alert(1)</script>"))
        #expect(try browser.evaluate("document.title") as? String == String(shown.prefix(99)) + "…", "the shown text, cut to 100 characters")
        #expect(try browser.evaluate("document.documentElement.lang") as? String == language)
        let alt = try browser.evaluate("document.querySelector('img') ? document.querySelector('img').alt : document.querySelector('svg > title').textContent")
        #expect(alt as? String == shown, "the image's alternative text or the drawing's title: all of the shown text")
        #expect(try browser.evaluate("document.querySelectorAll('script, iframe, object, embed').length") as? Int == 0,
                "the text's </title><script> stays text")
        let links = try browser.accessibilityNodes().filter { $0.role == "link" }.map(\.name)
        #expect(links == ["Terms of Service", "<Privacy> & \"Policy\""], "one link per region with a URI, named by its text")
    }

    /// The largest difference in any channel between the screenshot and `image` over white, the
    /// screenshot's pixels beyond the image (the page's whole-pixel box) counted against white.
    static func largestDifference(screenshot png: Data, image: RenderedImage) throws -> Int {
        let shot = try PNG.decode(png)
        let pixels = image.straightRGBA()
        var largest = 0
        for y in 0..<shot.height {
            for x in 0..<shot.width {
                let i = (y * shot.width + x) * 4, j = (y * image.width + x) * 4
                let inside = x < image.width && y < image.height
                let alpha = inside ? Int(pixels[j + 3]) : 0
                for c in 0..<3 {
                    let overWhite = ((inside ? Int(pixels[j + c]) : 0) * alpha + 255 * (255 - alpha) + 127) / 255
                    largest = max(largest, abs(overWhite - Int(shot.bytes[i + c])))
                }
            }
        }
        return largest
    }

    @Test("PNG page (the default): every probe at 1x and 2x, the image pixel-exact at both, named links, one real navigation")
    func pngPage() throws {
        let label = try WebLabel.label()
        let folder = try TemporaryFolder()
        defer { folder.cleanup() }
        let page = URL(fileURLWithPath: try folder.write(try LabelRenderer.html(label, language: "en-GB"), as: "label.html"))
        let browser = try HeadlessChromium()
        defer { browser.close() }
        for scale in [1.0, 2.0] {
            try browser.open(page, deviceScaleFactor: scale)
            try Self.checkDocument(browser, label, language: "en-GB")
            try Self.checkClicks(browser, label, "png page at \(scale)x")
            let image = try LabelRenderer.image(label.layout, scale: scale)
            let box = (width: label.size.width.rounded(.up), height: label.size.height.rounded(.up))
            let shot = try browser.screenshot(width: box.width, height: box.height)
            #expect(try PNG.decode(shot).size == .init(width: Int(box.width * scale), height: Int(box.height * scale)))
            #expect(try Self.largestDifference(screenshot: shot, image: image) <= 1,
                    "at \(scale)x the page shows the PNG render paints at \(scale)x, pixel for pixel (over white, rounding aside)")
        }
        try Self.checkRealNavigation(browser, page: page, label)
    }

    @Test("SVG page (--html-image svg): every probe at 1x and 2x, named links, one real navigation")
    func svgPage() throws {
        let label = try WebLabel.label()
        let folder = try TemporaryFolder()
        defer { folder.cleanup() }
        let page = URL(fileURLWithPath: try folder.write(try LabelRenderer.html(label, image: .svg), as: "label.html"))
        let browser = try HeadlessChromium()
        defer { browser.close() }
        for scale in [1.0, 2.0] {
            try browser.open(page, deviceScaleFactor: scale)
            try Self.checkDocument(browser, label, language: "und")
            try Self.checkClicks(browser, label, "svg page at \(scale)x")
        }
        try Self.checkRealNavigation(browser, page: page, label)
    }

    @Test("SVG file opened on its own: every probe, one point one CSS pixel")
    func svgFile() throws {
        let label = try WebLabel.label()
        let folder = try TemporaryFolder()
        defer { folder.cleanup() }
        let file = URL(fileURLWithPath: try folder.write(try LabelRenderer.svg(label), as: "label.svg"))
        let browser = try HeadlessChromium()
        defer { browser.close() }
        try browser.open(file, deviceScaleFactor: 1)
        #expect(try browser.evaluate("document.title") as? String == label.shownText, "the drawing's <title>")
        try Self.checkClicks(browser, label, "svg file")
    }
}

@Suite("HTML page: self-contained, the PNGs the renderer paints, links from the regions, a checked language")
struct HTMLPageTests {
    /// The values of every `name="…"` attribute in `html`, unescaped (the page escapes every
    /// quote, so a value ends at the next `"`).
    static func attributeValues(_ name: String, in html: String) -> [String] {
        html.components(separatedBy: " \(name)=\"").dropFirst().map { part in
            String(part.prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    @Test("the PNG page loads nothing: the images are data: URIs, the links the regions' URIs, one area per rect")
    func selfContained() throws {
        let label = try WebLabel.label()
        let html = String(decoding: try LabelRenderer.html(label), as: UTF8.self)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"und\">"))
        let sources = Self.attributeValues("src", in: html) + Self.attributeValues("srcset", in: html)
        #expect(sources.count == 2 && sources.allSatisfy { $0.hasPrefix("data:image/png;base64,") })
        let privacy = try #require(LinkPolicy.default.documentURI(for: WebLabel.privacy))
        #expect(Self.attributeValues("href", in: html) == [WebLabel.terms, WebLabel.terms, privacy], "the wrapped link has an area per line")
        #expect(Self.attributeValues("coords", in: html).count == 3)
        #expect(!html.contains("<script") && !html.contains("javascript:") && !html.contains("2026-12-04"))
    }

    @Test("the 1x image is the PNG render paints at 1x; the 2x the one at 2x, on the same whole-pixel box")
    func images() throws {
        let label = try WebLabel.label()
        let html = String(decoding: try LabelRenderer.html(label), as: UTF8.self)
        let uris = Self.attributeValues("src", in: html) + Self.attributeValues("srcset", in: html).map { String($0.dropLast(3)) }
        let decoded = try uris.map { try PNG.decode(try #require(Data(base64Encoded: String($0.dropFirst("data:image/png;base64,".count))))) }
        let box = (width: Int(label.size.width.rounded(.up)), height: Int(label.size.height.rounded(.up)))
        #expect(Self.attributeValues("width", in: html) == ["\(box.width)"] && Self.attributeValues("height", in: html) == ["\(box.height)"])
        for (image, scale) in zip(decoded, [1, 2]) {
            #expect(image.size == .init(width: box.width * scale, height: box.height * scale))
            let painted = try LabelRenderer.image(label.layout, scale: Double(scale))
            let paintedPixels = painted.straightRGBA()
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let expected = x < painted.width && y < painted.height
                        ? Array(paintedPixels[((y * painted.width + x) * 4)..<((y * painted.width + x) * 4 + 4)]) : [0, 0, 0, 0]
                    let i = (y * image.width + x) * 4
                    guard Array(image.bytes[i..<(i + 4)]) == expected else {
                        Issue.record("\(scale)x pixel (\(x), \(y)) differs from the render"); return
                    }
                }
            }
        }
    }

    @Test("a label without links is an image with no map; the SVG page holds the SVG without its XML declaration")
    func variants() throws {
        let plain = try linkedLabel("plain & simple", links: [], width: 320)
        let html = String(decoding: try LabelRenderer.html(plain), as: UTF8.self)
        #expect(!html.contains("<map") && !html.contains("usemap"))
        #expect(html.contains("alt=\"plain &amp; simple\"") && html.contains("<title>plain &amp; simple</title>"))
        let svgPage = String(decoding: try LabelRenderer.html(try WebLabel.label(), image: .svg, language: "en"), as: UTF8.self)
        #expect(!svgPage.contains("<?xml") && svgPage.contains("<body>\n<svg ") && svgPage.contains("<a xlink:href="))
        #expect(!svgPage.contains("data:"), "nothing embedded but the SVG itself")
    }

    @Test("the language is a BCP 47 tag", arguments: ["en", "en-GB", "zh-Hant-TW", "und", "de-CH-1996", "sgn-BE-FR"])
    func languages(tag: String) throws {
        let html = String(decoding: try LabelRenderer.html(try linkedLabel("a", links: [], width: 320), language: tag), as: UTF8.self)
        #expect(html.contains("<html lang=\"\(tag)\">"))
    }

    @Test("anything else is an error naming the tag", arguments: ["", "e", "en_GB", "en-", "-en", "en--GB", "\"><script>", "en GB",
                                                                 "toolongtag", "en-123456789", String(repeating: "a-", count: 40) + "a"])
    func badLanguages(tag: String) throws {
        #expect(throws: RenderError.invalidLanguageTag(tag)) { try LabelRenderer.html(try linkedLabel("a", links: [], width: 320), language: tag) }
    }
}
