import TappableText

// Plain, JSON-ready data for the command line: every field a number, string, bool, array, nested
// record or nil. The CLI owns the formatting; these only gather the facts.

/// A region as data: its range, text, link, flag, custom attributes and geometry (label coordinates).
public struct RegionRecord: Sendable, Hashable, Codable {
    /// Position in `TappableLabel.regions`.
    public var index: Int
    /// Full UTF-16 range (truncated part included).
    public var range: TextRange
    /// The shown parts of the range.
    public var visibleRanges: [TextRange]
    /// The region's full text.
    public var text: String
    /// The link value, if any.
    public var link: String?
    /// Whether the tappable-region flag is set.
    public var isTappableRegion: Bool
    /// Custom attributes at the region's start.
    public var custom: [String: String]
    /// Union of `rects`.
    public var frame: Rect
    /// Glyph rects, one per line fragment and bidi piece.
    public var rects: [Rect]
    /// Tap areas, one per glyph rect.
    public var tapAreas: [Rect]
}

/// A touch event as data. `type` is "highlightChanged", "tap", "longPress" or "unhandled".
public struct TouchEventRecord: Sendable, Hashable, Codable {
    /// The event's type name.
    public var type: String
    /// When, in seconds.
    public var time: Double
    /// tap, longPress: the UTF-16 index under the finger.
    public var index: Int?
    /// highlightChanged: the highlighted range (nil: un-highlighted); tap, longPress: the region's range.
    public var range: TextRange?
    /// tap, longPress, highlightChanged (non-nil): the region's position in `TappableLabel.regions`.
    public var region: Int?
    /// tap, longPress: the link at the index, if any.
    public var link: String?
    /// tap, longPress: the region's text.
    public var text: String?
    /// tap, longPress: custom attributes at the index.
    public var custom: [String: String]?
    /// unhandled: where the touch began.
    public var point: Point?
}

/// An accessibility element as data.
public struct AccessibilityRecord: Sendable, Hashable, Codable {
    /// The element's shown text.
    public var text: String
    /// What is read (custom label or text).
    public var label: String
    /// UTF-16 range.
    public var range: TextRange
    /// Union of `rects`, label coordinates.
    public var frame: Rect
    /// Glyph rects, one per line fragment and bidi piece.
    public var rects: [Rect]
    /// Trait names: "link", "staticText".
    public var traits: [String]
    /// Custom action names, long press first.
    public var actions: [String]
    /// The region's position in `TappableLabel.regions`, nil for static text.
    public var region: Int?
}

extension TappableLabel {
    /// The regions as data, in text order.
    public func regionRecords() -> [RegionRecord] {
        regions.enumerated().map { i, r in
            RegionRecord(index: i, range: r.range, visibleRanges: r.visibleRanges, text: text.substring(r.range),
                         link: r.attributes.link, isTappableRegion: r.attributes.isTappableRegion,
                         custom: r.attributes.custom, frame: r.frame, rects: r.rects, tapAreas: r.tapAreas)
        }
    }

    /// `event` as data, with the region it concerns looked up in this label.
    public func record(for event: TouchEvent) -> TouchEventRecord {
        var record = TouchEventRecord(type: "", time: event.time)
        switch event.kind {
        case let .highlightChanged(range):
            record.type = "highlightChanged"
            record.range = range
            record.region = range.flatMap { regionIndex(containing: $0.location) }
        case let .tap(index, attributes), let .longPress(index, attributes):
            if case .tap = event.kind { record.type = "tap" } else { record.type = "longPress" }
            record.index = index
            record.link = attributes.link
            record.custom = attributes.custom
            if let r = regionIndex(containing: index) {
                record.region = r
                record.range = regions[r].range
                record.text = text.substring(regions[r].range)
            }
        case let .unhandled(point):
            record.type = "unhandled"
            record.point = point
        }
        return record
    }

    /// Events as data, in order.
    public func records(for events: [TouchEvent]) -> [TouchEventRecord] { events.map { record(for: $0) } }

    /// The accessibility elements as data (see `accessibilityElements(options:)`).
    public func accessibilityRecords(options: AccessibilityOptions = AccessibilityOptions()) -> [AccessibilityRecord] {
        accessibilityElements(options: options).map {
            AccessibilityRecord(text: $0.text, label: $0.label, range: $0.range, frame: $0.frame, rects: $0.rects,
                                traits: $0.traits.names, actions: $0.customActions.map(\.name), region: $0.regionIndex)
        }
    }
}
