import Testing
import Foundation
import TappableDetection
import TappableText

/// 2026-11-29T12:00:00Z, a Sunday: the reference instant of the golden tests.
let sunday = Date(timeIntervalSince1970: 1_795_953_600)
let utc = TimeZone(identifier: "UTC")!

func detector(_ types: [DetectionType] = DetectionType.allSystemTypes, reference: Date = sunday,
              timeZone: TimeZone = utc) -> DataDetector {
    try! DataDetector(types: types, referenceDate: reference, timeZone: timeZone)
}

/// The matched texts of one type in `text`.
func found(_ type: DetectionType, in text: String, reference: Date = sunday) -> [String] {
    detector([type], reference: reference).detections(in: text).map(\.text)
}

/// The detections in `text`. (Their JSON form, `tappable detect`'s output, is tested in
/// TappableCLITests/DetectionJSONTests.)
func detections(_ text: String, _ types: [DetectionType] = DetectionType.allSystemTypes, reference: Date = sunday,
                timeZone: TimeZone = utc) -> [Detection] {
    detector(types, reference: reference, timeZone: timeZone).detections(in: text)
}

/// An instant written in ISO 8601 with an offset (`2026-12-04T17:00:00Z`).
func instant(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

/// A UTF-16 range.
func range(_ location: Int, _ length: Int) -> TextRange { TextRange(location: location, length: length) }
