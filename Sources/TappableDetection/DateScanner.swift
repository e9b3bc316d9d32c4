import Foundation

/// A date found in the text, resolved; a range has an end.
struct DateMatch {
    var lo: Int
    var hi: Int
    var date: Date
    /// The end of a range (`Dec 3–5`, `from 5pm to 7pm`, `next week`), nil for a single date.
    var end: Date?
    var hasTime: Bool
    var timeZone: TimeZone
}

/// Finds dates, times and ranges of them in text of one language (`DateLocale`, its words in
/// `DateVocabulary`) and resolves them against a reference date in a time zone. The grammar
/// (case- and accent-insensitive; each piece may stand alone or be combined):
///
/// - Days: relative days (`today`, `tomorrow`; `morgen`, `übermorgen`; `demain`, `aujourd'hui`;
///   `mañana`, `pasado mañana`); weekdays (`friday`, `Fri.`, `Freitag`, `vendredi`, `viernes`)
///   with next / this / last (`next friday`, `nächsten Freitag`, `vendredi prochain`,
///   `el viernes que viene`); whole weeks (`next week`, `nächste Woche`, `la semaine prochaine`,
///   `la próxima semana`) as Monday–Sunday ranges; a day number and month name (`Dec 3`,
///   `December 3rd`, `3 December`, `3rd of Dec.`, `3. Dezember`, `1er décembre`,
///   `3 de diciembre`) with an optional year (`Dec 3, 2026`, `3 de diciembre de 2026`);
///   numeric dates (`12/4/2026` month first in English; `4.12.2026`, `4/12/2026` day first in
///   German, French and Spanish); ISO 8601 `2026-12-04` (every language).
/// - Parts of the day after a day (`tomorrow morning`, `friday night`, `tomorrow in the
///   evening`, `morgen früh`, `heute Abend`, `demain matin`, `mañana por la tarde`) or of today
///   (`tonight`, `this evening`, `ce soir`, `esta noche`).
/// - Times: `17:00`, `17:00:30` (every language); `5pm`, `5:30 p.m.`, `noon`, `midnight`,
///   `5 o'clock` (English); `17 Uhr`, `17.30 Uhr` (German); `17h`, `17h30`, `midi` (French);
///   `17 h`, `5 de la tarde`, `mediodía` (Spanish); a bare hour after `at` / `um` / `à` /
///   `a las` that follows a day (`friday at 5`).
/// - Combinations: day [`,`] [at] time (`friday at 5pm`, `am 3. Dezember um 17 Uhr`); time
///   [on] day (`5pm on Friday`, `17 Uhr am Freitag`); ISO 8601 date-times with `Z` / `±hh:mm`.
/// - Ranges: day–day (`Dec 3–5`, `Dec 30 – Jan 2`, `3–5 December`, `du 3 au 5 décembre`,
///   `del 3 al 5 de diciembre`, `vom 3. bis 5. Dezember`, `Monday to Friday`), time–time
///   (`5pm to 7pm`, `5–7pm`, `von 17 bis 19 Uhr`, `de 17h à 19h`), on a day or not
///   (`Friday 5–7pm`, `from 5 to 7pm tomorrow`), after an optional opener that joins the match
///   (`from`, `between … and`, `von`, `du`, `del`, `entre … y`). Dashes `-`, `–`, `—` work in
///   every language.
///
/// Resolution rules (documented choices, close to NSDataDetector's):
/// - A weekday means the coming one, today included: `friday` on a Friday is today. `this friday`
///   is the same. `next friday` is the first Friday after today that is not in the current
///   Monday–Sunday week; `last friday` the most recent Friday before today.
/// - A month and day without a year is the next such day on or after the reference day.
/// - A date without a time resolves to 12:00 (noon) local time; a part of the day to its hour
///   (morning 09:00, afternoon 15:00, evening 19:00, night and `tonight` 20:00); `hasTime` is
///   false for both. A time without a day is on the reference day.
/// - `midnight` is the end of its day (00:00 of the next day); `noon` is 12:00.
/// - A bare hour after `at` (no am/pm, no `Uhr`/`h`) is read as afternoon for 1–7 (`at 5` is
///   17:00) and as morning otherwise; after an afternoon, evening or night any hour below 12
///   is afternoon or evening.
/// - A range's end that would come before its start moves on: a time to the next day
///   (`10pm–2am`), a month and day to the next year, a weekday to the next week. `5–7pm` reads
///   the start in the end's half of the day. A day range of numbers must rise (`Dec 5–3` is no range).
/// - ISO 8601 values with an offset keep it (their `timeZone` is that offset).
final class DateScanner {
    let t: UTF16Text
    let tokens: [Token]
    let reference: Date
    let timeZone: TimeZone
    let words: DateVocabulary
    let calendar: Calendar
    let today: (y: Int, m: Int, d: Int, weekday: Int)

    init(text: UTF16Text, tokens: [Token], reference: Date, timeZone: TimeZone, locale: DateLocale) {
        t = text; self.tokens = tokens; self.reference = reference; self.timeZone = timeZone
        words = DateVocabulary.forLocale(locale)
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = timeZone
        calendar = cal
        let c = cal.dateComponents([.year, .month, .day, .weekday], from: reference)
        today = (c.year!, c.month!, c.day!, c.weekday!)
    }

    /// A calendar day, with what reading it implies for the times that follow.
    struct Day {
        var y: Int, m: Int, d: Int
        /// The hour a date without a time resolves to (12, or a part of the day's).
        var hour = 12
        /// How bare hours after it read: true afternoon/evening, false morning, nil by the 1–7 rule.
        var pm: Bool? = nil
        /// Days after this one that the phrase also covers (6 for a week).
        var span = 0
        /// How an end day before a range's start moves on.
        var roll: Roll = .none
        /// Whether the day was a bare month and day (`Dec 3`), so that `Dec 3–5` may follow.
        var monthDay = false
    }
    enum Roll { case none, year, week }
    struct Time { var h: Int; var m: Int; var s: Double; var midnight = false }

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

    /// The token after `phrase` when it starts at `k` on one line, nil otherwise.
    func phrase(_ k: Int, _ p: [String]) -> Int? {
        for (i, w) in p.enumerated() {
            guard let x = tok(k + i), x.text == w, x.kind == .word || x.kind == .punct, i == 0 || sameLine(k + i) else { return nil }
        }
        return p.isEmpty ? nil : k + p.count
    }

    /// The longest phrase of `table` at `k`: its value and the token after it.
    func longest<V>(_ k: Int, in table: PhraseTable<V>) -> (V, Int)? {
        guard let x = tok(k) else { return nil }
        var best: (V, Int)? = nil
        for (p, v) in table.starting(with: x.text) { if let next = phrase(k, p), next > (best?.1 ?? k) { best = (v, next) } }
        return best
    }

    /// The token after the longest phrase of `table` at `k`.
    func after(_ k: Int, in table: PhraseTable<Bool>) -> Int? { longest(k, in: table)?.1 }

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
        // `from … to …`, `between … and …`: the opener joins the match only when a range follows.
        let x = tokens[k]
        guard x.kind == .number || (x.kind == .word && words.startWords.contains(x.text)) else { return nil }
        for between in [false, true] {
            if let j = after(k, in: between ? words.betweenOpeners : words.rangeOpeners), sameLine(j),
               let (m, next) = parseSpan(at: j, between: between), m.end != nil {
                var withOpener = m
                withOpener.lo = x.lo
                return (withOpener, next)
            }
        }
        return parseSpan(at: k, between: false)
    }

    private func parseSpan(at k: Int, between: Bool) -> (DateMatch, Int)? {
        guard let first = tok(k), first.kind == .number || (first.kind == .word && words.startWords.contains(first.text)) else { return nil }
        if first.kind == .number, first.hi - first.lo == 4, isPunct(k + 1, "-", adjacent: true), let iso = parseISO(at: first.lo) {
            var next = k
            while next < tokens.count, tokens[next].lo < iso.end { next += 1 }
            if let time = iso.time {
                let tz = iso.offset.flatMap { TimeZone(secondsFromGMT: $0) } ?? timeZone
                guard let date = resolve(iso.day, time, in: tz) else { return nil }
                return (DateMatch(lo: first.lo, hi: iso.end, date: date, end: nil, hasTime: true, timeZone: tz), next)
            }
            return finishDay(iso.day, start: first.lo, dayEnd: next, between: between)
        }
        if let r = dayNumberRange(at: k, between: between) { return r }
        if let (day, next) = parseDay(at: k) {
            return finishDay(day, start: first.lo, dayEnd: next, between: between)
        }
        if let (start, end, next) = parseTimes(at: k, bare: false, pm: nil, between: between) {
            // time [on|,] day
            var j = next
            if sameLine(j), let next = after(j, in: words.dayIntros) ?? (isPunct(j, ",", adjacent: true) ? j + 1 : nil) { j = next }
            var day = Day(y: today.y, m: today.m, d: today.d)
            var last = next
            if sameLine(j), let (d, dayNext) = parseDay(at: j), d.span == 0 { day = d; last = dayNext }
            return timed(day, start, end, lo: first.lo, next: last)
        }
        return nil
    }

    /// A match on `day` from `start` (to `end`, the next day when it comes earlier).
    private func timed(_ day: Day, _ start: Time, _ end: Time?, lo: Int, next: Int) -> (DateMatch, Int)? {
        guard let from = resolve(day, start) else { return nil }
        var until: Date? = nil
        if let end {
            guard var e = resolve(day, end) else { return nil }
            if e < from { e = calendar.date(byAdding: .day, value: 1, to: e) ?? e }
            until = e
        }
        return (DateMatch(lo: lo, hi: tokens[next - 1].hi, date: from, end: until, hasTime: true, timeZone: timeZone), next)
    }

    /// A day, then optionally a part of the day, `[,] [at] time[–time]`, or `–day` / `–number`.
    private func finishDay(_ first: Day, start: Int, dayEnd: Int, between: Bool) -> (DateMatch, Int)? {
        var day = first
        var dayEnd = dayEnd
        if day.span == 0, let (hour, next) = partOfDay(at: dayEnd) {
            day.hour = hour; day.pm = hour >= 12; dayEnd = next
        }
        var j = dayEnd
        var bare = day.pm != nil
        if sameLine(j), isPunct(j, ",", adjacent: true) { j += 1 }
        if sameLine(j), let next = after(j, in: words.timeIntros) ?? after(j, in: words.rangeOpeners) { j = next; bare = true }
        if day.span == 0, sameLine(j), let (a, b, next) = parseTimes(at: j, bare: bare, pm: day.pm, between: between) {
            return timed(day, a, b, lo: start, next: next)
        }
        if day.span == 0, let (startDay, endDay, next) = dayRangeEnd(after: day, at: dayEnd, between: between),
           let from = resolve(startDay, Time(h: day.hour, m: 0, s: 0)), let until = resolve(endDay, Time(h: endDay.hour, m: 0, s: 0)) {
            return (DateMatch(lo: start, hi: tokens[next - 1].hi, date: from, end: until, hasTime: false, timeZone: timeZone), next)
        }
        guard let date = resolve(day, Time(h: day.hour, m: 0, s: 0)) else { return nil }
        var end: Date? = nil
        if day.span > 0 { end = resolve(shifted(day, days: day.span), Time(h: day.hour, m: 0, s: 0)) }
        return (DateMatch(lo: start, hi: tokens[dayEnd - 1].hi, date: date, end: end, hasTime: false, timeZone: timeZone), dayEnd)
    }

    /// `–5` (same month, `Dec 3–5`, a year after it is both days': `Dec 3–5, 2027`) or `– Dec 5`
    /// / `to Friday` after `day`: the start, the end and the token after; nil when none, or when
    /// the end comes before the start and cannot move on.
    private func dayRangeEnd(after day: Day, at k: Int, between: Bool) -> (Day, Day, Int)? {
        guard let s = rangeSeparator(at: k, between: between) else { return nil }
        if let (end, next) = parseDay(at: s), end.span == 0 {
            var e = end
            if (e.y, e.m, e.d) < (day.y, day.m, day.d) {
                switch e.roll {
                case .none: return nil
                case .year: guard let moved = resolveMonthDay(year: e.y + 1, month: e.m, day: e.d) else { return nil }; e = moved
                case .week: e = shifted(e, days: 7)
                }
            }
            return (day, e, next)
        }
        guard day.monthDay, let d = number(s, digits: 1...2, value: 1...31), d > day.d,
              !isPunct(s + 1, ":", adjacent: true), meridiem(at: s + 1) == nil,
              !(tok(s + 1).map { $0.kind == .word && words.hourWords.contains($0.text) } ?? false) else { return nil }
        var next = s + 1
        if ordinal(next) { next += 1 }
        var start = day
        if let (y, after) = yearAfter(at: next), day.roll == .year, let moved = resolveMonthDay(year: y, month: day.m, day: day.d) {
            start = moved; next = after
        }
        guard let end = resolveMonthDay(year: start.y, month: day.m, day: d) else { return nil }
        return (start, end, next)
    }

    /// `3–5 December`, `3.–5. Dezember`, `du 3 au 5 décembre`, `del 3 al 5 de diciembre`: a day
    /// number, a separator, and a full month and day whose month and year it shares.
    private func dayNumberRange(at k: Int, between: Bool) -> (DateMatch, Int)? {
        guard let d = number(k, digits: 1...2, value: 1...31) else { return nil }
        var j = k + 1
        if ordinal(j) { j += 1 }
        guard let s = rangeSeparator(at: j, between: between), let (end, next) = parseMonthDay(at: s),
              d < end.d, let start = resolveMonthDay(year: end.y, month: end.m, day: d),
              let from = resolve(start, Time(h: 12, m: 0, s: 0)), let until = resolve(end, Time(h: 12, m: 0, s: 0)) else { return nil }
        return (DateMatch(lo: tokens[k].lo, hi: tokens[next - 1].hi, date: from, end: until, hasTime: false, timeZone: timeZone), next)
    }

    /// A dash, or the language's range word (`to`, `bis`, `au`, `al`); `and` after `between`.
    private func rangeSeparator(at k: Int, between: Bool) -> Int? {
        guard sameLine(k), let x = tok(k) else { return nil }
        if between { return after(k, in: words.betweenSeparator).flatMap { sameLine($0) ? $0 : nil } }
        if x.kind == .punct, ["-", "–", "—"].contains(x.text), sameLine(k + 1) { return k + 1 }
        return after(k, in: words.rangeSeparators).flatMap { sameLine($0) ? $0 : nil }
    }

    /// A part of the day after a day (`morning`, `in the evening`, `por la tarde`): its hour.
    private func partOfDay(at k: Int) -> (Int, Int)? {
        guard sameLine(k) else { return nil }
        var j = k
        if let next = after(k, in: words.partOfDayIntros), sameLine(next) { j = next }
        if let found = longest(j, in: words.partsOfDay) { return found }
        return j == k ? nil : longest(k, in: words.partsOfDay)
    }

    // MARK: days

    private func shifted(days: Int) -> Day {
        shifted(Day(y: today.y, m: today.m, d: today.d), days: days)
    }

    private func shifted(_ day: Day, days: Int) -> Day {
        let base = calendar.date(from: DateComponents(year: day.y, month: day.m, day: day.d, hour: 12))!
        let d = calendar.date(byAdding: .day, value: days, to: base)!
        let c = calendar.dateComponents([.year, .month, .day], from: d)
        var out = day
        out.y = c.year!; out.m = c.month!; out.d = c.day!
        return out
    }

    private func parseDay(at k: Int) -> (Day, Int)? {
        guard let x = tok(k) else { return nil }
        if x.kind == .number {
            if let r = parseNumeric(at: k) { return r }
            return parseMonthDay(at: k)
        }
        guard x.kind == .word else { return nil }
        if let (hour, next) = longest(k, in: words.partsOfToday) {
            var d = shifted(days: 0)
            d.hour = hour; d.pm = hour >= 12
            return (d, next)
        }
        if let (which, next) = longest(k, in: words.weeks) { return (week(which), next) }
        let afterArticle = tok(k - 1).map { sameLine(k) && $0.kind == .word && words.notDayAfter.contains($0.text) } ?? false
        if !afterArticle, let (offset, next) = longest(k, in: words.relativeDays) { return (shifted(days: offset), next) }
        var j = k
        var modifier: DateVocabulary.Modifier? = nil
        if let (m, after) = longest(k, in: words.weekdayPrefixes), tok(after)?.kind == .word, words.weekdays[tokens[after].text] != nil {
            modifier = m; j = after
        }
        guard let wd = words.weekdays[tokens[j].text] else { return parseMonthDay(at: k) }
        var next = j + 1
        let name = tokens[j].text
        let abbreviated = name.count <= 4 && words.weekdays.keys.contains(where: { $0.count > name.count && words.weekdays[$0] == wd })
        if abbreviated {
            // "sat", "sun", "wed"; "so", "mi": everyday words; abbreviations must be capitalised
            // (and, outside English, end with a dot).
            guard tokens[j].capitalized, words.meridiemWords || isPunct(next, ".", adjacent: true) else { return parseMonthDay(at: k) }
        }
        // "Friday, December 4" / "Fri Dec 4" / "vendredi 4 décembre": the explicit date wins.
        var m = next
        if abbreviated, isPunct(m, ".", adjacent: true) { m += 1 }
        if isPunct(m, ",", adjacent: true) { m += 1 }
        if modifier == nil, sameLine(m), let (day, after) = parseMonthDay(at: m) { return (day, after) }
        if abbreviated, isPunct(next, ".", adjacent: true) { next += 1 }
        if modifier == nil, let (m, after) = longest(next, in: words.weekdaySuffixes) { modifier = m; next = after }
        var day = weekday(wd, modifier: modifier)
        day.roll = .week
        return (day, next)
    }

    private func weekday(_ wd: Int, modifier: DateVocabulary.Modifier?) -> Day {
        let delta = (wd - today.weekday + 7) % 7
        switch modifier {
        case .next?:
            var d = delta == 0 ? 7 : delta
            let mondayIndex = (today.weekday + 5) % 7 // Monday 0 ... Sunday 6
            if mondayIndex + d <= 6 { d += 7 }
            return shifted(days: d)
        case .last?:
            let back = (today.weekday - wd + 7) % 7
            return shifted(days: -(back == 0 ? 7 : back))
        default:
            return shifted(days: delta)
        }
    }

    /// The Monday of this, next or last week, spanning to its Sunday.
    private func week(_ which: DateVocabulary.Modifier) -> Day {
        let mondayIndex = (today.weekday + 5) % 7
        let offset: Int
        switch which {
        case .this: offset = -mondayIndex
        case .next: offset = 7 - mondayIndex
        case .last: offset = -mondayIndex - 7
        }
        var day = shifted(days: offset)
        day.span = 6
        return day
    }

    private func ordinal(_ k: Int) -> Bool {
        guard let x = tok(k), !x.spaceBefore else { return false }
        if x.kind == .word { return words.ordinalSuffixes.contains(x.text) }
        return words.dotOrdinal && x.kind == .punct && x.text == "."
    }

    /// A month name at `k` (`Dec`, `Dec.`, `décembre`): the month and the token after it.
    private func monthName(at k: Int) -> (Int, Int)? {
        guard let x = tok(k), x.kind == .word, let m = words.months[x.text] else { return nil }
        if x.text == "may", !x.capitalized, words.meridiemWords { return nil } // "may 3" is too often a verb
        var j = k + 1
        if x.text.count <= 4, isPunct(j, ".", adjacent: true) { j += 1 }
        return (m, j)
    }

    /// An optional year after a month and day: `[,] [de] 2026`.
    private func yearAfter(at k: Int) -> (Int, Int)? {
        var y = k
        if isPunct(y, ",", adjacent: true) { y += 1 } else if let x = tok(y), x.kind == .word, words.dateJoiners.contains(x.text) { y += 1 }
        guard sameLine(y), let v = number(y, digits: 4...4, value: 1900...2199), !isPunct(y + 1, ":", adjacent: true) else { return nil }
        return (v, y + 1)
    }

    private func parseMonthDay(at k: Int) -> (Day, Int)? {
        guard let x = tok(k) else { return nil }
        var month: Int, dayNum: Int, j: Int
        if x.kind == .word, words.monthFirst, let (m, after) = monthName(at: k) {
            guard sameLine(after), let d = number(after, digits: 1...2, value: 1...31) else { return nil }
            month = m; dayNum = d; j = after + 1
            if ordinal(j) { j += 1 }
        } else if x.kind == .number, let d = number(k, digits: 1...2, value: 1...31) {
            j = k + 1
            if ordinal(j) { j += 1 }
            if let w = tok(j), w.kind == .word, words.dateJoiners.contains(w.text), monthName(at: j + 1) != nil { j += 1 }
            guard sameLine(j), let (m, after) = monthName(at: j) else { return nil }
            month = m; dayNum = d; j = after
        } else {
            return nil
        }
        var explicitYear: Int? = nil
        if let (y, after) = yearAfter(at: j) {
            explicitYear = y; j = after
        } else if x.kind == .number, isPunct(j - 1, ".") {
            j -= 1 // "the 3rd of Dec." ends a sentence: the dot is the sentence's
        }
        guard var day = resolveMonthDay(year: explicitYear, month: month, day: dayNum) else { return nil }
        day.monthDay = true
        day.roll = explicitYear == nil ? .year : .none
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

    /// `m/d/yyyy` or `m/d/yy` in English; `d.m.yyyy` in German, `d/m/yyyy` in French and Spanish.
    private func parseNumeric(at k: Int) -> (Day, Int)? {
        let sep = words.numericSeparator
        guard let a = number(k, digits: 1...2, value: 1...31), isPunct(k + 1, sep, adjacent: true),
              adjacent(k + 2), let b = number(k + 2, digits: 1...2, value: 1...31), isPunct(k + 3, sep, adjacent: true),
              adjacent(k + 4), let yTok = tok(k + 4), yTok.kind == .number, let yv = yTok.value else { return nil }
        let len = yTok.hi - yTok.lo
        guard len == 2 || len == 4 else { return nil }
        let (m, d) = words.numericDayFirst ? (b, a) : (a, b)
        guard m <= 12, let day = resolveMonthDay(year: len == 2 ? 2000 + yv : yv, month: m, day: d) else { return nil }
        return (day, k + 5)
    }

    // MARK: times

    /// `am` / `pm` / `a.m.` / `p.m.` at `k` (English): whether PM, and the token after it.
    private func meridiem(at k: Int) -> (Bool, Int)? {
        guard words.meridiemWords, let x = tok(k), x.kind == .word, sameLine(k) else { return nil }
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

    /// A time, or two joined by a range separator (`5pm to 7pm`, `5–7pm`, `17 bis 19 Uhr`).
    private func parseTimes(at k: Int, bare: Bool, pm: Bool?, between: Bool) -> (Time, Time?, Int)? {
        if let (a, next) = parseTime(at: k, bare: bare, pm: pm) {
            if let s = rangeSeparator(at: next, between: between),
               let (b, end) = parseTime(at: s, bare: true, pm: pm ?? (a.h >= 12 && !a.midnight ? true : nil)) {
                return (a, b, end)
            }
            return (a, nil, next)
        }
        // A bare start hour read in the end's half of the day: "5–7pm".
        guard var h = number(k, digits: 1...2, value: 0...23), let s = rangeSeparator(at: k + 1, between: between),
              let (b, end) = parseTime(at: s, bare: false, pm: pm) else { return nil }
        if b.h >= 12, h < 12, h + 12 <= b.h { h += 12 }
        return (Time(h: h, m: 0, s: 0), b, end)
    }

    private func parseTime(at k: Int, bare: Bool, pm: Bool?) -> (Time, Int)? {
        guard let x = tok(k) else { return nil }
        if x.kind == .word {
            if words.noon.contains(x.text) { return (Time(h: 12, m: 0, s: 0), k + 1) }
            if words.midnight.contains(x.text) { return (Time(h: 0, m: 0, s: 0, midnight: true), k + 1) }
            return nil
        }
        guard let h = number(k, digits: 1...2, value: 0...24) else { return nil }
        var j = k + 1
        var minute = 0
        var second = 0.0
        var hasMinutes = false
        var hourWord = false
        func minutes(after sep: String) -> Bool {
            guard isPunct(j, sep, adjacent: true), adjacent(j + 1), let mm = number(j + 1, digits: 2...2, value: 0...59) else { return false }
            minute = mm; hasMinutes = true; j += 2
            return true
        }
        if minutes(after: ":") {
            if isPunct(j, ":", adjacent: true), adjacent(j + 1), let ss = number(j + 1, digits: 2...2, value: 0...59) {
                second = Double(ss); j += 2
            }
            if isPunct(j, ":", adjacent: true) { return nil }
        } else if words.hourWords.contains("uhr"), isPunct(j, ".", adjacent: true), isWord(j + 2, "uhr"), minutes(after: ".") {
            // 17.30 Uhr
        }
        if let (isPM, after) = meridiem(at: j) {
            guard h >= 1, h <= 12 else { return nil }
            return (Time(h: h % 12 + (isPM ? 12 : 0), m: minute, s: second), after)
        }
        if let w = tok(j), w.kind == .word, sameLine(j), words.hourWords.contains(w.text), w.text != "o" {
            hourWord = true
            j += 1
            // 17h30, 17 h 30
            if !hasMinutes, let mm = number(j, digits: 2...2, value: 0...59), sameLine(j) { minute = mm; hasMinutes = true; j += 1 }
        } else if words.meridiemWords, isWord(j, "o"), isPunct(j + 1, "'", adjacent: true), isWord(j + 2, "clock") {
            guard h >= 1, h <= 12 else { return nil }
            j += 3
            return (Time(h: h <= 7 && pm != false ? h + 12 : h, m: 0, s: 0), j)
        }
        var halfDay = pm
        if let (later, after) = longest(j, in: words.timeOfDayPhrases) {
            guard h >= 1, h <= 12 else { return nil }
            halfDay = later; j = after
            return (Time(h: h % 12 + (later ? 12 : 0), m: minute, s: second), j)
        }
        guard hasMinutes || hourWord || (bare && h >= 1 && h <= 12) else { return nil }
        guard h <= 23 || (h == 24 && minute == 0 && second == 0) else { return nil }
        if h == 24 { return (Time(h: 0, m: 0, s: 0, midnight: true), j) }
        var hour = h
        switch halfDay {
        case true?: if hour < 12 { hour += 12 }
        case false?: break
        case nil: if !hasMinutes, !hourWord, hour <= 7 { hour += 12 }
        }
        return (Time(h: hour, m: minute, s: second), j)
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
