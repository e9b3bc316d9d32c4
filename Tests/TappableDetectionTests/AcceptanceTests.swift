import Foundation
import Testing
import TappableDetection
import TappableText

@Suite("ZSWTappableLabel's data-detector example")
struct AcceptanceTests {
    let text = "check google.com or call 415-555-5555? how about friday at 5pm?"

    @Test("finds exactly the link, the phone number and the date")
    func threeResults() {
        let found = detections(text)
        #expect(found == [
            Detection(type: .link, range: range(6, 10), text: "google.com", urlString: "http://google.com"),
            Detection(type: .phoneNumber, range: range(25, 12), text: "415-555-5555", urlString: "tel:+14155555555",
                      phoneNumber: "+14155555555"),
            Detection(type: .date, range: range(49, 13), text: "friday at 5pm", date: instant("2026-12-04T17:00:00Z"),
                      hasTime: true, timeZone: utc),
        ])
        #expect(found.map { $0.dateString(in: utc) } == [nil, nil, "2026-12-04T17:00:00Z"])
    }

    @Test("the reference date is a Sunday at noon UTC")
    func referenceDate() {
        #expect(ISO8601DateFormatter().string(from: sunday) == "2026-11-29T12:00:00Z")
    }

    @Test("applying the results makes each match a tappable link carrying its payload")
    func applied() throws {
        let attributed = detector().attributedText(for: text)
        let link = attributed.attributes(at: 6)
        #expect(link.range == TextRange(location: 6, length: 10))
        #expect(link.attributes.link == "http://google.com")
        #expect(link.attributes.isTappableRegion)
        #expect(link.attributes.custom["detectionType"] == "link")
        #expect(link.attributes.underline == .single)
        #expect(link.attributes.foregroundColor == .link)
        #expect(attributed.attributes(at: 30).attributes.link == "tel:+14155555555")
        #expect(attributed.attributes(at: 30).attributes.custom["detectionType"] == "phoneNumber")
        #expect(attributed.attributes(at: 50).attributes.link == "2026-12-04T17:00:00Z")
        #expect(attributed.attributes(at: 50).attributes.custom["detectionType"] == "date")
        // Plain text around the matches stays plain.
        #expect(attributed.attributes(at: 0).attributes == TextAttributes())
        #expect(attributed.attributes(at: 37).attributes == TextAttributes())
        #expect(attributed.runs.count == 7)
    }
}
