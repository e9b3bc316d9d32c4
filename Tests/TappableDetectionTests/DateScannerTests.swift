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
struct DateScannerTests {
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

/// A date golden case in a locale: the text, the match, its start, its end (nil: no range) and hasTime.
struct LocaleDateGolden: CustomTestStringConvertible, Sendable {
    let locale: DateLocale
    let text: String
    let match: String
    let start: String
    let end: String?
    let hasTime: Bool
    init(_ locale: DateLocale, _ text: String, _ match: String, _ start: String, _ end: String?, _ hasTime: Bool) {
        self.locale = locale; self.text = text; self.match = match; self.start = start; self.end = end; self.hasTime = hasTime
    }
    var testDescription: String { "\(locale): \(text)" }
}

func dates(_ text: String, locale: DateLocale) -> [Detection] {
    try! DataDetector(types: [.date], referenceDate: sunday, timeZone: utc, locale: locale).detections(in: text)
}

@Suite("Ranges, parts of the day, weeks and other languages, relative to Sunday 2026-11-29 12:00 UTC")
struct DateRangeAndLocaleTests {
    static let english: [LocaleDateGolden] = [
        LocaleDateGolden(.english, "off Dec 3–5!", "Dec 3–5", "2026-12-03T12:00:00Z", "2026-12-05T12:00:00Z", false),
        LocaleDateGolden(.english, "Dec 3-5, 2027", "Dec 3-5, 2027", "2027-12-03T12:00:00Z", "2027-12-05T12:00:00Z", false),
        LocaleDateGolden(.english, "Dec 30 – Jan 2", "Dec 30 – Jan 2", "2026-12-30T12:00:00Z", "2027-01-02T12:00:00Z", false),
        LocaleDateGolden(.english, "December 3 to December 5", "December 3 to December 5", "2026-12-03T12:00:00Z", "2026-12-05T12:00:00Z", false),
        LocaleDateGolden(.english, "3–5 December", "3–5 December", "2026-12-03T12:00:00Z", "2026-12-05T12:00:00Z", false),
        LocaleDateGolden(.english, "open Monday to Friday", "Monday to Friday", "2026-11-30T12:00:00Z", "2026-12-04T12:00:00Z", false),
        LocaleDateGolden(.english, "Fri–Mon", "Fri–Mon", "2026-12-04T12:00:00Z", "2026-12-07T12:00:00Z", false),
        LocaleDateGolden(.english, "party from 5pm to 7pm", "from 5pm to 7pm", "2026-11-29T17:00:00Z", "2026-11-29T19:00:00Z", true),
        LocaleDateGolden(.english, "drinks 5-7pm", "5-7pm", "2026-11-29T17:00:00Z", "2026-11-29T19:00:00Z", true),
        LocaleDateGolden(.english, "9am–5pm", "9am–5pm", "2026-11-29T09:00:00Z", "2026-11-29T17:00:00Z", true),
        LocaleDateGolden(.english, "Friday 5–7pm", "Friday 5–7pm", "2026-12-04T17:00:00Z", "2026-12-04T19:00:00Z", true),
        LocaleDateGolden(.english, "Friday from 5 to 7pm", "Friday from 5 to 7pm", "2026-12-04T17:00:00Z", "2026-12-04T19:00:00Z", true),
        LocaleDateGolden(.english, "from 5 to 7pm tomorrow", "from 5 to 7pm tomorrow", "2026-11-30T17:00:00Z", "2026-11-30T19:00:00Z", true),
        LocaleDateGolden(.english, "10pm to 2am", "10pm to 2am", "2026-11-29T22:00:00Z", "2026-11-30T02:00:00Z", true),
        LocaleDateGolden(.english, "between 9 and 11am", "between 9 and 11am", "2026-11-29T09:00:00Z", "2026-11-29T11:00:00Z", true),
        LocaleDateGolden(.english, "Dec 3, 9:00–17:00", "Dec 3, 9:00–17:00", "2026-12-03T09:00:00Z", "2026-12-03T17:00:00Z", true),
        LocaleDateGolden(.english, "see you next week", "next week", "2026-11-30T12:00:00Z", "2026-12-06T12:00:00Z", false),
        LocaleDateGolden(.english, "this week", "this week", "2026-11-23T12:00:00Z", "2026-11-29T12:00:00Z", false),
        LocaleDateGolden(.english, "last week", "last week", "2026-11-16T12:00:00Z", "2026-11-22T12:00:00Z", false),
        LocaleDateGolden(.english, "tomorrow morning", "tomorrow morning", "2026-11-30T09:00:00Z", nil, false),
        LocaleDateGolden(.english, "tomorrow in the afternoon", "tomorrow in the afternoon", "2026-11-30T15:00:00Z", nil, false),
        LocaleDateGolden(.english, "friday night", "friday night", "2026-12-04T20:00:00Z", nil, false),
        LocaleDateGolden(.english, "this evening", "this evening", "2026-11-29T19:00:00Z", nil, false),
        LocaleDateGolden(.english, "tomorrow evening at 7", "tomorrow evening at 7", "2026-11-30T19:00:00Z", nil, true),
        LocaleDateGolden(.english, "tomorrow morning at 10:30", "tomorrow morning at 10:30", "2026-11-30T10:30:00Z", nil, true),
        LocaleDateGolden(.english, "at 7 in the evening", "7 in the evening", "2026-11-29T19:00:00Z", nil, true),
        LocaleDateGolden(.english, "Dec 5–3", "Dec 5", "2026-12-05T12:00:00Z", nil, false),
        LocaleDateGolden(.english, "the day after tomorrow", "the day after tomorrow", "2026-12-01T12:00:00Z", nil, false),
        LocaleDateGolden(.english, "friday at 5 o'clock", "friday at 5 o'clock", "2026-12-04T17:00:00Z", nil, true),
    ]

    static let german: [LocaleDateGolden] = [
        LocaleDateGolden(.german, "am 3. Dezember um 17 Uhr", "3. Dezember um 17 Uhr", "2026-12-03T17:00:00Z", nil, true),
        LocaleDateGolden(.german, "am 3. Dez. 2027", "3. Dez. 2027", "2027-12-03T12:00:00Z", nil, false),
        LocaleDateGolden(.german, "Termin: 3.12.2026", "3.12.2026", "2026-12-03T12:00:00Z", nil, false),
        LocaleDateGolden(.german, "Freitag, 4. Dezember", "Freitag, 4. Dezember", "2026-12-04T12:00:00Z", nil, false),
        LocaleDateGolden(.german, "nächsten Freitag", "nächsten Freitag", "2026-12-04T12:00:00Z", nil, false),
        LocaleDateGolden(.german, "17 Uhr am Freitag", "17 Uhr am Freitag", "2026-12-04T17:00:00Z", nil, true),
        LocaleDateGolden(.german, "um 17.30 Uhr", "17.30 Uhr", "2026-11-29T17:30:00Z", nil, true),
        LocaleDateGolden(.german, "morgen früh", "morgen früh", "2026-11-30T09:00:00Z", nil, false),
        LocaleDateGolden(.german, "heute Abend", "heute Abend", "2026-11-29T19:00:00Z", nil, false),
        LocaleDateGolden(.german, "übermorgen um 9", "übermorgen um 9", "2026-12-01T09:00:00Z", nil, true),
        LocaleDateGolden(.german, "nächste Woche", "nächste Woche", "2026-11-30T12:00:00Z", "2026-12-06T12:00:00Z", false),
        LocaleDateGolden(.german, "vom 3. bis 5. Dezember", "vom 3. bis 5. Dezember", "2026-12-03T12:00:00Z", "2026-12-05T12:00:00Z", false),
        LocaleDateGolden(.german, "3.–5. März", "3.–5. März", "2027-03-03T12:00:00Z", "2027-03-05T12:00:00Z", false),
        LocaleDateGolden(.german, "von 17 bis 19 Uhr", "von 17 bis 19 Uhr", "2026-11-29T17:00:00Z", "2026-11-29T19:00:00Z", true),
        LocaleDateGolden(.german, "Fr. um 9", "Fr. um 9", "2026-12-04T09:00:00Z", nil, true),
        LocaleDateGolden(.german, "heute Vormittag", "heute Vormittag", "2026-11-29T10:00:00Z", nil, false),
        LocaleDateGolden(.german, "Mittwoch bis Freitag", "Mittwoch bis Freitag", "2026-12-02T12:00:00Z", "2026-12-04T12:00:00Z", false),
    ]

    static let french: [LocaleDateGolden] = [
        LocaleDateGolden(.french, "le 3 décembre à 17h", "3 décembre à 17h", "2026-12-03T17:00:00Z", nil, true),
        LocaleDateGolden(.french, "le 3 decembre a 17h30", "3 decembre a 17h30", "2026-12-03T17:30:00Z", nil, true),
        LocaleDateGolden(.french, "le 1er janvier 2027", "1er janvier 2027", "2027-01-01T12:00:00Z", nil, false),
        LocaleDateGolden(.french, "vendredi 4 décembre", "vendredi 4 décembre", "2026-12-04T12:00:00Z", nil, false),
        LocaleDateGolden(.french, "vendredi prochain", "vendredi prochain", "2026-12-04T12:00:00Z", nil, false),
        LocaleDateGolden(.french, "3/12/2026", "3/12/2026", "2026-12-03T12:00:00Z", nil, false),
        LocaleDateGolden(.french, "aujourd'hui", "aujourd'hui", "2026-11-29T12:00:00Z", nil, false),
        LocaleDateGolden(.french, "aujourd’hui à midi", "aujourd’hui à midi", "2026-11-29T12:00:00Z", nil, true),
        LocaleDateGolden(.french, "demain matin", "demain matin", "2026-11-30T09:00:00Z", nil, false),
        LocaleDateGolden(.french, "demain après-midi", "demain après-midi", "2026-11-30T15:00:00Z", nil, false),
        LocaleDateGolden(.french, "ce soir", "ce soir", "2026-11-29T19:00:00Z", nil, false),
        LocaleDateGolden(.french, "la semaine prochaine", "semaine prochaine", "2026-11-30T12:00:00Z", "2026-12-06T12:00:00Z", false),
        LocaleDateGolden(.french, "du 3 au 5 décembre", "du 3 au 5 décembre", "2026-12-03T12:00:00Z", "2026-12-05T12:00:00Z", false),
        LocaleDateGolden(.french, "de 17h à 19h", "de 17h à 19h", "2026-11-29T17:00:00Z", "2026-11-29T19:00:00Z", true),
        LocaleDateGolden(.french, "après-demain", "après-demain", "2026-12-01T12:00:00Z", nil, false),
    ]

    static let spanish: [LocaleDateGolden] = [
        LocaleDateGolden(.spanish, "el 3 de diciembre a las 17:00", "3 de diciembre a las 17:00", "2026-12-03T17:00:00Z", nil, true),
        LocaleDateGolden(.spanish, "3 de diciembre de 2027", "3 de diciembre de 2027", "2027-12-03T12:00:00Z", nil, false),
        LocaleDateGolden(.spanish, "el viernes 4 de diciembre", "viernes 4 de diciembre", "2026-12-04T12:00:00Z", nil, false),
        LocaleDateGolden(.spanish, "el viernes que viene", "viernes que viene", "2026-12-04T12:00:00Z", nil, false),
        LocaleDateGolden(.spanish, "el próximo viernes", "próximo viernes", "2026-12-04T12:00:00Z", nil, false),
        LocaleDateGolden(.spanish, "3/12/2026", "3/12/2026", "2026-12-03T12:00:00Z", nil, false),
        LocaleDateGolden(.spanish, "mañana por la mañana", "mañana por la mañana", "2026-11-30T09:00:00Z", nil, false),
        LocaleDateGolden(.spanish, "mañana a las 5 de la tarde", "mañana a las 5 de la tarde", "2026-11-30T17:00:00Z", nil, true),
        LocaleDateGolden(.spanish, "esta noche", "esta noche", "2026-11-29T20:00:00Z", nil, false),
        LocaleDateGolden(.spanish, "pasado mañana", "pasado mañana", "2026-12-01T12:00:00Z", nil, false),
        LocaleDateGolden(.spanish, "la semana que viene", "semana que viene", "2026-11-30T12:00:00Z", "2026-12-06T12:00:00Z", false),
        LocaleDateGolden(.spanish, "la próxima semana", "próxima semana", "2026-11-30T12:00:00Z", "2026-12-06T12:00:00Z", false),
        LocaleDateGolden(.spanish, "del 3 al 5 de diciembre", "del 3 al 5 de diciembre", "2026-12-03T12:00:00Z", "2026-12-05T12:00:00Z", false),
        LocaleDateGolden(.spanish, "el Vie. a las 9", "Vie. a las 9", "2026-12-04T09:00:00Z", nil, true),
        LocaleDateGolden(.spanish, "de 5 a 7 de la tarde", "de 5 a 7 de la tarde", "2026-11-29T17:00:00Z", "2026-11-29T19:00:00Z", true),
    ]

    @Test("resolves", arguments: english + german + french + spanish)
    func resolves(_ g: LocaleDateGolden) throws {
        let ds = dates(g.text, locale: g.locale)
        try #require(ds.count == 1, "\(ds.map(\.text))")
        #expect(ds[0].text == g.match)
        #expect(ds[0].dateString(in: utc) == g.start)
        #expect(ds[0].endDateString(in: utc) == g.end)
        #expect(ds[0].hasTime == g.hasTime)
    }

    @Test("words of one language are not read in another; everyday words are no dates", arguments: [
        (DateLocale.german, "friday at 5pm"), (.german, "Guten Morgen!"), (.german, "am Morgen"), (.german, "so ist es"),
        (.german, "12/4/2026"), (.french, "tomorrow"), (.french, "il fait 3 degrés"), (.spanish, "por la mañana"),
        (.spanish, "la mañana fue larga"), (.spanish, "el mar"), (.spanish, "el mar."), (.german, "ist das so."), (.spanish, "el vie. a las 9"), (.english, "morgen früh"), (.english, "le 3 décembre"),
        (.english, "2-3 times"), (.english, "from 3 to 5"), (.english, "between friends and family"),
        (.french, "de 3 à 5"), (.german, "Seite 3 bis 5"),
    ])
    func notDates(locale: DateLocale, text: String) {
        #expect(dates(text, locale: locale).map(\.text) == [])
    }

    @Test("a range's payload is an ISO 8601 interval; a single date's is an instant")
    func payloads() {
        let ds = dates("Dec 3–5 or friday at 5pm", locale: .english)
        #expect(ds.map(\.link) == ["2026-12-03T12:00:00Z/2026-12-05T12:00:00Z", "2026-12-04T17:00:00Z"])
        #expect(ds.map { $0.endDate != nil } == [true, false])
    }

    @Test("ISO 8601 and 24-hour times read in every language", arguments: DateLocale.allCases)
    func universal(locale: DateLocale) {
        #expect(dates("2026-12-04T17:00:00Z", locale: locale).map(\.text) == ["2026-12-04T17:00:00Z"])
        #expect(dates("17:30", locale: locale).first?.dateString(in: utc) == "2026-11-29T17:30:00Z")
    }
}

/// A long hostile text with a short name (parameterised tests print their arguments).
struct HostileText: CustomTestStringConvertible, Sendable {
    let name: String
    let text: String
    let locale: DateLocale
    var testDescription: String { "\(locale): \(name)" }
}

@Suite("Dates: hostile input stays bounded")
struct DateRobustnessTests {
    static let cases: [HostileText] = [
        HostileText(name: "ranges chained", text: String(repeating: "Dec 3–5–", count: 10_000), locale: .english),
        HostileText(name: "dashes and hours", text: String(repeating: "5-", count: 50_000), locale: .english),
        HostileText(name: "from from from", text: String(repeating: "from ", count: 20_000), locale: .english),
        HostileText(name: "between and", text: String(repeating: "between 5 and ", count: 5_000), locale: .english),
        HostileText(name: "tomorrow morning", text: String(repeating: "tomorrow morning ", count: 10_000), locale: .english),
        HostileText(name: "vom bis", text: String(repeating: "vom 3. bis ", count: 10_000), locale: .german),
        HostileText(name: "dotted numbers", text: String(repeating: "3.", count: 50_000), locale: .german),
        HostileText(name: "du au", text: String(repeating: "du 3 au ", count: 10_000), locale: .french),
        HostileText(name: "apostrophes", text: String(repeating: "aujourd'", count: 20_000), locale: .french),
        HostileText(name: "de de de", text: String(repeating: "3 de ", count: 10_000), locale: .spanish),
        HostileText(name: "mañana", text: String(repeating: "mañana ", count: 20_000), locale: .spanish),
        HostileText(name: "accents", text: String(repeating: "é", count: 300_000), locale: .french),
        HostileText(name: "combining marks", text: "e" + String(repeating: "\u{301}", count: 100_000), locale: .german),
    ]

    @Test("returns with sane, non-overlapping ranges", arguments: cases)
    func hostile(_ c: HostileText) {
        let ds = dates(c.text, locale: c.locale)
        var last = 0
        for d in ds {
            #expect(d.range.location >= last)
            #expect(d.range.upperBound <= c.text.utf16.count)
            if let end = d.endDate, let start = d.date { #expect(end >= start) }
            last = d.range.upperBound
        }
    }

    @Test("chained ranges pair up left to right")
    func chained() {
        let ds = dates("Dec 3–5–7", locale: .english)
        #expect(ds.map(\.text) == ["Dec 3–5"])
    }
}
