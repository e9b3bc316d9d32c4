import Foundation

/// A date found in the text, resolved.
struct DateMatch {
    var lo: Int
    var hi: Int
    var date: Date
    var hasTime: Bool
    var timeZone: TimeZone
}

/// Finds dates and times in English text and resolves them against a reference date in a time
/// zone. The grammar (case-insensitive; each piece may stand alone or be combined):
///
/// - Days: `today`, `tomorrow`, `tonight`, `yesterday`; weekdays (`friday`, `fri`, `fri.`) with an
///   optional `this` / `next` / `last`; month and day (`Dec 3`, `December 3rd`, `3 December`,
///   `3rd of December`) with an optional year (`Dec 3, 2026`, `3 December 2026`); US numeric
///   `12/4/2026` or `12/4/26`; ISO 8601 `2026-12-04`.
/// - Times: `5pm`, `5 PM`, `5:30pm`, `5:30 p.m.`, `17:00`, `17:00:30`, `noon`, `midnight`; after
///   `at` (or `@`) following a day, a bare hour (`friday at 5`).
/// - Combinations: day [`,`] [`at`] time (`friday at 5pm`, `tomorrow at noon`, `Dec 3, 17:00`)
///   and time [`on`] day (`5pm tomorrow`, `5pm on Friday`); ISO 8601 date-times
///   (`2026-12-04T17:00:00Z`, `2026-12-04 17:00`, with `Z` / `±hh:mm` offsets).
///
/// Resolution rules (documented choices, close to NSDataDetector's):
/// - A weekday means the coming one, today included: `friday` on a Friday is today. `this friday`
///   is the same. `next friday` is the first Friday after today that is not in the current
///   Monday–Sunday week; `last friday` the most recent Friday before today.
/// - A month and day without a year is the next such day on or after the reference day.
/// - A date without a time resolves to 12:00 (noon) local time, `tonight` to 20:00; `hasTime`
///   is false for both. A time without a day is on the reference day.
/// - `midnight` is the end of its day (00:00 of the next day); `noon` is 12:00.
/// - A bare hour after `at` (no am/pm) is read as afternoon for 1–7 (`at 5` is 17:00) and as
///   morning otherwise; after `tonight` any hour below 12 is evening.
/// - ISO 8601 values with an offset keep it (their `timeZone` is that offset).
struct DateScanner {
    let t: UTF16Text
    let tokens: [Token]
    let reference: Date
    let timeZone: TimeZone
    let calendar: Calendar
    let today: (y: Int, m: Int, d: Int, weekday: Int)

    init(text: UTF16Text, tokens: [Token], reference: Date, timeZone: TimeZone) {
        t = text; self.tokens = tokens; self.reference = reference; self.timeZone = timeZone
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = timeZone
        calendar = cal
        let c = cal.dateComponents([.year, .month, .day, .weekday], from: reference)
        today = (c.year!, c.month!, c.day!, c.weekday!)
    }

    struct Day { var y: Int; var m: Int; var d: Int; var tonight = false }
    struct Time { var h: Int; var m: Int; var s: Double; var midnight = false }

    static let months: [String: Int] = [
        "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5,
        "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9,
        "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
    ]
    /// Weekday names, Calendar numbering (1 = Sunday).
    static let weekdays: [String: Int] = [
        "sunday": 1, "sun": 1, "monday": 2, "mon": 2, "tuesday": 3, "tue": 3, "tues": 3, "wednesday": 4, "wed": 4,
        "weds": 4, "thursday": 5, "thu": 5, "thur": 5, "thurs": 5, "friday": 6, "fri": 6, "saturday": 7, "sat": 7,
    ]

    // MARK: token helpers

    func tok(_ k: Int) -> Token? { k >= 0 && k < tokens.count ? tokens[k] : nil }
    func isWord(_ k: Int, _ w: String) -> Bool { tok(k).map { $0.kind == .word && $0.text == w } ?? false }
    func isPunct(_ k: Int, _ p: String, adjacent: Bool = false) -> Bool {
        guard let x = tok(k), x.kind == .punct, x.text == p else { return false }
        return !adjacent || !x.spaceBefore
    }
    func adjacent(_ k: Int) -> Bool { tok(k).map { !$0.spaceBefore } ?? false }
    func sameLine(_ k: Int) -> Bool { tok(k).map { !$0.newlineBefore } ?? false }
    func number(_ k: Int, digits: ClosedRange<Int>, value: ClosedRange<Int>) -> Int? {
        guard let x = tok(k), x.kind == .number, digits.contains(x.hi - x.lo), let v = x.value, value.contains(v) else { return nil }
        return v
    }

    // MARK: scanning

    func scan() -> [DateMatch] {
        var out: [DateMatch] = []
        var k = 0
        while k < tokens.count {
            if startsCleanly(k), let (m, next) = parse(at: k), endsCleanly(next) {
                out.append(m)
                k = next
                continue
            }
            k += 1
        }
        return out
    }

    /// No word or number glued to the left (`x5pm`), nor a number-ish mark (`1.5pm`, `3/5pm`).
    private func startsCleanly(_ k: Int) -> Bool {
        let x = tokens[k]
        guard x.kind == .word || x.kind == .number, let p = tok(k - 1), !x.spaceBefore else { return true }
        if p.kind == .word || p.kind == .number || p.kind == .other { return false }
        if [".", ":", "/", "-", "+", "_", "@", "#", "$", "&", "="].contains(p.text) { return false }
        return true
    }

    private func endsCleanly(_ next: Int) -> Bool {
        guard let x = tok(next), !x.spaceBefore else { return true }
        if x.kind != .punct { return false }
        if [":", "/", "-", "_", "@"].contains(x.text), let y = tok(next + 1), !y.spaceBefore, y.kind != .punct { return false }
        if x.text == ".", let y = tok(next + 1), !y.spaceBefore, y.kind == .number { return false }
        return true
    }

    private func parse(at k: Int) -> (DateMatch, Int)? {
        let first = tokens[k]
        guard first.kind == .word || first.kind == .number else { return nil }
        if first.kind == .number, first.hi - first.lo == 4, isPunct(k + 1, "-", adjacent: true),
           let iso = parseISO(at: first.lo) {
            var next = k
            while next < tokens.count, tokens[next].lo < iso.end { next += 1 }
            if let time = iso.time {
                let tz = iso.offset.flatMap { TimeZone(secondsFromGMT: $0) } ?? timeZone
                guard let date = resolve(iso.day, time, in: tz) else { return nil }
                return (DateMatch(lo: first.lo, hi: iso.end, date: date, hasTime: true, timeZone: tz), next)
            }
            return finishDay(iso.day, start: first.lo, dayEnd: next)
        }
        if let (day, next) = parseDay(at: k) {
            return finishDay(day, start: first.lo, dayEnd: next)
        }
        if let (time, next) = parseTime(at: k, allowBare: false, evening: false) {
            // time [on|,] day
            var j = next
            if sameLine(j), isWord(j, "on") || isPunct(j, ",", adjacent: true) { j += 1 }
            if sameLine(j), let (day, dayNext) = parseDay(at: j), let date = resolve(day, time) {
                return (DateMatch(lo: first.lo, hi: tokens[dayNext - 1].hi, date: date, hasTime: true, timeZone: timeZone), dayNext)
            }
            let day = Day(y: today.y, m: today.m, d: today.d)
            guard let date = resolve(day, time) else { return nil }
            return (DateMatch(lo: first.lo, hi: tokens[next - 1].hi, date: date, hasTime: true, timeZone: timeZone), next)
        }
        return nil
    }

    /// A day, then optionally `[,] [at|@] time`.
    private func finishDay(_ day: Day, start: Int, dayEnd: Int) -> (DateMatch, Int)? {
        var j = dayEnd
        var bare = day.tonight
        if sameLine(j), isPunct(j, ",", adjacent: true) { j += 1 }
        if sameLine(j), isWord(j, "at") || isPunct(j, "@") { j += 1; bare = true }
        if sameLine(j), let (time, next) = parseTime(at: j, allowBare: bare, evening: day.tonight),
           let date = resolve(day, time) {
            return (DateMatch(lo: start, hi: tokens[next - 1].hi, date: date, hasTime: true, timeZone: timeZone), next)
        }
        let noon = Time(h: day.tonight ? 20 : 12, m: 0, s: 0)
        guard let date = resolve(day, noon) else { return nil }
        return (DateMatch(lo: start, hi: tokens[dayEnd - 1].hi, date: date, hasTime: false, timeZone: timeZone), dayEnd)
    }

    // MARK: days

    private func shifted(days: Int) -> Day {
        let base = calendar.date(from: DateComponents(year: today.y, month: today.m, day: today.d, hour: 12))!
        let d = calendar.date(byAdding: .day, value: days, to: base)!
        let c = calendar.dateComponents([.year, .month, .day], from: d)
        return Day(y: c.year!, m: c.month!, d: c.day!)
    }

    private func parseDay(at k: Int) -> (Day, Int)? {
        guard let x = tok(k) else { return nil }
        if x.kind == .word {
            switch x.text {
            case "today": return (shifted(days: 0), k + 1)
            case "tonight": var d = shifted(days: 0); d.tonight = true; return (d, k + 1)
            case "tomorrow": return (shifted(days: 1), k + 1)
            case "yesterday": return (shifted(days: -1), k + 1)
            default: break
            }
            var j = k
            var modifier = ""
            if ["next", "this", "last"].contains(x.text), tok(k + 1)?.kind == .word, Self.weekdays[tokens[k + 1].text] != nil {
                modifier = x.text; j += 1
            }
            if let wd = Self.weekdays[tokens[j].text] {
                var next = j + 1
                let abbreviated = tokens[j].text.count <= 4
                // "sat", "sun", "wed", "mon" are everyday words: abbreviations must be capitalised.
                if abbreviated, !tokens[j].capitalized { return parseMonthDay(at: k) }
                // "Friday, December 4" / "Fri Dec 4": the explicit date wins.
                var m = next
                if abbreviated, isPunct(m, ".", adjacent: true) { m += 1 }
                if isPunct(m, ",", adjacent: true) { m += 1 }
                if modifier.isEmpty, sameLine(m), let (day, after) = parseMonthDay(at: m) { return (day, after) }
                if abbreviated, isPunct(next, ".", adjacent: true), tok(next + 1).map({ $0.kind != .punct && sameLine(next + 1) }) ?? false,
                   isWord(next + 1, "at") {
                    next += 1
                }
                return (weekday(wd, modifier: modifier), next)
            }
            return parseMonthDay(at: k)
        }
        if x.kind == .number {
            if let r = parseUSNumeric(at: k) { return r }
            return parseMonthDay(at: k)
        }
        return nil
    }

    private func weekday(_ wd: Int, modifier: String) -> Day {
        let delta = (wd - today.weekday + 7) % 7
        switch modifier {
        case "next":
            var d = delta == 0 ? 7 : delta
            let mondayIndex = (today.weekday + 5) % 7 // Monday 0 ... Sunday 6
            if mondayIndex + d <= 6 { d += 7 }
            return shifted(days: d)
        case "last":
            let back = (today.weekday - wd + 7) % 7
            return shifted(days: -(back == 0 ? 7 : back))
        default:
            return shifted(days: delta)
        }
    }

    private func ordinal(_ k: Int) -> Bool {
        guard let x = tok(k), x.kind == .word, !x.spaceBefore else { return false }
        return ["st", "nd", "rd", "th"].contains(x.text)
    }

    private func parseMonthDay(at k: Int) -> (Day, Int)? {
        guard let x = tok(k) else { return nil }
        var month: Int, dayNum: Int, j: Int
        if x.kind == .word, let m = Self.months[x.text] {
            j = k + 1
            if x.text.count <= 4, isPunct(j, ".", adjacent: true) { j += 1 }
            guard sameLine(j), let d = number(j, digits: 1...2, value: 1...31) else { return nil }
            if x.text == "may", !x.capitalized { return nil } // "may 3" is too often a verb
            month = m; dayNum = d; j += 1
            if ordinal(j) { j += 1 }
        } else if x.kind == .number, let d = number(k, digits: 1...2, value: 1...31) {
            j = k + 1
            if ordinal(j) { j += 1 }
            if isWord(j, "of") { j += 1 }
            guard sameLine(j), let mt = tok(j), mt.kind == .word, let m = Self.months[mt.text] else { return nil }
            if mt.text == "may", !mt.capitalized { return nil }
            month = m; dayNum = d; j += 1
            if mt.text.count <= 4, isPunct(j, ".", adjacent: true), number(j + 1, digits: 4...4, value: 1900...2199) != nil { j += 1 }
        } else {
            return nil
        }
        // Optional year.
        var year: Int? = nil
        var y = j
        if isPunct(y, ",", adjacent: true) { y += 1 }
        if sameLine(y), let v = number(y, digits: 4...4, value: 1900...2199), !isPunct(y + 1, ":", adjacent: true) {
            year = v; j = y + 1
        }
        guard let day = resolveMonthDay(year: year, month: month, day: dayNum) else { return nil }
        return (day, j)
    }

    private func resolveMonthDay(year: Int?, month: Int, day: Int) -> Day? {
        func valid(_ y: Int) -> Bool {
            guard let d = calendar.date(from: DateComponents(year: y, month: month, day: day, hour: 12)) else { return false }
            let c = calendar.dateComponents([.year, .month, .day], from: d)
            return c.month == month && c.day == day
        }
        if let year { return valid(year) ? Day(y: year, m: month, d: day) : nil }
        var y = today.y
        if (month, day) < (today.m, today.d) { y += 1 }
        if !valid(y) { // Feb 29: the next leap year
            guard month == 2, day == 29 else { return nil }
            var z = y + 1
            while !valid(z) && z < y + 8 { z += 1 }
            return valid(z) ? Day(y: z, m: month, d: day) : nil
        }
        return Day(y: y, m: month, d: day)
    }

    /// `m/d/yyyy` or `m/d/yy`.
    private func parseUSNumeric(at k: Int) -> (Day, Int)? {
        guard let m = number(k, digits: 1...2, value: 1...12), isPunct(k + 1, "/", adjacent: true),
              adjacent(k + 2), let d = number(k + 2, digits: 1...2, value: 1...31), isPunct(k + 3, "/", adjacent: true),
              adjacent(k + 4), let yTok = tok(k + 4), yTok.kind == .number, let yv = yTok.value else { return nil }
        let len = yTok.hi - yTok.lo
        guard len == 2 || len == 4 else { return nil }
        let y = len == 2 ? 2000 + yv : yv
        guard let day = resolveMonthDay(year: y, month: m, day: d) else { return nil }
        return (day, k + 5)
    }

    // MARK: times

    /// `am` / `pm` / `a.m.` / `p.m.` at `k`: whether PM, and the token after it.
    private func meridiem(at k: Int) -> (Bool, Int)? {
        guard let x = tok(k), x.kind == .word, sameLine(k) else { return nil }
        switch x.text {
        case "am": return (false, k + 1)
        case "pm": return (true, k + 1)
        case "a", "p":
            guard isPunct(k + 1, ".", adjacent: true), isWord(k + 2, "m"), adjacent(k + 2) else { return nil }
            let end = isPunct(k + 3, ".", adjacent: true) ? k + 4 : k + 3
            return (x.text == "p", end)
        default: return nil
        }
    }

    private func parseTime(at k: Int, allowBare: Bool, evening: Bool) -> (Time, Int)? {
        guard let x = tok(k) else { return nil }
        if x.kind == .word {
            if x.text == "noon" { return (Time(h: 12, m: 0, s: 0), k + 1) }
            if x.text == "midnight" { return (Time(h: 0, m: 0, s: 0, midnight: true), k + 1) }
            return nil
        }
        guard let h = number(k, digits: 1...2, value: 0...24) else { return nil }
        var j = k + 1
        var minute = 0
        var second = 0.0
        var hasMinutes = false
        if isPunct(j, ":", adjacent: true), adjacent(j + 1), let mm = number(j + 1, digits: 2...2, value: 0...59) {
            minute = mm; hasMinutes = true; j += 2
            if isPunct(j, ":", adjacent: true), adjacent(j + 1), let ss = number(j + 1, digits: 2...2, value: 0...59) {
                second = Double(ss); j += 2
            }
            if isPunct(j, ":", adjacent: true) { return nil }
        }
        if let (pm, after) = meridiem(at: j) {
            guard h >= 1, h <= 12 else { return nil }
            return (Time(h: h % 12 + (pm ? 12 : 0), m: minute, s: second), after)
        }
        if hasMinutes {
            guard h <= 23 || (h == 24 && minute == 0 && second == 0) else { return nil }
            var hour = h
            if evening, hour < 12 { hour += 12 }
            if hour == 24 { return (Time(h: 0, m: 0, s: 0, midnight: true), j) }
            return (Time(h: hour, m: minute, s: second), j)
        }
        guard allowBare, h >= 1, h <= 12 else { return nil }
        if isWord(j, "o"), isPunct(j + 1, "'", adjacent: true), isWord(j + 2, "clock") { j += 3 }
        var hour = h
        if evening { if hour < 12 { hour += 12 } } else if hour <= 7 { hour += 12 }
        return (Time(h: hour, m: 0, s: 0), j)
    }

    // MARK: ISO 8601

    struct ISOResult { var end: Int; var day: Day; var time: Time?; var offset: Int? }

    /// An ISO 8601 date or date-time at `s` (`ISO8601.read`), not glued to a following word or number.
    private func parseISO(at s: Int) -> ISOResult? {
        guard let f = ISO8601.read(t, at: s), let day = resolveMonthDay(year: f.year, month: f.month, day: f.day) else { return nil }
        if UTF16Text.isASCIIAlnum(t[f.end]) || (f.time == nil && t[f.end] == 45 && UTF16Text.isDigit(t[f.end + 1])) { return nil }
        let time = f.time.map { Time(h: $0.hour, m: $0.minute, s: Double($0.second) + Double($0.nanosecond) / 1e9) }
        return ISOResult(end: f.end, day: day, time: time, offset: f.offset)
    }

    // MARK: resolution

    private func resolve(_ day: Day, _ time: Time, in tz: TimeZone? = nil) -> Date? {
        var cal = calendar
        if let tz { cal.timeZone = tz }
        let whole = Int(time.s)
        guard var date = cal.date(from: DateComponents(year: day.y, month: day.m, day: day.d,
                                                       hour: time.h, minute: time.m, second: whole)) else { return nil }
        if time.s > Double(whole) { date += time.s - Double(whole) }
        if time.midnight { date = cal.date(byAdding: .day, value: 1, to: date) ?? date }
        return date
    }
}
