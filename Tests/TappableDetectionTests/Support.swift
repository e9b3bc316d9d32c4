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

/// The JSON lines for `text`.
func lines(_ text: String, _ types: [DetectionType] = DetectionType.allSystemTypes, reference: Date = sunday,
           timeZone: TimeZone = utc) -> [String] {
    detector(types, reference: reference, timeZone: timeZone).detections(in: text).map { jsonLine($0, timeZone: timeZone) }
}
