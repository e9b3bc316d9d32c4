import Foundation
import TappableDetection
import TappableJSON
import TappableMarkup
import TappableSpec
import TappableText

// `tappable detect` and `tappable markup`, and the detector options they share with SPEC files.

extension TappableCommand {
    /// `tappable detect "TEXT" [--types link,phoneNumber,…] [--reference-date ISO] [--time-zone TZ]
    /// [--region CC] [--locale en|de|fr|es]`: the options map onto `DetectorSettings`;
    /// one JSON line per detection (`jsonLine`, DetectionJSON.swift), nothing when there is none.
    static func detectCommand(_ args: [String]) throws -> Result {
        let options = try CommandOptions(args, valued: ["--types", "--reference-date", "--time-zone", "--region", "--locale"])
        guard options.positionals.count == 1 else {
            throw UsageError(message: options.positionals.isEmpty ? "expected the TEXT to search"
                                 : "expected one TEXT, got \(options.positionals.count) (quote the text)")
        }
        let settings: DetectorSettings
        do {
            settings = try DetectorSettings(typeNames: options.value("--types").map(DetectorSettings.splitTypeList),
                                            referenceDate: options.value("--reference-date"),
                                            timeZone: options.value("--time-zone"),
                                            region: options.value("--region"), locale: options.value("--locale"))
        } catch {
            throw UsageError(message: "\(error.setting.flag): \(error.message)")
        }
        let detector = try DataDetector(settings: settings)
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

extension DetectorSetting {
    /// The `tappable detect` option that sets it.
    var flag: String {
        switch self {
        case .types: return "--types"
        case .referenceDate: return "--reference-date"
        case .timeZone: return "--time-zone"
        case .region: return "--region"
        case .locale: return "--locale"
        }
    }

}
