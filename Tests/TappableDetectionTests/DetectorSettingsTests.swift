import Foundation
import Testing
import TappableDetection

@Suite("DetectorSettings: validated detection settings")
struct DetectorSettingsTests {
    @Test("defaults: every system type, now, UTC, US numbers, English dates")
    func defaults() throws {
        let s = try DetectorSettings(typeNames: nil)
        #expect(s == DetectorSettings())
        #expect(s.types == DetectionType.allSystemTypes)
        #expect(s.referenceDate == nil)
        #expect(s.timeZone == DataDetector.utc)
        #expect(s.region.code == "US")
        #expect(s.locale == .english)
    }

    @Test("strings become typed values; duplicates are dropped; region and locale are case-insensitive")
    func parsed() throws {
        let s = try DetectorSettings(typeNames: ["date", "link", "date"], referenceDate: "2026-11-29T12:00",
                                     timeZone: "Europe/Paris", region: "gb", locale: "DE-at")
        #expect(s.types == [.date, .link])
        #expect(s.referenceDate == Date(timeIntervalSince1970: 1_795_953_600 - 3600))
        #expect(s.timeZone.identifier == "Europe/Paris")
        #expect(s.region == PhoneRegion(code: "GB"))
        #expect(s.region.callingCode == 44)
        #expect(s.locale == .german)
    }

    @Test("time zones: IANA names and their aliases", arguments: ["UTC", "utc", "Z", "GMT", "Etc/UTC", "Europe/Paris", "US/Pacific", "EST", "Asia/Kolkata"])
    func zoneNames(name: String) {
        #expect(DetectorSettings.timeZone(named: name) != nil)
    }

    @Test("each bad setting is named, with its value quoted", arguments: [
        (["bogus"], nil, nil, nil, nil, DetectorSetting.types(index: 0), "unknown type \"bogus\""),
        (["link", ""], nil, nil, nil, nil, .types(index: 1), "empty type name"),
        ([], nil, nil, nil, nil, .types(index: nil), "name at least one type"),
        (nil, "2026-02-30", nil, nil, nil, .referenceDate, "\"2026-02-30\" is not an ISO 8601 date"),
        (nil, nil, "Mars/Olympus_Mons", nil, nil, .timeZone, "unknown time zone \"Mars/Olympus_Mons\""),
        (nil, nil, "../../etc/passwd", nil, nil, .timeZone, "unknown time zone"),
        (nil, nil, String(repeating: "A", count: 65), nil, nil, .timeZone, "unknown time zone"),
        (nil, nil, nil, "UK", nil, .region, "unknown region \"UK\""),
        (nil, nil, nil, "USA", nil, .region, "unknown region \"USA\""),
        (nil, nil, nil, "", nil, .region, "unknown region \"\""),
        (nil, nil, nil, nil, "it", .locale, "unknown locale \"it\" (locales: en, de, fr, es)"),
        (nil, nil, nil, nil, "\u{1}", .locale, "unknown locale \"\\u{1}\""),
    ] as [([String]?, String?, String?, String?, String?, DetectorSetting, String)])
    func errors(types: [String]?, date: String?, zone: String?, region: String?, locale: String?,
                setting: DetectorSetting, message: String) {
        do {
            _ = try DetectorSettings(typeNames: types, referenceDate: date, timeZone: zone, region: region, locale: locale)
            Issue.record("accepted")
        } catch {
            #expect(error.setting == setting)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test("a reference date without an offset is read in the time zone, one with an offset keeps it")
    func referenceDateZone() throws {
        let ny = try DetectorSettings(typeNames: nil, referenceDate: "2026-11-29", timeZone: "America/New_York")
        #expect(ny.referenceDate == Date(timeIntervalSince1970: 1_795_953_600 - 12 * 3600 + 5 * 3600))
        let fixed = try DetectorSettings(typeNames: nil, referenceDate: "2026-11-29T12:00:00Z", timeZone: "America/New_York")
        #expect(fixed.referenceDate == Date(timeIntervalSince1970: 1_795_953_600))
    }

    @Test("a detector made from settings carries them")
    func detector() throws {
        let settings = try DetectorSettings(typeNames: ["phoneNumber"], referenceDate: "2026-11-29", region: "FR", locale: "fr")
        let d = try DataDetector(settings: settings)
        #expect(d.types == [.phoneNumber])
        #expect(d.region.code == "FR")
        #expect(d.locale == .french)
        #expect(d.referenceDate == settings.referenceDate)
    }

    @Test("regions are libphonenumber's; locales are en, de, fr, es")
    func regionsAndLocales() {
        #expect(PhoneRegion(code: "DE")?.callingCode == 49)
        #expect(PhoneRegion(code: "JP")?.callingCode == 81)
        #expect(PhoneRegion(code: "ZZ") == nil)
        #expect(PhoneRegion(code: "G") == nil)
        #expect(DateLocale.allCases.map(\.rawValue) == ["en", "de", "fr", "es"])
        #expect(DateLocale(identifier: "es_MX") == .spanish)
        #expect(DateLocale(identifier: "") == nil)
        #expect(DateLocale(identifier: "english") == nil)
    }
}
