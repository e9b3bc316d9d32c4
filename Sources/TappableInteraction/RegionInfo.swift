import TappableText

/// What lies under a point, for previews and context menus (ZSWTappableLabel's
/// `tappableRegionInfo(forPreviewingContext:location:)`). Label coordinates, UTF-16 ranges.
public struct TappableRegionInfo: Sendable, Hashable {
    /// The index of the region in `TappableLabel.regions`.
    public var regionIndex: Int
    /// The region's full range (truncated part included).
    public var range: TextRange
    /// The UTF-16 index of the character under the point (or the region's nearest shown one).
    public var index: Int
    /// The attributes at `index` (what a tap there delivers).
    public var attributes: TextAttributes
    /// The union of `rects`: the rect to present a preview from.
    public var frame: Rect
    /// The region's glyph rects, one per line fragment and bidi piece.
    public var rects: [Rect]
}

extension TappableLabel {
    /// The region under `point` with its frame, or nil where a touch would be unhandled (same
    /// rules as `regionIndex(at:)`).
    public func regionInfo(at point: Point) -> TappableRegionInfo? {
        guard let target = touchTarget(at: point) else { return nil }
        let region = regions[target.region]
        return TappableRegionInfo(regionIndex: target.region, range: region.range, index: target.index,
                                  attributes: attributes(at: target.index), frame: region.frame, rects: region.rects)
    }
}
