/// A JSON value as `JSONReader` reads it: numbers as `Double`, objects keeping their keys in
/// document order. `true` is never a number and `1` never a boolean.
///
/// Equality compares strings and keys by their Unicode scalars, as RFC 8259 does (Swift's own
/// `String` equality would call `"é"` and `"e\u{301}"` equal); objects are equal when they have the
/// same keys with equal values, in any order.
public enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, always finite (the reader refuses numbers beyond ±1.8e308).
    case number(Double)
    /// A string.
    case string(String)
    /// An array, in document order.
    case array([JSONValue])
    /// An object, its keys in document order and unique.
    case object(JSONObject)

    /// Scalar-exact equality (see the type's comment).
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x.utf8.elementsEqual(y.utf8)
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)): return x == y
        default: return false
        }
    }
}

/// A JSON object: members in document order, each key once. Keys compare by their Unicode scalars
/// (`"\u00e9"` and `"e\u0301"` are different keys, as in RFC 8259). Lookup is linear in small
/// objects and hashed in large ones, so reading an object of n members costs O(n).
public struct JSONObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// One key and its value.
    public struct Member: Sendable, Equatable {
        /// The member's key.
        public var key: String
        /// The member's value.
        public var value: JSONValue
        /// A member from its key and value.
        public init(key: String, value: JSONValue) { self.key = key; self.value = value }

        /// Scalar-exact key comparison (see `JSONObject`).
        public static func == (a: Member, b: Member) -> Bool { a.key.utf8.elementsEqual(b.key.utf8) && a.value == b.value }
    }

    /// The members in document order (insertion order for objects built in Swift).
    public private(set) var members: [Member] = []
    /// Positions of the members by key, kept once the object outgrows `linearLimit`.
    private var positions: [ExactKey: Int] = [:]
    /// Objects up to this many members are searched linearly (no hash table to allocate).
    private static let linearLimit = 12

    /// An empty object.
    public init() {}

    /// An object from a literal; a key written twice keeps its first position and its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        for (key, value) in elements { self[key] = value }
    }

    /// The keys in document order.
    public var keys: [String] { members.map(\.key) }
    /// How many members the object has.
    public var count: Int { members.count }
    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The value for `key` (compared by Unicode scalars), nil when the object has no such key.
    /// Setting a new key appends it; setting an existing key replaces its value in place; setting
    /// nil removes the key.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { members[$0].value } }
        set {
            switch (position(of: key), newValue) {
            case let (index?, value?): members[index].value = value
            case let (nil, value?): insertNew(key, value)
            case let (index?, nil):
                members.remove(at: index)
                rebuildPositions()
            case (nil, nil): break
            }
        }
    }

    /// Whether the object has `key` (compared by Unicode scalars).
    public func contains(_ key: String) -> Bool { position(of: key) != nil }

    /// Appends a key the object does not have yet; the reader checks first (`contains`).
    mutating func insertNew(_ key: String, _ value: JSONValue) {
        members.append(Member(key: key, value: value))
        if !positions.isEmpty {
            positions[ExactKey(key)] = members.count - 1
        } else if members.count > Self.linearLimit {
            rebuildPositions()
        }
    }

    private func position(of key: String) -> Int? {
        if !positions.isEmpty { return positions[ExactKey(key)] }
        return members.firstIndex { $0.key.utf8.elementsEqual(key.utf8) }
    }

    private mutating func rebuildPositions() {
        positions = [:]
        guard members.count > Self.linearLimit else { return }
        positions.reserveCapacity(members.count)
        for (i, member) in members.enumerated() { positions[ExactKey(member.key)] = i }
    }

    /// Equal when both have the same keys with equal values, in any order.
    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.count == b.count && a.members.allSatisfy { member in b[member.key] == member.value }
    }
}

/// A string hashed and compared by its UTF-8 bytes (its Unicode scalars), not by Swift's
/// canonical equivalence.
private struct ExactKey: Hashable, Sendable {
    let string: String
    init(_ string: String) { self.string = string }
    static func == (a: ExactKey, b: ExactKey) -> Bool { a.string.utf8.elementsEqual(b.string.utf8) }
    func hash(into hasher: inout Hasher) {
        var copy = string
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(string.utf8.count)
    }
}
