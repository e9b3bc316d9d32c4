import Foundation
import Testing
import TappableInteraction
import TappableLayout
import TappableText

@Suite("JSON-ready records for the command line")
struct RecordTests {
    @Test("region records carry range, text, link, flag, custom attributes, frame, rects and tap areas")
    func regions() throws {
        var text = AttributedText(Fixture.seed)
        try text.addAttributes(TextAttributes(link: "privacy", isTappableRegion: true, custom: ["type": "privacy"]), in: Fixture.privacy)
        try text.addAttributes(TextAttributes(isTappableRegion: true), in: Fixture.terms)
        let label = try TappableLabel(text: text, width: 400)
        let records = label.regionRecords()
        #expect(records.map(\.index) == [0, 1])
        #expect(records.map(\.text) == ["Privacy Policy", "Terms of Service"])
        #expect(records.map(\.link) == ["privacy", nil])
        #expect(records.map(\.isTappableRegion) == [true, true])
        #expect(records[0].custom == ["type": "privacy"])
        #expect(records[0].rects == label.regions[0].rects)
        #expect(records[0].tapAreas == label.regions[0].tapAreas)
        #expect(records[1].frame == label.regions[1].frame)
        #expect(records[1].visibleRanges == [Fixture.terms])
    }

    @Test("event records name the type and carry what each type has")
    func events() throws {
        let label = try Fixture.seedLabel()
        let p = Fixture.centre(ofCharacter: 30, in: label)
        let events = TouchSession.events(for: [.began(p, time: 0), .ended(p, time: 0.1), .began(Point(x: 398, y: 2), time: 1),
                                               .ended(Point(x: 398, y: 2), time: 1.5), .began(p, time: 2), .advance(to: 3)], on: label)
        let records = label.records(for: events)
        #expect(records.map(\.type) == ["highlightChanged", "tap", "highlightChanged", "unhandled", "highlightChanged", "longPress", "highlightChanged"])
        #expect(records.map(\.time) == [0, 0.1, 0.1, 1, 2, 2.5, 2.5])
        #expect(records[0].range == Fixture.terms && records[0].region == 1)
        #expect(records[1].index == 30 && records[1].link == "https://example.com/27" && records[1].text == "Terms of Service")
        #expect(records[1].range == Fixture.terms && records[1].region == 1)
        #expect(records[2].range == nil && records[2].region == nil)
        #expect(records[3].point == Point(x: 398, y: 2) && records[3].index == nil)
        #expect(records[5].index == 30)
    }

    @Test("accessibility records: trait and action names")
    func accessibility() throws {
        let label = try Fixture.seedLabel()
        let records = label.accessibilityRecords(options: AccessibilityOptions(includesLongPressAction: true))
        #expect(records.map(\.traits) == [["staticText"], ["link", "staticText"], ["staticText"], ["link", "staticText"]])
        #expect(records.map(\.actions) == [[], ["Open Menu"], [], ["Open Menu"]])
        #expect(records.map(\.region) == [nil, 0, nil, 1])
        #expect(records[1].frame == label.regions[0].frame)
    }

    @Test("records encode to JSON and back unchanged")
    func codable() throws {
        let label = try Fixture.seedLabel()
        let regions = label.regionRecords()
        let decoded = try JSONDecoder().decode([RegionRecord].self, from: JSONEncoder().encode(regions))
        #expect(decoded == regions)
        let a11y = label.accessibilityRecords()
        #expect(try JSONDecoder().decode([AccessibilityRecord].self, from: JSONEncoder().encode(a11y)) == a11y)
    }
}
