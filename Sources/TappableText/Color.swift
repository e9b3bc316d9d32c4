/// An sRGB colour with straight (not premultiplied) alpha, each component 0...1.
public struct Color: Sendable, Hashable, Codable, LosslessStringConvertible {
    /// Red component, 0...1; values outside are stored as given.
    public var red: Double
    /// Green component, 0...1; values outside are stored as given.
    public var green: Double
    /// Blue component, 0...1; values outside are stored as given.
    public var blue: Double
    /// Opacity, 0 (transparent) ... 1 (opaque); values outside are stored as given.
    public var alpha: Double
    /// A colour from components in 0...1, opaque unless `alpha` is given; nothing is clamped or checked.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Opaque black, #000000.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white, #ffffff.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Fully transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// UIKit's default link tint (systemBlue, #007AFF).
    public static let link = Color(red: 0, green: 122 / 255, blue: 1)
    /// Opaque light grey, #aaaaaa (the default pressed-link background).
    public static let lightGray = Color(red: 2 / 3, green: 2 / 3, blue: 2 / 3)

    /// Parses `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (the `#` is required; ASCII hex digits in
    /// either case). Returns nil for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = Array(hex.dropFirst())
        // ASCII hex digits only (Character.isHexDigit also accepts full-width forms).
        guard digits.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
        func component(_ s: String) -> Double { Double(Int(s, radix: 16)!) / Double((1 << (4 * s.count)) - 1) }
        let parts: [String]
        switch digits.count {
        case 3, 4: parts = digits.map { String($0) }
        case 6, 8: parts = stride(from: 0, to: digits.count, by: 2).map { String(digits[$0..<$0 + 2]) }
        default: return nil
        }
        self.init(red: component(parts[0]), green: component(parts[1]), blue: component(parts[2]),
                  alpha: parts.count == 4 ? component(parts[3]) : 1)
    }

    /// A CSS named colour: the 148 of CSS Color Module Level 4 (`red`, `rebeccapurple`, `gray` and
    /// `grey` alike, with CSS's values, so `green` is #008000, not X11's #00ff00) and `transparent`
    /// (transparent black), in any ASCII case. Returns nil for any other name (`currentcolor` and
    /// system colours included: they depend on context a label does not have).
    public init?(named name: String) {
        guard name.utf8.count <= 32, name.allSatisfy(\.isASCII) else { return nil }
        let lower = name.lowercased()
        if lower == "transparent" { self = .clear; return }
        guard let rgb = Color.cssNames[lower] else { return nil }
        self.init(red: Double(rgb >> 16) / 255, green: Double(rgb >> 8 & 0xFF) / 255, blue: Double(rgb & 0xFF) / 255)
    }

    /// A colour as SPECs and tagged strings write it: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` or a
    /// CSS colour name (`init(named:)`). Nothing is trimmed; returns nil for anything else, and
    /// callers then say `Color.acceptedForms`.
    public init?(_ description: String) {
        if description.hasPrefix("#") { self.init(hex: description) } else { self.init(named: description) }
    }

    /// The forms `init(_:)` accepts, in words, for error messages.
    public static let acceptedForms = "a CSS colour name such as red or rebeccapurple, transparent, #rgb, #rgba, #rrggbb or #rrggbbaa"

    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var hexString: String {
        func byte(_ v: Double) -> String {
            let b = Int((min(max(v, 0), 1) * 255).rounded())
            return (b < 16 ? "0" : "") + String(b, radix: 16)
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }
    /// The `hexString` (which `init(_:)` reads back).
    public var description: String { hexString }
}
