import TappableLayout
import TappableText

/// A label with tappable regions, headless: ZSWTappableLabel's model without UIKit. A value:
/// the text is laid out once, in `init`, and that one `LabelLayout` serves drawing, hit-testing,
/// highlights and accessibility frames; every query afterwards is a lookup.
///
/// Coordinates are label coordinates: points, origin at the top-left of `bounds`, y down. Indices
/// and ranges are UTF-16 offsets (NSRange semantics).
public struct TappableLabel: Sendable {
    /// The attributed text shown.
    public let text: AttributedText
    /// UILabel's layout properties the text was laid out with.
    public let properties: LabelProperties
    /// How the label reacts to touches.
    public let settings: InteractionSettings
    /// The one layout of the text in the label's bounds.
    public let layout: LabelLayout
    /// The tappable regions with at least one shown character, in text order.
    public let regions: [TappableRegion]
    /// Boxes of the truncation ellipses (the ellipsis x-extent, from the top of its line down
    /// without limit): taps there never reach a region, even inside a grown tap area.
    let ellipsisZones: [Rect]
    /// Every tap area with its region, sorted by top edge, for lookups by y.
    let tapIndex: TapAreaIndex

    /// The most tappable regions a label takes: runs of text that are links or flagged
    /// tappable, adjacent runs with the same link merged (100,000; a label with more is an error
    /// before layout). Every region becomes hit-map entries, tap areas and, in `tappable
    /// examples`, a highlighted image.
    public static let maximumRegionCount = 100_000

    /// Lays out `text` in a label `width` x `height` points (nil fits that dimension to the text,
    /// as `LabelLayout`). Throws the layout's errors (`LayoutError`, `FontError`),
    /// `InteractionSettingsError` for unusable settings, and `TappableLabelError.tooManyRegions`
    /// for text with more than `maximumRegionCount` regions (before laying out).
    public init(text: AttributedText, width: Double? = nil, height: Double? = nil,
                properties: LabelProperties = LabelProperties(),
                settings: InteractionSettings = InteractionSettings()) throws {
        try settings.validate()
        let regionCount = TappableRegion.spans(of: text).count
        guard regionCount <= Self.maximumRegionCount else {
            throw TappableLabelError.tooManyRegions(count: regionCount, limit: Self.maximumRegionCount)
        }
        let layout = try LabelLayout(text: text, width: width, height: height, properties: properties)
        self.init(validated: layout, text: text, properties: properties, settings: settings)
    }

    /// A label of `size` points (see the other initialiser).
    public init(text: AttributedText, size: Size, properties: LabelProperties = LabelProperties(),
                settings: InteractionSettings = InteractionSettings()) throws {
        try self.init(text: text, width: size.width, height: size.height, properties: properties, settings: settings)
    }

    private init(validated layout: LabelLayout, text: AttributedText, properties: LabelProperties,
                 settings: InteractionSettings) {
        self.text = text
        self.properties = properties
        self.settings = settings
        self.layout = layout
        regions = TappableRegion.regions(of: layout, settings: settings)
        // From the top of the ellipsis's line down, without limit.
        ellipsisZones = layout.ellipsisRects.map { Rect(x: $0.minX, y: $0.minY, width: $0.width, height: .infinity) }
        tapIndex = TapAreaIndex(regions)
    }

    /// The same label with other interaction settings, reusing this label's layout (no re-layout).
    /// Throws `InteractionSettingsError` for unusable settings.
    public func with(settings: InteractionSettings) throws -> TappableLabel {
        try settings.validate()
        return TappableLabel(validated: layout, text: text, properties: properties, settings: settings)
    }

    /// The label's size in points.
    public var size: Size { layout.size }
    /// The label's bounds: origin zero, `size`.
    public var bounds: Rect { layout.bounds }

    // MARK: - Hit-testing regions

    /// The index into `regions` of the region a touch at `point` belongs to, or nil.
    ///
    /// Strict: a point inside a region's glyph rect always picks that region; otherwise the point
    /// must lie inside a region's tap area (glyph rects grown by `tapAreaInsets` and the minimum
    /// target), and when several tap areas hold it, the region whose glyph rects are nearest
    /// (`Rect.distance`) wins, a tie going to text order. Empty space, the truncation ellipsis
    /// (and the space below it) and non-finite points give nil. Tap areas are not clipped to the
    /// bounds: the host decides which touches reach the label.
    public func regionIndex(at point: Point) -> Int? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        let candidates = tapIndex.regions(withTapAreaContaining: point) // ascending region order
        var best: Int?
        var bestDistance = Double.infinity
        for i in candidates {
            let region = regions[i]
            if region.glyphsContain(point) { return i }
            let d = region.distance(to: point)
            if d < bestDistance { best = i; bestDistance = d }
        }
        guard let best else { return nil }
        if ellipsisZones.contains(where: { $0.contains(point) }) { return nil }
        return best
    }

    /// The region a touch at `point` belongs to (see `regionIndex(at:)`), or nil.
    public func region(at point: Point) -> TappableRegion? { regionIndex(at: point).map { regions[$0] } }

    /// The index into `regions` of the region holding UTF-16 `index`, nil when none does.
    public func regionIndex(containing index: Int) -> Int? { regions.index(containing: index) { $0.range } }

    /// The attributes at UTF-16 `index` (empty attributes outside the text).
    public func attributes(at index: Int) -> TextAttributes { text.attributes(at: index).attributes }
}

/// A label that cannot be made from its text.
public enum TappableLabelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text has `count` tappable regions, more than `limit` (`TappableLabel.maximumRegionCount`).
    case tooManyRegions(count: Int, limit: Int)

    /// A message naming the count and the limit.
    public var description: String {
        switch self {
        case let .tooManyRegions(count, limit):
            return "the text has \(count) tappable regions (links and tappable runs), more than the \(limit) a label takes"
        }
    }
}

/// The tap areas of all regions sorted by top edge: a point's candidates are found by binary
/// search on y, then checked one by one (only the areas whose vertical extent can hold the point).
struct TapAreaIndex: Sendable {
    private let entries: [(area: Rect, region: Int)]
    private let tallest: Double

    init(_ regions: [TappableRegion]) {
        var entries: [(area: Rect, region: Int)] = []
        for (i, region) in regions.enumerated() {
            for area in region.tapAreas { entries.append((area, i)) }
        }
        entries.sort { ($0.area.minY, $0.region) < ($1.area.minY, $1.region) }
        self.entries = entries
        tallest = entries.map(\.area.height).max() ?? 0
    }

    /// The regions (ascending, no repeats) with a tap area containing `point`.
    func regions(withTapAreaContaining point: Point) -> [Int] {
        // First entry whose top may still reach down to the point.
        let lowest = point.y - tallest
        var lo = 0, hi = entries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if entries[mid].area.minY < lowest { lo = mid + 1 } else { hi = mid }
        }
        var found: [Int] = []
        var i = lo
        while i < entries.count, entries[i].area.minY <= point.y {
            if entries[i].area.contains(point), !found.contains(entries[i].region) { found.append(entries[i].region) }
            i += 1
        }
        return found.sorted()
    }
}
