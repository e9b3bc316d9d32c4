import Foundation
import TappableCLI
import TappableJSON
import TappableSpec
import Testing

@Suite("tappable markup")
struct MarkupCommandTests {
    @Test("a Markdown link with parentheses, ampersands, escapes and a fragment keeps its exact destination")
    func markdownLink() throws {
        let result = run("markup", "--markdown", "[Terms & Conditions (2026)](https://example.com/a-b?x=1&y=%20#top)")
        #expect(result.exitCode == 0)
        #expect(result.stderr == "")
        let json = try object(result.stdout)
        #expect(json["text"] as? String == "Terms & Conditions (2026)")
        let runs = try #require(json["runs"] as? [[String: Any]])
        let linked = runs.filter { $0["link"] != nil }
        #expect(linked.count == 1)
        #expect(linked.first?["link"] as? String == "https://example.com/a-b?x=1&y=%20#top")
        #expect(linked.first?["range"] as? [Int] == [0, 25])
    }

    @Test("tagged strings use the standard tags; ranges count UTF-16 units")
    func tagged() throws {
        let result = run("markup", "--tagged", "😀 <b>bold</b> <a href='https://example.com/tos'>Terms</a>")
        #expect(result.exitCode == 0)
        let json = try object(result.stdout)
        #expect(json["text"] as? String == "😀 bold Terms")
        let runs = try #require(json["runs"] as? [[String: Any]])
        let bold = try #require(runs.first { ($0["font"] as? [String: Any])?["weight"] as? Int == 700 })
        #expect(bold["range"] as? [Int] == [3, 4])
        let link = try #require(runs.first { $0["link"] != nil })
        #expect(link["range"] as? [Int] == [8, 5])
        #expect(link["link"] as? String == "https://example.com/tos")
    }

    @Test("--pretty puts each run on its own line; the JSON is the same")
    func pretty() throws {
        let compact = run("markup", "--markdown", "a *b* c")
        let pretty = run("markup", "--markdown", "a *b* c", "--pretty")
        #expect(pretty.exitCode == 0)
        #expect(pretty.stdout.split(separator: "\n").count == 6)
        let a = try JSONSerialization.jsonObject(with: Data(compact.stdout.utf8)) as? NSDictionary
        let b = try JSONSerialization.jsonObject(with: Data(pretty.stdout.utf8)) as? NSDictionary
        #expect(a == b)
    }

    @Test("a tagged-string syntax error exits 2 with line, column and message", arguments: [
        ("a <b>bold <i>x</b>", "line 1, column 15: closing tag </b> does not match <i>"),
        ("line one\n<b>never closed", "line 2, column 1: <b> is never closed"),
        ("<blink>x</blink>", "line 1, column 1: unknown tag <blink>"),
    ])
    func taggedErrors(source: String, message: String) {
        let result = run("markup", "--tagged", source)
        #expect(result.exitCode == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "tappable: \(message)\n")
    }

    @Test("Markdown never fails: malformed input is literal text")
    func markdownNeverFails() throws {
        let result = run("markup", "--markdown", "[unclosed](http://x <b> **")
        #expect(result.exitCode == 0)
        #expect(try object(result.stdout)["text"] as? String != nil)
    }

    @Test("exactly one of --markdown and --tagged, and one TEXT", arguments: [
        (["TEXT"], "expected --markdown or --tagged"),
        (["--markdown", "--tagged", "TEXT"], "give --markdown or --tagged, not both"),
        (["--markdown"], "expected TEXT, got 0 arguments"),
        (["--tagged", "a", "b"], "expected TEXT, got 2 arguments"),
        (["--html", "x"], "unknown option --html"),
        (["--markdown=yes", "x"], "--markdown takes no value"),
    ])
    func usage(arguments: [String], message: String) {
        let result = TappableCommand.run(["markup"] + arguments)
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("usage: tappable markup"))
    }
}
