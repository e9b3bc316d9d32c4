import Foundation
import Testing
import TappableDetection

/// A date golden case: input, the matched text, the resolved instant (ISO 8601) and hasTime.
struct DateGolden: CustomTestStringConvertible, Sendable {
    let text: String
    let match: String
    let iso: String
    let hasTime: Bool
    init(_ text: String, _ match: String, _ iso: String, _ hasTime: Bool) {
        self.text = text; self.match = match; self.iso = iso; self.hasTime = hasTime
    }
    var testDescription: String { text }
}

@Suite("Dates, relative to Sunday 2026-11-29 12:00 UTC")
struct DateTests {
    static let valid: [DateGolden] = [
        DateGolden("how about friday at 5pm?", "friday at 5pm", "2026-12-04T17:00:00Z", true),
        DateGolden("see you Friday", "Friday", "2026-12-04T12:00:00Z", false),
        DateGolden("see you this friday", "this friday", "2026-12-04T12:00:00Z", false),
        DateGolden("next Friday works", "next Friday", "2026-12-04T12:00:00Z", false),
        DateGolden("last friday", "last friday", "2026-11-27T12:00:00Z", false),
        DateGolden("sunday it is", "sunday", "2026-11-29T12:00:00Z", false),
        DateGolden("next sunday it is", "next sunday", "2026-12-06T12:00:00Z", false),
        DateGolden("Fri. at 9:15 am", "Fri. at 9:15 am", "2026-12-04T09:15:00Z", true),
        DateGolden("today", "today", "2026-11-29T12:00:00Z", false),
        DateGolden("tomorrow at noon", "tomorrow at noon", "2026-11-30T12:00:00Z", true),
        DateGolden("tonight", "tonight", "2026-11-29T20:00:00Z", false),
        DateGolden("tonight at 8", "tonight at 8", "2026-11-29T20:00:00Z", true),
        DateGolden("meet at 5:30 PM.", "5:30 PM", "2026-11-29T17:30:00Z", true),
        DateGolden("at 5:30p.m. sharp", "5:30p.m.", "2026-11-29T17:30:00Z", true),
        DateGolden("at 17:00", "17:00", "2026-11-29T17:00:00Z", true),
        DateGolden("at 12am", "12am", "2026-11-29T00:00:00Z", true),
        DateGolden("by midnight", "midnight", "2026-11-30T00:00:00Z", true),
        DateGolden("5pm tomorrow", "5pm tomorrow", "2026-11-30T17:00:00Z", true),
        DateGolden("5pm on Friday", "5pm on Friday", "2026-12-04T17:00:00Z", true),
        DateGolden("friday at 5", "friday at 5", "2026-12-04T17:00:00Z", true),
        DateGolden("Dec 3", "Dec 3", "2026-12-03T12:00:00Z", false),
        DateGolden("on December 3rd, 2027 at 10am", "December 3rd, 2027 at 10am", "2027-12-03T10:00:00Z", true),
        DateGolden("3 December 2026", "3 December 2026", "2026-12-03T12:00:00Z", false),
        DateGolden("the 3rd of Dec.", "3rd of Dec", "2026-12-03T12:00:00Z", false),
        DateGolden("Jan 5", "Jan 5", "2027-01-05T12:00:00Z", false),
        DateGolden("Friday, December 11", "Friday, December 11", "2026-12-11T12:00:00Z", false),
        DateGolden("on 12/25/2026", "12/25/2026", "2026-12-25T12:00:00Z", false),
        DateGolden("2026-12-04", "2026-12-04", "2026-12-04T12:00:00Z", false),
        DateGolden("at 2026-12-04T17:00:00Z.", "2026-12-04T17:00:00Z", "2026-12-04T17:00:00Z", true),
        DateGolden("2026-12-04T18:00:00+01:00", "2026-12-04T18:00:00+01:00", "2026-12-04T17:00:00Z", true),
        DateGolden("2026-12-04 17:00", "2026-12-04 17:00", "2026-12-04T17:00:00Z", true),
        DateGolden("Dec 3, 17:00", "Dec 3, 17:00", "2026-12-03T17:00:00Z", true),
    ]

    static let invalid: [String] = [
        "I sat down on the sun", "you may 3 times", "ratio 3:2", "at 25:00", "version 1.5pm", "Feb 30",
        "2026-13-01", "at 5", "chapter 13 verse 5", "call 415-555-5555", "12/25", "100:00",
    ]

    @Test("resolves dates", arguments: valid)
    func resolves(_ g: DateGolden) throws {
        let ds = detector([.date]).detections(in: g.text)
        try #require(ds.count == 1, "\(ds.map(\.text))")
        #expect(ds[0].text == g.match)
        #expect(ds[0].date.map { ISO8601DateFormatter().string(from: $0) } == g.iso)
        #expect(ds[0].hasTime == g.hasTime)
    }

    @Test("rejects what is not a date", arguments: invalid)
    func rejects(_ text: String) { #expect(found(.date, in: text) == []) }

    @Test("a weekday named on that day is today; next skips the current week")
    func weekdayRules() {
        let friday = ISO8601DateFormatter().date(from: "2026-12-04T08:00:00Z")!
        let monday = ISO8601DateFormatter().date(from: "2026-11-30T08:00:00Z")!
        func at(_ text: String, _ ref: Date) -> String? {
            detector([.date], reference: ref).detections(in: text).first?.date.map { ISO8601DateFormatter().string(from: $0) }
        }
        #expect(at("friday", friday) == "2026-12-04T12:00:00Z")
        #expect(at("next friday", friday) == "2026-12-11T12:00:00Z")
        #expect(at("friday", monday) == "2026-12-04T12:00:00Z")
        #expect(at("next friday", monday) == "2026-12-11T12:00:00Z")
    }

    @Test("dates resolve in the caller's time zone and their ISO 8601 string shows its offset")
    func timeZones() {
        let paris = TimeZone(identifier: "Europe/Paris")!
        let found = detections("friday at 5pm", [.date], timeZone: paris)
        #expect(found == [Detection(type: .date, range: range(0, 13), text: "friday at 5pm",
                                    date: instant("2026-12-04T17:00:00+01:00"), hasTime: true, timeZone: paris)])
        #expect(found.first?.dateString(in: paris) == "2026-12-04T17:00:00+01:00")
        let ds = detector([.date], timeZone: paris).detections(in: "friday at 5pm")
        #expect(ds[0].date.map { ISO8601DateFormatter().string(from: $0) } == "2026-12-04T16:00:00Z")
    }
}

@Suite("US street addresses")
struct AddressTests {
    @Test("1 Infinite Loop, Cupertino, CA 95014")
    func appleCampus() {
        let ds = detector([.address]).detections(in: "Visit 1 Infinite Loop, Cupertino, CA 95014 today.")
        #expect(ds.map(\.text) == ["1 Infinite Loop, Cupertino, CA 95014"])
        #expect(ds.first?.addressComponents == AddressComponents(street: "1 Infinite Loop", city: "Cupertino", state: "CA", zip: "95014"))
        #expect(ds.first?.range == TextRange(location: 6, length: 36))
    }

    static let valid: [Golden] = [
        Golden("1600 Pennsylvania Avenue NW, Washington, DC 20500", ["1600 Pennsylvania Avenue NW, Washington, DC 20500"]),
        Golden("350 Fifth Avenue, New York, NY 10118-0110.", ["350 Fifth Avenue, New York, NY 10118-0110"]),
        Golden("500 W. 2nd St., Suite 100, Austin, Texas", ["500 W. 2nd St., Suite 100, Austin, Texas"]),
        Golden("ship to 221 Baker St\nSan Francisco CA 94110", ["221 Baker St\nSan Francisco CA 94110"]),
    ]
    static let invalid: [Golden] = [
        Golden("I have 3 Apple Street vendors, Cupertino", []),
        Golden("1 Infinite Loop", []),
        Golden("1 infinite loop, cupertino, ca 95014", []),
        Golden("12 Main St, Springfield, ZZ 12345", []),
    ]

    @Test("finds addresses", arguments: valid)
    func finds(_ g: Golden) { #expect(found(.address, in: g.text) == g.expected) }

    @Test("rejects incomplete addresses", arguments: invalid)
    func rejects(_ g: Golden) { #expect(found(.address, in: g.text) == g.expected) }

    @Test("components, and no other payload")
    func components() {
        #expect(detections("1 Infinite Loop, Cupertino, CA 95014", [.address]) == [
            Detection(type: .address, range: range(0, 36), text: "1 Infinite Loop, Cupertino, CA 95014",
                      addressComponents: AddressComponents(street: "1 Infinite Loop", city: "Cupertino", state: "CA", zip: "95014")),
        ])
    }
}

import TappableText
