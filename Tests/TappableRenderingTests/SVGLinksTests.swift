import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TappableInteraction
@testable import TappableRendering
import TappableTestSupport
import TappableText

/// What an XML parser (libxml2, through Foundation) reads in an SVG: whether it is well-formed,
/// the root's size, the texts of `<title>` elements, each `<a>` with its href and rects, and the
/// names of all elements and attributes.
final class SVGReading: NSObject, XMLParserDelegate {
    struct Link: Equatable {
        var href: String
        var title = ""
        var rects: [[String]] = []
    }

    var rootSize: (width: String, height: String)?
    var titles: [String] = []
    var links: [Link] = []
    var elementNames: Set<String> = []
    var attributeNames: Set<String> = []
    private var text: String?
    private var inLink = false

    /// Parses `svg`; nil when it is not well-formed XML.
    static func read(_ svg: Data) -> SVGReading? {
        let reading = SVGReading()
        let parser = XMLParser(data: svg)
        parser.delegate = reading
        parser.shouldProcessNamespaces = false
        return parser.parse() ? reading : nil
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        elementNames.insert(name)
        attributeNames.formUnion(attributes.keys)
        switch name {
        case "svg" where rootSize == nil: rootSize = (attributes["width"] ?? "", attributes["height"] ?? "")
        case "a": links.append(Link(href: attributes["xlink:href"] ?? "")); inLink = true
        case "title": text = ""
        case "rect" where inLink:
            links[links.count - 1].rects.append(["x", "y", "width", "height", "fill", "fill-opacity"].map { attributes[$0] ?? "" })
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch name {
        case "a": inLink = false
        case "title":
            if inLink { links[links.count - 1].title = text ?? "" } else { titles.append(text ?? "") }
            text = nil
        default: break
        }
    }
}

@Suite("SVG links: an <a> per link over its glyph rects, named by its text; well-formed whatever the strings")
struct SVGLinksTests {
    @Test("each link with a URI is one <a xlink:href> with a <title> and a transparent rect per glyph rect; payloads and refused links get none")
    func links() throws {
        let label = try WebLabel.label()
        let svg = try #require(SVGReading.read(try LabelRenderer.svg(label)), "well-formed XML")
        let privacy = try #require(LinkPolicy.default.documentURI(for: WebLabel.privacy))
        #expect(svg.links.map(\.href) == [WebLabel.terms, privacy], "no <a> for the javascript: link or the date")
        #expect(svg.links.map(\.title) == ["Terms of Service", "<Privacy> & \"Policy\""], "the region's text, as written")
        for (link, region) in zip(svg.links, label.regions) {
            #expect(link.rects == region.rects.map { r in
                [r.minX, r.minY, r.width, r.height].map(MarkupText.number) + ["#000", "0"]
            })
        }
        #expect(svg.links[0].rects.count == 2, "the wrapped link covers both of its lines")
        #expect(svg.titles.first == label.shownText, "the drawing is named by the label's text")
    }

    @Test("the SVG is one point per CSS pixel: its width and height are the label's, in px")
    func size() throws {
        let label = try WebLabel.label()
        let svg = try #require(SVGReading.read(try LabelRenderer.svg(label)))
        let width = try #require(svg.rootSize?.width), height = try #require(svg.rootSize?.height)
        #expect(width.hasSuffix("px") && height.hasSuffix("px"))
        #expect(abs(Double(width.dropLast(2))! - label.size.width) < 0.001)
        #expect(abs(Double(height.dropLast(2))! - label.size.height) < 0.001)
    }

    @Test("the SPEC's link policy reaches the SVG: a policy allowing javascript: links writes that one too")
    func policy() throws {
        let label = try WebLabel.label()
        let allowing = LinkPolicy(allowedSchemes: ["https", "javascript"], blockedSchemes: [])
        let svg = try #require(SVGReading.read(try LabelRenderer.svg(label, linkPolicy: allowing)))
        #expect(svg.links.map(\.href).last == "javascript:alert%281%29")
        let httpOnly = try #require(SVGReading.read(try LabelRenderer.svg(label, linkPolicy: LinkPolicy(allowedSchemes: ["http"]))))
        #expect(httpOnly.links.isEmpty)
    }

    @Test("hostile link values and texts stay well-formed, one <a> each, nothing added", arguments: [
        "https://e.example/\"><script>alert(1)</script>",
        "https://e.example/?a=1&b=2&amp;c=]]>",
        "https://e.example/'onload='alert(1)",
        "https://e.example/</a></svg><svg onload=alert(1)>",
        "https://президент.рф/путь?q=<>",
    ])
    func hostile(link: String) throws {
        let text = "see <b>&amp;\"quotes' ]]> </title><script>x</script>" + scalars(0xFFFE, 0x1, 0x7F, 0x85, 0xFDD0) + " end"
        let label = try linkedLabel(text, links: [(link, TextRange(location: 4, length: 40))], width: 320)
        let data = try LabelRenderer.svg(label)
        let svg = try #require(SVGReading.read(data), "well-formed: \(String(decoding: data.suffix(600), as: UTF8.self))")
        #expect(svg.links.map(\.href) == [LinkPolicy.default.documentURI(for: link)!])
        #expect(svg.links.first?.rects.isEmpty == false)
        #expect(!svg.elementNames.contains("script") && !svg.attributeNames.contains("onload"), "no element or attribute came from a string")
        #expect(svg.elementNames.isSubset(of: ["svg", "title", "defs", "g", "symbol", "path", "use", "rect", "clipPath", "a"]))
        var readable = String.UnicodeScalarView()
        for scalar in label.regions[0].text.unicodeScalars {
            readable.append(MarkupText.isForbidden(scalar) && !["\t", "\n", "\r"].contains(scalar) ? "\u{FFFD}" : scalar)
        }
        #expect(svg.links.first?.title == String(readable), "the text as written, only characters XML forbids replaced by U+FFFD")
    }

    @Test("Cairo output without a root, an xlink namespace or a closing tag is an error naming the part", arguments: [
        ("<?xml version=\"1.0\"?>\n<nosvg/>", "root <svg> element"),
        ("<svg xmlns=\"http://www.w3.org/2000/svg\">\n</svg>\n", "xlink namespace"),
        ("<svg xmlns:xlink=\"http://www.w3.org/1999/xlink\">\n<g/>\n", "closing </svg>"),
        ("<svg xmlns:xlink=\"http://www.w3.org/1999/xlink\">\n</svg>\n<!-- after -->", "closing </svg>"),
    ])
    func structure(svg: String, part: String) {
        let error = #expect(throws: CairoOutputError.self) { try SVGLinks.adding([], title: "t", to: Data(svg.utf8)) }
        #expect(error?.format == "SVG")
        #expect(error?.part.hasPrefix(part) == true)
    }
}
