import TappableLayout
import TappableText

/// UIAccessibilityTraits' counterparts used by label elements.
public struct AccessibilityTraits: OptionSet, Sendable, Hashable {
    /// The trait bits: 1 link, 2 staticText.
    public let rawValue: Int
    /// Creates traits from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The element is a link (a tappable region).
    public static let link = AccessibilityTraits(rawValue: 1 << 0)
    /// The element is text that does not change.
    public static let staticText = AccessibilityTraits(rawValue: 1 << 1)

    /// The trait names, in a fixed order ("link", "staticText"), for JSON.
    public var names: [String] {
        var names: [String] = []
        if contains(.link) { names.append("link") }
        if contains(.staticText) { names.append("staticText") }
        return names
    }
}

/// A custom action offered on an accessibility element (UIAccessibilityCustomAction).
public struct AccessibilityCustomAction: Sendable, Hashable {
    /// What the action does when performed.
    public enum Kind: Sendable, Hashable {
        /// Performs a long press on the element's region at its first character (delivered to the
        /// long-press handler).
        case longPress(TappableRegionInfo)
        /// A caller-defined action, told apart by `identifier`.
        case custom(identifier: String)
    }
    /// The name read to the user.
    public var name: String
    /// What performing it does.
    public var kind: Kind
    /// An action named `name` doing `kind`.
    public init(name: String, kind: Kind) { self.name = name; self.kind = kind }
}

/// One accessibility element of a label (ZSWTappableLabel is an accessibility container that
/// exposes its text split at region boundaries: "View our ", "Privacy Policy" (link), " or "...).
public struct AccessibilityElement: Sendable, Hashable {
    /// The element's shown text (the substring of `range`).
    public var text: String
    /// What is read: the custom label when one was given, else `text`.
    public var label: String
    /// The element's UTF-16 range: a contiguous shown part of a region or of the text between regions.
    public var range: TextRange
    /// The union of `rects`, in label coordinates.
    public var frame: Rect
    /// The glyph rects of `range`, one per line fragment and bidi piece.
    public var rects: [Rect]
    /// `[.link, .staticText]` for a region (as ZSWTappableLabel), `.staticText` otherwise.
    public var traits: AccessibilityTraits
    /// The region the element shows (part of), nil for text between regions.
    public var region: TappableRegion?
    /// The attributes at the element's first character.
    public var attributes: TextAttributes
    /// Custom actions: the long press first (when offered), then the caller's.
    public var customActions: [AccessibilityCustomAction]
    /// The UTF-16 index activating the element taps (its first character), nil for static text.
    public var activationIndex: Int? { region == nil ? nil : range.location }
}

/// How a label builds its accessibility elements (ZSWTappableLabel's accessibility delegate and
/// long-press action name).
public struct AccessibilityOptions: Sendable {
    /// Whether region elements offer the long-press action (ZSWTappableLabel: when a long-press
    /// delegate is set). Default false.
    public var includesLongPressAction: Bool
    /// The long-press action's name. Default "Open Menu", ZSWTappableLabel's wording.
    public var longPressActionName: String
    /// A custom label for an element from its range and the attributes at its start; nil keeps the text.
    public var label: (@Sendable (TextRange, TextAttributes) -> String?)?
    /// Extra custom actions for an element from its range and the attributes at its start.
    public var customActions: (@Sendable (TextRange, TextAttributes) -> [AccessibilityCustomAction])?

    /// ZSWTappableLabel's default long-press action name.
    public static let defaultLongPressActionName = "Open Menu"

    /// Options; by default no long-press action, no custom labels or actions.
    public init(includesLongPressAction: Bool = false,
                longPressActionName: String = AccessibilityOptions.defaultLongPressActionName,
                label: (@Sendable (TextRange, TextAttributes) -> String?)? = nil,
                customActions: (@Sendable (TextRange, TextAttributes) -> [AccessibilityCustomAction])? = nil) {
        self.includesLongPressAction = includesLongPressAction
        self.longPressActionName = longPressActionName
        self.label = label
        self.customActions = customActions
    }
}

extension TappableLabel {
    /// The accessibility elements in reading (text) order: the text split at region boundaries,
    /// each region one element, the text between regions one element.
    ///
    /// Truncation: only shown text has elements. A span cut by the ellipsis keeps its shown part;
    /// a span with two shown parts (around a middle ellipsis) gives one element per part; a span
    /// with nothing shown (or only zero-width characters) gives none.
    public func accessibilityElements(options: AccessibilityOptions = AccessibilityOptions()) -> [AccessibilityElement] {
        guard text.length > 0 else { return [] }
        // Parts: each shown piece of a region or of the text between regions, in text order.
        var parts: [(range: TextRange, region: TappableRegion?)] = []
        var cursor = 0
        func addShownParts(of span: TextRange, region: TappableRegion?) {
            for part in visible.compactMap({ $0.intersection(span) }) { parts.append((part, region)) }
        }
        let visible = layout.textLayout.mergedVisibleCharacterRanges
        for region in regions {
            if region.range.location > cursor { addShownParts(of: TextRange(cursor..<region.range.location), region: nil) }
            addShownParts(of: region.range, region: region)
            cursor = region.range.upperBound
        }
        if cursor < text.length { addShownParts(of: TextRange(cursor..<text.length), region: nil) }

        var elements: [AccessibilityElement] = []
        for (part, geometry) in zip(parts, layout.geometry(of: parts.map(\.range))) where !geometry.rects.isEmpty {
            let rects = geometry.rects
            let attributes = attributes(at: part.range.location)
            let string = text.substring(part.range)
            var actions: [AccessibilityCustomAction] = []
            if let region = part.region, options.includesLongPressAction {
                let info = TappableRegionInfo(region: region, index: part.range.location, attributes: attributes)
                actions.append(AccessibilityCustomAction(name: options.longPressActionName, kind: .longPress(info)))
            }
            actions += options.customActions?(part.range, attributes) ?? []
            elements.append(AccessibilityElement(
                text: string, label: options.label?(part.range, attributes) ?? string, range: part.range,
                frame: rects.dropFirst().reduce(rects[0]) { $0.union($1) }, rects: rects,
                traits: part.region == nil ? .staticText : [.link, .staticText], region: part.region,
                attributes: attributes, customActions: actions))
        }
        return elements
    }
}
