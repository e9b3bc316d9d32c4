import Foundation

/// The region national phone numbers are read in (`415-555-5555` in `US`, `020 7946 0958` in
/// `GB`): an ISO 3166 code that libphonenumber's metadata knows (245 regions).
public struct PhoneRegion: Sendable, Hashable, CustomStringConvertible {
    /// The upper-case ISO 3166 alpha-2 code (`US`).
    public let code: String
    /// The country calling code (1 for `US`, 44 for `GB`).
    public let callingCode: Int

    /// The United States, the default.
    public static let unitedStates = PhoneRegion(checked: "US", callingCode: 1)

    /// The region for an ISO 3166 alpha-2 code, any case (`gb` is `GB`); nil for a code the
    /// phone metadata does not know (`XX`, `UK`, the empty string, anything over 2 letters).
    public init?(code: String) {
        let upper = code.uppercased()
        guard upper.utf8.count == 2, upper.utf8.allSatisfy({ $0 >= 65 && $0 <= 90 }),
              let callingCode = PhoneNumberMetadata.countryCode(region: upper) else { return nil }
        self.init(checked: upper, callingCode: callingCode)
    }

    private init(checked code: String, callingCode: Int) { self.code = code; self.callingCode = callingCode }

    /// Same as `code`.
    public var description: String { code }
}

/// The language dates are read in: month and weekday names, relative days, prepositions, the
/// order of day and month. ISO 8601 and 24-hour times read in every language.
public enum DateLocale: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// English (default): `friday at 5pm`, `Dec 3–5`, US numeric dates `12/4/2026`.
    case english = "en"
    /// German: `am 3. Dezember um 17 Uhr`, `morgen früh`, numeric `3.12.2026`.
    case german = "de"
    /// French: `le 3 décembre à 17h`, `demain matin`, numeric `3/12/2026`.
    case french = "fr"
    /// Spanish: `el 3 de diciembre a las 17:00`, `mañana por la mañana`, numeric `3/12/2026`.
    case spanish = "es"

    /// The locale for a language code, any case, an optional region after `-` or `_` ignored
    /// (`de`, `DE`, `de-AT`, `fr_CA`); nil for a language the detector does not read.
    public init?(identifier: String) {
        guard identifier.utf8.count <= 16 else { return nil }
        let language = identifier.split(separator: "-", maxSplits: 1).first.flatMap { $0.split(separator: "_", maxSplits: 1).first }
        guard let language, let locale = DateLocale(rawValue: language.lowercased()) else { return nil }
        self = locale
    }

    /// The language code (`en`, `de`, `fr`, `es`).
    public var description: String { rawValue }
}

/// A setting of `DetectorSettings`, to name it in an error message.
public enum DetectorSetting: Sendable, Hashable {
    /// `types`, or the type name at `index` in the list.
    case types(index: Int?)
    /// `referenceDate`.
    case referenceDate
    /// `timeZone`.
    case timeZone
    /// `region`.
    case region
    /// `locale`.
    case locale
}

/// A bad setting: which one (`setting`) and what is wrong with it (`message`, which quotes the value).
public struct DetectorSettingsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The setting the problem is about.
    public var setting: DetectorSetting
    /// What is wrong, e.g. `unknown time zone "Mars/Olympus" (an IANA name such as UTC or Europe/Paris)`.
    public var message: String
    /// An error about `setting`.
    public init(_ setting: DetectorSetting, _ message: String) { self.setting = setting; self.message = message }
    /// Same as `message`.
    public var description: String { message }
}

/// What a `DataDetector` looks for and how it reads what it finds: the types, the reference
/// date and time zone dates resolve against, the region of national phone numbers and the
/// language of dates. Built from typed values, or from strings (command-line options, SPEC fields)
/// with `init(typeNames:referenceDate:timeZone:region:locale:)`, which validates each.
public struct DetectorSettings: Sendable, Hashable {
    /// The types to look for, in priority order for equally long overlapping matches.
    public var types: [DetectionType]
    /// The instant relative dates resolve from; nil means the moment the detector is made.
    public var referenceDate: Date?
    /// The time zone dates are read and resolved in (default UTC).
    public var timeZone: TimeZone
    /// The region national phone numbers are read in (default US).
    public var region: PhoneRegion
    /// The language of dates (default English).
    public var locale: DateLocale

    /// Settings from typed values.
    public init(types: [DetectionType] = DetectionType.allSystemTypes, referenceDate: Date? = nil,
                timeZone: TimeZone = DataDetector.utc, region: PhoneRegion = .unitedStates, locale: DateLocale = .english) {
        self.types = types; self.referenceDate = referenceDate; self.timeZone = timeZone
        self.region = region; self.locale = locale
    }

    /// Settings from strings, each nil for its default:
    /// - `typeNames`: names as `DetectionType.name` spells them, at least one, duplicates dropped;
    /// - `referenceDate`: ISO 8601 (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM[:SS[.fff]]`, optional `Z` or
    ///   `±HH:MM`), read in the time zone when it has no offset;
    /// - `timeZone`: an IANA name or alias (`Europe/Paris`, `US/Pacific`, `UTC`);
    /// - `region`: an ISO 3166 code (`GB`); `locale`: `en`, `de`, `fr` or `es`.
    /// Throws `DetectorSettingsError` naming the first bad setting.
    public init(typeNames: [String]?, referenceDate: String? = nil, timeZone zoneName: String? = nil,
                region regionCode: String? = nil, locale localeName: String? = nil) throws(DetectorSettingsError) {
        self.init(types: DetectionType.allSystemTypes)
        if let zoneName {
            guard let zone = Self.timeZone(named: zoneName) else {
                throw DetectorSettingsError(.timeZone, "unknown time zone \(Self.quoted(zoneName)) (an IANA name such as UTC or Europe/Paris)")
            }
            timeZone = zone
        }
        if let typeNames { types = try Self.types(named: typeNames) }
        if let referenceDate {
            guard let date = ISO8601.date(from: referenceDate, timeZone: timeZone) else {
                throw DetectorSettingsError(.referenceDate, "\(Self.quoted(referenceDate)) is not an ISO 8601 date "
                                                + "(YYYY-MM-DD, or YYYY-MM-DDTHH:MM[:SS[.fff]] with an optional Z or ±HH:MM)")
            }
            self.referenceDate = date
        }
        if let regionCode {
            guard let region = PhoneRegion(code: regionCode) else {
                throw DetectorSettingsError(.region, "unknown region \(Self.quoted(regionCode)) (an ISO 3166 code such as US, GB or DE)")
            }
            self.region = region
        }
        if let localeName {
            guard let locale = DateLocale(identifier: localeName) else {
                throw DetectorSettingsError(.locale, "unknown locale \(Self.quoted(localeName)) (locales: \(Self.localeNames))")
            }
            self.locale = locale
        }
    }

    /// The names `typeNames` accepts: `link, email, phoneNumber, date, address, hashtag, mention`.
    public static var typeNames: String { DetectionType.allSystemTypes.map(\.name).joined(separator: ", ") }
    /// The locales `locale` accepts: `en, de, fr, es`.
    public static var localeNames: String { DateLocale.allCases.map(\.rawValue).joined(separator: ", ") }

    /// `link,phoneNumber` → `["link", "phoneNumber"]` (spaces around names dropped, empty names kept
    /// so that validation can point at them).
    public static func splitTypeList(_ list: String) -> [String] {
        list.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// A time zone by IANA identifier or alias (`Europe/Paris`, `Etc/UTC`, `US/Pacific`, `EST`,
    /// `UTC`, `Z`); nil for anything the system's time zone database does not name, for paths and
    /// for names over 64 characters.
    public static func timeZone(named name: String) -> TimeZone? {
        guard !name.isEmpty, name.utf8.count <= 64 else { return nil }
        if name.uppercased() == "UTC" || name == "Z" { return DataDetector.utc }
        let safe = name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || "0123456789_+-/".unicodeScalars.contains($0)) }
        guard safe, !name.contains(".."), !name.hasPrefix("/") else { return nil }
        // The canonical list, or the system's tz database for the aliases it leaves out.
        guard TimeZone.knownTimeZoneIdentifiers.contains(name) || name == "GMT"
            || FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/" + name) else { return nil }
        return TimeZone(identifier: name)
    }

    private static func types(named names: [String]) throws(DetectorSettingsError) -> [DetectionType] {
        guard !names.isEmpty else { throw DetectorSettingsError(.types(index: nil), "name at least one type (\(typeNames))") }
        var types: [DetectionType] = []
        for (i, name) in names.enumerated() {
            guard let type = DetectionType(name: name) else {
                throw DetectorSettingsError(.types(index: i), name.isEmpty ? "empty type name (types: \(typeNames))"
                                                : "unknown type \(quoted(name)) (types: \(typeNames))")
            }
            if !types.contains(type) { types.append(type) }
        }
        return types
    }

    /// A value quoted for a message, cut at 80 characters and with controls escaped.
    static func quoted(_ value: String) -> String {
        var s = ""
        for c in value.unicodeScalars.prefix(80) {
            switch c {
            case "\"": s += "\\\""
            case "\\": s += "\\\\"
            default: s += c.properties.generalCategory == .control ? "\\u{\(String(c.value, radix: 16))}" : String(c)
            }
        }
        return "\"\(s)\(value.unicodeScalars.count > 80 ? "…" : "")\""
    }
}
