import Foundation
import TappableInteraction
import TappableText

/// How `LabelRenderer.html` shows the label.
public enum HTMLImageFormat: String, Sendable, Hashable, CaseIterable {
    /// The label as PNG at 1x and 2x (`<picture>`: the 2x in a `srcset` for screens of 1.5 device
    /// pixels per CSS pixel or more), the pixels `LabelRenderer.image` paints, unchanged, with an
    /// image map: one `<area shape="rect">` per link rect. The default.
    case png
    /// The label's SVG inline (`LabelRenderer.svg`), its links `<a>` elements: crisp at any zoom.
    case svg
}

extension LabelRenderer {
    /// A self-contained HTML page showing the label at its size in CSS pixels (one point, one CSS
    /// pixel) at the page's top left, clickable exactly over each link's glyph rects: no script,
    /// no network (images are `data:` URIs or the SVG is inline), UTF-8. The page's `<title>` is
    /// the label's shown text (at most 100 characters, the last "…" when cut), the image's
    /// alternative text (or the SVG's `<title>`) all of it;
    /// each link is named by its region's text. Links are the regions' links as
    /// `LinkPolicy.documentURI(for:)` writes them: payloads and links `linkPolicy` refuses are
    /// plain text. `language` is the page's `lang`, a BCP 47 tag (default `und`, undetermined).
    /// Throws `RenderError.invalidLanguageTag` for a malformed tag, and as `image` (PNG, at 1x and
    /// 2x) or `svg` do.
    public static func html(_ label: TappableLabel, style: RenderStyle = RenderStyle(), state: RenderState = .normal,
                            linkPolicy: LinkPolicy = .default, image format: HTMLImageFormat = .png,
                            language: String = "und") throws -> Data {
        guard HTMLPage.isLanguageTag(language) else { throw RenderError.invalidLanguageTag(language) }
        let body: String
        switch format {
        case .png:
            let links = DocumentLink.links(of: label, policy: linkPolicy)
            let box = Size(width: label.size.width.rounded(.up), height: label.size.height.rounded(.up))
            let oneX = try pngDataURI(label, style: style, state: state, box: box, scale: 1)
            let twoX = try pngDataURI(label, style: style, state: state, box: box, scale: 2)
            body = HTMLPage.imageWithMap(oneX: oneX, twoX: twoX, box: box, alt: label.shownText, links: links)
        case .svg:
            body = HTMLPage.inline(svg: try svg(label, style: style, state: state, linkPolicy: linkPolicy))
        }
        return Data(HTMLPage.document(title: label.shownText, language: language, body: body).utf8)
    }

    /// The label painted at `scale` on a transparent canvas of `box` points (its size rounded up
    /// to whole points), as a `data:image/png;base64,…` URI. At 1x that is exactly the image
    /// `image(_:style:state:scale:)` paints; at 2x it is that image with one transparent row or
    /// column more where twice the label's size rounds up to an odd number of pixels, so the 2x
    /// image covers the same whole CSS pixels as the 1x. (Chromium resamples an image whose box
    /// ends on a half CSS pixel: 165 device pixels in 82.5 CSS pixels are not shown 1:1.)
    private static func pngDataURI(_ label: TappableLabel, style: RenderStyle, state: RenderState, box: Size, scale: Double) throws -> String {
        let painted = try image(size: box, scale: scale) { cr in LabelPainter(layout: label.layout, style: style, state: state).paint(cr) }
        return "data:image/png;base64," + (try painted.pngData()).base64EncodedString()
    }
}

/// The markup of `LabelRenderer.html`'s page. Every string in it goes through `MarkupText.escaped`.
enum HTMLPage {
    /// The longest page title, in characters (Swift `Character`s, the "…" of a cut title included).
    static let maximumTitleLength = 100

    /// The page around `body`: doctype, `lang`, UTF-8, the title, no margin (the label sits at
    /// the top left), the image a block (no line-box gap under it).
    static func document(title: String, language: String, body: String) -> String {
        let shortTitle = title.count > maximumTitleLength ? title.prefix(maximumTitleLength - 1) + "…" : title
        return """
        <!DOCTYPE html>
        <html lang="\(MarkupText.escaped(language))">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(MarkupText.escaped(String(shortTitle)))</title>
        <style>body{margin:0}img,svg{display:block}</style>
        </head>
        <body>
        \(body)</body>
        </html>

        """
    }

    /// A `<picture>` of `box` CSS pixels: the 2x PNG (`srcset` with a `2x` descriptor) on screens
    /// of 1.5 device pixels per CSS pixel or more, else the 1x PNG (the `<img>`'s `src`), each
    /// shown 1:1; and when there are links a `<map>` with an `<area shape="rect"
    /// coords="left,top,right,bottom">` (CSS pixels) per link rect. A link over several rects (a
    /// wrapped link) is one link to the keyboard and to assistive technology: its first area; the
    /// others are clickable but out of the tab order and hidden.
    ///
    /// Why not `<img srcset="… 1x, … 2x">`: Chromium takes the highest density among `data:`
    /// candidates whatever the screen ("nothing to download"), so a 1x screen would get the 2x
    /// image scaled down; a `<source>` with a media query is chosen by the screen alone.
    static func imageWithMap(oneX: String, twoX: String, box: Size, alt: String, links: [DocumentLink]) -> String {
        let mapName = "tappable-links"
        var html = "<picture>\n<source media=\"(min-resolution: 1.5dppx)\" srcset=\"\(MarkupText.escaped(twoX)) 2x\">\n"
        html += "<img src=\"\(MarkupText.escaped(oneX))\" width=\"\(MarkupText.number(box.width))\" height=\"\(MarkupText.number(box.height))\""
        html += " alt=\"\(MarkupText.escaped(alt))\""
        guard !links.isEmpty else { return html + ">\n</picture>\n" }
        html += " usemap=\"#\(mapName)\">\n</picture>\n<map name=\"\(mapName)\">\n"
        for link in links {
            for (i, r) in link.rects.enumerated() {
                let coords = [r.minX, r.minY, r.maxX, r.maxY].map(MarkupText.number).joined(separator: ",")
                html += "<area shape=\"rect\" coords=\"\(coords)\" href=\"\(MarkupText.escaped(link.uri))\" alt=\"\(MarkupText.escaped(link.name))\""
                html += i == 0 ? ">\n" : " tabindex=\"-1\" aria-hidden=\"true\">\n"
            }
        }
        return html + "</map>\n"
    }

    /// `svg` (as `LabelRenderer.svg` writes it) without its XML declaration, for an HTML body.
    static func inline(svg: Data) -> String {
        var text = String(decoding: svg, as: UTF8.self)
        if text.hasPrefix("<?xml"), let end = text.range(of: "?>") { text = String(text[end.upperBound...]).trimmingCharacters(in: .newlines) }
        return text.hasSuffix("\n") ? text : text + "\n"
    }

    /// Whether `tag` is a well-formed BCP 47 language tag as far as a page needs: a 2–8 letter
    /// language subtag, then subtags of 1–8 ASCII letters or digits joined by `-`, 64 characters
    /// at most (`en`, `en-GB`, `zh-Hant-TW`, `und`).
    static func isLanguageTag(_ tag: String) -> Bool {
        guard tag.utf8.count <= 64 else { return false }
        func isLetter(_ b: UInt8) -> Bool { (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) }
        func isDigit(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) }
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = subtags.first, (2...8).contains(language.utf8.count), language.utf8.allSatisfy(isLetter) else { return false }
        return subtags.dropFirst().allSatisfy { (1...8).contains($0.utf8.count) && $0.utf8.allSatisfy { isLetter($0) || isDigit($0) } }
    }
}
