import Testing
@testable import TappableMarkup

@Suite("Source map: lines of the source, and where each byte of a text literal came from")
struct SourceMapTests {
    /// The origins of `literal` against `raw`, as letters: r raw, e escaped, n entity.
    func origins(_ literal: String, _ raw: String) -> String? {
        SourceMap.origins(of: Array(literal.utf8), raw: ArraySlice(Array(raw.utf8)))
            .map { String($0.map { $0 == .raw ? "r" : $0 == .escaped ? "e" : "n" }) }
    }

    @Test("lines end at \\n, \\r\\n and \\r; columns count bytes from 1; positions outside a line are nil")
    func lines() {
        let map = SourceMap(Array("ab\r\ncd\ref\ngh".utf8))
        #expect(map.lineCount == 4)
        #expect(map.line(2).map { String(decoding: map.bytes[$0], as: UTF8.self) } == "cd")
        #expect(map.raw(line: 3, firstColumn: 2, lastColumn: 2).map { String(decoding: $0, as: UTF8.self) } == "f")
        #expect(map.raw(line: 1, firstColumn: 1, lastColumn: 3) == nil)
        #expect(map.raw(line: 5, firstColumn: 1, lastColumn: 1) == nil)
        #expect(map.raw(line: 1, firstColumn: 0, lastColumn: 1) == nil)
    }

    @Test("escapes and entities are marked; text typed as it stands is raw")
    func marks() {
        #expect(origins("a~b", "a~b") == "rrr")
        #expect(origins("a~b", "a\\~b") == "rer")
        #expect(origins("~~", "&#126;&#x7E;") == "nn")
        #expect(origins("a©b", "a&copy;b") == "rnnr")
        #expect(origins("&amp;", "&amp;amp;") == "nrrrr")
        #expect(origins("&nosuch;", "&nosuch;") == "rrrrrrrr")
        #expect(origins("\u{FFFD}", "&#0;") == "nnn")
        #expect(origins("\\a", "\\a") == "rr")
    }

    @Test("spaces trimmed before a line end and emphasis delimiters used up by emphasis are skipped")
    func skipped() {
        #expect(origins("a~", "a~  ") == "rr")
        #expect(origins("** ~b~", "*** ~b~") == "rrrrrr")
        #expect(origins("a**", "a***") == "rrr")
    }

    @Test("a source that does not align gives nil")
    func misaligned() {
        #expect(origins("a~b", "x~b") == nil)
        #expect(origins("a~b", "a~") == nil)
        #expect(origins("ab", "ab c") == nil)
    }
}
