import Testing
import TappableInteraction
import TappableLayout
@testable import TappableRendering
import TappableText

@Suite("OverlayRenderer: a bounded legend")
struct OverlayRendererTests {
    /// `count` links "ab" in a row, each its own region, the first with a 300-letter link.
    func label(regions count: Int) throws -> TappableLabel {
        let runs = (0..<count).map { i in
            AttributeRun(range: TextRange(location: 3 * i, length: 2),
                         attributes: TextAttributes(link: i == 0 ? String(repeating: "l", count: 300) : "https://x.example/\(i)"))
        }
        let text = try AttributedText(string: String(repeating: "ab ", count: count), runs: runs)
        return try TappableLabel(text: text, width: 100_000, properties: LabelProperties(font: Font(size: 1), numberOfLines: 1))
    }

    @Test("the legend lists the first 1,000 regions and counts the rest in one line; long links end in …")
    func legendBounded() throws {
        #expect(OverlayRenderer.maximumLegendEntries == 1_000 && OverlayRenderer.maximumLegendTextLength == 200)
        let many = try label(regions: 1_001)
        #expect(many.regions.count == 1_001)
        let (legend, starts) = try OverlayRenderer.legendLayout(regions: many.regions, width: 440)
        let text = legend.textLayout.text.string
        #expect(starts.count == 1_000)
        #expect(text.contains("  1000. \u{201C}ab\u{201D}") && !text.contains("1001."))
        #expect(text.contains("… and 1 more regions"))
        #expect(text.contains(String(repeating: "l", count: 200) + "\u{2026}") && !text.contains(String(repeating: "l", count: 201)))
        let all = try label(regions: 1_000)
        let (full, _) = try OverlayRenderer.legendLayout(regions: all.regions, width: 440)
        #expect(!full.textLayout.text.string.contains("more regions"))
    }
}
