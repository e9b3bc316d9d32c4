import Foundation
import TappableText

/// A custom, ActiveLabel-style detector type: a name and an ICU regular expression.
///
/// Every match of `pattern` becomes a detection of this type. The pattern runs on
/// `NSRegularExpression`, so its cost is the pattern's own: keep it free of nested quantifiers
/// when the text may be hostile.
public struct CustomPattern: Sendable, Hashable {
    /// The type's name, reported as the detection type (e.g. `"ticket"`).
    public var name: String
    /// The regular expression (ICU syntax, as `NSRegularExpression`).
    public var pattern: String
    /// Whether the pattern matches regardless of case.
    public var caseInsensitive: Bool
    /// A custom type named `name` matching `pattern`.
    public init(name: String, pattern: String, caseInsensitive: Bool = false) {
        self.name = name; self.pattern = pattern; self.caseInsensitive = caseInsensitive
    }
}

/// What a detector looks for, `NSTextCheckingResult.CheckingType`'s counterpart plus the
/// social types (hashtag, mention) and custom regular expressions.
public enum DetectionType: Sendable, Hashable, CustomStringConvertible {
    /// A URL, with or without a scheme (`http://` is assumed for bare domains).
    case link
    /// An e-mail address (its URL is `mailto:`).
    case email
    /// A telephone number (its URL is `tel:`).
    case phoneNumber
    /// A date and/or time, resolved against a reference date and time zone.
    case date
    /// A US street address with city and state.
    case address
    /// A `#hashtag` (twitter-text rules).
    case hashtag
    /// An `@mention` (twitter-text rules).
    case mention
    /// A caller-defined regular expression.
    case custom(CustomPattern)

    /// Every built-in type, in the order NSDataDetector's users usually want them.
    public static let allSystemTypes: [DetectionType] = [.link, .email, .phoneNumber, .date, .address, .hashtag, .mention]

    /// The type's name as it appears in JSON and in `custom["detectionType"]`:
    /// `link`, `email`, `phoneNumber`, `date`, `address`, `hashtag`, `mention`, or the custom name.
    public var name: String {
        switch self {
        case .link: return "link"
        case .email: return "email"
        case .phoneNumber: return "phoneNumber"
        case .date: return "date"
        case .address: return "address"
        case .hashtag: return "hashtag"
        case .mention: return "mention"
        case let .custom(p): return p.name
        }
    }

    /// The type for a built-in name (as `name` spells it), nil for anything else.
    public init?(name: String) {
        guard let t = DetectionType.allSystemTypes.first(where: { $0.name == name }) else { return nil }
        self = t
    }

    /// Same as `name`.
    public var description: String { name }
}

/// The parts of a detected street address (`NSTextCheckingResult.addressComponents`).
public struct AddressComponents: Sendable, Hashable, Codable {
    /// Street line, with the house number and any unit: `1 Infinite Loop`.
    public var street: String
    /// City: `Cupertino`.
    public var city: String
    /// State as written: `CA` or `California`.
    public var state: String
    /// ZIP code (`95014` or `95014-2083`), nil when not given.
    public var zip: String?
    /// Components of an address.
    public init(street: String, city: String, state: String, zip: String? = nil) {
        self.street = street; self.city = city; self.state = state; self.zip = zip
    }
}

/// One detected item: its type, where it is, the text as it stands, and its payload.
///
/// Only the payload fields of the detection's type are set: `url` for links, e-mails, phone
/// numbers, hashtags, mentions and custom types; `phoneNumber` for phone numbers; `date` and
/// `hasTime` for dates; `addressComponents` for addresses.
public struct Detection: Sendable, Hashable {
    /// What was found.
    public var type: DetectionType
    /// The UTF-16 range of the match (NSRange semantics).
    public var range: TextRange
    /// The matched text as it stands (with its `#`, `@`, brackets, separators).
    public var text: String
    /// The tap payload as a string: `http://google.com` (scheme added to bare domains),
    /// `mailto:a@b.com`, `tel:+14155555555` (`;ext=123` with an extension), `hashtag:swift`, `mention:jack`, `ticket:ABC-1` for a
    /// custom type named `ticket`. Nil for dates and addresses.
    public var urlString: String?
    /// Phone numbers: the number in E.164, `+` and the country code first (`+14155555555`).
    public var phoneNumber: String?
    /// Phone numbers: the extension's digits (`123` for `x123`), nil when none was written.
    public var phoneExtension: String?
    /// Dates: the resolved instant; for a range (`Dec 3–5`, `from 5pm to 7pm`, `next week`) its start.
    public var date: Date?
    /// Dates: the end of a range, resolved like `date`; nil for a single date.
    public var endDate: Date?
    /// Dates: whether the text gave a time of day (date-only matches resolve to 12:00 local time).
    public var hasTime: Bool?
    /// Dates: the time zone the date was resolved in (an explicit ISO 8601 offset, else the caller's).
    public var timeZone: TimeZone?
    /// Addresses: street, city, state, ZIP.
    public var addressComponents: AddressComponents?

    /// A detection with the given fields.
    public init(type: DetectionType, range: TextRange, text: String, urlString: String? = nil,
                phoneNumber: String? = nil, phoneExtension: String? = nil, date: Date? = nil, endDate: Date? = nil, hasTime: Bool? = nil, timeZone: TimeZone? = nil,
                addressComponents: AddressComponents? = nil) {
        self.type = type; self.range = range; self.text = text; self.urlString = urlString
        self.phoneNumber = phoneNumber; self.phoneExtension = phoneExtension; self.date = date; self.endDate = endDate; self.hasTime = hasTime; self.timeZone = timeZone
        self.addressComponents = addressComponents
    }

    /// The payload as a Foundation URL (non-ASCII characters percent-encoded), nil when there is none.
    public var url: URL? {
        guard let s = urlString else { return nil }
        if let u = URL(string: s) { return u }
        var allowed = CharacterSet.urlQueryAllowed
        allowed.insert(charactersIn: "#%[]")
        return s.addingPercentEncoding(withAllowedCharacters: allowed).flatMap(URL.init(string:))
    }

    /// The string a tap delivers, stored as `TextAttributes.link` by `DataDetector.attributedText`:
    /// `urlString` when set; for dates the ISO 8601 date-time with offset
    /// (`2026-12-04T17:00:00Z`), for ranges an ISO 8601 interval `start/end`
    /// (`2026-12-03T12:00:00Z/2026-12-05T12:00:00Z`); for addresses `address:` plus the
    /// percent-encoded text.
    public var link: String {
        if let urlString { return urlString }
        if let date {
            let zone = timeZone ?? DataDetector.utc
            return ([date] + (endDate.map { [$0] } ?? [])).map { ISO8601.string(from: $0, timeZone: zone) }.joined(separator: "/")
        }
        let encoded = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
        return "\(type.name):\(encoded)"
    }

    /// Dates: the resolved instant as ISO 8601 with the offset `timeZone` has at that instant
    /// (`2026-12-04T17:00:00Z` in UTC, `2026-12-04T18:00:00+01:00` in Paris); nil for other types.
    public func dateString(in timeZone: TimeZone) -> String? {
        date.map { ISO8601.string(from: $0, timeZone: timeZone) }
    }

    /// Date ranges: the end as `dateString(in:)` writes the start; nil for single dates and other types.
    public func endDateString(in timeZone: TimeZone) -> String? {
        endDate.map { ISO8601.string(from: $0, timeZone: timeZone) }
    }
}
