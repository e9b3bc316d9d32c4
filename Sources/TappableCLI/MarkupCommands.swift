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
    static func detectCommand(_ a: Arguments) throws -> Result {
        let settings: DetectorSettings
        do {
            settings = try DetectorSettings(typeNames: a.text("--types").map(DetectorSettings.splitTypeList),
                                            referenceDate: a.text("--reference-date"), timeZone: a.text("--time-zone"),
                                            region: a.text("--region"), locale: a.text("--locale"))
        } catch {
            throw OptionError("\(error.setting.flag): \(error.message)")
        }
        let detector = try DataDetector(settings: settings)
        var out = ""
        for detection in detector.detections(in: a.positionals[0]) {
            out += jsonLine(detection, timeZone: settings.timeZone) + "\n"
        }
        return .ok(out)
    }

    /// `tappable markup --markdown|--tagged "TEXT" [--pretty]`: the attributed runs as JSON
    /// (`markupJSON`, MarkupJSON.swift). A tagged-string syntax error exits 2 with
    /// `line L, column C: message`. Links are read as in a SPEC: a refused scheme leaves its text
    /// plain with a warning, a link holding a control character is an error.
    static func markupCommand(_ a: Arguments) throws -> Result {
        let markdown = a.flag("--markdown"), tagged = a.flag("--tagged")
        guard markdown != tagged else {
            throw OptionError(markdown ? "give --markdown or --tagged, not both" : "expected --markdown or --tagged")
        }
        let source = a.positionals[0]
        let result: MarkupResult
        if markdown {
            result = Markdown.parse(source)
        } else {
            do { result = try TaggedString(source).parse(with: .standard()) } catch {
                return .badInput(error.description)
            }
        }
        if let control = result.refusedLinks.first(where: { !$0.reason.isScheme }) { return .badInput(control.description) }
        warnings?.add(result.refusedLinks.map(\.description))
        return .ok(markupJSON(result.text, pretty: a.flag("--pretty")) + "\n")
    }
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
