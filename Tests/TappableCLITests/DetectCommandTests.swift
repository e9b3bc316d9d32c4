import Foundation
import TappableCLI
import TappableJSON
import TappableSpec
import Testing

@Suite("tappable detect")
struct DetectCommandTests {
    @Test("the ZSWTappableLabel acceptance string gives exactly a link, a phone number and a date")
    func acceptanceString() throws {
        let result = run("detect", acceptance, "--reference-date", "2026-11-29T12:00:00Z")
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
        let result = run("detect", acceptance, "--types=phoneNumber, date", "--reference-date", "2026-11-29T12:00:00Z")
        #expect(result.exitCode == 0)
        #expect(lines(result).count == 2)
        #expect(lines(result).allSatisfy { !$0.contains("\"link\"") })
        #expect(run("detect", acceptance, "--types", "hashtag").stdout == "")
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
        let result = TappableCommand.run(["detect", acceptance] + options)
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
}
