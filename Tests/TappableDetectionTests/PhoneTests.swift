import Testing
import TappableDetection

@Suite("Phone numbers")
struct PhoneTests {
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

    @Test("digits and tel: URLs")
    func payloads() {
        let ds = detector([.phoneNumber]).detections(in: "(415) 555-5555, +44 20 7946 0958, +49 (0)30 1234567, 1-800-555-1234")
        #expect(ds.map(\.phoneNumber) == ["4155555555", "+442079460958", "+49301234567", "18005551234"])
        #expect(ds.map(\.urlString) == ["tel:4155555555", "tel:+442079460958", "tel:+49301234567", "tel:18005551234"])
    }
}
