import Foundation
import Testing
import TappableInteraction
import TappableLayout
import TappableTestSupport
import TappableText

@Suite("Region info: the region, index, attributes and frame a touch at a point reports")
struct RegionInfoTests {
    @Test("region info at a point: range, index, attributes at the index, frame = union of the per-line rects")
    func regionInfo() throws {
        let label = try Fixture.label(LoginSentence.text, links: [LoginSentence.terms, LoginSentence.privacy], width: 320)
        let rects = label.layout.rects(for: LoginSentence.terms)
        let point = rects[1].centre
        let info = try #require(label.regionInfo(at: point))
        #expect(info.region == label.regions[0])
        #expect(info.region.range == LoginSentence.terms)
        #expect(info.index == label.layout.hitTest(at: point))
        #expect(info.attributes.link == "https://example.com/31")
        #expect(info.region.rects == rects)
        #expect(info.frame == rects[0].union(rects[1]))
        // In the grown margin: the region with its nearest character; in empty space: nothing.
        let privacy = label.regions[1].rects[0]
        let margin = try #require(label.regionInfo(at: Point(x: privacy.maxX + 3, y: privacy.midY)))
        #expect(margin.region.range == LoginSentence.privacy)
        #expect(margin.index == 65)
        #expect(label.regionInfo(at: Point(x: 315, y: privacy.midY)) == nil)
    }
}
