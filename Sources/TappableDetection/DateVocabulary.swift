/// The words of one `DateLocale` that `DateScanner` reads: names, relative days, parts of the
/// day, and the small words that join them. Keys are lower-case with diacritics folded, as
/// `Token.text` holds words (`décembre` is `decembre`); a phrase is a list of token texts
/// (`["aujourd", "'", "hui"]`).
struct DateVocabulary: Sendable {
    /// Month names and abbreviations, 1 = January.
    var months: [String: Int]
    /// Weekday names and abbreviations, Calendar numbering (1 = Sunday).
    var weekdays: [String: Int]
    /// Days relative to today: `tomorrow` is 1.
    var relativeDays: PhraseTable<Int>
    /// Parts of the day and their hour (`morning` 9), read after a day (`tomorrow morning`).
    var partsOfDay: PhraseTable<Int>
    /// Words before a part of the day after a day (`in the` of `tomorrow in the morning`).
    var partOfDayIntros: PhraseTable<Bool>
    /// Phrases naming a part of today (`tonight`, `this evening`) and its hour.
    var partsOfToday: PhraseTable<Int>
    /// Before a weekday: next / this / last (`next friday`).
    var weekdayPrefixes: PhraseTable<Modifier>
    /// After a weekday (`vendredi prochain`, `el viernes que viene`).
    var weekdaySuffixes: PhraseTable<Modifier>
    /// Whole weeks (`next week`, `la semaine prochaine`): the phrase and which week.
    var weeks: PhraseTable<Modifier>
    /// Before a time after a day (`friday at 5`): a bare hour may follow these.
    var timeIntros: PhraseTable<Bool>
    /// Between a time and the day after it (`5pm on Friday`).
    var dayIntros: PhraseTable<Bool>
    /// Between the ends of a range (`to`, `bis`, `au`, `al`); dashes work in every language.
    var rangeSeparators: PhraseTable<Bool>
    /// Before a range (`from`, `von`, `du`, `del`), part of the match.
    var rangeOpeners: PhraseTable<Bool>
    /// Before a range whose ends `and` joins (`between`), and that `and`.
    var betweenOpeners: PhraseTable<Bool>
    var betweenSeparator: PhraseTable<Bool>
    /// Words between a day number and its month, or a month and its year (`3 of December`, `3 de diciembre de 2026`).
    var dateJoiners: Set<String>
    /// Suffixes glued to a day number (`3rd`, `1er`).
    var ordinalSuffixes: Set<String>
    /// Whether `3.` is an ordinal day (German).
    var dotOrdinal: Bool
    /// Whether the month may come first (`December 3`).
    var monthFirst: Bool
    /// The separator of numeric dates and whether the day comes first (`12/4/2026` in English, `4.12.2026` in German).
    var numericSeparator: String
    var numericDayFirst: Bool
    /// Whether `am` / `pm` / `a.m.` mark times (English only: `am` is a German word).
    var meridiemWords: Bool
    /// Words after an hour (`17 Uhr`, `17h30`).
    var hourWords: Set<String>
    /// Phrases after a time that set its half of the day (`de la tarde`), true for afternoon and later.
    var timeOfDayPhrases: PhraseTable<Bool>
    /// `noon` and `midnight`.
    var noon: Set<String>
    var midnight: Set<String>
    /// Words that make the next word no day (Spanish `la mañana` is the morning, not tomorrow).
    var notDayAfter: Set<String>
    /// Every word a date may start with (set by `indexed()`): other words are skipped at once.
    var startWords: Set<String> = []

    enum Modifier: Sendable { case next, this, last }
}

extension DateVocabulary {
    static func forLocale(_ locale: DateLocale) -> DateVocabulary {
        switch locale {
        case .english: return english
        case .german: return german
        case .french: return french
        case .spanish: return spanish
        }
    }

    static let english = DateVocabulary(
        months: ["january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5,
                 "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9,
                 "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12],
        weekdays: ["sunday": 1, "sun": 1, "monday": 2, "mon": 2, "tuesday": 3, "tue": 3, "tues": 3, "wednesday": 4, "wed": 4,
                   "weds": 4, "thursday": 5, "thu": 5, "thur": 5, "thurs": 5, "friday": 6, "fri": 6, "saturday": 7, "sat": 7],
        relativeDays: [["today"]: 0, ["tomorrow"]: 1, ["yesterday"]: -1, ["the", "day", "after", "tomorrow"]: 2],
        partsOfDay: [["morning"]: 9, ["afternoon"]: 15, ["evening"]: 19, ["night"]: 20],
        partOfDayIntros: [["in", "the"]],
        partsOfToday: [["tonight"]: 20, ["this", "morning"]: 9, ["this", "afternoon"]: 15, ["this", "evening"]: 19],
        weekdayPrefixes: [["next"]: .next, ["this"]: .this, ["last"]: .last],
        weekdaySuffixes: [:] as PhraseTable<DateVocabulary.Modifier>,
        weeks: [["next", "week"]: .next, ["this", "week"]: .this, ["last", "week"]: .last],
        timeIntros: [["at"], ["@"]],
        dayIntros: [["on"]],
        rangeSeparators: [["to"], ["until"], ["till"], ["through"], ["thru"]],
        rangeOpeners: [["from"]],
        betweenOpeners: [["between"]], betweenSeparator: [["and"]],
        dateJoiners: ["of"],
        ordinalSuffixes: ["st", "nd", "rd", "th"],
        dotOrdinal: false, monthFirst: true, numericSeparator: "/", numericDayFirst: false,
        meridiemWords: true, hourWords: ["o"],
        timeOfDayPhrases: [["in", "the", "morning"]: false, ["in", "the", "afternoon"]: true, ["in", "the", "evening"]: true,
                           ["at", "night"]: true],
        noon: ["noon", "midday"], midnight: ["midnight"], notDayAfter: []).indexed()

    static let german = DateVocabulary(
        months: ["januar": 1, "jan": 1, "janner": 1, "februar": 2, "feb": 2, "marz": 3, "mar": 3, "april": 4, "apr": 4,
                 "mai": 5, "juni": 6, "jun": 6, "juli": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9,
                 "sept": 9, "oktober": 10, "okt": 10, "november": 11, "nov": 11, "dezember": 12, "dez": 12],
        weekdays: ["sonntag": 1, "so": 1, "montag": 2, "mo": 2, "dienstag": 3, "di": 3, "mittwoch": 4, "mi": 4,
                   "donnerstag": 5, "do": 5, "freitag": 6, "fr": 6, "samstag": 7, "sonnabend": 7, "sa": 7],
        relativeDays: [["heute"]: 0, ["morgen"]: 1, ["ubermorgen"]: 2, ["gestern"]: -1, ["vorgestern"]: -2],
        partsOfDay: [["fruh"]: 9, ["morgen"]: 9, ["vormittag"]: 10, ["mittag"]: 12, ["nachmittag"]: 15, ["abend"]: 19, ["nacht"]: 20],
        partOfDayIntros: [["am"]],
        partsOfToday: [:] as PhraseTable<Int>,
        weekdayPrefixes: [["nachsten"]: .next, ["nachster"]: .next, ["nachste"]: .next, ["kommenden"]: .next,
                          ["diesen"]: .this, ["dieser"]: .this, ["diese"]: .this, ["letzten"]: .last, ["letzter"]: .last,
                          ["vergangenen"]: .last],
        weekdaySuffixes: [:] as PhraseTable<DateVocabulary.Modifier>,
        weeks: [["nachste", "woche"]: .next, ["nachsten", "woche"]: .next, ["kommende", "woche"]: .next,
                ["diese", "woche"]: .this, ["letzte", "woche"]: .last, ["vergangene", "woche"]: .last],
        timeIntros: [["um"], ["gegen"], ["ab"]],
        dayIntros: [["am"]],
        rangeSeparators: [["bis"]],
        rangeOpeners: [["von"], ["vom"]],
        betweenOpeners: [["zwischen"]], betweenSeparator: [["und"]],
        dateJoiners: [],
        ordinalSuffixes: [],
        dotOrdinal: true, monthFirst: false, numericSeparator: ".", numericDayFirst: true,
        meridiemWords: false, hourWords: ["uhr"],
        timeOfDayPhrases: [["morgens"]: false, ["vormittags"]: false, ["nachmittags"]: true, ["abends"]: true, ["nachts"]: true],
        noon: ["mittag"], midnight: ["mitternacht"], notDayAfter: ["guten", "am", "den", "der", "dem", "jeden"]).indexed()

    static let french = DateVocabulary(
        months: ["janvier": 1, "janv": 1, "fevrier": 2, "fevr": 2, "fev": 2, "mars": 3, "avril": 4, "avr": 4, "mai": 5,
                 "juin": 6, "juillet": 7, "juil": 7, "aout": 8, "septembre": 9, "sept": 9, "octobre": 10, "oct": 10,
                 "novembre": 11, "nov": 11, "decembre": 12, "dec": 12],
        weekdays: ["dimanche": 1, "dim": 1, "lundi": 2, "lun": 2, "mardi": 3, "mar": 3, "mercredi": 4, "mer": 4,
                   "jeudi": 5, "jeu": 5, "vendredi": 6, "ven": 6, "samedi": 7, "sam": 7],
        relativeDays: [["aujourd", "'", "hui"]: 0, ["demain"]: 1, ["hier"]: -1, ["apres", "-", "demain"]: 2,
                       ["avant", "-", "hier"]: -2],
        partsOfDay: [["matin"]: 9, ["midi"]: 12, ["apres", "-", "midi"]: 15, ["soir"]: 19, ["nuit"]: 20],
        partOfDayIntros: [] as PhraseTable<Bool>,
        partsOfToday: [["ce", "matin"]: 9, ["cet", "apres", "-", "midi"]: 15, ["ce", "soir"]: 19, ["cette", "nuit"]: 20],
        weekdayPrefixes: [["ce"]: .this],
        weekdaySuffixes: [["prochain"]: .next, ["dernier"]: .last],
        weeks: [["semaine", "prochaine"]: .next, ["cette", "semaine"]: .this, ["semaine", "derniere"]: .last],
        timeIntros: [["a"], ["vers"], ["des"]],
        dayIntros: [["le"]],
        rangeSeparators: [["au"], ["a"], ["jusqu", "'", "au"], ["jusqu", "'", "a"]],
        rangeOpeners: [["du"], ["de"]],
        betweenOpeners: [["entre"]], betweenSeparator: [["et"]],
        dateJoiners: [],
        ordinalSuffixes: ["er"],
        dotOrdinal: false, monthFirst: false, numericSeparator: "/", numericDayFirst: true,
        meridiemWords: false, hourWords: ["h"],
        timeOfDayPhrases: [["du", "matin"]: false, ["de", "l", "'", "apres", "-", "midi"]: true, ["du", "soir"]: true],
        noon: ["midi"], midnight: ["minuit"], notDayAfter: []).indexed()

    static let spanish = DateVocabulary(
        months: ["enero": 1, "ene": 1, "febrero": 2, "feb": 2, "marzo": 3, "mar": 3, "abril": 4, "abr": 4, "mayo": 5,
                 "may": 5, "junio": 6, "jun": 6, "julio": 7, "jul": 7, "agosto": 8, "ago": 8, "septiembre": 9, "setiembre": 9,
                 "sep": 9, "sept": 9, "octubre": 10, "oct": 10, "noviembre": 11, "nov": 11, "diciembre": 12, "dic": 12],
        weekdays: ["domingo": 1, "dom": 1, "lunes": 2, "lun": 2, "martes": 3, "mar": 3, "miercoles": 4, "mie": 4,
                   "jueves": 5, "jue": 5, "viernes": 6, "vie": 6, "sabado": 7, "sab": 7],
        relativeDays: [["hoy"]: 0, ["manana"]: 1, ["ayer"]: -1, ["pasado", "manana"]: 2, ["anteayer"]: -2],
        partsOfDay: [["manana"]: 9, ["mediodia"]: 12, ["tarde"]: 15, ["noche"]: 20],
        partOfDayIntros: [["por", "la"], ["en", "la"], ["a", "la"]],
        partsOfToday: [["esta", "manana"]: 9, ["esta", "tarde"]: 15, ["esta", "noche"]: 20],
        weekdayPrefixes: [["proximo"]: .next, ["este"]: .this],
        weekdaySuffixes: [["que", "viene"]: .next, ["proximo"]: .next, ["pasado"]: .last],
        weeks: [["proxima", "semana"]: .next, ["semana", "que", "viene"]: .next, ["semana", "proxima"]: .next,
                ["esta", "semana"]: .this, ["semana", "pasada"]: .last],
        timeIntros: [["a", "las"], ["a", "la"], ["sobre", "las"], ["desde", "las"]],
        dayIntros: [["el"]],
        rangeSeparators: [["al"], ["a"], ["hasta"], ["a", "las"], ["hasta", "las"]],
        rangeOpeners: [["del"], ["de"], ["desde"], ["desde", "el"], ["de", "las"], ["desde", "las"]],
        betweenOpeners: [["entre"], ["entre", "las"]], betweenSeparator: [["y"]],
        dateJoiners: ["de"],
        ordinalSuffixes: ["o"],
        dotOrdinal: false, monthFirst: false, numericSeparator: "/", numericDayFirst: true,
        meridiemWords: false, hourWords: ["h", "hs"],
        timeOfDayPhrases: [["de", "la", "manana"]: false, ["de", "la", "tarde"]: true, ["de", "la", "noche"]: true],
        noon: ["mediodia"], midnight: ["medianoche"], notDayAfter: ["la", "las", "esta", "cada"]).indexed()
}

extension DateVocabulary {
    /// The vocabulary with `startWords` filled in.
    func indexed() -> DateVocabulary {
        var v = self
        var first = Set(months.keys).union(weekdays.keys).union(noon).union(midnight)
        for table in [relativeDays.firstWords, partsOfToday.firstWords, weeks.firstWords, weekdayPrefixes.firstWords,
                      rangeOpeners.firstWords, betweenOpeners.firstWords] {
            first.formUnion(table)
        }
        v.startWords = first
        return v
    }
}

/// Phrases (lists of token texts) with a value each, indexed by their first word so that a
/// look-up at a token costs one hash of its text.
struct PhraseTable<Value: Sendable>: Sendable, ExpressibleByDictionaryLiteral {
    private var byFirst: [String: [([String], Value)]] = [:]

    init(dictionaryLiteral elements: ([String], Value)...) {
        for (phrase, value) in elements where !phrase.isEmpty { byFirst[phrase[0], default: []].append((phrase, value)) }
    }

    /// The phrases starting with `word`, with their values.
    func starting(with word: String) -> [([String], Value)] { byFirst[word] ?? [] }

    /// The first words of all phrases.
    var firstWords: Set<String> { Set(byFirst.keys) }
}

extension PhraseTable: ExpressibleByArrayLiteral where Value == Bool {
    /// A set of phrases (each valued `true`).
    init(arrayLiteral elements: [String]...) {
        for phrase in elements where !phrase.isEmpty { byFirst[phrase[0], default: []].append((phrase, true)) }
    }
}
