import Foundation
import Testing
import TappableJSON

/// A text the reader must refuse: where, how and with what words.
struct Refusal: CustomTestStringConvertible, Sendable {
    var name: String
    var text: [UInt8]
    var kind: JSONReadError.Kind
    var line: Int
    var column: Int
    var message: String
    var path = ""
    var testDescription: String { name }

    init(_ name: String, _ text: String, _ kind: JSONReadError.Kind, line: Int = 1, column: Int, _ message: String, path: String = "") {
        self.init(name, Array(text.utf8), kind, line: line, column: column, message, path: path)
    }

    init(_ name: String, _ bytes: [UInt8], _ kind: JSONReadError.Kind, line: Int = 1, column: Int, _ message: String, path: String = "") {
        self.name = name; self.text = bytes; self.kind = kind; self.line = line; self.column = column; self.message = message; self.path = path
    }
}

/// A text the reader must accept, and the value it reads.
struct Acceptance: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var value: JSONValue
    var testDescription: String { name }
}

@Suite("JSONReader: RFC 8259 exactly, errors with line, column and what was expected")
struct JSONReaderTests {
    static let accepted: [Acceptance] = [
        Acceptance(name: "the literals", text: "[true, false, null]", value: .array([.bool(true), .bool(false), .null])),
        Acceptance(name: "numbers of every form", text: "[0, -0, 12, -3.25, 1e2, 1E+2, 2.5e-1, 0.000001]",
                   value: .array([0, -0.0, 12, -3.25, 100, 100, 0.25, 0.000001].map(JSONValue.number))),
        Acceptance(name: "a number too small for a Double rounds to 0", text: "1e-400", value: .number(0)),
        Acceptance(name: "integers at and past 15 digits read as Double(_:) reads them", text: "[999999999999999, -999999999999999, 9007199254740993, -12345678901234567890]",
                   value: .array([999_999_999_999_999, -999_999_999_999_999, Double("9007199254740993")!, Double("-12345678901234567890")!].map(JSONValue.number))),
        Acceptance(name: "every escape", text: #""\" \\ \/ \b \f \n \r \t \u0041 \u00e9 \u20AC""#,
                   value: .string("\" \\ / \u{8} \u{C} \n \r \t A é €")),
        Acceptance(name: "an escaped surrogate pair is one scalar", text: #""\ud83d\ude00""#, value: .string("😀")),
        Acceptance(name: "lone surrogate escapes read as U+FFFD", text: #""a\ud800b\udc00c\ud800\u0041""#,
                   value: .string("a\u{FFFD}b\u{FFFD}c\u{FFFD}A")),
        Acceptance(name: "\\u0000 is a character like any other", text: #""a\u0000b""#, value: .string("a\u{0}b")),
        Acceptance(name: "raw UTF-8 of every length", text: "\"é€😀\u{7F}\"", value: .string("é€😀\u{7F}")),
        Acceptance(name: "whitespace of the four kinds around everything", text: " \t\r\n{ \"a\" :\n[ 1 ,\t2 ] }\r\n ",
                   value: .object(["a": .array([.number(1), .number(2)])])),
        Acceptance(name: "empty containers", text: #"{"a": {}, "b": []}"#, value: .object(["a": .object([:]), "b": .array([])])),
        Acceptance(name: "a UTF-8 byte order mark is skipped", text: "\u{FEFF}{}", value: .object([:])),
        Acceptance(name: "a scalar at the top level", text: #""x""#, value: .string("x")),
        Acceptance(name: "keys that differ only in normalisation are two keys", text: "{\"\u{E9}\": 1, \"e\u{301}\": 2}",
                   value: .object(["\u{E9}": .number(1), "e\u{301}": .number(2)])),
    ]

    @Test("accepted texts read as the values they spell", arguments: accepted)
    func accepts(_ c: Acceptance) throws {
        #expect(try JSONReader().read(c.text) == c.value)
    }

    static let refused: [Refusal] = [
        // Grammar.
        Refusal("trailing comma in an array", "[1, 2,]", .syntax, column: 7,
                "expected a value (an object, array, string, number, true, false or null) after ',', found ']' (JSON allows no trailing comma)", path: "[2]"),
        Refusal("trailing comma in an object", "{\"a\": 1,\n }", .syntax, line: 2, column: 2,
                "expected a key (a string in double quotes) after ',', found '}' (JSON allows no trailing comma)"),
        Refusal("a comment", "{\"a\": 1 // one\n}", .syntax, column: 9, "expected ',' or '}' after the object member, found '/' (JSON has no comments)", path: "a"),
        Refusal("a comment where a value goes", "[/* x */ 1]", .syntax, column: 2,
                "expected a value (an object, array, string, number, true, false or null), found '/' (JSON has no comments)", path: "[0]"),
        Refusal("single quotes", "{'a': 1}", .syntax, column: 2,
                "expected a key (a string in double quotes) or '}', found \"'\" (JSON strings take double quotes)"),
        Refusal("an unquoted key", "{a: 1}", .syntax, column: 2, "expected a key (a string in double quotes) or '}', found 'a'"),
        Refusal("NaN", "[NaN]", .syntax, column: 2,
                "expected a value (an object, array, string, number, true, false or null), found 'NaN' (JSON has no NaN or Infinity)", path: "[0]"),
        Refusal("-Infinity", "-Infinity", .syntax, column: 2, "expected a digit after '-', found 'I'"),
        Refusal("True in capitals", "True", .syntax, column: 1,
                "expected a value (an object, array, string, number, true, false or null), found 'True' (write it in lowercase)"),
        Refusal("a missing comma", "[1 2]", .syntax, column: 4, "expected ',' or ']' after the array element, found '2'", path: "[1]"),
        Refusal("a missing colon", #"{"a" 1}"#, .syntax, column: 6, "expected ':' after the key \"a\", found '1'", path: "a"),
        Refusal("a second value", "{} {}", .syntax, column: 4, "expected the end of the text after the JSON value, found '{'"),
        Refusal("an empty text", "", .syntax, column: 1,
                "expected a value (an object, array, string, number, true, false or null), found the end of the text"),
        Refusal("an unclosed array", "[1,\n  2", .syntax, line: 2, column: 4, "expected ',' or ']' after the array element, found the end of the text", path: "[2]"),
        Refusal("an unclosed string", "[\"abc", .syntax, column: 2, "this string is never closed (no '\"' before the end of the text)", path: "[0]"),
        Refusal("a bad escape", #""a\x""#, .syntax, column: 4,
                #"expected an escape after '\' (\" \\ \/ \b \f \n \r \t or \uXXXX), found 'x'"#),
        Refusal("a short \\u escape", #""\u12""#, .syntax, column: 6, #"expected four hex digits after \u, found '"'"#),
        // Numbers.
        Refusal("a leading zero", #"{"width": 01}"#, .syntax, column: 11, "a number may not start with a leading zero (write 1, not 01)", path: "width"),
        Refusal("a negative leading zero", "-012", .syntax, column: 1, "a number may not start with a leading zero (write 1, not 01)"),
        Refusal("a plus sign", "+1", .syntax, column: 1,
                "expected a value (an object, array, string, number, true, false or null), found '+' (a JSON number has no '+' sign)"),
        Refusal("a bare decimal point", ".5", .syntax, column: 1,
                "expected a value (an object, array, string, number, true, false or null), found '.' (a JSON number starts with a digit: 0.5, not .5)"),
        Refusal("nothing after the point", "1.", .syntax, column: 3, "expected a digit after the decimal point, found the end of the text"),
        Refusal("nothing in the exponent", "1e+", .syntax, column: 4, "expected a digit in the exponent, found the end of the text"),
        Refusal("hexadecimal", "0x10", .syntax, column: 2, "expected the end of the text after the JSON value, found 'x'"),
        Refusal("a number beyond Double", #"{"a": [1, -1e400]}"#, .numberOutOfRange, column: 11,
                "number -1e400 is out of range (a number must lie within ±1.7976931348623157e308)", path: "a[1]"),
        Refusal("a long number beyond Double is shown cut", String(repeating: "9", count: 400), .numberOutOfRange, column: 1,
                "number \(String(repeating: "9", count: 40))… is out of range (a number must lie within ±1.7976931348623157e308)"),
        // Strings: control characters and UTF-8.
        Refusal("a raw tab in a string", "{\"text\": \"a\tb\"}", .controlCharacter, column: 12, "a raw tab (U+0009) in a string: write it as \\t", path: "text"),
        Refusal("a raw line break in a string", "[\"a\nb\"]", .controlCharacter, column: 4,
                "a raw line break (U+000A) in a string: write it as \\n (or is a closing '\"' missing?)", path: "[0]"),
        Refusal("a raw escape character in a string", "\"\u{1B}[31m\"", .controlCharacter, column: 2,
                "a raw control character (U+001B) in a string: write it as \\u001b"),
        Refusal("Latin-1 in a string", [0x22, 0x63, 0x61, 0x66, 0xE9, 0x22], .invalidUTF8, column: 5,
                "invalid UTF-8 in a string: byte 0xE9 starts a character that byte 0x22 does not continue (is the text Latin-1 or another encoding?)"),
        Refusal("an overlong slash", [0x22, 0xC0, 0xAF, 0x22], .invalidUTF8, column: 2,
                "invalid UTF-8 in a string: byte 0xC0 never occurs in UTF-8 (is the text Latin-1 or another encoding?)"),
        Refusal("an encoded surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8, column: 2,
                "invalid UTF-8 in a string: bytes 0xED 0xA0 encode a UTF-16 surrogate, which UTF-8 may not hold"),
        Refusal("an overlong three-byte form", [0x22, 0xE0, 0x80, 0xAF, 0x22], .invalidUTF8, column: 2,
                "invalid UTF-8 in a string: bytes 0xE0 0x80 start an overlong encoding"),
        Refusal("beyond U+10FFFF", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8, column: 2,
                "invalid UTF-8 in a string: bytes 0xF4 0x90 start a character beyond U+10FFFF"),
        Refusal("a lone continuation byte", [0x22, 0x80, 0x22], .invalidUTF8, column: 2,
                "invalid UTF-8 in a string: byte 0x80 is a continuation byte with no character to continue"),
        Refusal("a character cut by the end", [0x22, 0xE2, 0x82], .invalidUTF8, column: 2,
                "invalid UTF-8 in a string: the text ends inside the character that byte 0xE2 starts"),
        Refusal("a byte that is not UTF-8 between values", [0x5B, 0xFF, 0x5D], .invalidUTF8, column: 2,
                "expected a value (an object, array, string, number, true, false or null), found byte 0xFF, which is not UTF-8", path: "[0]"),
        Refusal("a non-ASCII character between values", Array("[1,\u{A0}2]".utf8), .syntax, column: 4,
                "expected a value (an object, array, string, number, true, false or null) after ',', found the character U+00A0", path: "[1]"),
        Refusal("UTF-16 with a byte order mark", [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00], .invalidUTF8, column: 1,
                "the text is UTF-16 (it starts with a UTF-16 byte order mark); JSON must be UTF-8"),
        Refusal("UTF-16 without one", [0x7B, 0x00, 0x7D, 0x00], .invalidUTF8, column: 1,
                "the text looks like UTF-16 or UTF-32 (a NUL byte in its first two); JSON must be UTF-8"),
        // Keys.
        Refusal("a duplicate key", #"{"text": "x", "text": "y"}"#, .duplicateKey, column: 15, "key \"text\" is given twice in one object", path: "text"),
        Refusal("a duplicate key written with an escape", #"{"text": "x", "t\u0065xt": "y"}"#, .duplicateKey, column: 15,
                "key \"text\" is given twice in one object", path: "text"),
        Refusal("a duplicate key deep inside", #"{"runs": [{"link": "a"}, {"range": [1, 1], "link": "a", "li\u006ek": "b"}]}"#,
                .duplicateKey, column: 57, "key \"link\" is given twice in one object", path: "runs[1].link"),
        Refusal("a duplicate key in a large object", "{" + (0..<100).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + ", \"k50\": 0}",
                .duplicateKey, column: 1082, "key \"k50\" is given twice in one object", path: "k50"),
        Refusal("a duplicate key with a control character is shown escaped", "{\"a\\u202eb\": 1, \"a\\u202Eb\": 2}", .duplicateKey, column: 17,
                "key \"a\\u{202e}b\" is given twice in one object", path: "a\u{202E}b"),
    ]

    @Test("refused texts: kind, line, column, path and a message naming what was expected", arguments: refused)
    func refuses(_ c: Refusal) {
        do {
            let value = try JSONReader().read(c.text)
            Issue.record("accepted as \(value)")
        } catch {
            #expect(error.kind == c.kind)
            #expect(error.message == c.message)
            #expect(error.line == c.line)
            #expect(error.column == c.column)
            #expect(error.path == c.path)
            #expect(error.description == "line \(c.line), column \(c.column): \(c.message)")
        }
    }

    @Test("lines end at LF, CR LF and CR; columns count Unicode scalars, not bytes; the offset counts bytes")
    func positions() {
        let text = "{\r\n\"a\": \"é😀\",\r\"b\": [1,\n,]}"
        do { _ = try JSONReader().read(text) } catch {
            #expect(error.line == 4)
            #expect(error.column == 1)
            #expect(error.offset == Array(text.utf8).count - 3)
            #expect(error.path == "b[1]")
        }
        do { _ = try JSONReader().read("[\"é😀\" x]") } catch {
            #expect(error.column == 7, "the string's 8 bytes count as 4 columns")
            #expect(error.offset == 10)
        }
        do { _ = try JSONReader().read("\u{FEFF}[x]") } catch {
            #expect(error.column == 2, "a byte order mark takes no column")
            #expect(error.offset == 4)
        }
    }

    @Test("depth: 512 nested arrays and objects are read, 513 are an error; the limit can be changed")
    func depth() throws {
        let deep = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        var value = try JSONReader().read(deep)
        var levels = 0
        while case let .array(items) = value {
            levels += 1
            value = items.first ?? .null
        }
        #expect(levels == 512)
        #expect(throws: JSONReadError.self) { try JSONReader().read("[" + deep + "]") }
        let objects = String(repeating: #"{"a":"#, count: 3) + "1" + String(repeating: "}", count: 3)
        #expect(throws: Never.self) { try JSONReader(maximumDepth: 3).read(objects) }
        do { _ = try JSONReader(maximumDepth: 2).read(objects) } catch {
            #expect(error.kind == .tooDeep)
            #expect(error.path == "a.a")
            #expect(error.column == 11)
        }
    }

    @Test("length: a text over the limit is refused before it is read, at the first byte past the limit")
    func length() throws {
        #expect(JSONReader.defaultMaximumLength == 16 * 1024 * 1024)
        let text = "[\n" + String(repeating: "1,", count: 10) + "1]"
        #expect(throws: Never.self) { try JSONReader(maximumLength: text.utf8.count).read(text) }
        do { _ = try JSONReader(maximumLength: 10).read(text) } catch {
            #expect(error.kind == .tooLong)
            #expect(error.message == "the text is 24 bytes, longer than the limit of 10 bytes")
            #expect((error.line, error.column, error.offset) == (2, 9, 10))
        }
    }

    @Test("objects keep their keys in document order; lookups compare keys by Unicode scalars")
    func keyOrder() throws {
        let value = try JSONReader().read(#"{"z": 1, "a": 2, "m": {"y": true, "b": null}}"#)
        guard case let .object(object) = value, case let .object(inner)? = object["m"] else {
            Issue.record("not an object: \(value)")
            return
        }
        #expect(object.keys == ["z", "a", "m"])
        #expect(inner.keys == ["y", "b"])
        #expect(inner["b"] == .null)
        #expect(inner["x"] == nil)
        let large = try JSONReader().read("{" + (0..<1000).reversed().map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}")
        guard case let .object(big) = large else { Issue.record("not an object"); return }
        #expect(big.keys.first == "k999" && big.keys.last == "k0")
        #expect(big["k123"] == .number(123))
        #expect(big.count == 1000)
    }

    @Test("everything the JSON writer prints reads back as the same value")
    func roundTrip() throws {
        let written = JSON.object([
            ("text", .string("tab\tquote\" backslash\\ line\u{2028} nul\u{0} emoji 😀 bidi \u{202E}")),
            ("numbers", .array([.number(0), .number(-12.5), .number(0.3333), .number(1e20), .number(-1e-5)])),
            ("nested", .object([("flag", .bool(false)), ("none", .null), ("empty", .array([]))])),
        ])
        let read = try JSONReader().read(written.serialized())
        func value(_ json: JSON) -> JSONValue {
            switch json {
            case .null: return .null
            case let .bool(b): return .bool(b)
            case let .number(n): return .number(Double(JSON.format(n)) ?? .nan)
            case let .string(s): return .string(s)
            case let .array(items): return .array(items.map(value))
            case let .object(pairs):
                var object = JSONObject()
                for (key, item) in pairs { object[key] = value(item) }
                return .object(object)
            }
        }
        #expect(read == value(written))
    }

    @Test("reading is linear: a 4 MB text of many small values and one long string reads, with the same result from bytes, Data and String")
    func largeTexts() throws {
        let many = "[" + Array(repeating: #"{"a":[1,"x",true]}"#, count: 200_000).joined(separator: ",") + "]"
        guard case let .array(items) = try JSONReader().read(many) else { Issue.record("not an array"); return }
        #expect(items.count == 200_000)
        let long = "\"" + String(repeating: "é\\n", count: 1_000_000) + "\""
        let fromString = try JSONReader().read(long)
        #expect(fromString == .string(String(repeating: "é\n", count: 1_000_000)))
        #expect(try JSONReader().read(Data(long.utf8)) == fromString)
        #expect(try JSONReader().read(Array(long.utf8)) == fromString)
    }
}

/// One file of JSONTestSuite's `test_parsing` folder (see JSONTestSuite/README.md).
struct SuiteCase: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var testDescription: String { name }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("JSONTestSuite")

    /// The cases whose names start with `prefix` (`y_`, `n_`, `i_`), in name order.
    static func all(_ prefix: String) -> [SuiteCase] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted().map { name in
            SuiteCase(name: name, bytes: (try? [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))) ?? [])
        }
    }
}

@Suite("JSONTestSuite: RFC 8259 texts accepted, everything else refused")
struct JSONTestSuiteTests {
    /// `y_` cases JSONReader refuses on purpose: RFC 8259 lets an object give a key twice, but then
    /// one value is silently lost, so the reader refuses it.
    static let refusedOnPurpose: Set<String> = ["y_object_duplicated_key.json", "y_object_duplicated_key_and_value.json"]

    @Test("the suite's files are all here", arguments: [("y_", 95), ("n_", 186), ("i_", 35)])
    func filesPresent(prefix: String, count: Int) {
        #expect(SuiteCase.all(prefix).count == count)
    }

    @Test("every y_ text is accepted (but a duplicated key)", arguments: SuiteCase.all("y_"))
    func accepted(_ suiteCase: SuiteCase) {
        let result = Result { () throws(JSONReadError) in try JSONReader().read(suiteCase.bytes) }
        if Self.refusedOnPurpose.contains(suiteCase.name) {
            #expect(throws: JSONReadError.self) { try result.get() }
            if case let .failure(error) = result { #expect(error.kind == .duplicateKey) }
        } else {
            #expect(throws: Never.self) { try result.get() }
        }
    }

    @Test("every n_ text is refused", arguments: SuiteCase.all("n_"))
    func refused(_ suiteCase: SuiteCase) {
        #expect(throws: JSONReadError.self) { try JSONReader().read(suiteCase.bytes) }
    }

    @Test("the two generated n_ texts: 100,000 '[' and 50,000 '[{\"\":' are refused as too deep, not a stack overflow")
    func generatedDeepTexts() {
        let arrays = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        let objects = Array(String(repeating: #"[{"":"#, count: 50_000).utf8) + [0x0A]
        // The 513th open bracket: byte 512 of the arrays, the '[' of the 257th '[{"":'.
        for (bytes, offset) in [(arrays, 512), (objects, 256 * 5)] {
            #expect(throws: JSONReadError.self) { try JSONReader().read(bytes) }
            do { _ = try JSONReader().read(bytes) } catch {
                #expect(error.kind == .tooDeep)
                #expect(error.message == "arrays and objects nest deeper than 512 levels")
                #expect(error.offset == offset)
            }
        }
    }

    /// What JSONReader does with each implementation-defined (`i_`) case.
    static let implementationDefined: [String: JSONReadError.Kind?] = [
        // Numbers: beyond ±1.8e308 is an error; too small for a Double rounds to 0.
        "i_number_double_huge_neg_exp.json": nil,
        "i_number_huge_exp.json": .numberOutOfRange,
        "i_number_neg_int_huge_exp.json": .numberOutOfRange,
        "i_number_pos_double_huge_exp.json": .numberOutOfRange,
        "i_number_real_neg_overflow.json": .numberOutOfRange,
        "i_number_real_pos_overflow.json": .numberOutOfRange,
        "i_number_real_underflow.json": nil,
        "i_number_too_big_neg_int.json": nil,
        "i_number_too_big_pos_int.json": nil,
        "i_number_very_big_negative_int.json": nil,
        // Escaped lone surrogates read as U+FFFD.
        "i_object_key_lone_2nd_surrogate.json": nil,
        "i_string_1st_surrogate_but_2nd_missing.json": nil,
        "i_string_1st_valid_surrogate_2nd_invalid.json": nil,
        "i_string_incomplete_surrogate_and_escape_valid.json": nil,
        "i_string_incomplete_surrogate_pair.json": nil,
        "i_string_incomplete_surrogates_escape_valid.json": nil,
        "i_string_invalid_lonely_surrogate.json": nil,
        "i_string_invalid_surrogate.json": nil,
        "i_string_inverted_surrogates_U+1D11E.json": nil,
        "i_string_lone_second_surrogate.json": nil,
        // Bytes that are not UTF-8, and UTF-16 texts, are errors.
        "i_string_UTF-16LE_with_BOM.json": .invalidUTF8,
        "i_string_UTF-8_invalid_sequence.json": .invalidUTF8,
        "i_string_UTF8_surrogate_U+D800.json": .invalidUTF8,
        "i_string_invalid_utf-8.json": .invalidUTF8,
        "i_string_iso_latin_1.json": .invalidUTF8,
        "i_string_lone_utf8_continuation_byte.json": .invalidUTF8,
        "i_string_not_in_unicode_range.json": .invalidUTF8,
        "i_string_overlong_sequence_2_bytes.json": .invalidUTF8,
        "i_string_overlong_sequence_6_bytes.json": .invalidUTF8,
        "i_string_overlong_sequence_6_bytes_null.json": .invalidUTF8,
        "i_string_truncated-utf-8.json": .invalidUTF8,
        "i_string_utf16BE_no_BOM.json": .invalidUTF8,
        "i_string_utf16LE_no_BOM.json": .invalidUTF8,
        // 500 nested arrays are within the 512 limit; a UTF-8 byte order mark is skipped.
        "i_structure_500_nested_arrays.json": nil,
        "i_structure_UTF-8_BOM_empty_object.json": nil,
    ]

    @Test("each i_ text is accepted or refused as documented", arguments: SuiteCase.all("i_"))
    func implementationDefined(_ suiteCase: SuiteCase) throws {
        let expected = try #require(Self.implementationDefined[suiteCase.name], "no decision recorded for \(suiteCase.name)")
        do {
            _ = try JSONReader().read(suiteCase.bytes)
            #expect(expected == nil, "accepted, expected \(String(describing: expected))")
        } catch {
            #expect(error.kind == expected, "\(error)")
        }
    }
}
