import Foundation
import TappableCLI
import TappableJSON
import TappableMarkup
import TappableSpec
import TappableText
import Testing

/// Golden files for `tappable markup`'s JSON, in the style of Pango's markup tests (moved here
/// from TappableMarkupTests with the serialiser): `Golden/<kind>-<valid|invalid>-NN-name.<md|tagged>`
/// holds an input, the `.expected` file beside it what it must produce: the run JSON
/// (`markupJSON(pretty: true)`) for valid input, `error: <description>` for invalid input.
/// Markdown uses `MarkdownOptions()`, tagged strings `TaggedStringOptions.standard()`.
/// Set TAPPABLE_RECORD_GOLDEN=1 to (re)write the expected files, then review the diff.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static var inputs: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".md") || $0.hasSuffix(".tagged") }.sorted()
    }

    static func render(_ name: String, _ source: String) -> String {
        if name.hasSuffix(".md") {
            return markupJSON(Markdown.attributedText(source), pretty: true) + "\n"
        }
        do {
            return markupJSON(try TaggedString(source).attributedText(with: .standard()), pretty: true) + "\n"
        } catch {
            return "error: \(error)\n"
        }
    }
}

@Suite("Golden files: valid and invalid markup with expected runs or errors")
struct MarkupGoldenTests {
    @Test("there are golden cases for both formats, valid and invalid")
    func casesExist() {
        let inputs = Golden.inputs
        #expect(inputs.contains { $0.hasPrefix("markdown-valid-") })
        #expect(inputs.contains { $0.hasPrefix("tagged-valid-") })
        #expect(inputs.contains { $0.hasPrefix("tagged-invalid-") })
    }

    @Test("each input produces its expected output", arguments: Golden.inputs)
    func golden(name: String) throws {
        let input = Golden.directory.appendingPathComponent(name)
        let expectedURL = input.deletingPathExtension().appendingPathExtension("expected")
        let source = try String(contentsOf: input, encoding: .utf8)
        let actual = Golden.render(name, source)
        if ProcessInfo.processInfo.environment["TAPPABLE_RECORD_GOLDEN"] == "1" {
            try actual.write(to: expectedURL, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        #expect(actual == expected, "\(name): output differs from \(expectedURL.lastPathComponent)")
        // Valid and invalid cases are what their names say.
        #expect(actual.hasPrefix("error: ") == name.contains("-invalid-"))
    }
}
