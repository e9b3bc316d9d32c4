import TappableInteraction
import TappableText

/// A link as a document writes it (PDF annotation, SVG `<a>`, HTML `<area>`): the URI to open,
/// the name to announce, and the rects it covers (points, label coordinates, y down). Made from
/// the label's regions only; every format writes the same links.
struct DocumentLink: Equatable {
    /// The region's link as `LinkPolicy.documentURI(for:)` writes it: percent-encoded.
    var uri: String
    /// The region's shown text: the link's accessible name.
    var name: String
    /// The region's glyph rects, one per line fragment and bidi piece (never empty).
    var rects: [Rect]

    /// The links of `label`, in region order: each region whose link `policy` turns into a
    /// document URI. Payloads (values without a scheme, ISO dates), refused schemes and regions
    /// flagged tappable without a link get none.
    static func links(of label: TappableLabel, policy: LinkPolicy) -> [DocumentLink] {
        label.regions.compactMap { region in
            region.link.flatMap(policy.documentURI(for:)).map { DocumentLink(uri: $0, name: region.text, rects: region.rects) }
        }
    }
}

/// Cairo's PDF or SVG output could not be given its links: it lacks a part it always has (this
/// never should happen; the message names the format and the part).
struct CairoOutputError: Error, CustomStringConvertible {
    /// "PDF" or "SVG".
    var format: String
    /// What was missing, e.g. "trailer" or "closing </svg>".
    var part: String
    var description: String { "unexpected \(format) structure from Cairo: no \(part)" }
}

extension TappableLabel {
    /// What the label shows, as text: its shown characters in text order, with "…" wherever text
    /// is hidden (truncated, clipped or beyond the line limit). The alternative text of the
    /// label's image and the name of its SVG.
    var shownText: String {
        var out = "", cursor = 0
        for range in layout.textLayout.mergedVisibleCharacterRanges {
            if range.location > cursor { out += "…" }
            out += text.substring(range)
            cursor = range.upperBound
        }
        return cursor < text.length ? out + "…" : out
    }
}
