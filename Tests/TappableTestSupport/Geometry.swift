import TappableLayout
import TappableText

extension Rect {
    /// The rect's centre point.
    public var centre: Point { Point(x: midX, y: midY) }
}

extension LabelLayout {
    /// The centre of the `n`th rect of `range`, in label coordinates; traps when the range has
    /// fewer rects (a test error: the range is not shown).
    public func centre(of range: TextRange, rect n: Int = 0) -> Point { rects(for: range)[n].centre }

    /// The centre of the character (the one UTF-16 unit) at `index`, in label coordinates.
    public func centre(ofCharacter index: Int) -> Point { centre(of: TextRange(location: index, length: 1)) }
}
