import Foundation
import Testing
@testable import TappableCLI
import TappableJSON
import TappableSnapshot
@testable import TappableSpec
import TappableTestSupport
import TappableText

@Suite("tappable markup")
struct MarkupCommandsTests {
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

    @Test("a refused link scheme stays plain text with a warning; a link holding a control character is an error", arguments: [
        ("--markdown", "read [terms](javascript:alert(1)) now"), ("--tagged", "read <a href='VBScript:x'>terms</a> now"),
    ])
    func refusedLinks(flag: String, source: String) throws {
        let refused = run("markup", flag, source)
        #expect(refused.exitCode == 0)
        #expect(refused.stderr.hasPrefix("tappable: warning: link \"") && refused.stderr.contains("is not tappable: scheme"))
        let runs = try #require(try object(refused.stdout)["runs"] as? [[String: Any]])
        #expect(runs.allSatisfy { $0["link"] == nil })

        let control = run("markup", "--tagged", "<a href='https://x.example/\u{1}'>x</a>")
        #expect(control.exitCode == 2 && control.stdout == "")
        #expect(control.stderr == "tappable: link \"https://x.example/\\u{1}\" is not tappable: it contains the control character U+0001\n")
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

@Suite("tappable detect")
struct DetectCommandTests {
    @Test("the ZSWTappableLabel acceptance string gives exactly a link, a phone number and a date")
    func acceptanceString() throws {
        let result = run("detect", DetectorSentence.text, "--reference-date", "2026-11-29T12:00:00Z")
        #expect(result.exitCode == 0)
        #expect(result.stderr == "")
        #expect(lines(result) == [
            #"{"type":"link","range":[6,10],"text":"google.com","url":"http://google.com"}"#,
            #"{"type":"phoneNumber","range":[25,12],"text":"415-555-5555","url":"tel:+14155555555","phone":"+14155555555"}"#,
            #"{"type":"date","range":[49,13],"text":"friday at 5pm","date":"2026-12-04T17:00:00Z","hasTime":true}"#,
        ])
        let parsed = try lines(result).map(object)
        #expect(parsed.map { $0["type"] as? String } == ["link", "phoneNumber", "date"])
    }

    @Test("--types limits the search; names may be given with = and spaces")
    func types() {
        let result = run("detect", DetectorSentence.text, "--types=phoneNumber, date", "--reference-date", "2026-11-29T12:00:00Z")
        #expect(result.exitCode == 0)
        #expect(lines(result).count == 2)
        #expect(lines(result).allSatisfy { !$0.contains("\"link\"") })
        #expect(run("detect", DetectorSentence.text, "--types", "hashtag").stdout == "")
    }

    @Test("dates resolve in --time-zone and print its offset; a date without offset is read there too")
    func timeZones() {
        let paris = run("detect", "friday at 5pm", "--types", "date", "--reference-date", "2026-11-29T12:00:00",
                        "--time-zone", "Europe/Paris")
        #expect(paris.exitCode == 0)
        #expect(paris.stdout.contains(#""date":"2026-12-04T17:00:00+01:00""#))
        let offset = run("detect", "tomorrow at 9am", "--types", "date", "--reference-date", "2026-11-29T23:30:00-05:00",
                         "--time-zone", "America/New_York")
        #expect(offset.stdout.contains(#""date":"2026-11-30T09:00:00-05:00""#))
    }

    @Test("--region reads national numbers; phone is E.164, an extension is its own key and ;ext= in the URL")
    func region() {
        let gb = run("detect", "ring 020 7946 0958 x12", "--region", "GB", "--types", "phoneNumber")
        #expect(gb.exitCode == 0)
        #expect(lines(gb) == [
            #"{"type":"phoneNumber","range":[5,17],"text":"020 7946 0958 x12","url":"tel:+442079460958;ext=12","phone":"+442079460958","extension":"12"}"#,
        ])
        #expect(run("detect", "ring 020 7946 0958", "--types", "phoneNumber").stdout == "")
        #expect(run("detect", "ring 020 7946 0958", "--region=gb").stdout.contains(#""phone":"+442079460958""#))
    }

    @Test("--locale reads dates in German, French or Spanish; a range prints its endDate")
    func locale() {
        let de = run("detect", "am 3. Dezember um 17 Uhr", "--locale", "de", "--types", "date", "--reference-date", "2026-11-29T12:00:00Z")
        #expect(lines(de) == [#"{"type":"date","range":[3,21],"text":"3. Dezember um 17 Uhr","date":"2026-12-03T17:00:00Z","hasTime":true}"#])
        let es = run("detect", "del 3 al 5 de diciembre", "--locale=es", "--reference-date", "2026-11-29", "--time-zone", "Europe/Madrid")
        #expect(lines(es) == [
            #"{"type":"date","range":[0,23],"text":"del 3 al 5 de diciembre","date":"2026-12-03T12:00:00+01:00","endDate":"2026-12-05T12:00:00+01:00","hasTime":false}"#,
        ])
        #expect(run("detect", "demain matin", "--reference-date", "2026-11-29").stdout == "")
        #expect(run("detect", "demain matin", "--locale", "fr", "--reference-date", "2026-11-29").stdout
            .contains(#""date":"2026-11-30T09:00:00Z","hasTime":false"#))
    }

    @Test("no results: exit 0 and no output")
    func nothingFound() {
        let result = run("detect", "nothing to see here", "--reference-date", "2026-11-29")
        #expect(result.exitCode == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "")
        #expect(run("detect", "").exitCode == 0)
    }

    @Test("bad input exits 2 naming the option and the value", arguments: [
        (["--types", "link,bogus"], "--types: unknown type \"bogus\""),
        (["--types", ""], "--types: empty type name"),
        (["--types", "link,,date"], "--types: empty type name"),
        (["--reference-date", "2026-02-30"], "--reference-date: \"2026-02-30\" is not an ISO 8601 date"),
        (["--reference-date", "tomorrow"], "--reference-date: \"tomorrow\" is not an ISO 8601 date"),
        (["--reference-date", "2026-11-29T25:00:00Z"], "--reference-date: \"2026-11-29T25:00:00Z\""),
        (["--reference-date", "2026-11-29T12:00:00+1"], "--reference-date"),
        (["--time-zone", "Mars/Olympus_Mons"], "--time-zone: unknown time zone \"Mars/Olympus_Mons\""),
        (["--time-zone", ""], "--time-zone: unknown time zone"),
        (["--region", "UK"], "--region: unknown region \"UK\" (an ISO 3166 code"),
        (["--region", ""], "--region: unknown region"),
        (["--locale", "it"], "--locale takes one of en, de, fr, es, got \"it\""),
        (["--locale"], "--locale needs a value"),
        (["--types"], "--types needs a value"),
        (["--colour", "red"], "unknown option --colour"),
        (["--types", "link", "--types", "date"], "--types given twice"),
    ])
    func badInput(options: [String], message: String) {
        let result = TappableCommand.run(["detect", DetectorSentence.text] + options)
        #expect(result.exitCode == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("tappable: "))
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
    }

    @Test("the TEXT is required and single; -- lets it start with a dash")
    func positionals() {
        #expect(run("detect").exitCode == 2)
        #expect(run("detect").stderr.contains("expected TEXT, got 0 arguments"))
        #expect(run("detect", "a", "b").stderr.contains("expected TEXT, got 2 arguments"))
        let dashed = run("detect", "--types", "phoneNumber", "--", "-call 415-555-5555")
        #expect(dashed.exitCode == 0)
        #expect(dashed.stdout.contains(#""phone":"+14155555555""#))
    }

    @Test("time zone aliases from the tz database are accepted; paths are not")
    func timeZoneAliases() {
        for zone in ["Etc/UTC", "US/Pacific", "EST", "Europe/Paris"] {
            #expect(run("detect", "tomorrow at 5pm", "--reference-date", "2026-11-29T12:00:00Z", "--time-zone", zone).exitCode == 0, "\(zone)")
        }
        #expect(run("detect", "x", "--time-zone", "../../etc/passwd").exitCode == 2)
    }
}
