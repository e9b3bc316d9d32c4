import Testing
import TappableDetection

/// A phone golden case in a region: the text, then each match's text and E.164 number.
struct PhoneGolden: CustomTestStringConvertible, Sendable {
    let region: String
    let text: String
    let expected: [String]
    let e164: [String]
    init(_ region: String, _ text: String, _ expected: [String], _ e164: [String]) {
        self.region = region; self.text = text; self.expected = expected; self.e164 = e164
    }
    var testDescription: String { "\(region): \(text.count > 60 ? "\(text.prefix(60))… (\(text.count) characters)" : text)" }
}

func phones(_ text: String, region: String) -> [Detection] {
    try! DataDetector(types: [.phoneNumber], referenceDate: sunday, region: PhoneRegion(code: region)!).detections(in: text)
}

@Suite("Phone numbers")
struct PhoneScannerTests {
    static let valid: [Golden] = [
        Golden("call 415-555-5555?", ["415-555-5555"]),
        Golden("(415) 555-5555 or (415)555-5555", ["(415) 555-5555", "(415)555-5555"]),
        Golden("415.555.5555 and 415 555 5555 and 415 555-5555", ["415.555.5555", "415 555 5555", "415 555-5555"]),
        Golden("+1 415 555 5555", ["+1 415 555 5555"]),
        Golden("+1 (415) 555-5555.", ["+1 (415) 555-5555"]),
        Golden("1-800-555-1234", ["1-800-555-1234"]),
        Golden("call me at 4155555555", ["4155555555"]),
        Golden("Phone: 4155555555", ["4155555555"]),
        Golden("London +44 20 7946 0958, Paris +33 1 23 45 67 89", ["+44 20 7946 0958", "+33 1 23 45 67 89"]),
        Golden("Berlin +49 (0)30 1234567", ["+49 (0)30 1234567"]),
        Golden("+14155555555", ["+14155555555"]),
    ]

    static let invalid: [Golden] = [
        Golden("order 4155555555 shipped", []),                // ten bare digits without a phone word
        Golden("on 2026-12-04 at 12.04.2026", []),             // dates
        Golden("version 1.2.3.4 and 10.0.0.1", []),            // versions, IPs
        Golden("id 41555555551234 and 1234567890123", []),     // long digit runs
        Golden("415-555-55555 and 4155-555-5555", []),         // wrong group sizes
        Golden("115-555-5555 and 415-155-5555", []),           // area code / exchange start with 0 or 1
        Golden("415-555.5555", []),                            // mixed separators
        Golden("x415-555-5555 and 415-555-5555x", []),         // glued to letters
        Golden("1.415.555.5555.1", []),                        // dotted run
        Golden("+12 345", []),                                 // too short
        Golden("+44 20 7946 0958 123 456 789", []),            // longer than E.164
        Golden("+1 415 555 5555 1234 times", ["+1 415 555 5555"]), // +1 numbers stop at 11 digits
    ]

    @Test("finds phone numbers", arguments: valid)
    func finds(_ g: Golden) { #expect(found(.phoneNumber, in: g.text) == g.expected) }

    @Test("rejects what is not a phone number", arguments: invalid)
    func rejects(_ g: Golden) { #expect(found(.phoneNumber, in: g.text) == g.expected) }

    @Test("E.164 numbers and tel: URLs; national numbers read in the default region, US")
    func payloads() {
        let ds = detector([.phoneNumber]).detections(in: "(415) 555-5555, +44 20 7946 0958, +49 (0)30 1234567, 1-800-555-1234")
        #expect(ds.map(\.phoneNumber) == ["+14155555555", "+442079460958", "+49301234567", "+18005551234"])
        #expect(ds.map(\.urlString) == ["tel:+14155555555", "tel:+442079460958", "tel:+49301234567", "tel:+18005551234"])
        #expect(ds.allSatisfy { $0.phoneExtension == nil })
    }

    static let regional: [PhoneGolden] = [
        PhoneGolden("GB", "ring 020 7946 0958 today", ["020 7946 0958"], ["+442079460958"]),
        PhoneGolden("GB", "mobile 07911 123456, office (020) 7946 0958", ["07911 123456", "(020) 7946 0958"], ["+447911123456", "+442079460958"]),
        PhoneGolden("GB", "+44 20 7946 0958 and +1 415 555 5555", ["+44 20 7946 0958", "+1 415 555 5555"], ["+442079460958", "+14155555555"]),
        PhoneGolden("FR", "appelez le 01 23 45 67 89 ou le 06.12.34.56.78", ["01 23 45 67 89", "06.12.34.56.78"], ["+33123456789", "+33612345678"]),
        PhoneGolden("DE", "Tel. 030 1234567, 030/1234567, (030) 1234567, 030-1234567", ["030 1234567", "030/1234567", "(030) 1234567", "030-1234567"],
                    ["+49301234567", "+49301234567", "+49301234567", "+49301234567"]),
        PhoneGolden("DE", "Handy 0171 1234567", ["0171 1234567"], ["+491711234567"]),
        PhoneGolden("NL", "bel 020-1234567 of 06-12345678", ["020-1234567", "06-12345678"], ["+31201234567", "+31612345678"]),
        PhoneGolden("ES", "llame al 912 345 678", ["912 345 678"], ["+34912345678"]),
        PhoneGolden("IT", "chiama 06 1234 5678", ["06 1234 5678"], ["+390612345678"]),
        PhoneGolden("JP", "電話 03-1234-5678", ["03-1234-5678"], ["+81312345678"]),
        PhoneGolden("AU", "call (02) 9876 5432", ["(02) 9876 5432"], ["+61298765432"]),
        PhoneGolden("CA", "call 416-555-0199", ["416-555-0199"], ["+14165550199"]),
        PhoneGolden("GB", "call 02079460958", ["02079460958"], ["+442079460958"]),
    ]

    @Test("national numbers read in the region; international ones anywhere", arguments: regional)
    func regions(_ g: PhoneGolden) {
        let ds = phones(g.text, region: g.region)
        #expect(ds.map(\.text) == g.expected)
        #expect(ds.map(\.phoneNumber) == g.e164.map(Optional.some))
        #expect(ds.map(\.urlString) == g.e164.map { "tel:" + $0 })
    }

    static let regionalInvalid: [PhoneGolden] = [
        PhoneGolden("GB", "415-555-5555", [], []),                 // a NANP number is no GB national number
        PhoneGolden("GB", "order 02079460958 shipped", [], []),    // one group needs a phone word
        PhoneGolden("GB", "020 7946 09", [], []),                  // too short for its range
        PhoneGolden("DE", "am 12.04.2026 um 10", [], []),          // a date, no national prefix
        PhoneGolden("DE", "Version 0.30.1234567", [], []),         // first group too short
        PhoneGolden("FR", "01 23-45 67.89", [], []),               // mixed separators
        PhoneGolden("FR", "v01 23 45 67 89", [], []),              // glued to a letter
        PhoneGolden("US", "020 7946 0958", [], []),                // a GB national number is no US number
        PhoneGolden("US", "+1 555 555 5555", [], []),              // 555 is no area code
        PhoneGolden("US", "+44 20 7946", [], []),                  // too short
        PhoneGolden("GB", String(repeating: "00 ", count: 2_000), [], []),
    ]

    @Test("shapes the metadata rejects, or that belong to another region, are no numbers", arguments: regionalInvalid)
    func regionsInvalid(_ g: PhoneGolden) { #expect(phones(g.text, region: g.region).map(\.text) == g.expected) }

    @Test("extensions: in the match, in the tel: URL as ;ext=, and in phoneExtension", arguments: [
        ("call 415-555-5555 x123 now", "415-555-5555 x123", "123"),
        ("call 415-555-5555x123", "415-555-5555x123", "123"),
        ("call 415-555-5555 ext. 4567", "415-555-5555 ext. 4567", "4567"),
        ("call 415-555-5555, ext 89", "415-555-5555, ext 89", "89"),
        ("call (415) 555-5555 Extension 1", "(415) 555-5555 Extension 1", "1"),
        ("call +44 20 7946 0958 #22", "+44 20 7946 0958 #22", "22"),
    ])
    func extensions(text: String, match: String, ext: String) throws {
        let d = try #require(phones(text, region: "US").first)
        #expect(d.text == match)
        #expect(d.phoneExtension == ext)
        #expect(d.urlString == "tel:" + d.phoneNumber! + ";ext=" + ext)
    }

    @Test("what looks like an extension but is not stays out of the match", arguments: [
        ("call 415-555-5555 x", "415-555-5555"), ("call 415-555-5555 ext. twelve", "415-555-5555"),
        ("call 415-555-5555 x12345678", "415-555-5555"), ("call 415-555-5555 xylophone", "415-555-5555"),
    ])
    func notExtensions(text: String, match: String) {
        let ds = phones(text, region: "US")
        #expect(ds.map(\.text) == [match])
        #expect(ds.first?.phoneExtension == nil)
    }

    @Test("the region only changes how national numbers read")
    func regionChoice() {
        let text = "+33 1 23 45 67 89 or 01 23 45 67 89 or (415) 555-5555"
        #expect(phones(text, region: "US").map(\.text) == ["+33 1 23 45 67 89", "(415) 555-5555"])
        #expect(phones(text, region: "FR").map(\.text) == ["+33 1 23 45 67 89", "01 23 45 67 89"])
    }
}

extension PhoneScannerTests {
    @Test("fiction ranges the metadata does not assign are no numbers (Ofcom's 07700 900xxx)")
    func fiction() { #expect(phones("mobile 07700 900123", region: "GB") == []) }
}
