import Foundation
import Testing
import TappableDetection
import TappableJSON
import TappableMarkup
@testable import TappableSpec
import TappableTestSupport
import TappableText

/// 2026-11-29T12:00:00Z, a Sunday: the reference instant of the detection golden tests.
private let sunday = Date(timeIntervalSince1970: 1_795_953_600)
private let utc = TimeZone(identifier: "UTC")!

/// The JSON lines `tappable detect` prints for `text` (moved here from TappableDetectionTests
/// with the serialiser; those tests now assert on `Detection` values).
private func lines(_ text: String, _ types: [DetectionType] = DetectionType.allSystemTypes,
                   timeZone: TimeZone = utc) -> [String] {
    let detector = try! DataDetector(types: types, referenceDate: sunday, timeZone: timeZone)
    return detector.detections(in: text).map { jsonLine($0, timeZone: timeZone) }
}

@Suite("jsonLine: tappable detect's output")
struct DetectionJSONTests {
    @Test("the acceptance string: a link, a phone number and a date, keys in a fixed order")
    func acceptanceString() {
        #expect(lines(DetectorSentence.text) == [
            #"{"type":"link","range":[6,10],"text":"google.com","url":"http://google.com"}"#,
            #"{"type":"phoneNumber","range":[25,12],"text":"415-555-5555","url":"tel:+14155555555","phone":"+14155555555"}"#,
            #"{"type":"date","range":[49,13],"text":"friday at 5pm","date":"2026-12-04T17:00:00Z","hasTime":true}"#,
        ])
    }

    @Test("dates print in the caller's time zone with its offset")
    func timeZones() {
        let paris = TimeZone(identifier: "Europe/Paris")!
        #expect(lines("friday at 5pm", [.date], timeZone: paris) ==
            [#"{"type":"date","range":[0,13],"text":"friday at 5pm","date":"2026-12-04T17:00:00+01:00","hasTime":true}"#])
    }

    @Test("address components")
    func components() {
        #expect(lines("1 Infinite Loop, Cupertino, CA 95014", [.address]) == [
            #"{"type":"address","range":[0,36],"text":"1 Infinite Loop, Cupertino, CA 95014","components":{"street":"1 Infinite Loop","city":"Cupertino","state":"CA","zip":"95014"}}"#,
        ])
    }

    @Test("JSON escapes quotes, backslashes and control characters")
    func escaping() {
        #expect(lines("\"#tag\"\u{1}", [.hashtag]) == [##"{"type":"hashtag","range":[1,4],"text":"#tag","url":"hashtag:tag"}"##])
        let d = Detection(type: .hashtag, range: TextRange(location: 0, length: 1), text: "a\"b\\c\n\u{7}")
        #expect(jsonLine(d, timeZone: utc) == #"{"type":"hashtag","range":[0,1],"text":"a\"b\\c\n\u0007"}"#)
        #expect(d.jsonLine(timeZone: utc) == jsonLine(d, timeZone: utc))
    }
}
