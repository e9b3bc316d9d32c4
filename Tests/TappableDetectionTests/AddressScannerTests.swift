import Testing
import TappableDetection
import TappableText

@Suite("US street addresses")
struct AddressTests {
    @Test("1 Infinite Loop, Cupertino, CA 95014")
    func appleCampus() {
        let ds = detector([.address]).detections(in: "Visit 1 Infinite Loop, Cupertino, CA 95014 today.")
        #expect(ds.map(\.text) == ["1 Infinite Loop, Cupertino, CA 95014"])
        #expect(ds.first?.addressComponents == AddressComponents(street: "1 Infinite Loop", city: "Cupertino", state: "CA", zip: "95014"))
        #expect(ds.first?.range == TextRange(location: 6, length: 36))
    }

    static let valid: [Golden] = [
        Golden("1600 Pennsylvania Avenue NW, Washington, DC 20500", ["1600 Pennsylvania Avenue NW, Washington, DC 20500"]),
        Golden("350 Fifth Avenue, New York, NY 10118-0110.", ["350 Fifth Avenue, New York, NY 10118-0110"]),
        Golden("500 W. 2nd St., Suite 100, Austin, Texas", ["500 W. 2nd St., Suite 100, Austin, Texas"]),
        Golden("ship to 221 Baker St\nSan Francisco CA 94110", ["221 Baker St\nSan Francisco CA 94110"]),
    ]
    static let invalid: [Golden] = [
        Golden("I have 3 Apple Street vendors, Cupertino", []),
        Golden("1 Infinite Loop", []),
        Golden("1 infinite loop, cupertino, ca 95014", []),
        Golden("12 Main St, Springfield, ZZ 12345", []),
    ]

    @Test("finds addresses", arguments: valid)
    func finds(_ g: Golden) { #expect(found(.address, in: g.text) == g.expected) }

    @Test("rejects incomplete addresses", arguments: invalid)
    func rejects(_ g: Golden) { #expect(found(.address, in: g.text) == g.expected) }

    @Test("components, and no other payload")
    func components() {
        #expect(detections("1 Infinite Loop, Cupertino, CA 95014", [.address]) == [
            Detection(type: .address, range: range(0, 36), text: "1 Infinite Loop, Cupertino, CA 95014",
                      addressComponents: AddressComponents(street: "1 Infinite Loop", city: "Cupertino", state: "CA", zip: "95014")),
        ])
    }
}

