import Foundation
import TappableJSON
import Testing

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
