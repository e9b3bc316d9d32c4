import Foundation

/// ISO 8601 in one place: reading (the detector settings' reference date and dates in the text)
/// and writing (payloads and JSON).
///
/// Reading accepts `YYYY-MM-DD`, then optionally `T` (or `t` or a space) and `HH:MM`, `HH:MM:SS`
/// or `HH:MM:SS.fff` (`,` also starts the fraction), then optionally `Z` or an offset `±HH:MM`,
/// `±HHMM` or `±HH` (at most 14 hours). It is hand-written because `ISO8601DateFormatter` takes
/// neither `HH:MM` alone, nor an optional fraction, nor a space before the time, and cannot stop
/// at the end of a date inside a longer text. Writing uses `ISO8601DateFormatter`.
enum ISO8601 {
    /// A date-time as written, not yet placed on a calendar.
    struct Fields: Equatable {
        var year: Int, month: Int, day: Int
        /// Hour, minute, second and nanoseconds; nil for a date alone.
        var time: (hour: Int, minute: Int, second: Int, nanosecond: Int)?
        /// Seconds east of UTC; nil when the text gave no offset.
        var offset: Int?
        /// The UTF-16 offset just past the value.
        var end: Int

        static func == (a: Fields, b: Fields) -> Bool {
            a.year == b.year && a.month == b.month && a.day == b.day && a.offset == b.offset && a.end == b.end
                && a.time.map { [$0.hour, $0.minute, $0.second, $0.nanosecond] } == b.time.map { [$0.hour, $0.minute, $0.second, $0.nanosecond] }
        }
    }

    /// The longest ISO 8601 value starting at `s` (nil when not even a date is there). A time
    /// that does not read (`2026-12-04T25:00`) leaves the date alone, ending before the `T`.
    /// Reads at most a date, a time, 9 fraction digits (more are skipped) and an offset.
    static func read(_ t: UTF16Text, at s: Int) -> Fields? {
        func number(_ p: Int, _ n: Int) -> Int? {
            var v = 0
            for i in 0..<n {
                let c = t[p + i]
                guard UTF16Text.isDigit(c) else { return nil }
                v = v * 10 + Int(c - 48)
            }
            return v
        }
        guard let year = number(s, 4), t[s + 4] == 45, let month = number(s + 5, 2), t[s + 7] == 45,
              let day = number(s + 8, 2), !UTF16Text.isDigit(t[s + 10]),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        var fields = Fields(year: year, month: month, day: day, time: nil, offset: nil, end: s + 10)
        var p = s + 10
        let separator = t[p]
        guard separator == 84 || separator == 116 || separator == 32, let hour = number(p + 1, 2), t[p + 3] == 58,
              let minute = number(p + 4, 2), !UTF16Text.isDigit(t[p + 6]), hour <= 23, minute <= 59 else { return fields }
        p += 6
        var second = 0, nanosecond = 0
        if t[p] == 58, let ss = number(p + 1, 2), !UTF16Text.isDigit(t[p + 3]) {
            guard ss <= 59 else { return fields }
            second = ss
            p += 3
            if t[p] == 46 || t[p] == 44, UTF16Text.isDigit(t[p + 1]) {
                var q = p + 1, scale = 100_000_000
                while UTF16Text.isDigit(t[q]) {
                    nanosecond += Int(t[q] - 48) * scale
                    scale /= 10
                    q += 1
                }
                p = q
            }
        }
        if t[p] == 90 || t[p] == 122 {
            fields.offset = 0
            p += 1
        } else if t[p] == 43 || t[p] == 45, let oh = number(p + 1, 2), oh <= 14 {
            var q = p + 3, om = 0
            if t[q] == 58, let m = number(q + 1, 2) { om = m; q += 3 } else if let m = number(q, 2) { om = m; q += 2 }
            if om <= 59, !UTF16Text.isDigit(t[q]) {
                fields.offset = (t[p] == 45 ? -1 : 1) * (oh * 3600 + om * 60)
                p = q
            }
        }
        fields.time = (hour, minute, second, nanosecond)
        fields.end = p
        return fields
    }

    /// The instant a whole string names: `YYYY-MM-DD` (its midnight) or a date-time, read in
    /// `timeZone` unless it gives an offset. Nil when anything is malformed, left over, or not a
    /// real day (`2026-02-30`).
    static func date(from string: String, timeZone: TimeZone) -> Date? {
        let t = UTF16Text(Array(string.utf16))
        guard let f = read(t, at: 0), f.end == t.count else { return nil }
        let zone = f.offset.flatMap { TimeZone(secondsFromGMT: $0) } ?? timeZone
        let time = f.time ?? (0, 0, 0, 0)
        guard let date = instant(year: f.year, month: f.month, day: f.day, hour: time.hour, minute: time.minute,
                                 second: time.second, in: zone) else { return nil }
        return date.addingTimeInterval(Double(time.nanosecond) / 1e9)
    }

    /// The instant of a wall-clock time in `zone`; nil when the day does not exist (Feb 30).
    static func instant(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, in zone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)) else { return nil }
        let back = calendar.dateComponents([.year, .month, .day], from: date)
        guard back.year == year, back.month == month, back.day == day else { return nil }
        return date
    }

    /// `yyyy-MM-ddTHH:mm:ssZ` when `timeZone` is at UTC+0 at that instant, else
    /// `yyyy-MM-ddTHH:mm:ss±hh:mm` with its offset then (to the millisecond, then whole seconds rounded down), as
    /// `ISO8601DateFormatter` with `.withInternetDateTime` writes it. Written by hand for years
    /// 1583...9999 and whole-minute offsets: making a formatter costs about 100 µs (ICU), which a text
    /// of many dates paid per date. Anything else goes to the formatter.
    static func string(from date: Date, timeZone: TimeZone) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        // Milliseconds first, rounded to nearest as ICU takes them; then whole seconds, rounded down.
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard offset % 60 == 0, milliseconds.isFinite, abs(milliseconds) < 1e15 else { return formatted(date, timeZone: timeZone) }
        // Rounded-down divisions (before 1970 the values are negative).
        func floorDivide(_ a: Int, _ b: Int) -> Int { a / b - (a % b < 0 ? 1 : 0) }
        let seconds = floorDivide(Int(milliseconds) + offset * 1000, 1000)
        let days = floorDivide(seconds, 86_400), time = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        // Before 1583 Foundation's Gregorian calendar is Julian (the 1582 changeover): left to it.
        guard (1583...9999).contains(year) else { return formatted(date, timeZone: timeZone) }
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var out = "\(year)-\(two(month))-\(two(day))T\(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60))"
        if offset == 0 {
            out += "Z"
        } else {
            let minutes = abs(offset) / 60
            out += (offset < 0 ? "-" : "+") + two(minutes / 60) + ":" + two(minutes % 60)
        }
        return out
    }

    /// The (proleptic) Gregorian date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `ISO8601DateFormatter`'s internet date-time.
    private static func formatted(_ date: Date, timeZone: TimeZone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = timeZone
        return formatter.string(from: date)
    }
}
