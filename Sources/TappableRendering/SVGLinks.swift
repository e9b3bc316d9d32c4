import Foundation

/// A name and links added to the SVG Cairo writes (Cairo 1.16 writes none): a `<title>` as the
/// root's first child (the drawing's accessible name), and before the closing `</svg>`, so on
/// top of everything painted, one `<a xlink:href>` per link with a `<title>` (its accessible
/// name and tooltip) and a transparent `<rect>` over each of its glyph rects: a click inside a
/// rect follows the link, a click anywhere else does nothing. Every string is written through
/// `MarkupText.escaped`; Cairo's own markup is not touched.
enum SVGLinks {
    /// `svg` with `title` and `links`; throws `CairoOutputError` when Cairo's output lacks the
    /// root element, its xlink namespace or its closing tag.
    static func adding(_ links: [DocumentLink], title: String, to svg: Data) throws -> Data {
        let document = String(decoding: svg, as: UTF8.self)
        guard let rootStart = document.range(of: "<svg"),
              let rootEnd = document.range(of: ">", range: rootStart.upperBound..<document.endIndex),
              !document[rootStart.upperBound..<rootEnd.lowerBound].contains("<") else {
            throw CairoOutputError(format: "SVG", part: "root <svg> element")
        }
        guard document[rootStart.upperBound..<rootEnd.lowerBound].contains("xmlns:xlink=\"http://www.w3.org/1999/xlink\"") else {
            throw CairoOutputError(format: "SVG", part: "xlink namespace on the root element")
        }
        guard let close = document.range(of: "</svg>", options: .backwards), rootEnd.upperBound <= close.lowerBound,
              document[close.upperBound...].allSatisfy(\.isWhitespace) else {
            throw CairoOutputError(format: "SVG", part: "closing </svg>")
        }
        var out = String(document[..<rootEnd.upperBound])
        out += "\n<title>\(MarkupText.escaped(title))</title>"
        out += document[rootEnd.upperBound..<close.lowerBound]
        for link in links { out += element(link) }
        out += document[close.lowerBound...]
        return Data(out.utf8)
    }

    /// `<a xlink:href="…"><title>…</title><rect …/>…</a>` and a line break.
    static func element(_ link: DocumentLink) -> String {
        var a = "<a xlink:href=\"\(MarkupText.escaped(link.uri))\"><title>\(MarkupText.escaped(link.name))</title>"
        for r in link.rects {
            a += "<rect x=\"\(MarkupText.number(r.minX))\" y=\"\(MarkupText.number(r.minY))\" width=\"\(MarkupText.number(r.width))\""
                + " height=\"\(MarkupText.number(r.height))\" fill=\"#000\" fill-opacity=\"0\"/>"
        }
        return a + "</a>\n"
    }
}
