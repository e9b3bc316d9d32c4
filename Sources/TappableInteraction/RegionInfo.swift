import TappableText

/// A region under a finger: the region, the character under the finger and the attributes
/// there. What a tap or a long press delivers, and what previews and context menus present from
/// (ZSWTappableLabel's `tappableRegionInfo(forPreviewingContext:location:)`). Label coordinates,
/// UTF-16 indices.
public struct TappableRegionInfo: Sendable, Hashable {
    /// The region touched.
    public var region: TappableRegion
    /// The UTF-16 index of the character under the finger (a grapheme cluster's start), or the
    /// region's nearest shown character when the finger is beside its glyphs; always inside
    /// `region.range`.
    public var index: Int
    /// The text's attributes at `index` (what ZSWTappableLabel's delegates receive).
    public var attributes: TextAttributes

    /// Info about `region` at `index` with `attributes`; stored as given.
    public init(region: TappableRegion, index: Int, attributes: TextAttributes) {
        self.region = region; self.index = index; self.attributes = attributes
    }

    /// The region's frame: the rect to present a preview from.
    public var frame: Rect { region.frame }
}

extension TappableLabel {
    /// The region under `point`, the character there and its attributes, or nil where a touch
    /// would be unhandled (same rules as `regionIndex(at:)`).
    public func regionInfo(at point: Point) -> TappableRegionInfo? {
        guard let region = region(at: point) else { return nil }
        return info(in: region, at: point)
    }

    /// What a finger at `point` reports inside `region`: the nearest shown character of the
    /// region and the attributes there.
    func info(in region: TappableRegion, at point: Point) -> TappableRegionInfo {
        let index = region.characterIndex(nearest: point)
        return TappableRegionInfo(region: region, index: index, attributes: attributes(at: index))
    }
}
