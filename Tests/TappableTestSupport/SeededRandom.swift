/// A deterministic pseudo-random generator for property tests: a 64-bit linear congruential
/// generator (Knuth's MMIX constants), so a failure is replayed by its seed.
public struct SeededRandom: Sendable {
    /// The generator's state; the seed before the first draw.
    public var state: UInt64

    /// A generator starting at `state`.
    public init(state: UInt64) { self.state = state }

    /// The next state.
    public mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state
    }

    /// An integer in `0..<bound` (the state's high bits); `bound` must be positive.
    public mutating func next(_ bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        return Int((next() >> 33) % UInt64(bound))
    }

    /// A number in [0, 1) with 53 random bits.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// A number in `range`, uniformly.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }
}
