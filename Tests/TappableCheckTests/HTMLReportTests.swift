import Foundation
import Testing
import TappableCheck
import TappableTestSupport

@Suite("HTMLReport: one self-contained file to review every failure")
struct HTMLReportTests {
    /// A run with one failing label (a one-word change) and five passing ones.
    func failingRun(_ folder: CheckFolder) throws -> CheckRun {
        try folder.record()
        try folder.edit("login", "I agree", "I swear")
        try folder.edit("privacy-policy", "\"width\": 320", "\"width\": 300")
        return try SnapshotCheck.run(folder.options(record: .never))
    }

    @Test("failures come with expected, actual and diff images inline, figures and paths; passing labels are collapsed")
    func content() throws {
        let folder = try CheckFolder(); defer { folder.cleanup() }
        let html = HTMLReport.html(try failingRun(folder))
        #expect(html.components(separatedBy: "<article class=\"label\" data-status=\"failed\"").count - 1 == 2)
        #expect(html.contains("<details id=\"passed\"><summary>Passed (4)</summary>"))
        #expect(html.contains("data-file=\"login.png\""))
        #expect(html.contains("data:image/png;base64,"))
        #expect(html.contains(folder.file("failures/login.diff.png")))
        #expect(html.contains("pixels differ"))
        #expect(html.contains("<span class=\"del\">"), "the hit map and layout of the narrower label show their line diff")
        #expect(html.contains("id=\"hitmap-0-reference\"") && html.contains("id=\"hitmap-0-actual\""))
    }

    @Test("nothing is fetched: a CSP forbids it and no element points at the network")
    func selfContained() throws {
        let folder = try CheckFolder(); defer { folder.cleanup() }
        let html = HTMLReport.html(try failingRun(folder))
        #expect(html.contains("content=\"default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'\""))
        for needle in ["src=\"http", "href=", "@import", "url("] { #expect(!html.contains(needle), "no \(needle)") }
    }

    @Test("names and hit-map text from SPECs are escaped: no markup and no early end of a script element")
    func hostileText() throws {
        let folder = try CheckFolder(examples: false); defer { folder.cleanup() }
        let name = "<img src=x onerror=alert(1)>"
        let spec = folder.file("specs/\(name).json")
        try Data(#"{"text": "see </script><b>x</b>", "width": 200, "runs": [{"range": [0, 3], "link": "https://e.com/</script>"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: spec))
        try folder.record()
        try Data(#"{"text": "saw </script><b>x</b>", "width": 200, "runs": [{"range": [0, 3], "link": "https://e.com/</script>"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: spec))
        let html = HTMLReport.html(try SnapshotCheck.run(folder.options(record: .never)))
        #expect(!html.contains("<img src=x"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(html.components(separatedBy: "</script>").count - 1 == html.components(separatedBy: "<script").count - 1,
                "every </script> closes a script element of the report's own")
    }

    @Test("in headless Chromium the report lists the failures, draws the tap areas over both images, and renders",
          .enabled(if: HeadlessChromium.executable != nil, HeadlessChromium.skipMessage))
    func chromium() throws {
        let folder = try CheckFolder(); defer { folder.cleanup() }
        let report = folder.file("report.html")
        try Data(HTMLReport.html(try failingRun(folder)).utf8).write(to: URL(fileURLWithPath: report))
        let browser = try HeadlessChromium()
        defer { browser.close() }
        try browser.open(URL(fileURLWithPath: report), fragment: "#mode=slider", width: 1200, height: 1400, recordingNavigations: false)
        let dom = try browser.dom()
        #expect(dom.components(separatedBy: "data-status=\"failed\"").count - 1 == 2, "both failing labels are listed")
        let drawn = dom.components(separatedBy: "data-drawn=\"").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
        #expect(drawn.count == 12, "tap areas over expected and actual of the normal and two highlighted images of both labels")
        #expect(drawn == Array(repeating: 6, count: 12),
                "each label has one link on two lines and one on one line: three tap areas and three glyph rects, drawn by the page's script")
        let shot = ProcessInfo.processInfo.environment["TAPPABLE_REPORT_SCREENSHOT"] ?? folder.file("report.png")
        try browser.screenshot(width: 1200, height: 1400).write(to: URL(fileURLWithPath: shot))
        let png = try #require(FileManager.default.contents(atPath: shot))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(png.count > 20_000, "a page with images, not a blank one")
    }
}
