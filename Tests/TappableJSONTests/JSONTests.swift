import Foundation
import Testing
import TappableJSON

@Suite("JSON.prettyPrinted: the one writer, laid out for line diffs")
struct JSONTests {
    @Test("short containers stay on one line; long ones put an element per line, two spaces per level")
    func layout() {
        let value = JSON.object([
            ("size", .array([.number(320), .number(41.14771)])),
            ("regions", .array([.object([("text", .string(String(repeating: "x", count: 90))), ("rect", .array([.number(0), .number(1), .number(2), .number(3)]))])])),
            ("empty", .array([])),
        ])
        #expect(value.prettyPrinted() == """
        {
          "size": [320,41.1477],
          "regions": [
            {
              "text": "\(String(repeating: "x", count: 90))",
              "rect": [0,1,2,3]
            }
          ],
          "empty": []
        }
        """)
        #expect(JSON.array([.number(1), .string("a")]).prettyPrinted() == "[1,\"a\"]")
    }

    @Test("pretty and compact text parse to the same value, strings escaped by the one escaper")
    func sameValue() throws {
        let value = JSON.object((0..<30).map { ("key\u{2028}\"\($0)", JSON.array([.string("\u{1}<\\"), .number(Double($0) / 3), .null, .bool(true)])) })
        let pretty = try JSONSerialization.jsonObject(with: Data(value.prettyPrinted(width: 20).utf8)) as? NSDictionary
        let compact = try JSONSerialization.jsonObject(with: Data(value.serialized().utf8)) as? NSDictionary
        #expect(pretty != nil && pretty == compact)
        #expect(value.prettyPrinted(width: 20).contains("\"key\\u2028\\\"0\": "))
    }

    @Test("nesting deeper than 64 levels stays compact below that depth instead of indenting without bound")
    func deepNesting() {
        var value = JSON.array([.string(String(repeating: "y", count: 200))])
        for _ in 0..<200 { value = .array([value]) }
        let pretty = value.prettyPrinted()
        #expect(pretty.split(separator: "\n").count == 2 * 64 + 1)
        #expect(pretty.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: " ", with: "") == value.serialized())
    }
}

@Suite("JSON: the one string escaper and number formatter")
struct JSONEncodingTests {
    @Test("quotes, backslashes, short escapes, other controls, DEL, C1 controls and U+2028/U+2029 escaped; emoji and non-BMP text as is")
    func strings() throws {
        let s = "q\"b\\n\nr\rt\tb\u{8}f\u{C}\u{1}\u{1B}\u{7F}\u{80}\u{85}\u{9B}\u{9F}\u{A0}\u{2028}\u{2029} 👍🏽 👨‍👩‍👧 𝒜 𠜎 é"
        let json = JSON.string(s).serialized()
        #expect(json == #""q\"b\\n\nr\rt\tb\bf\f\u0001\u001b\u007f\u0080\u0085\u009b\u009f"# + "\u{A0}" + #"\u2028\u2029 👍🏽 👨‍👩‍👧 𝒜 𠜎 é""#)
        let back = try JSONSerialization.jsonObject(with: Data("[\(json)]".utf8)) as? [String]
        #expect(back == [s])
    }

    @Test("numbers: integers without a point, others rounded to 1/10000 without trailing zeros, non-finite as null")
    func numbers() {
        let values: [Double] = [17, -2, 12.5, 1.15, 0.1 + 0.2, 2.0 / 3, -0.0, 1e-7, .nan, .infinity]
        #expect(JSON.array(values.map(JSON.number)).serialized() == "[17,-2,12.5,1.15,0.3,0.6667,0,0,null,null]")
    }
}
