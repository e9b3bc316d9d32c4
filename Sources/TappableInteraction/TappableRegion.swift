import TappableLayout
import TappableText

/// One tappable region of a label: a maximal range of text carrying the same link value, the
/// same tappable-region flag and the same custom attributes (ZSWTappableLabel's `.tappableRegion`
/// / `.link` and the payload next to them), with its geometry in label coordinates (points,
/// origin top-left of the label's bounds, y down). The one model of a region: touches, taps,
/// highlights, the overlay, PDF link annotations, accessibility and every JSON output start from
/// this value; nothing looks a region up again.
///
/// Truncation: truncated characters are not part of any region. `range` covers the shown part of
/// the region (from its first to its last shown character); `fullRange` is the whole range in the
/// text; `rects`, `tapAreas` and `visibleRanges` cover only shown characters. A region with no
/// shown character is not a region of the label at all.
public struct TappableRegion: Sendable, Hashable {
    /// The region's position in `TappableLabel.regions` (text order, from 0).
    public let index: Int
    /// The region's shown UTF-16 range (NSRange semantics): what is highlighted and reported.
    public let range: TextRange
    /// The region's whole UTF-16 range in the text, truncated part included.
    public let fullRange: TextRange
    /// The text of `range` (what the region shows, the ellipsis excluded).
    public let text: String
    /// The attributes at the region's first character.
    public let attributes: TextAttributes
    /// The glyph rects of the shown characters, one per line fragment and bidi piece, not grown:
    /// what the highlight fills. Never empty.
    public let rects: [Rect]
    /// The tap areas: each of `rects` grown by the tap-area insets, then to the minimum tap-target
    /// size (centred on the glyph rect); never smaller than its glyph rect. Same order as `rects`.
    public let tapAreas: [Rect]
    /// The parts of `range` that are shown (one part, or two around a middle ellipsis).
    public let visibleRanges: [TextRange]
    /// The shown grapheme clusters of the region (start index and box, label coordinates), in
    /// line order then visual order: they name the character under a finger without touching the
    /// layout again. Never empty.
    let clusters: [ClusterRect]

    /// The link value, if the region is a link; nil for a region that is only flagged tappable.
    /// This is the region's `value` in every JSON output (`null` when nil).
    public var link: String? { attributes.link }
    /// The union of `rects`: the region's frame (for previews, context menus, accessibility).
    public var frame: Rect { rects.dropFirst().reduce(rects[0]) { $0.union($1) } }

    /// The distance in points from `point` to the nearest of the region's glyph rects (0 inside).
    public func distance(to point: Point) -> Double {
        rects.reduce(Double.infinity) { min($0, $1.distance(to: point)) }
    }

    /// Whether `point` lies inside one of the glyph rects (top/left edges in, bottom/right out).
    public func glyphsContain(_ point: Point) -> Bool { rects.contains { $0.contains(point) } }

    /// Whether `point` lies inside one of the tap areas.
    public func tapAreasContain(_ point: Point) -> Bool { tapAreas.contains { $0.contains(point) } }

    /// The UTF-16 index (start of a grapheme cluster, inside `range`) of the region's shown
    /// character under `point`, or the nearest one when the point is beside the glyphs (in the
    /// grown tap area, or anywhere else). Ties go to text order. Non-finite points give the first
    /// shown character.
    public func characterIndex(nearest point: Point) -> Int {
        var best = clusters[0]
        var bestDistance = Double.infinity
        for cluster in clusters {
            if cluster.rect.contains(point) { best = cluster; break }
            let d = cluster.rect.distance(to: point)
            if d < bestDistance || (d == bestDistance && cluster.index < best.index) {
                best = cluster; bestDistance = d
            }
        }
        return min(max(best.index, range.location), range.upperBound - 1)
    }
}

extension TappableRegion {
    /// The regions of `layout`'s text in text order: adjacent runs that are tappable (a link or
    /// the region flag) and share the same link value, flag and custom attributes form one
    /// region. One pass over the runs and one over the layout's boxes, whatever the number of
    /// regions.
    static func regions(of layout: LabelLayout, settings: InteractionSettings) -> [TappableRegion] {
        let text = layout.textLayout.text
        let spans = self.spans(of: text)
        let geometries = layout.geometry(of: spans.map(\.range))
        let visible = layout.textLayout.mergedVisibleCharacterRanges
        var regions: [TappableRegion] = []
        for (span, geometry) in zip(spans, geometries) where !geometry.rects.isEmpty && !geometry.clusters.isEmpty {
            let shown = visible.compactMap { $0.intersection(span.range) }
            let shownRange = shown.isEmpty ? span.range : TextRange(shown.first!.location..<shown.last!.upperBound)
            regions.append(TappableRegion(
                index: regions.count, range: shownRange, fullRange: span.range, text: text.substring(shownRange),
                attributes: span.attributes, rects: geometry.rects,
                tapAreas: geometry.rects.map { tapArea(for: $0, settings: settings) },
                visibleRanges: shown, clusters: geometry.clusters))
        }
        return regions
    }

    /// The candidate regions of `text`: its tappable runs, adjacent ones with the same link
    /// value, flag and custom attributes merged. One pass over the runs.
    static func spans(of text: AttributedText) -> [(range: TextRange, attributes: TextAttributes)] {
        var spans: [(range: TextRange, attributes: TextAttributes)] = []
        for run in text.runs where run.attributes.isTappable {
            if let last = spans.last, last.range.upperBound == run.range.location,
               last.attributes.link == run.attributes.link,
               last.attributes.isTappableRegion == run.attributes.isTappableRegion,
               last.attributes.custom == run.attributes.custom {
                spans[spans.count - 1].range.length += run.range.length
            } else {
                spans.append((run.range, run.attributes))
            }
        }
        return spans
    }

    /// A glyph rect grown by the insets, then to the minimum target centred on the glyph rect,
    /// never smaller than the glyph rect itself.
    static func tapArea(for rect: Rect, settings: InteractionSettings) -> Rect {
        var area = rect.inset(by: settings.tapAreaInsets).union(rect)
        if let minimum = settings.minimumTapTargetSize {
            if area.width < minimum.width {
                area.origin.x = min(area.minX, rect.midX - minimum.width / 2)
                area.size.width = max(area.maxX, rect.midX + minimum.width / 2) - area.minX
            }
            if area.height < minimum.height {
                area.origin.y = min(area.minY, rect.midY - minimum.height / 2)
                area.size.height = max(area.maxY, rect.midY + minimum.height / 2) - area.minY
            }
        }
        return area
    }
}
