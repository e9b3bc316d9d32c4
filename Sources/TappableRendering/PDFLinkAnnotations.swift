import Foundation
import TappableText

/// Link annotations added to the one-page PDF Cairo writes, as a PDF incremental update (ISO
/// 32000-1, 7.5.6): the page object again with an `/Annots` array, one `/Link` annotation per
/// link with one `/URI` action, a new cross-reference section and trailer.
///
/// Why not Cairo's own `CAIRO_TAG_LINK`: Cairo 1.16 writes the URI into `/URI (…)` without
/// escaping (a `)` in a link ends the string and what follows becomes PDF syntax), and its
/// cross-reference table for tagged output names objects it never writes (qpdf: "file is
/// damaged"; the page's `/Annots` points at a missing object). Here the URI is written as a hex
/// string, which no character can break out of, and the file checks clean.
enum PDFLinkAnnotations {
    /// `pdf` with `links` appended as annotations on its (only) page, `pageHeight` points tall.
    /// Returns `pdf` unchanged when there is no link.
    static func appending(_ links: [DocumentLink], to pdf: Data, pageHeight: Double) throws -> Data {
        let links = links.filter { !$0.rects.isEmpty }
        guard !links.isEmpty else { return pdf }
        let bytes = [UInt8](pdf)
        guard let startxrefAt = lastIndex(of: "startxref", in: bytes),
              let previousXref = integer(after: startxrefAt + 9, in: bytes) else { throw CairoOutputError(format: "PDF", part: "startxref") }
        guard let trailerAt = lastIndex(of: "trailer", in: bytes) else { throw CairoOutputError(format: "PDF", part: "trailer") }
        let trailer = Array(bytes[trailerAt..<startxrefAt])
        guard let size = reference(named: "/Size", in: trailer, isNumber: true),
              let root = reference(named: "/Root", in: trailer, isNumber: false) else { throw CairoOutputError(format: "PDF", part: "trailer /Size or /Root") }
        let info = reference(named: "/Info", in: trailer, isNumber: false)
        guard let page = pageObject(in: bytes) else { throw CairoOutputError(format: "PDF", part: "page object") }

        var out = bytes
        if out.last != UInt8(ascii: "\n") { out.append(UInt8(ascii: "\n")) }
        var offsets: [(number: Int, offset: Int)] = []
        func write(_ s: String) { out.append(contentsOf: Array(s.utf8)) }

        let first = Int(size)!
        let annotations = links.indices.map { first + $0 }
        offsets.append((page.number, out.count))
        write("\(page.number) 0 obj\n")
        out.append(contentsOf: page.dictionaryBeforeClose)
        write("\n   /Annots [ \(annotations.map { "\($0) 0 R" }.joined(separator: " ")) ]\n>>\nendobj\n")
        for (link, number) in zip(links, annotations) {
            offsets.append((number, out.count))
            write("\(number) 0 obj\n\(annotation(link, pageHeight: pageHeight))\nendobj\n")
        }

        let xref = out.count
        write("xref\n\(page.number) 1\n\(entry(offsets[0].offset))\(first) \(links.count)\n")
        for item in offsets.dropFirst() { write(entry(item.offset)) }
        write("trailer\n<< /Size \(first + links.count)\n   /Root \(root)\n")
        if let info { write("   /Info \(info)\n") }
        write("   /Prev \(previousXref)\n>>\nstartxref\n\(xref)\n%%EOF\n")
        return Data(out)
    }

    /// `<< /Type /Annot /Subtype /Link … /A << /S /URI /URI <hex> >> >>`: `/Rect` the union of
    /// the rects, `/QuadPoints` each rect (viewers that know them click only inside those).
    static func annotation(_ link: DocumentLink, pageHeight: Double) -> String {
        func n(_ v: Double) -> String { String(format: "%.3f", v.isFinite ? v : 0) }
        let union = link.rects.dropFirst().reduce(link.rects[0]) { $0.union($1) }
        let quads = link.rects.map { r in
            let top = pageHeight - r.minY, bottom = pageHeight - r.maxY
            return [r.minX, top, r.maxX, top, r.maxX, bottom, r.minX, bottom].map(n).joined(separator: " ")
        }.joined(separator: " ")
        let hex = link.uri.utf8.map { String(format: "%02X", $0) }.joined()
        return "<< /Type /Annot\n   /Subtype /Link\n   /Rect [ \(n(union.minX)) \(n(pageHeight - union.maxY)) \(n(union.maxX)) \(n(pageHeight - union.minY)) ]\n"
            + "   /QuadPoints [ \(quads) ]\n   /Border [ 0 0 0 ]\n   /A << /Type /Action /S /URI /URI <\(hex)> >>\n>>"
    }

    /// A cross-reference entry: exactly 20 bytes.
    static func entry(_ offset: Int) -> String {
        let digits = String(offset)
        return String(repeating: "0", count: max(0, 10 - digits.count)) + digits + " 00000 n \n"
    }

    /// The page object: its number and its dictionary up to (not including) the final `>>`.
    static func pageObject(in bytes: [UInt8]) -> (number: Int, dictionaryBeforeClose: [UInt8])? {
        let marker = Array("/Type /Page".utf8)
        var i = 0
        while let found = index(of: marker, in: bytes, from: i) {
            i = found + marker.count
            // Not "/Type /Pages".
            guard i < bytes.count, !(bytes[i] >= UInt8(ascii: "a") && bytes[i] <= UInt8(ascii: "z")) else { continue }
            guard let objAt = lastIndex(of: " 0 obj", in: Array(bytes[..<found])),
                  let number = integerBackwards(endingAt: objAt, in: bytes),
                  let endAt = index(of: Array("endobj".utf8), in: bytes, from: found) else { return nil }
            let body = Array(bytes[(objAt + 6)..<endAt])
            guard let close = lastIndex(of: ">>", in: body) else { return nil }
            return (number, Array(body[..<close]))
        }
        return nil
    }

    /// The value after `name` in a trailer: a number, or an `N G R` reference.
    static func reference(named name: String, in trailer: [UInt8], isNumber: Bool) -> String? {
        guard let at = index(of: Array(name.utf8), in: trailer, from: 0) else { return nil }
        var i = at + name.utf8.count
        var words: [String] = []
        var word = ""
        while i < trailer.count, words.count < (isNumber ? 1 : 3) {
            let c = trailer[i]
            if c == UInt8(ascii: " ") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") || c == UInt8(ascii: "/") || c == UInt8(ascii: ">") {
                if !word.isEmpty { words.append(word); word = "" }
                if c == UInt8(ascii: "/") || c == UInt8(ascii: ">") { break }
            } else {
                word.unicodeScalars.append(Unicode.Scalar(c))
            }
            i += 1
        }
        if !word.isEmpty { words.append(word) }
        if isNumber { return words.first.flatMap { Int($0) != nil ? $0 : nil } }
        guard words.count == 3, Int(words[0]) != nil, Int(words[1]) != nil, words[2] == "R" else { return nil }
        return words.joined(separator: " ")
    }

    static func integer(after i: Int, in bytes: [UInt8]) -> Int? {
        var k = i
        while k < bytes.count, bytes[k] == UInt8(ascii: " ") || bytes[k] == UInt8(ascii: "\n") || bytes[k] == UInt8(ascii: "\r") { k += 1 }
        var value = 0, any = false
        while k < bytes.count, bytes[k] >= UInt8(ascii: "0"), bytes[k] <= UInt8(ascii: "9"), value < Int.max / 10 - 10 {
            value = value * 10 + Int(bytes[k] - UInt8(ascii: "0")); k += 1; any = true
        }
        return any ? value : nil
    }

    /// The integer whose last digit is just before `end`.
    static func integerBackwards(endingAt end: Int, in bytes: [UInt8]) -> Int? {
        var start = end
        while start > 0, bytes[start - 1] >= UInt8(ascii: "0"), bytes[start - 1] <= UInt8(ascii: "9") { start -= 1 }
        guard start < end, end - start < 10 else { return nil }
        return Int(String(decoding: bytes[start..<end], as: UTF8.self))
    }

    static func index(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        var i = start
        while i <= bytes.count - needle.count {
            if bytes[i] == needle[0], Array(bytes[i..<(i + needle.count)]) == needle { return i }
            i += 1
        }
        return nil
    }

    static func lastIndex(of string: String, in bytes: [UInt8]) -> Int? {
        let needle = Array(string.utf8)
        guard bytes.count >= needle.count else { return nil }
        var i = bytes.count - needle.count
        while i >= 0 {
            if bytes[i] == needle[0], Array(bytes[i..<(i + needle.count)]) == needle { return i }
            i -= 1
        }
        return nil
    }
}
