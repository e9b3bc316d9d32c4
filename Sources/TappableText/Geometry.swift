/// A point in points, origin top-left, y down.
public struct Point: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Horizontal position in points, growing right.
    public var x: Double
    /// Vertical position in points, growing down.
    public var y: Double
    /// A point at (`x`, `y`) points; not checked.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)
    /// "(x, y)".
    public var description: String { "(\(x), \(y))" }
}

/// A size in points. Negative or NaN sizes are rejected where a size is accepted from a user.
public struct Size: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double
    /// A size of `width` x `height` points; not checked here.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// 0 x 0 points.
    public static let zero = Size(width: 0, height: 0)
    /// "width x height".
    public var description: String { "\(width) x \(height)" }
}

/// An axis-aligned rectangle in points (origin top-left, y down); width and height are never negative
/// for rects the library produces.
public struct Rect: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Top-left corner, in points.
    public var origin: Point
    /// Width and height, in points.
    public var size: Size
    /// A rect at `origin` of `size`; not checked (negative sizes are stored as given).
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// A rect with top-left (`x`, `y`) and `width` x `height`, in points; not checked.
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y); size = Size(width: width, height: height)
    }
    /// The empty rect at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// "[minX, minY, width, height]".
    public var description: String { "[\(minX), \(minY), \(width), \(height)]" }

    /// Left edge in points.
    public var minX: Double { origin.x }
    /// Top edge in points.
    public var minY: Double { origin.y }
    /// Right edge in points (`minX + width`).
    public var maxX: Double { origin.x + size.width }
    /// Bottom edge in points (`minY + height`).
    public var maxY: Double { origin.y + size.height }
    /// Horizontal centre in points.
    public var midX: Double { origin.x + size.width / 2 }
    /// Vertical centre in points.
    public var midY: Double { origin.y + size.height / 2 }
    /// Width in points.
    public var width: Double { size.width }
    /// Height in points.
    public var height: Double { size.height }
    /// Whether the rect has no area: its width or height is zero, negative or NaN.
    public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    /// Whether `point` lies inside, edges included on the top and left, excluded on the bottom and right.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` lies entirely inside this rect (edges included).
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// The smallest rect containing both.
    public func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The rect moved by (dx, dy).
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// The rect shrunk by `insets` (UIKit's UIEdgeInsetsInsetRect: negative insets grow it); width and
    /// height stop at 0.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: minX + insets.left, y: minY + insets.top,
             width: max(0, width - insets.left - insets.right),
             height: max(0, height - insets.top - insets.bottom))
    }

    /// The distance from `point` to the nearest point of the rect; 0 inside.
    public func distance(to point: Point) -> Double {
        let dx = max(minX - point.x, 0, point.x - maxX)
        let dy = max(minY - point.y, 0, point.y - maxY)
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// Insets in points, UIKit's UIEdgeInsets: positive values shrink a rect, negative ones grow it.
public struct EdgeInsets: Sendable, Hashable, Codable {
    /// Inset of the top edge in points; positive moves it down.
    public var top: Double
    /// Inset of the left edge in points; positive moves it right.
    public var left: Double
    /// Inset of the bottom edge in points; positive moves it up.
    public var bottom: Double
    /// Inset of the right edge in points; positive moves it left.
    public var right: Double
    /// Insets of each side, in points; not checked.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// The same inset on all four sides.
    public init(all value: Double) { self.init(top: value, left: value, bottom: value, right: value) }
    /// No inset on any side.
    public static let zero = EdgeInsets(all: 0)
}
