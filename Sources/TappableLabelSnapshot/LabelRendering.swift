import Foundation
import TappableInteraction
import TappableJSON
import TappableRendering
import TappableSnapshot
import TappableSpec

/// A label's forms made: pixels for images, JSON for the rest.
public enum LabelRendering {
    /// The one place a painted label becomes the snapshot module's pixels (straight RGBA).
    public static func pixels(_ image: RenderedImage) throws -> RGBAImage { image.rgbaImage() }

    /// Why a form cannot be made for a label.
    public struct FormError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, e.g. `region 3 does not exist: the label has 2 regions`.
        public let description: String
    }

    /// The image of `form` (`normal`, `highlighted`, `overlay`) at `scale` device pixels per point.
    /// - Throws: `FormError` for a region index the label does not have or a JSON form; rendering
    ///   errors (scale outside 0.1...16, empty or oversized label).
    public static func image(_ form: LabelForm, of label: TappableLabel, style: RenderStyle, scale: Double) throws -> RGBAImage {
        try pixels(painted(form, of: label, style: style, scale: scale))
    }

    /// The painted image of `form` as the renderer returns it (premultiplied pixels; straight RGBA
    /// or PNG bytes made only when asked). Throws as `image(_:of:style:scale:)`.
    public static func painted(_ form: LabelForm, of label: TappableLabel, style: RenderStyle, scale: Double) throws -> RenderedImage {
        switch form {
        case .normal:
            return try LabelRenderer.image(label.layout, style: style, scale: scale)
        case let .highlighted(i):
            guard label.regions.indices.contains(i) else {
                throw FormError(description: "region \(i + 1) does not exist: the label has \(label.regions.count) region\(label.regions.count == 1 ? "" : "s")")
            }
            return try LabelRenderer.image(label.layout, style: style, state: .highlighted(label.highlight(for: label.regions[i])), scale: scale)
        case .overlay:
            return try OverlayRenderer.image(label, style: style, scale: scale)
        case .hitMap, .layout:
            throw FormError(description: "the \(form) is JSON, not an image")
        }
    }

    /// The JSON of `form` (`hitMap`, `layout`).
    /// - Throws: `FormError` for an image form.
    public static func json(_ form: LabelForm, of label: TappableLabel) throws -> JSON {
        switch form {
        case .hitMap: return JSON.hitMap(label)
        case .layout: return JSON.layout(label.layout)
        default: throw FormError(description: "the \(form) form is an image, not JSON")
        }
    }

    /// The text a JSON form is snapshot as: `JSON.prettyPrinted()` and a final newline, so a
    /// change shows as changed lines in a review.
    public static func snapshotText(_ json: JSON) -> String { json.prettyPrinted() + "\n" }
}
