import Foundation
import Testing
import TappableCLI
import TappableLayout
import TappableSpec

/// Every documented limit (README, "Limits and security") at its value and one past it: exit 2
/// with a message naming the field or option and the limit. Cheap constructions only.
@Suite("Limits: text length, runs, font size, frames and image size, each at the limit and past it")
struct LimitTests {
    @Test("a SPEC text of 1,048,576 UTF-16 units is read; one more is an error naming \"text\" and the limit, before layout")
    func textLength() throws {
        let limit = TextLayout.maximumTextLength
        let atLimit = try LabelSpec.parse(Data(#"{"text": "\#(String(repeating: "a", count: limit))"}"#.utf8))
        #expect(atLimit.text.length == limit)
        // A character outside the BMP counts two units.
        let json = #"{"text": "\#(String(repeating: "a", count: limit - 1))😀"}"#
        let error = #expect(throws: SpecError.self) { try LabelSpec.parse(Data(json.utf8)) }
        #expect(error?.field == "text")
        #expect(error?.message == "is 1048577 UTF-16 code units long, more than the 1048576 a label takes")
    }

    @Test("runs may have 100,000 entries; one more is an error naming \"runs\" and the limit before any entry is read")
    func runCount() throws {
        let limit = LabelSpec.maximumRunCount
        #expect(limit == 100_000)
        func spec(_ count: Int) -> Data {
            // null entries: cheap to parse, and an error at the first entry once the count is accepted.
            Data(#"{"text": "a", "runs": [\#(Array(repeating: "null", count: count).joined(separator: ","))]}"#.utf8)
        }
        let atLimit = #expect(throws: SpecError.self) { try LabelSpec.parse(spec(limit)) }
        #expect(atLimit?.field == "runs[0]", "at the limit the entries are read")
        let past = #expect(throws: SpecError.self) { try LabelSpec.parse(spec(limit + 1)) }
        #expect(past?.field == "runs")
        #expect(past?.message == "has 100001 entries, more than the 100000 a SPEC may give")
    }

    @Test("font sizes up to 4,000 pt are read and painted at scale 16; larger is an error naming the field", arguments: ["font", "runs[0].font"])
    func fontSize(field: String) throws {
        #expect(LabelSpec.maximumFontSize == 4_000)
        func spec(_ size: String) -> String {
            field == "font" ? #"{"text": "T", "width": 2, "height": 2, "scale": 16, "font": {"size": \#(size)}}"#
                : #"{"text": "T", "width": 2, "height": 2, "scale": 16, "runs": [{"range": [0, 1], "font": {"size": \#(size)}}]}"#
        }
        let folder = try SpecFolder()
        // A 2 x 2 pt label: FreeType still sets the face at 64,000 pixels per em.
        let atLimit = try folder.write(spec("4000"), as: "at.json")
        let painted = run("render", atLimit, "-o", folder.url.appendingPathComponent("at.png").path)
        #expect(painted.exitCode == 0, "\(painted.stderr)")
        let past = run("layout", try folder.write(spec("4000.5"), as: "past.json"))
        #expect(past.exitCode == 2)
        #expect(past.stderr.contains("field \"\(field).size\"") && past.stderr.contains("must be at most 4000, got 4000.5"), "\(past.stderr)")
    }

    @Test("simulate --frames writes at most 1,000 frames: 1,001 highlight changes are an error before any frame, 1,000 are accepted")
    func frames() throws {
        #expect(TappableCommand.maximumFrameCount == 1_000)
        let folder = try SpecFolder()
        let spec = try folder.write(#"{"text": "a", "width": 1, "height": 1, "runs": [{"range": [0, 1], "link": "x"}]}"#)
        let frames = folder.url.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: false)
        // Each tap: highlight on the way down, un-highlight on the way up. The step limit of the
        // touch script is not what is tested here: 1,001 changes need 1,001 steps.
        func script(changes: Int) -> String {
            (0..<changes).map { $0 % 2 == 0 ? "down 0.5,0.5 @\($0)" : "up 0.5,0.5 @\($0)" }.joined(separator: "; ")
        }
        let past = run("simulate", spec, "--touches", script(changes: 1_001), "--frames", frames.path)
        #expect(past.exitCode == 2 && past.stdout.isEmpty)
        #expect(past.stderr.contains("--frames writes at most 1000 frames; these touches change the highlight 1001 times"), "\(past.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: frames.path).isEmpty, "no frame painted")
        // At the limit the frames are written; a folder in the way of the first stops it cheaply.
        try FileManager.default.createDirectory(at: frames.appendingPathComponent("frame-001.png"), withIntermediateDirectories: false)
        let atLimit = run("simulate", spec, "--touches", script(changes: 1_000), "--frames", frames.path)
        #expect(atLimit.exitCode == 2)
        #expect(atLimit.stderr.contains("frame-001.png: is a folder"), "the limit let it through to the first frame: \(atLimit.stderr)")
    }

    @Test("render past 64 megapixels is an error naming the size and the limit; nothing is left behind (the limit itself: LabelRendererTests)")
    func imageSize() throws {
        let folder = try SpecFolder()
        let spec = try folder.write(#"{"text": "x", "width": 8192, "height": 8192}"#)
        let past = run("render", spec, "-o", folder.url.appendingPathComponent("past.png").path, "--scale", "1.001")
        #expect(past.exitCode == 2)
        #expect(past.stderr.contains("an image of 8201 x 8201 pixels is too large to paint (at most 32767 a side and 67108864 pixels in all)"), "\(past.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["label.json"], "no output, no temporary file")
    }
}
