import Foundation

/// The forms of a label that snapshots, `tappable examples` and `tappable check` produce: the
/// normal image, one highlighted image per region, the debug overlay, the hit map and the layout.
/// One definition, so a label is checked exactly as it is exported.
public enum LabelForm: Sendable, Hashable, CustomStringConvertible {
    /// The label painted normally.
    case normal
    /// The label painted with region `index` (0-based) pressed.
    case highlighted(region: Int)
    /// The debug overlay (tap areas, glyph rects, line boxes, baselines, legend).
    case overlay
    /// The hit map JSON (`JSON.hitMap`).
    case hitMap
    /// The layout JSON (`JSON.layout`).
    case layout

    /// Every form of a label with `regionCount` regions, in file order: normal, highlighted
    /// (one per region), overlay, hit map, layout.
    public static func all(regionCount: Int) -> [LabelForm] {
        [.normal] + (0..<max(regionCount, 0)).map { .highlighted(region: $0) } + [.overlay, .hitMap, .layout]
    }

    /// The part of the file name after the label's name: "" (normal), `highlighted`,
    /// `highlighted-2`, … (the second region on), `overlay`, `hitmap`, `layout`.
    public var partName: String {
        switch self {
        case .normal: return ""
        case let .highlighted(i): return i == 0 ? "highlighted" : "highlighted-\(i + 1)"
        case .overlay: return "overlay"
        case .hitMap: return "hitmap"
        case .layout: return "layout"
        }
    }

    /// The file extension: `png` for images, `json` for the hit map and layout.
    public var pathExtension: String { isImage ? "png" : "json" }

    /// What follows the label's name in the form's file name: `.png`, `.highlighted.png`,
    /// `.highlighted-2.png`, `.overlay.png`, `.hitmap.json`, `.layout.json`.
    public var fileSuffix: String { (partName.isEmpty ? "" : "." + partName) + "." + pathExtension }

    /// Whether the form is an image.
    public var isImage: Bool {
        switch self {
        case .normal, .highlighted, .overlay: return true
        case .hitMap, .layout: return false
        }
    }

    /// The scale this form is painted at for a label painted at `scale`: overlays at least 2 (the
    /// legend stays readable), the other images at `scale`.
    public func paintScale(labelScale scale: Double) -> Double {
        self == .overlay ? max(scale, 2) : scale
    }

    /// `normal`, `highlighted 2`, `overlay`, `hit map`, `layout`, for messages (regions counted from 1).
    public var description: String {
        switch self {
        case .normal: return "normal"
        case let .highlighted(i): return "highlighted \(i + 1)"
        case .overlay: return "overlay"
        case .hitMap: return "hit map"
        case .layout: return "layout"
        }
    }
}
