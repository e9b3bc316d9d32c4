import TappableInteraction
import TappableJSON
import TappableLayout
import TappableText

// The JSON shapes of a label's values: every output that shows a layout, a region or a touch
// event builds it here, so one value always prints one way.

extension JSON {
    /// A region: `{"index","range","text","value","rects","tapAreas","frame"}` — its position in
    /// the label's regions, its shown UTF-16 range and text, its link (`null` for a region that is
    /// only flagged tappable), its glyph rects, tap areas and frame (points, label coordinates).
    /// The one shape of a region in `regions`, `hit`, `simulate`, the hit map and `examples`.
    public static func region(_ region: TappableRegion) -> JSON {
        .object([
            ("index", .int(region.index)),
            ("range", .range(region.range)),
            ("text", .string(region.text)),
            ("value", region.link.map(JSON.string) ?? .null),
            ("rects", .array(region.rects.map(JSON.rect))),
            ("tapAreas", .array(region.tapAreas.map(JSON.rect))),
            ("frame", .rect(region.frame)),
        ])
    }

    /// The hit map: `{"size":[w,h],"regions":[region…]}` (points).
    public static func hitMap(_ label: TappableLabel) -> JSON {
        .object([("size", .size(label.size)), ("regions", .array(label.regions.map(JSON.region)))])
    }

    /// A layout: `{"lines":[{"range","rect","baseline"}],"usedRect","textOrigin","size","truncated","fontScale"}`.
    public static func layout(_ layout: LabelLayout) -> JSON {
        let lines = layout.textLayout.lines.indices.map { i -> JSON in
            .object([
                ("range", .range(layout.textLayout.lines[i].characterRange)),
                ("rect", .rect(layout.lineRect(i))),
                ("baseline", .number(layout.baselineY(i))),
            ])
        }
        return .object([
            ("lines", .array(lines)),
            ("usedRect", .rect(layout.usedRect)),
            ("textOrigin", .point(layout.textOrigin)),
            ("size", .size(layout.size)),
            ("truncated", .bool(layout.textLayout.isTruncated)),
            ("fontScale", .number(layout.fontScale)),
        ])
    }

    /// A touch event, as `simulate` prints it: `{"event":"highlight","region":region|null,"time"}`,
    /// `{"event":"tap"|"longPress","index","region","time"}` or `{"event":"unhandled","point","time"}`.
    /// `index` is the UTF-16 index under the finger; times in seconds.
    public static func event(_ event: TouchEvent) -> JSON {
        switch event.kind {
        case let .highlightChanged(region):
            return .object([("event", .string("highlight")), ("region", region.map(JSON.region) ?? .null), ("time", .number(event.time))])
        case let .tap(info), let .longPress(info):
            let name = if case .tap = event.kind { "tap" } else { "longPress" }
            return .object([("event", .string(name)), ("index", .int(info.index)), ("region", .region(info.region)),
                            ("time", .number(event.time))])
        case let .unhandled(point):
            return .object([("event", .string("unhandled")), ("point", .point(point)), ("time", .number(event.time))])
        }
    }

    /// An accessibility element: `{"text","label","range","frame","rects","traits","value","region","actions"}`;
    /// `region` is the index of the region it shows (null for text between regions).
    public static func accessibilityElement(_ e: AccessibilityElement) -> JSON {
        .object([
            ("text", .string(e.text)), ("label", .string(e.label)), ("range", .range(e.range)),
            ("frame", .rect(e.frame)), ("rects", .array(e.rects.map(JSON.rect))),
            ("traits", .array(e.traits.names.map(JSON.string))),
            ("value", e.attributes.link.map(JSON.string) ?? .null),
            ("region", e.region.map { .int($0.index) } ?? .null),
            ("actions", .array(e.customActions.map { .string($0.name) })),
        ])
    }

    /// `[x, y]`.
    public static func point(_ p: Point) -> JSON { .array([.number(p.x), .number(p.y)]) }
    /// `[width, height]`.
    public static func size(_ s: Size) -> JSON { .array([.number(s.width), .number(s.height)]) }
}
