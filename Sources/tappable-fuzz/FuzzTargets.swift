import Foundation
import TappableDetection
import TappableInteraction
import TappableJSON
import TappableLayout
import TappableMarkup
import TappableSnapshot
import TappableSpec
import TappableText

/// One fuzz target: a parser fed arbitrary bytes. It must return (a value or an error) for every
/// input: a crash, a trap, a hang (libFuzzer's -timeout) or a broken invariant is a finding.
struct FuzzTarget: Sendable {
    var name: String
    var summary: String
    var run: @Sendable (Data) -> Void

    static let all: [FuzzTarget] = [spec, markdown, tagged, detect, png]

    /// SPEC JSON: parse, lay out, build the regions, hit-test a grid, print the JSON shapes.
    static let spec = FuzzTarget(name: "spec", summary: "LabelSpec.parse, layout, regions, hit tests, JSON output") { data in
        guard let spec = try? LabelSpec.parse(data), let label = try? spec.tappableLabel() else { return }
        let size = label.size
        check(size.width.isFinite && size.height.isFinite, "label size is finite")
        for region in label.regions {
            check(region.range.upperBound <= label.text.length, "region inside the text")
            check(!region.rects.isEmpty && region.rects.count == region.tapAreas.count, "a rect per tap area")
        }
        for i in 0..<5 {
            for j in 0..<5 {
                let p = Point(x: size.width * Double(i) / 4, y: size.height * Double(j) / 4)
                if let index = label.layout.hitTest(at: p) { check(index >= 0 && index < label.text.length, "hit inside the text") }
                if let region = label.region(at: p) { check(label.regions.contains(region), "a label's region") }
            }
        }
        _ = JSON.hitMap(label).serialized()
        _ = JSON.layout(label.layout).serialized()
    }

    /// Markdown: the runs cover the text exactly.
    static let markdown = FuzzTarget(name: "markdown", summary: "Markdown.parse (cmark + GFM autolinks, strikethrough)") { data in
        checkRuns(Markdown.parse(String(decoding: data, as: UTF8.self)).text)
    }

    /// Tagged strings: a result or a positioned error.
    static let tagged = FuzzTarget(name: "tagged", summary: "TaggedString.parse with the standard tags") { data in
        if let result = try? TaggedString(String(decoding: data, as: UTF8.self)).parse(with: .standard()) { checkRuns(result.text) }
    }

    /// Data detectors: every type; detections in text order, inside the text, not overlapping.
    static let detect = FuzzTarget(name: "detect", summary: "DataDetector, all types") { data in
        let text = String(decoding: data, as: UTF8.self)
        var end = 0
        for d in detector.detections(in: text) {
            check(d.range.location >= end && d.range.upperBound <= text.utf16.count, "detections ordered and inside the text")
            end = d.range.upperBound
        }
    }

    /// PNG decoding (limited to 4 megapixels): an image of the declared size, or an error.
    static let png = FuzzTarget(name: "png", summary: "PNG.decode") { data in
        guard let image = try? PNG.decode(data, maxPixels: 1 << 22) else { return }
        check(image.bytes.count == image.width * image.height * 4, "RGBA size matches the dimensions")
    }

    static let detector = try! DataDetector(types: DetectionType.allSystemTypes, referenceDate: Date(timeIntervalSince1970: 1_795_000_000))

    static func checkRuns(_ text: AttributedText) {
        var position = 0
        for run in text.runs {
            check(run.range.location == position && run.range.length > 0, "runs cover the text without gaps")
            position = run.range.upperBound
        }
        check(position == text.length, "runs end at the text's end")
    }

    /// A broken invariant: a finding, reported by stopping the process.
    static func check(_ condition: Bool, _ invariant: String) {
        if !condition { fatalError("invariant broken: \(invariant)") }
    }
}
