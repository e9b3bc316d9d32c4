import Testing

/// An argument of a parameterised test shown by a short name in the test list instead of its
/// value (which may be megabytes of text).
public struct NamedCase<Value: Sendable>: CustomTestStringConvertible, Sendable {
    /// What the test list shows.
    public var name: String
    /// The argument itself.
    public var value: Value

    /// A case showing as `name`.
    public init(_ name: String, _ value: Value) { self.name = name; self.value = value }

    /// The name, for the test list.
    public var testDescription: String { name }
}
