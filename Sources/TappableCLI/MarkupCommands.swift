import Foundation
import TappableDetection
import TappableMarkup
import TappableText

// `tappable detect` and `tappable markup`, and the detector options they share with SPEC files.

extension TappableCommand {
    /// `tappable detect "TEXT" [--types link,phoneNumber,…] [--reference-date ISO] [--time-zone TZ]`:
    /// one JSON line per detection (`jsonLine`, DetectionJSON.swift), nothing when there is none.
    static func detectCommand(_ args: [String]) throws -> Result {
        let options = try CommandOptions(args, valued: ["--types", "--reference-date", "--time-zone"])
        guard options.positionals.count == 1 else {
            throw UsageError(message: options.positionals.isEmpty ? "expected the TEXT to search"
                                 : "expected one TEXT, got \(options.positionals.count) (quote the text)")
        }
        let settings: DetectorSettings
        do {
            settings = try DetectorSettings(types: options.value("--types").map(DetectorSettings.splitTypeList),
                                            referenceDate: options.value("--reference-date"),
                                            timeZone: options.value("--time-zone"))
        } catch let error as DetectorSettings.Problem {
            throw UsageError(message: "\(error.option.flag): \(error.message)")
        }
        let detector = try settings.detector()
        var out = ""
        for detection in detector.detections(in: options.positionals[0]) {
            out += jsonLine(detection, timeZone: settings.timeZone) + "\n"
        }
        return .ok(out)
    }

    /// `tappable markup --markdown|--tagged "TEXT" [--pretty]`: the attributed runs as JSON
    /// (`markupJSON`, MarkupJSON.swift). A tagged-string syntax error exits 2 with
    /// `line L, column C: message`.
    static func markupCommand(_ args: [String]) throws -> Result {
        let options = try CommandOptions(args, flags: ["--markdown", "--tagged", "--pretty"])
        let markdown = options.has("--markdown"), tagged = options.has("--tagged")
        guard markdown != tagged else {
            throw UsageError(message: markdown ? "give --markdown or --tagged, not both" : "expected --markdown or --tagged")
        }
        guard options.positionals.count == 1 else {
            throw UsageError(message: options.positionals.isEmpty ? "expected the TEXT to parse"
                                 : "expected one TEXT, got \(options.positionals.count) (quote the text)")
        }
        let source = options.positionals[0]
        let text: AttributedText
        if markdown {
            text = Markdown.attributedText(source)
        } else {
            do { text = try TaggedString(source).attributedText(with: .standard()) } catch {
                return .badInput(error.description)
            }
        }
        return .ok(markupJSON(text, pretty: options.has("--pretty")) + "\n")
    }
}

/// A command's arguments split into options and positionals. `--name value` and `--name=value`
/// both work for valued options; `--` ends the options (for a TEXT starting with `-`).
struct CommandOptions {
    private(set) var positionals: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    init(_ args: [String], valued: Set<String> = [], flags known: Set<String> = []) throws {
        var i = 0
        var optionsEnded = false
        while i < args.count {
            let arg = args[i]
            i += 1
            if optionsEnded || !arg.hasPrefix("-") || arg == "-" {
                positionals.append(arg)
                continue
            }
            if arg == "--" { optionsEnded = true; continue }
            var name = arg, inline: String?
            if let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            if valued.contains(name) {
                guard values[name] == nil else { throw TappableCommand.UsageError(message: "\(name) given twice") }
                if let inline {
                    values[name] = inline
                } else {
                    guard i < args.count else { throw TappableCommand.UsageError(message: "\(name) needs a value") }
                    values[name] = args[i]
                    i += 1
                }
            } else if known.contains(name), inline == nil {
                flags.insert(name)
            } else {
                let all = (valued.union(known)).sorted().joined(separator: ", ")
                throw TappableCommand.UsageError(message: "unknown option \(arg) (options: \(all.isEmpty ? "none" : all))")
            }
        }
    }

    /// The value of a valued option, if given.
    func value(_ name: String) -> String? { values[name] }
    /// Whether a flag was given.
    func has(_ name: String) -> Bool { flags.contains(name) }
}

/// Which detectors to run and how dates resolve, from the command line or a SPEC's `detectors`.
struct DetectorSettings {
    var types: [DetectionType]
    /// Nil: now, when the detector is made.
    var referenceDate: Date?
    var timeZone: TimeZone

    /// Which setting a problem is about, to name it as a command-line option or a SPEC field.
    enum Option {
        case types(index: Int?), referenceDate, timeZone
        var flag: String {
            switch self {
            case .types: return "--types"
            case .referenceDate: return "--reference-date"
            case .timeZone: return "--time-zone"
            }
        }
        var field: String {
            switch self {
            case let .types(index): return index.map { "types[\($0)]" } ?? "types"
            case .referenceDate: return "referenceDate"
            case .timeZone: return "timeZone"
            }
        }
    }

    /// A bad setting: which one and what is wrong.
    struct Problem: Error {
        var option: Option
        var message: String
    }

    /// The names `types` accepts.
    static var typeNames: String { DetectionType.allSystemTypes.map(\.name).joined(separator: ", ") }

    /// `link,phoneNumber` → ["link", "phoneNumber"] (spaces around names ignored).
    static func splitTypeList(_ list: String) -> [String] {
        list.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Validated settings: type names as `DetectionType.name` spells them (nil: every system
    /// type), an ISO 8601 reference date (an instant without an offset is read in the time zone),
    /// an IANA time zone name (default UTC).
    init(types names: [String]?, referenceDate: String?, timeZone zoneName: String?) throws {
        if let zoneName {
            guard let zone = Self.timeZone(named: zoneName) else {
                throw Problem(option: .timeZone, message: "unknown time zone \"\(zoneName)\" (an IANA name such as UTC or Europe/Paris)")
            }
            timeZone = zone
        } else {
            timeZone = DataDetector.utc
        }
        if let names {
            guard !names.isEmpty else { throw Problem(option: .types(index: nil), message: "name at least one type (\(Self.typeNames))") }
            var types: [DetectionType] = []
            for (i, name) in names.enumerated() {
                guard let type = DetectionType(name: name) else {
                    throw Problem(option: .types(index: i),
                                  message: name.isEmpty ? "empty type name (types: \(Self.typeNames))"
                                      : "unknown type \"\(name)\" (types: \(Self.typeNames))")
                }
                if !types.contains(type) { types.append(type) }
            }
            self.types = types
        } else {
            types = DetectionType.allSystemTypes
        }
        if let referenceDate {
            guard let date = Self.parseISO8601(referenceDate, timeZone: timeZone) else {
                throw Problem(option: .referenceDate, message: "\"\(referenceDate)\" is not an ISO 8601 date "
                                  + "(YYYY-MM-DD, or YYYY-MM-DDTHH:MM[:SS] with an optional Z or ±HH:MM)")
            }
            self.referenceDate = date
        } else {
            self.referenceDate = nil
        }
    }

    /// The detector these settings describe.
    func detector() throws -> DataDetector {
        try DataDetector(types: types, referenceDate: referenceDate ?? Date(), timeZone: timeZone)
    }

    /// A time zone by IANA identifier (`Europe/Paris`, `UTC`); nil for anything Foundation does
    /// not know.
    static func timeZone(named name: String) -> TimeZone? {
        guard !name.isEmpty, name.count <= 64 else { return nil }
        if name.uppercased() == "UTC" || name == "Z" { return DataDetector.utc }
        // IANA names and their aliases (Etc/UTC, US/Pacific, EST): the canonical list, or the
        // system's tz database for aliases it leaves out.
        let safe = name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || "0123456789_+-/".unicodeScalars.contains($0)) }
        guard safe, !name.contains(".."), !name.hasPrefix("/") else { return nil }
        guard TimeZone.knownTimeZoneIdentifiers.contains(name) || name == "GMT"
            || FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/" + name) else { return nil }
        return TimeZone(identifier: name)
    }

    /// `YYYY-MM-DD`, optionally followed by `T` (or a space) and `HH:MM`, `HH:MM:SS` or
    /// `HH:MM:SS.fff`, then optionally `Z` or an offset `±HH:MM` / `±HHMM` / `±HH`. Without an
    /// offset the date is read in `timeZone`; a date alone is its midnight. Nil when malformed
    /// or not a real date (2026-02-30).
    static func parseISO8601(_ s: String, timeZone: TimeZone) -> Date? {
        let u = Array(s.utf8)
        var i = 0
        func digits(_ n: Int) -> Int? {
            guard i + n <= u.count else { return nil }
            var v = 0
            for k in i..<(i + n) {
                guard u[k] >= 48, u[k] <= 57 else { return nil }
                v = v * 10 + Int(u[k] - 48)
            }
            i += n
            return v
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < u.count, u[i] == c else { return false }
            i += 1
            return true
        }
        guard let year = digits(4), expect(45), let month = digits(2), expect(45), let day = digits(2) else { return nil }
        var hour = 0, minute = 0, second = 0
        var nanosecond = 0
        var zone = timeZone
        if i < u.count {
            guard u[i] == 84 || u[i] == 116 || u[i] == 32 else { return nil } // T, t or space
            i += 1
            guard let h = digits(2), expect(58), let m = digits(2) else { return nil }
            hour = h; minute = m
            if expect(58) {
                guard let sec = digits(2) else { return nil }
                second = sec
                if expect(46) { // fraction of a second
                    var scale = 100_000_000, any = false
                    while i < u.count, u[i] >= 48, u[i] <= 57 {
                        nanosecond += Int(u[i] - 48) * scale
                        scale /= 10
                        i += 1
                        any = true
                    }
                    guard any else { return nil }
                }
            }
            if i < u.count {
                if u[i] == 90 || u[i] == 122 { // Z
                    i += 1
                    zone = DataDetector.utc
                } else if u[i] == 43 || u[i] == 45 { // + or -
                    let sign = u[i] == 43 ? 1 : -1
                    i += 1
                    guard let oh = digits(2) else { return nil }
                    var om = 0
                    if i < u.count {
                        _ = expect(58)
                        guard let m = digits(2) else { return nil }
                        om = m
                    }
                    guard oh <= 23, om <= 59, let fixed = TimeZone(secondsFromGMT: sign * (oh * 3600 + om * 60)) else { return nil }
                    zone = fixed
                } else {
                    return nil
                }
            }
            guard i == u.count else { return nil }
        }
        guard (1...12).contains(month), (1...31).contains(day), hour <= 23, minute <= 59, second <= 59 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components) else { return nil }
        // Reject dates the calendar rolled over (2026-02-30 → 2026-03-02).
        let back = calendar.dateComponents([.year, .month, .day], from: date)
        guard back.year == year, back.month == month, back.day == day else { return nil }
        return date.addingTimeInterval(Double(nanosecond) / 1e9)
    }
}
