import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TappableCheck

/// Collects the elements and attributes of an XML document.
final class XMLCollector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var text = ""
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements.append((name, attributes))
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    static func parse(_ xml: String) throws -> XMLCollector {
        let collector = XMLCollector()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = collector
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
        return collector
    }
}

@Suite("JUnitReport: one test case per label, well-formed whatever the names")
struct JUnitReportTests {
    @Test("passing, failing and broken labels become test cases with failure and error elements")
    func cases() throws {
        let folder = try CheckFolder(); defer { folder.cleanup() }
        try folder.record()
        try folder.edit("login", "I agree", "I swear")
        try Data(#"{"text": 1}"#.utf8).write(to: URL(fileURLWithPath: folder.file("specs/broken.json")))
        let xml = JUnitReport.xml(try SnapshotCheck.run(folder.options(record: .never)))
        let parsed = try XMLCollector.parse(xml)
        let cases = parsed.elements.filter { $0.name == "testcase" }
        #expect(cases.map { $0.attributes["name"] } == ["arabic-link", "broken", "login", "markdown-terms", "privacy-policy", "tagged-detected", "truncated"])
        let suites = parsed.elements.filter { $0.name == "testsuites" }
        #expect(suites.first?.attributes["tests"] == "7" && suites.first?.attributes["failures"] == "1" && suites.first?.attributes["errors"] == "1")
        let failure = try #require(parsed.elements.first { $0.name == "failure" })
        #expect(failure.attributes["message"] == "6 of 6 snapshots failed: login.png, login.highlighted.png, login.highlighted-2.png, login.overlay.png, "
                + "login.hitmap.json, login.layout.json")
        #expect(parsed.text.contains(folder.file("failures/login.diff.png")))
        #expect(parsed.elements.contains { $0.name == "error" && $0.attributes["message"]?.contains("text") == true })
    }

    @Test("hostile file names and messages are escaped; characters XML cannot hold become U+FFFD")
    func hostileNames() throws {
        let folder = try CheckFolder(examples: false); defer { folder.cleanup() }
        let name = "a&<b>\"c'\u{1}]]>"
        try Data(#"{"text": "Hi", "width": 40}"#.utf8).write(to: URL(fileURLWithPath: folder.file("specs/\(name).json")))
        let parsed = try XMLCollector.parse(JUnitReport.xml(try SnapshotCheck.run(folder.options())))
        #expect(parsed.elements.first { $0.name == "testcase" }?.attributes["name"] == "a&<b>\"c'\u{FFFD}]]>")
    }
}
