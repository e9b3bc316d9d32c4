import Testing
import TappableText

@Suite("Plain decimals: the one number grammar of options and touch scripts")
struct PlainDecimalTests {
    @Test("signs, fractions and exponents are read", arguments: [
        ("12", 12.0), ("-3.5", -3.5), ("+2", 2), (".5", 0.5), ("7.", 7), ("-.25", -0.25),
        ("1e3", 1000), ("2.5E-2", 0.025), ("1e+2", 100), ("0", 0), ("-0", 0),
    ])
    func read(text: String, value: Double) {
        #expect(PlainDecimal.parse(text) == value)
    }

    @Test("anything else is nil: hex, inf, nan, spaces, lone signs and points, doubled signs, non-ASCII digits, overflow", arguments: [
        "", " 1", "1 ", "0x10", "inf", "-inf", "nan", "+", "-", ".", "+-1", "--1", "1e", "e5", "1e+", "1.2.3",
        "1,5", "１", "1e400", "-1e400", "1_000", String(repeating: "1", count: 65),
    ])
    func refused(text: String) {
        #expect(PlainDecimal.parse(text) == nil)
    }

    @Test("64 characters are read, 65 are not")
    func length() {
        #expect(PlainDecimal.parse("0." + String(repeating: "5", count: 62)) != nil)
        #expect(PlainDecimal.parse("0." + String(repeating: "5", count: 63)) == nil)
    }
}
