import Foundation
import TappableInteraction
import TappableJSON
import TappableRendering
import TappableSnapshot
import TappableSpec

extension LabelForm {
    /// The snapshot of this form of `label` painted at `scale` (overlays at
    /// `paintScale(labelScale:)`), ready to verify: images compared with pixelmatch under `diff`,
    /// JSON forms as pretty-printed text compared line by line.
    /// - Throws: rendering errors and `LabelRendering.FormError` (e.g. a region the label lacks).
    public func snapshot(of label: TappableLabel, style: RenderStyle, scale: Double,
                         diff: ImageDiff.Options = ImageDiff.Options()) throws -> PreparedSnapshot {
        switch self {
        case .normal, .highlighted, .overlay:
            let image = try LabelRendering.image(self, of: label, style: style, scale: paintScale(labelScale: scale))
            return try Snapshotting<RGBAImage, RGBAImage>.image(diff).prepare(image)
        case .hitMap, .layout:
            return try Snapshotting<String, String>.lines(pathExtension: "json")
                .prepare(LabelRendering.snapshotText(LabelRendering.json(self, of: label)))
        }
    }
}

extension Snapshotting where Value == TappableLabel, Format == RGBAImage {
    /// The label painted at `scale` device pixels per point (1...16, default 1) with `style`,
    /// normally or with region `highlighting` pressed (0-based index into `label.regions`; a
    /// region the label lacks fails the snapshot). Compared with pixelmatch under `diff`.
    public static func image(scale: Double = 1, style: RenderStyle = RenderStyle(), highlighting region: Int? = nil,
                             diff: ImageDiff.Options = ImageDiff.Options()) -> Snapshotting {
        let form: LabelForm = region.map { .highlighted(region: $0) } ?? .normal
        return Snapshotting(pathExtension: "png", diffing: .image(diff)) { try LabelRendering.image(form, of: $0, style: style, scale: scale) }
    }

    /// The label painted at scale 1 in the default style.
    public static var image: Snapshotting { image() }

    /// The debug overlay (tap areas, glyph rects, line boxes, baselines and a legend) at `scale`
    /// (default 2), compared with pixelmatch under `diff`.
    public static func overlay(scale: Double = 2, style: RenderStyle = RenderStyle(),
                               diff: ImageDiff.Options = ImageDiff.Options()) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(diff)) { try LabelRendering.image(.overlay, of: $0, style: style, scale: scale) }
    }

    /// The debug overlay at scale 2.
    public static var overlay: Snapshotting { overlay() }
}

extension Snapshotting where Value == TappableLabel, Format == String {
    /// The hit map (`{"size","regions":[…]}`, points) as pretty-printed JSON, compared line by line.
    public static var hitMap: Snapshotting { json(.hitMap) }

    /// The layout (`{"lines","usedRect","textOrigin","size","truncated","fontScale"}`) as
    /// pretty-printed JSON, compared line by line.
    public static var layout: Snapshotting { json(.layout) }

    private static func json(_ form: LabelForm) -> Snapshotting {
        Snapshotting(pathExtension: "json", diffing: .lines) { LabelRendering.snapshotText(try LabelRendering.json(form, of: $0)) }
    }
}

extension SnapshotGroup where Value == TappableLabel {
    /// A label-aware snapshot: the image, the hit map and the layout in one call, as
    /// `<name>.png`, `<name>.hitmap.json` and `<name>.layout.json`. A change in where a finger
    /// lands fails even when the pixels do not change, and the other way round.
    public static func label(scale: Double = 1, style: RenderStyle = RenderStyle(),
                             diff: ImageDiff.Options = ImageDiff.Options()) -> SnapshotGroup {
        forms(scale: scale, style: style, diff: diff) { _ in [.normal, .hitMap, .layout] }
    }

    /// Every form `tappable check` compares: normal, one highlighted image per region, the
    /// overlay (at the scale, at least 2), the hit map and the layout.
    public static func allForms(scale: Double = 1, style: RenderStyle = RenderStyle(),
                                diff: ImageDiff.Options = ImageDiff.Options()) -> SnapshotGroup {
        forms(scale: scale, style: style, diff: diff) { LabelForm.all(regionCount: $0.regions.count) }
    }

    private static func forms(scale: Double, style: RenderStyle, diff: ImageDiff.Options,
                              _ which: @escaping @Sendable (TappableLabel) -> [LabelForm]) -> SnapshotGroup {
        SnapshotGroup { label in
            try which(label).map { SnapshotPart(name: $0.partName, snapshot: try $0.snapshot(of: label, style: style, scale: scale, diff: diff)) }
        }
    }
}

// SPEC values: the label, its style and its scale come from the SPEC.

extension Snapshotting where Value == LabelSpec, Format == RGBAImage {
    /// The SPEC's label painted with its style at `scale` (nil: the SPEC's `scale`), normally or
    /// with region `highlighting` (0-based) pressed.
    public static func image(scale: Double? = nil, highlighting region: Int? = nil,
                             diff: ImageDiff.Options = ImageDiff.Options()) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(diff)) { spec in
            try Snapshotting<TappableLabel, RGBAImage>.image(scale: scale ?? spec.scale, style: spec.style, highlighting: region, diff: diff)
                .snapshot(spec.tappableLabel())
        }
    }

    /// The SPEC's label painted with its style and scale.
    public static var image: Snapshotting { image() }

    /// The SPEC's debug overlay at `scale` (nil: the SPEC's scale, at least 2).
    public static func overlay(scale: Double? = nil, diff: ImageDiff.Options = ImageDiff.Options()) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(diff)) { spec in
            try LabelRendering.image(.overlay, of: spec.tappableLabel(), style: spec.style,
                                     scale: scale ?? LabelForm.overlay.paintScale(labelScale: spec.scale))
        }
    }

    /// The SPEC's debug overlay at its scale, at least 2.
    public static var overlay: Snapshotting { overlay() }
}

extension Snapshotting where Value == LabelSpec, Format == String {
    /// The SPEC's hit map as pretty-printed JSON.
    public static var hitMap: Snapshotting { Snapshotting<TappableLabel, String>.hitMap.pullback { try $0.tappableLabel() } }

    /// The SPEC's layout as pretty-printed JSON.
    public static var layout: Snapshotting { Snapshotting<TappableLabel, String>.layout.pullback { try $0.tappableLabel() } }
}

extension SnapshotGroup where Value == LabelSpec {
    /// The SPEC's image (its style, at `scale` or its own), hit map and layout in one call.
    public static func label(scale: Double? = nil, diff: ImageDiff.Options = ImageDiff.Options()) -> SnapshotGroup {
        SnapshotGroup { spec in
            try SnapshotGroup<TappableLabel>.label(scale: scale ?? spec.scale, style: spec.style, diff: diff).parts(spec.tappableLabel())
        }
    }

    /// Every form of the SPEC's label, as `tappable check` compares them.
    public static func allForms(scale: Double? = nil, diff: ImageDiff.Options = ImageDiff.Options()) -> SnapshotGroup {
        SnapshotGroup { spec in
            try SnapshotGroup<TappableLabel>.allForms(scale: scale ?? spec.scale, style: spec.style, diff: diff).parts(spec.tappableLabel())
        }
    }
}
