import Foundation
import TappableText

/// Errors raised when building a detector.
public enum DataDetectorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A custom type's pattern is not a valid regular expression.
    case invalidPattern(name: String, pattern: String)
    /// A readable message.
    public var description: String {
        switch self {
        case let .invalidPattern(name, pattern): return "custom type '\(name)': invalid regular expression \(pattern)"
        }
    }
}

/// Compiled custom patterns. NSRegularExpression is immutable and documented thread-safe.
final class CompiledPatterns: @unchecked Sendable {
    let regexes: [CustomPattern: NSRegularExpression]
    init(_ regexes: [CustomPattern: NSRegularExpression]) { self.regexes = regexes }
}

/// Finds links, e-mail addresses, phone numbers, dates, US addresses, hashtags, mentions and
/// custom patterns in plain text: `NSDataDetector` for Linux, plus twitter-text's social types.
///
/// ```swift
/// let detector = try DataDetector(types: [.link, .phoneNumber, .date], referenceDate: someDate)
/// for d in detector.detections(in: "check google.com or call 415-555-5555?") { print(d.type, d.range, d.link) }
/// ```
///
/// Results never overlap: when two candidates do, the longer one wins, then the one whose type
/// comes first in `types`, then the earlier one. Built-in detectors run in time linear in the text
/// length (hand-written scanners over UTF-16); custom patterns cost what their regex costs.
/// Hashtags and mentions inside URLs or e-mail addresses are never reported, whether or not
/// links are asked for.
public struct DataDetector: Sendable {
    /// The types to look for, in priority order for equally long overlapping matches.
    public let types: [DetectionType]
    /// The instant relative dates ("friday", "tomorrow") are resolved from.
    public let referenceDate: Date
    /// The time zone dates are read and resolved in.
    public let timeZone: TimeZone
    /// The region national phone numbers are read in.
    public let region: PhoneRegion
    /// The language dates are read in.
    public let locale: DateLocale
    private let compiled: CompiledPatterns

    /// UTC, the default time zone.
    public static let utc = TimeZone(identifier: "UTC")!

    /// A detector for `types`, resolving dates against `referenceDate` in `timeZone`, reading
    /// national phone numbers in `region` and dates in `locale`.
    /// Throws `DataDetectorError.invalidPattern` when a custom pattern does not compile.
    public init(types: [DetectionType] = DetectionType.allSystemTypes, referenceDate: Date = Date(),
                timeZone: TimeZone = DataDetector.utc, region: PhoneRegion = .unitedStates,
                locale: DateLocale = .english) throws {
        self.types = types
        self.referenceDate = referenceDate
        self.timeZone = timeZone
        self.region = region
        self.locale = locale
        var regexes: [CustomPattern: NSRegularExpression] = [:]
        for case let .custom(p) in types {
            do {
                regexes[p] = try NSRegularExpression(pattern: p.pattern, options: p.caseInsensitive ? [.caseInsensitive] : [])
            } catch {
                throw DataDetectorError.invalidPattern(name: p.name, pattern: p.pattern)
            }
        }
        compiled = CompiledPatterns(regexes)
    }

    /// The detector `settings` describe (a nil reference date is now).
    /// Throws `DataDetectorError.invalidPattern` when a custom pattern does not compile.
    public init(settings: DetectorSettings) throws {
        try self.init(types: settings.types, referenceDate: settings.referenceDate ?? Date(), timeZone: settings.timeZone,
                      region: settings.region, locale: settings.locale)
    }

    /// Every detection in `text`, in text order, without overlaps.
    public func detections(in text: String) -> [Detection] {
        let units = UTF16Text(Array(text.utf16))
        var candidates: [(Detection, Int)] = []
        let wants = Set(types.map(\.name))
        func wanted(_ t: DetectionType) -> Int? { types.firstIndex(of: t) }

        // Links and e-mails also fence off hashtags and mentions.
        var links: [RawMatch] = []
        var emails: [RawMatch] = []
        if wants.contains("link") || wants.contains("hashtag") || wants.contains("mention") {
            links = LinkScanner(t: units).scan()
        }
        if wants.contains("email") || wants.contains("hashtag") || wants.contains("mention") || wants.contains("link") {
            emails = EmailScanner(t: units).scan()
        }
        func make(_ type: DetectionType, _ m: RawMatch) -> Detection {
            Detection(type: type, range: TextRange(m.lo..<m.hi), text: units.string(m.lo, m.hi), urlString: m.url)
        }
        if let p = wanted(.link) {
            // A link inside an e-mail address (`john.doe.com@x.org`) is the e-mail's; an e-mail inside
            // a link (`http://user:pass@example.com`) meets the link in the overlap resolution.
            var fenced = [Bool]()
            if !emails.isEmpty { fenced = occupancy(emails, count: units.count) }
            for m in links where fenced.isEmpty || !(m.lo..<m.hi).allSatisfy({ fenced[$0] }) {
                candidates.append((make(.link, m), p))
            }
        }
        if let p = wanted(.email) { for m in emails { candidates.append((make(.email, m), p)) } }
        if let p = wanted(.phoneNumber) {
            for m in PhoneScanner(t: units, region: region).scan() {
                candidates.append((Detection(type: .phoneNumber, range: TextRange(m.lo..<m.hi), text: units.string(m.lo, m.hi),
                                             urlString: m.url, phoneNumber: m.e164, phoneExtension: m.phoneExtension), p))
            }
        }
        let needTokens = wanted(.date) != nil || wanted(.address) != nil
        let tokens = needTokens ? tokenize(units) : []
        if let p = wanted(.date) {
            let scanner = DateScanner(text: units, tokens: tokens, reference: referenceDate, timeZone: timeZone, locale: locale)
            for m in scanner.scan() {
                candidates.append((Detection(type: .date, range: TextRange(m.lo..<m.hi), text: units.string(m.lo, m.hi),
                                             date: m.date, endDate: m.end, hasTime: m.hasTime, timeZone: m.timeZone), p))
            }
        }
        if let p = wanted(.address) {
            for m in AddressScanner(t: units, tokens: tokens).scan() {
                candidates.append((Detection(type: .address, range: TextRange(m.lo..<m.hi), text: units.string(m.lo, m.hi),
                                             addressComponents: m.components), p))
            }
        }
        if wanted(.hashtag) != nil || wanted(.mention) != nil {
            let fence = occupancy(links + emails, count: units.count)
            func outside(_ m: RawMatch) -> Bool { !(m.lo..<m.hi).contains(where: { fence[$0] }) }
            if let p = wanted(.hashtag) {
                for m in HashtagScanner(t: units).scan() where outside(m) { candidates.append((make(.hashtag, m), p)) }
            }
            if let p = wanted(.mention) {
                for m in MentionScanner(t: units).scan() where outside(m) { candidates.append((make(.mention, m), p)) }
            }
        }
        for (index, type) in types.enumerated() {
            guard case let .custom(pattern) = type, let regex = compiled.regexes[pattern] else { continue }
            let ns = NSRange(location: 0, length: units.count)
            for r in regex.matches(in: text, options: [], range: ns) where r.range.length > 0 {
                let matched = units.string(r.range.location, r.range.location + r.range.length)
                let encoded = matched.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? matched
                candidates.append((Detection(type: type, range: TextRange(location: r.range.location, length: r.range.length),
                                             text: matched, urlString: "\(pattern.name):\(encoded)"), index))
            }
        }
        return Self.resolveOverlaps(candidates, count: units.count)
    }

    /// Longest first, then by priority, then earlier; each accepted match claims its units.
    /// Linear in the total length of the candidates (each type's candidates do not overlap).
    static func resolveOverlaps(_ candidates: [(Detection, Int)], count: Int) -> [Detection] {
        let order = candidates.indices.sorted { a, b in
            let (x, px) = candidates[a], (y, py) = candidates[b]
            if x.range.length != y.range.length { return x.range.length > y.range.length }
            if px != py { return px < py }
            return x.range.location < y.range.location
        }
        var taken = [Bool](repeating: false, count: count)
        var accepted: [Detection] = []
        for i in order {
            let r = candidates[i].0.range
            guard r.location >= 0, r.upperBound <= count, !r.range.contains(where: { taken[$0] }) else { continue }
            for u in r.range { taken[u] = true }
            accepted.append(candidates[i].0)
        }
        return accepted.sorted { $0.range.location < $1.range.location }
    }

    private func occupancy(_ matches: [RawMatch], count: Int) -> [Bool] {
        var f = [Bool](repeating: false, count: count)
        for m in matches { for u in m.lo..<m.hi { f[u] = true } }
        return f
    }
}
