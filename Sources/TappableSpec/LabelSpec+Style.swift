import TappableInteraction
import TappableJSON
import TappableRendering
import TappableText

/// The SPEC's painting fields: `scale`, `background`, `color` and the `link` style. The link's
/// pressed look (`highlightedColor`, `highlightedBackground`, `cornerRadius`) and its
/// `tapAreaInsets` belong to the label's interaction settings, which `interaction` completes.
extension LabelSpec {
    static let styleFields: Set<String> = ["scale", "background", "link"]

    static func parseStyle(_ reader: FieldReader, object: JSONObject) throws -> (RenderStyle, Double, InteractionSettings) {
        var style = RenderStyle()
        var settings = InteractionSettings()
        if let color = try reader.color("color") { style.textColor = color }
        style.backgroundColor = try reader.color("background")
        let scale = try reader.number("scale", minimum: 0.1, maximum: 16) ?? 1
        if let link = object["link"], link != .null {
            guard case let .object(o) = link else { throw SpecError(field: "link", "must be an object {\"color\",\"underline\",\"highlightedColor\",\"highlightedBackground\",\"cornerRadius\",\"tapAreaInsets\"}") }
            let allowed: Set<String> = ["color", "underline", "highlightedColor", "highlightedBackground", "cornerRadius", "tapAreaInsets"]
            if let unknown = o.keys.first(where: { !allowed.contains($0) }) { throw SpecError(field: "link.\(unknown)", "unknown field") }
            let r = FieldReader(object: o, path: "link.", baseDirectory: reader.baseDirectory)
            if o["color"] != nil { style.link.color = try r.color("color") }
            style.link.underline = try r.bool("underline") ?? style.link.underline
            if o["highlightedColor"] != nil { settings.highlightStyle.textColor = try r.color("highlightedColor") }
            if o["highlightedBackground"] != nil { settings.highlightStyle.backgroundColor = try r.color("highlightedBackground") }
            settings.highlightStyle.cornerRadius = try r.number("cornerRadius", minimum: 0, maximum: LabelSpec.maximumLength)
                ?? settings.highlightStyle.cornerRadius
            if let insets = o["tapAreaInsets"] {
                switch insets {
                case let .number(all) where abs(all) <= LabelSpec.maximumLength: settings.tapAreaInsets = EdgeInsets(all: all)
                case let .array(values) where values.count == 4:
                    let numbers = values.compactMap { v -> Double? in
                        if case let .number(d) = v, abs(d) <= LabelSpec.maximumLength { return d }
                        return nil
                    }
                    guard numbers.count == 4 else { throw r.fail("tapAreaInsets", "must be a number or [top, left, bottom, right] in points, each within ±1000000") }
                    settings.tapAreaInsets = EdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3])
                default: throw r.fail("tapAreaInsets", "must be a number or [top, left, bottom, right] in points, each within ±1000000")
                }
            }
        }
        return (style, scale, settings)
    }
}
