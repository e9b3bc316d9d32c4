import Foundation
import Testing
@testable import TappableDetection

@Suite("ISO 8601: one reader for settings and text, one writer")
struct ISO8601Tests {
    static let paris = TimeZone(identifier: "Europe/Paris")!

    @Test("whole strings: the README's forms, read in the time zone unless they carry an offset", arguments: [
        ("2026-11-29", "2026-11-28T23:00:00Z"),
        ("2026-11-29T12:00", "2026-11-29T11:00:00Z"),
        ("2026-11-29t12:00:30", "2026-11-29T11:00:30Z"),
        ("2026-11-29 12:00:30", "2026-11-29T11:00:30Z"),
        ("2026-11-29T12:00:00Z", "2026-11-29T12:00:00Z"),
        ("2026-11-29T12:00:00-05:00", "2026-11-29T17:00:00Z"),
        ("2026-11-29T12:00:00+0530", "2026-11-29T06:30:00Z"),
        ("2026-11-29T12:00:00+01", "2026-11-29T11:00:00Z"),
        ("2026-11-29T12:00+14:00", "2026-11-28T22:00:00Z"),
    ])
    func wholeStrings(text: String, utc: String) {
        #expect(ISO8601.date(from: text, timeZone: Self.paris).map { ISO8601DateFormatter().string(from: $0) } == utc)
    }

    @Test("fractions of a second are kept")
    func fraction() throws {
        let date = try #require(ISO8601.date(from: "2026-11-29T12:00:00.250Z", timeZone: .gmt))
        #expect(abs(date.timeIntervalSince1970 - 1_795_953_600.25) < 1e-6)
        #expect(ISO8601.date(from: "2026-11-29T12:00:00,5Z", timeZone: .gmt) == Date(timeIntervalSince1970: 1_795_953_600.5))
    }

    @Test("malformed, left-over or impossible values read as nothing", arguments: [
        "", "2026", "2026-11", "2026-02-30", "2026-13-01", "2026-00-10", "2026-11-29T25:00:00Z", "2026-11-29T12:60",
        "2026-11-29T12:00:60", "2026-11-29T12:00:00+1", "2026-11-29T12:00:00+15:00", "2026-11-29T12:00:00.Z",
        "2026-11-29T12", "2026-11-29X", "tomorrow", " 2026-11-29", "2026-11-29T12:00:00Z ", "20261-11-29", "２０２６-11-29",
    ])
    func malformed(text: String) {
        #expect(ISO8601.date(from: text, timeZone: .gmt) == nil)
    }

    @Test("inside text the reader stops where the value ends, and keeps the date when the time does not read")
    func inText() throws {
        let t = UTF16Text(Array("on 2026-12-04T17:00:00+01:00, ok".utf16))
        let f = try #require(ISO8601.read(t, at: 3))
        #expect(f.end == 28)
        #expect(f.offset == 3600)
        let bad = UTF16Text(Array("2026-12-04T25:00".utf16))
        #expect(ISO8601.read(bad, at: 0)?.end == 10)
        #expect(ISO8601.read(bad, at: 0)?.time == nil)
    }

    @Test("writing: Z at UTC+0, else the zone's offset at that instant")
    func writing() {
        let date = Date(timeIntervalSince1970: 1_795_953_600)
        #expect(ISO8601.string(from: date, timeZone: .gmt) == "2026-11-29T12:00:00Z")
        #expect(ISO8601.string(from: date, timeZone: Self.paris) == "2026-11-29T13:00:00+01:00")
        #expect(ISO8601.string(from: date, timeZone: TimeZone(identifier: "America/St_Johns")!) == "2026-11-29T08:30:00-03:30")
        let summer = Date(timeIntervalSince1970: 1_782_000_000)
        #expect(ISO8601.string(from: summer, timeZone: Self.paris).hasSuffix("+02:00"))
    }

    @Test("the hand-written writer agrees with ISO8601DateFormatter on 20,000 instants in 8 time zones, across 1...9999")
    func writerMatchesFormatter() {
        let zones = ["UTC", "Europe/Paris", "America/St_Johns", "Asia/Kolkata", "Pacific/Chatham", "America/Los_Angeles",
                     "Australia/Lord_Howe", "Pacific/Kiritimati"].compactMap(TimeZone.init(identifier:))
        #expect(zones.count == 8)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        var state: UInt64 = 0x1234_5678
        var mismatches: [String] = []
        for k in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Seconds from year 1 to year 9999, plus fractions and the edges of days.
            let span = 315_537_897_600.0
            let t = -62_135_596_800 + Double(state >> 11) / Double(1 << 53) * span + (k % 3 == 0 ? 0.75 : 0)
            let date = Date(timeIntervalSince1970: k % 5 == 0 ? t.rounded(.down) : t)
            let zone = zones[k % zones.count]
            formatter.timeZone = zone
            let expected = formatter.string(from: date), actual = ISO8601.string(from: date, timeZone: zone)
            if expected != actual, mismatches.count < 5 { mismatches.append("\(date.timeIntervalSince1970) \(zone.identifier): \(expected) vs \(actual)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }
}
