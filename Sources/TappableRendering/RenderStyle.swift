import TappableInteraction
import TappableText

/// How links look when not pressed (CCHLinkTextView's linkTextAttributes). Per-run attributes
/// win. How a pressed link looks is the label's (`InteractionSettings.highlightStyle`), painted
/// from the `Highlight` value.
public struct LinkStyle: Sendable, Hashable {
    /// Link text colour; nil keeps the run's colour. Default: the tint colour, #007AFF.
    public var color: Color?
    /// Whether links are underlined. Default: false (CCHLinkTextView); the SPEC can turn it on.
    public var underline: Bool

    /// A link style: #007AFF text and no underline unless given.
    public init(color: Color? = .link, underline: Bool = false) {
        self.color = color; self.underline = underline
    }
}

/// What a label looks like beyond its attributes: UILabel's textColor and backgroundColor, and the
/// link style.
public struct RenderStyle: Sendable, Hashable {
    /// Colour of text without a foreground colour attribute (UILabel: black).
    public var textColor: Color
    /// Fill behind the whole label; nil is transparent (UILabel's default).
    public var backgroundColor: Color?
    /// How links look, normally and while pressed.
    public var link: LinkStyle

    /// UILabel's look unless given: black text, transparent background, the default `LinkStyle`.
    public init(textColor: Color = .black, backgroundColor: Color? = nil, link: LinkStyle = LinkStyle()) {
        self.textColor = textColor; self.backgroundColor = backgroundColor; self.link = link
    }
}

/// Which state to paint.
public enum RenderState: Sendable, Hashable {
    /// Nothing pressed.
    case normal
    /// A region pressed: the highlight's rounded outline behind its rects, its characters in the
    /// pressed text colour (`TappableLabel.highlight(for:)` makes the value).
    case highlighted(Highlight)
}

/// Errors painting; each names what is wrong.
public enum RenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Scale must be a finite number in 0.1...16 (device pixels per point).
    case invalidScale(Double)
    /// The label has a zero side (empty text with no size given): there is nothing to paint.
    case emptyLabel(width: Double, height: Double)
    /// The image would be larger than `limit` pixels (`LabelRenderer.maxPixels`), or wider or
    /// taller than `LabelRenderer.maxPixelSide` pixels; width and height in pixels.
    case imageTooLarge(width: Double, height: Double, limit: Int)
    /// The PDF or SVG page would be wider or taller than `limit` points (`LabelRenderer.maxPageSide`).
    case pageTooLarge(width: Double, height: Double, limit: Double)
    /// Cairo failed; the message is Cairo's.
    case cairo(String)

    /// A message naming what is wrong and the allowed values.
    public var description: String {
        switch self {
        case let .invalidScale(s): return "scale \(s) is not a number of device pixels per point in 0.1...16"
        case let .emptyLabel(w, h):
            return "the label is \(w) x \(h) points: nothing to paint (give it a width and a height, or some text)"
        case let .imageTooLarge(w, h, limit):
            return "an image of \(whole(w)) x \(whole(h)) pixels is too large to paint (at most \(LabelRenderer.maxPixelSide) a side and \(limit) pixels in all): "
                + "lower the scale or the label's size"
        case let .pageTooLarge(w, h, limit):
            return "a page of \(w) x \(h) points is too large for PDF or SVG (at most \(Int(limit)) points a side)"
        case let .cairo(message): return "Cairo: \(message)"
        }
    }

    /// A pixel count without a fraction ("8193", not "8193.0").
    private func whole(_ value: Double) -> String { value.isFinite && abs(value) < 1e15 ? String(Int(value)) : String(value) }
}
