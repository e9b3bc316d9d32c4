import Testing
import Foundation
import TappableDetection
import TappableTestSupport
import TappableText

/// 2026-11-29T12:00:00Z, a Sunday: the reference instant of the golden tests.
let sunday = DetectorSentence.referenceDate
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
/// TappableSpecTests/DetectionJSONTests.)
func detections(_ text: String, _ types: [DetectionType] = DetectionType.allSystemTypes, reference: Date = sunday,
                timeZone: TimeZone = utc) -> [Detection] {
    detector(types, reference: reference, timeZone: timeZone).detections(in: text)
}

/// An instant written in ISO 8601 with an offset (`2026-12-04T17:00:00Z`).
func instant(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

/// A UTF-16 range.
func range(_ location: Int, _ length: Int) -> TextRange { TextRange(location: location, length: length) }

/// One golden case: an input and what a single detector type must find in it.
struct Golden: CustomTestStringConvertible, Sendable {
    let text: String
    let expected: [String]
    init(_ text: String, _ expected: [String]) { self.text = text; self.expected = expected }
    var testDescription: String { text }
}

/// The detections are in text order, without overlaps, inside the text.
func expectOrderedInText(_ ds: [Detection], _ text: String) {
    var end = 0
    for d in ds {
        #expect(d.range.location >= end && d.range.upperBound <= text.utf16.count)
        end = d.range.upperBound
    }
}
