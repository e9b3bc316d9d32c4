import Foundation
import TappableText

/// What is wrong with a JSON text, and where: 1-based line and column (columns count Unicode
/// scalars, a tab counts one) and the 0-based byte offset, plus the path of the value being read
/// (`runs[0].link`; empty at the top level).
public struct JSONReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of problem, for callers that treat some differently.
    public enum Kind: Sendable, Equatable {
        /// Not JSON's grammar: a missing comma, a trailing comma, a comment, a bad literal or number.
        case syntax
        /// A raw control character (U+0000...U+001F: tab, line feed…) inside a string.
        case controlCharacter
        /// Bytes that are not UTF-8: in a string, between values, or a UTF-16 or UTF-32 text.
        case invalidUTF8
        /// A number beyond ±1.7976931348623157e308, the largest finite `Double`.
        case numberOutOfRange
        /// A key given twice in one object (compared after unescaping: `"t\u0065xt"` is `"text"`).
        case duplicateKey
        /// Arrays and objects nested deeper than the reader's `maximumDepth`.
        case tooDeep
        /// A text longer than the reader's `maximumLength`.
        case tooLong
    }

    /// The kind of problem.
    public var kind: Kind
    /// What is wrong, naming what was expected and what was found.
    public var message: String
    /// 1-based line (lines end at LF, CR LF or CR).
    public var line: Int
    /// 1-based column, in Unicode scalars from the line's start.
    public var column: Int
    /// 0-based byte offset into the text.
    public var offset: Int
    /// The path of the value being read, e.g. `runs[0].link` (for a duplicate key: the key's path);
    /// empty at the top level.
    public var path: String

    /// An error from its parts.
    public init(kind: Kind, message: String, line: Int, column: Int, offset: Int, path: String) {
        self.kind = kind; self.message = message; self.line = line; self.column = column; self.offset = offset; self.path = path
    }

    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A strict JSON reader: RFC 8259 exactly, UTF-8 only, into `JSONValue`.
///
/// - Refused, each with a message naming what was expected: trailing commas, comments, single
///   quotes, `NaN`/`Infinity`, leading zeros (`01`), `+1`, `.5`, `1.`, raw control characters in
///   strings (tab and line feed included: write `\t`, `\n`), bytes that are not UTF-8 (overlong,
///   surrogate and truncated sequences too), UTF-16 and UTF-32 texts, a key given twice in one
///   object (after unescaping, so `"t\u0065xt"` and `"text"` are one key; keys compare by Unicode
///   scalars), numbers beyond ±1.8e308, anything after the value.
/// - Accepted beyond the bare grammar: a UTF-8 byte order mark at the start is skipped; an escaped
///   lone surrogate (`"\ud800"`, which no Swift string can hold) reads as U+FFFD, the replacement
///   character, as most JSON readers do; numbers too small for a `Double` round to 0.
/// - Bounded: at most `maximumDepth` nested arrays and objects and `maximumLength` bytes. Reading
///   is iterative and linear in the text's length.
public struct JSONReader: Sendable {
    /// The default depth limit: 512 nested arrays and objects.
    public static let defaultMaximumDepth = 512
    /// The default length limit: 16 MiB (16,777,216 bytes).
    public static let defaultMaximumLength = 16 * 1024 * 1024

    /// The most arrays and objects that may be open at once; deeper is `JSONReadError.Kind.tooDeep`.
    public var maximumDepth: Int
    /// The longest text read, in bytes; longer is `JSONReadError.Kind.tooLong`.
    public var maximumLength: Int

    /// A reader with these limits (negative limits act as 0).
    public init(maximumDepth: Int = JSONReader.defaultMaximumDepth, maximumLength: Int = JSONReader.defaultMaximumLength) {
        self.maximumDepth = max(0, maximumDepth)
        self.maximumLength = max(0, maximumLength)
    }

    /// Reads one JSON value from UTF-8 bytes. Throws `JSONReadError` for anything RFC 8259 does
    /// not allow (see the type's comment).
    public func read(_ bytes: [UInt8]) throws(JSONReadError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { read(buffer: $0) }.get()
    }

    /// Reads one JSON value from UTF-8 data. Throws as `read(_:)` with bytes.
    public func read(_ data: Data) throws(JSONReadError) -> JSONValue {
        try data.withUnsafeBytes { read(buffer: $0.bindMemory(to: UInt8.self)) }.get()
    }

    /// Reads one JSON value from a string's UTF-8. Throws as `read(_:)` with bytes.
    public func read(_ text: String) throws(JSONReadError) -> JSONValue {
        var text = text
        return try text.withUTF8 { read(buffer: $0) }.get()
    }

    private func read(buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, JSONReadError> {
        var parser = JSONParser(bytes: buffer, maximumDepth: maximumDepth)
        do throws(JSONReadError) {
            if buffer.count > maximumLength {
                throw parser.error(.tooLong, at: maximumLength,
                                   "the text is \(buffer.count) bytes, longer than the limit of \(maximumLength) bytes")
            }
            return .success(try parser.parseDocument())
        } catch {
            return .failure(error)
        }
    }
}

/// Byte values the parser looks for.
private enum Byte {
    static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), slash = UInt8(ascii: "/")
    static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
    static let comma = UInt8(ascii: ","), colon = UInt8(ascii: ":"), minus = UInt8(ascii: "-"), plus = UInt8(ascii: "+")
    static let dot = UInt8(ascii: "."), zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9")
    static let space = UInt8(ascii: " "), tab = UInt8(0x09), lineFeed = UInt8(0x0A), carriageReturn = UInt8(0x0D)

    static func isDigit(_ b: UInt8) -> Bool { b >= zero && b <= nine }
    static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
    static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case zero...nine: return UInt32(b - zero)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
    static func hex(_ b: UInt8) -> String { "0x" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true) }
    static func codePoint(_ v: UInt32) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// The reader's one pass over the bytes: an explicit stack of open arrays and objects (no
/// recursion), each value attached to its parent as soon as it is complete.
private struct JSONParser {
    /// An array or object being read.
    struct Frame {
        var isObject: Bool
        var items: [JSONValue] = []
        var object = JSONObject()
        /// The key whose value is being read (objects), valid when `hasKey`.
        var key = ""
        var hasKey = false
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var i = 0
    /// Where the text starts after a byte order mark (columns count from here).
    var contentStart = 0
    var stack: [Frame] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    var n: Int { bytes.count }

    static let valueWords = "a value (an object, array, string, number, true, false or null)"

    mutating func parseDocument() throws(JSONReadError) -> JSONValue {
        try checkEncoding()
        var value: JSONValue
        var afterComma = false
        document: while true {
            // A value, or the start of a container whose first value comes next.
            skipWhitespace()
            guard i < n else { throw unexpected(expecting: afterComma ? "\(Self.valueWords) after ','" : Self.valueWords) }
            let b = bytes[i]
            switch b {
            case Byte.openBrace:
                try open(isObject: true)
                skipWhitespace()
                if i < n, bytes[i] == Byte.closeBrace {
                    i += 1
                    value = .object(stack.removeLast().object)
                } else {
                    try readKey(afterComma: false)
                    afterComma = false
                    continue document
                }
            case Byte.openBracket:
                try open(isObject: false)
                skipWhitespace()
                if i < n, bytes[i] == Byte.closeBracket {
                    i += 1
                    value = .array(stack.removeLast().items)
                } else {
                    afterComma = false
                    continue document
                }
            case Byte.quote:
                value = .string(try readString())
            case Byte.minus, Byte.zero...Byte.nine:
                value = .number(try readNumber())
            default:
                if Byte.isLetter(b) {
                    value = try readLiteral()
                } else if afterComma, b == Byte.closeBracket {
                    throw unexpected(expecting: "\(Self.valueWords) after ','", hint: " (JSON allows no trailing comma)")
                } else {
                    throw unexpected(expecting: afterComma ? "\(Self.valueWords) after ','" : Self.valueWords, hint: Self.hint(for: b))
                }
            }
            // Attach the value to its container; close the containers that end here.
            while let top = stack.indices.last {
                skipWhitespace()
                let isObject = stack[top].isObject
                if isObject { stack[top].object.insertNew(stack[top].key, value) } else { stack[top].items.append(value) }
                let expected = isObject ? "',' or '}' after the object member" : "',' or ']' after the array element"
                guard i < n else { throw unexpected(expecting: expected) }
                if bytes[i] == Byte.comma {
                    i += 1
                    if isObject { try readKey(afterComma: true) }
                    afterComma = !isObject
                    continue document
                }
                guard bytes[i] == (isObject ? Byte.closeBrace : Byte.closeBracket) else { throw unexpected(expecting: expected) }
                i += 1
                let frame = stack.removeLast()
                value = isObject ? .object(frame.object) : .array(frame.items)
            }
            break document
        }
        skipWhitespace()
        guard i == n else { throw unexpected(expecting: "the end of the text after the JSON value") }
        return value
    }

    // MARK: Structure

    /// Skips a UTF-8 byte order mark; refuses UTF-16 and UTF-32 texts.
    mutating func checkEncoding() throws(JSONReadError) {
        if n >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            i = 3
            contentStart = 3
        } else if n >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            throw error(.invalidUTF8, at: 0, "the text is UTF-16 (it starts with a UTF-16 byte order mark); JSON must be UTF-8")
        } else if n >= 2, bytes[0] == 0 || bytes[1] == 0 {
            throw error(.invalidUTF8, at: 0, "the text looks like UTF-16 or UTF-32 (a NUL byte in its first two); JSON must be UTF-8")
        }
    }

    mutating func open(isObject: Bool) throws(JSONReadError) {
        guard stack.count < maximumDepth else {
            throw error(.tooDeep, at: i, "arrays and objects nest deeper than \(maximumDepth) levels")
        }
        stack.append(Frame(isObject: isObject))
        i += 1
    }

    /// Reads `"key" :` into the open object, refusing a key it already has.
    mutating func readKey(afterComma: Bool) throws(JSONReadError) {
        let top = stack.count - 1
        stack[top].hasKey = false
        skipWhitespace()
        guard i < n, bytes[i] == Byte.quote else {
            if afterComma, i < n, bytes[i] == Byte.closeBrace {
                throw unexpected(expecting: "a key (a string in double quotes) after ','", hint: " (JSON allows no trailing comma)")
            }
            let hint = i < n ? Self.hint(for: bytes[i]) : ""
            throw unexpected(expecting: afterComma ? "a key (a string in double quotes) after ','" : "a key (a string in double quotes) or '}'",
                             hint: hint)
        }
        let keyStart = i
        let key = try readString()
        if stack[top].object.contains(key) {
            let parent = path()
            throw error(.duplicateKey, at: keyStart, "key \(MessageText.quoted(key)) is given twice in one object",
                        path: parent.isEmpty ? key : parent + "." + key)
        }
        stack[top].key = key
        stack[top].hasKey = true
        skipWhitespace()
        guard i < n, bytes[i] == Byte.colon else { throw unexpected(expecting: "':' after the key \(MessageText.quoted(key))") }
        i += 1
    }

    mutating func skipWhitespace() {
        while i < n {
            let b = bytes[i]
            guard b == Byte.space || b == Byte.lineFeed || b == Byte.carriageReturn || b == Byte.tab else { return }
            i += 1
        }
    }

    // MARK: Literals and numbers

    /// `true`, `false` or `null`; any other word is an error naming it.
    mutating func readLiteral() throws(JSONReadError) -> JSONValue {
        let start = i
        var end = i
        while end < n, end - start < 32, Byte.isLetter(bytes[end]) || Byte.isDigit(bytes[end]) || bytes[end] == UInt8(ascii: "_") { end += 1 }
        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        switch word {
        case "true": i = end; return .bool(true)
        case "false": i = end; return .bool(false)
        case "null": i = end; return .null
        default:
            let hint: String
            switch word.lowercased() {
            case "nan", "infinity", "inf": hint = " (JSON has no NaN or Infinity)"
            case "true", "false", "null": hint = " (write it in lowercase)"
            case "none", "nil", "undefined": hint = " (JSON's empty value is null)"
            default: hint = ""
            }
            throw error(.syntax, at: start, "expected \(Self.valueWords), found '\(word)'\(hint)")
        }
    }

    /// A number by RFC 8259's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    mutating func readNumber() throws(JSONReadError) -> Double {
        let start = i
        if bytes[i] == Byte.minus { i += 1 }
        guard i < n, Byte.isDigit(bytes[i]) else { throw unexpected(expecting: "a digit after '-'") }
        if bytes[i] == Byte.zero {
            i += 1
            if i < n, Byte.isDigit(bytes[i]) { throw error(.syntax, at: start, "a number may not start with a leading zero (write 1, not 01)") }
        } else {
            skipDigits()
        }
        if i < n, bytes[i] == Byte.dot {
            i += 1
            guard i < n, Byte.isDigit(bytes[i]) else { throw unexpected(expecting: "a digit after the decimal point") }
            skipDigits()
        }
        if i < n, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < n, bytes[i] == Byte.plus || bytes[i] == Byte.minus { i += 1 }
            guard i < n, Byte.isDigit(bytes[i]) else { throw unexpected(expecting: "a digit in the exponent") }
            skipDigits()
        }
        if let integer = Self.smallInteger(bytes, start..<i) { return integer }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            let shown = text.count <= 40 ? text : text.prefix(40) + "…"
            throw error(.numberOutOfRange, at: start,
                        "number \(shown) is out of range (a number must lie within ±1.7976931348623157e308)")
        }
        return value
    }

    /// The value of an integer of at most 15 digits (exact in a `Double`), computed directly: the
    /// common case, without `Double(String)`'s cost. Nil for other numbers.
    static func smallInteger(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        let negative = bytes[range.lowerBound] == Byte.minus
        let digits = negative ? range.dropFirst() : range[...]
        guard digits.count <= 15 else { return nil }
        var value = 0
        for k in digits {
            let b = bytes[k]
            guard Byte.isDigit(b) else { return nil }
            value = value * 10 + Int(b - Byte.zero)
        }
        return negative ? -Double(value) : Double(value)
    }

    mutating func skipDigits() {
        while i < n, Byte.isDigit(bytes[i]) { i += 1 }
    }

    // MARK: Strings

    /// A string from its opening quote to past its closing one: escapes decoded, UTF-8 checked.
    mutating func readString() throws(JSONReadError) -> String {
        let open = i
        i += 1
        var runStart = i
        var decoded: [UInt8] = []
        var hasEscapes = false
        while true {
            guard i < n else { throw error(.syntax, at: open, "this string is never closed (no '\"' before the end of the text)") }
            let b = bytes[i]
            if b == Byte.quote {
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<i])
                i += 1
                guard hasEscapes else { return String(decoding: run, as: UTF8.self) }
                decoded.append(contentsOf: run)
                return String(decoding: decoded, as: UTF8.self)
            } else if b == Byte.backslash {
                hasEscapes = true
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                try readEscape(into: &decoded)
                runStart = i
            } else if b < 0x20 {
                throw controlCharacterError(b)
            } else if b < 0x80 {
                i += 1
            } else {
                switch Self.checkUTF8(bytes, at: i) {
                case let .valid(length): i += length
                case let .invalid(problem): throw error(.invalidUTF8, at: i, "invalid UTF-8 in a string: \(problem)")
                }
            }
        }
    }

    /// Decodes the escape at `i` (a backslash) into `out` and moves past it. A `\u` escape of a
    /// lone surrogate gives U+FFFD.
    mutating func readEscape(into out: inout [UInt8]) throws(JSONReadError) {
        guard i + 1 < n else { throw unexpected(expecting: "an escape after '\\'", at: i + 1) }
        let simple: UInt8?
        switch bytes[i + 1] {
        case Byte.quote: simple = Byte.quote
        case Byte.backslash: simple = Byte.backslash
        case Byte.slash: simple = Byte.slash
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = Byte.lineFeed
        case UInt8(ascii: "r"): simple = Byte.carriageReturn
        case UInt8(ascii: "t"): simple = Byte.tab
        case UInt8(ascii: "u"): simple = nil
        default:
            throw unexpected(expecting: "an escape after '\\' (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)", at: i + 1)
        }
        if let simple {
            out.append(simple)
            i += 2
            return
        }
        let unit = try hexUnit(at: i + 2)
        i += 6
        var scalar = unit
        if (0xD800...0xDBFF).contains(unit) {
            // A lead surrogate pairs with a `\u` trail surrogate right after it, else it stands alone.
            if i + 1 < n, bytes[i] == Byte.backslash, bytes[i + 1] == UInt8(ascii: "u"),
               let trail = try? hexUnit(at: i + 2), (0xDC00...0xDFFF).contains(trail) {
                scalar = 0x10000 + ((unit - 0xD800) << 10) + (trail - 0xDC00)
                i += 6
            } else {
                scalar = 0xFFFD
            }
        } else if (0xDC00...0xDFFF).contains(unit) {
            scalar = 0xFFFD
        }
        UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { out.append($0) }
    }

    /// The four hex digits of a `\u` escape starting at `start`.
    func hexUnit(at start: Int) throws(JSONReadError) -> UInt32 {
        var value: UInt32 = 0
        for k in start..<start + 4 {
            guard k < n, let digit = Byte.hexValue(bytes[k]) else {
                throw unexpected(expecting: "four hex digits after \\u", at: k)
            }
            value = value << 4 | digit
        }
        return value
    }

    func controlCharacterError(_ b: UInt8) -> JSONReadError {
        let what: String
        switch b {
        case Byte.tab: what = "a raw tab (U+0009) in a string: write it as \\t"
        case Byte.lineFeed: what = "a raw line break (U+000A) in a string: write it as \\n (or is a closing '\"' missing?)"
        case Byte.carriageReturn: what = "a raw carriage return (U+000D) in a string: write it as \\r (or is a closing '\"' missing?)"
        default:
            let hex = String(b, radix: 16)
            what = "a raw control character (\(Byte.codePoint(UInt32(b)))) in a string: write it as \\u\(String(repeating: "0", count: 4 - hex.count))\(hex)"
        }
        return error(.controlCharacter, at: i, what)
    }

    /// The outcome of checking the UTF-8 sequence that starts at an offset.
    enum UTF8Check {
        case valid(length: Int)
        case invalid(String)
    }

    /// Checks one UTF-8 sequence by RFC 3629 (no overlong forms, no surrogates, nothing past U+10FFFF).
    static func checkUTF8(_ bytes: UnsafeBufferPointer<UInt8>, at k: Int) -> UTF8Check {
        let lead = bytes[k]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0x00...0x7F: return .valid(length: 1)
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        case 0x80...0xBF: return .invalid("byte \(Byte.hex(lead)) is a continuation byte with no character to continue")
        default: return .invalid("byte \(Byte.hex(lead)) never occurs in UTF-8 (is the text Latin-1 or another encoding?)")
        }
        for j in 1..<length {
            guard k + j < bytes.count else { return .invalid("the text ends inside the character that byte \(Byte.hex(lead)) starts") }
            let b = bytes[k + j]
            let range: ClosedRange<UInt8> = j == 1 ? low...high : 0x80...0xBF
            guard range.contains(b) else {
                if j == 1, lead == 0xED, b >= 0xA0 { return .invalid("bytes \(Byte.hex(lead)) \(Byte.hex(b)) encode a UTF-16 surrogate, which UTF-8 may not hold") }
                if j == 1, (lead == 0xE0 || lead == 0xF0), b >= 0x80, b < low { return .invalid("bytes \(Byte.hex(lead)) \(Byte.hex(b)) start an overlong encoding") }
                if j == 1, lead == 0xF4, b > high, b <= 0xBF { return .invalid("bytes \(Byte.hex(lead)) \(Byte.hex(b)) start a character beyond U+10FFFF") }
                return .invalid("byte \(Byte.hex(lead)) starts a character that byte \(Byte.hex(b)) does not continue (is the text Latin-1 or another encoding?)")
            }
        }
        return .valid(length: length)
    }

    // MARK: Errors

    /// An error at byte `offset`, with its line, column and the path of the value being read.
    func error(_ kind: JSONReadError.Kind, at offset: Int, _ message: String, path: String? = nil) -> JSONReadError {
        let (line, column) = position(of: offset)
        return JSONReadError(kind: kind, message: message, line: line, column: column, offset: offset, path: path ?? self.path())
    }

    /// "expected X, found Y" at `offset` (default: the current byte).
    func unexpected(expecting expected: String, hint: String = "", at offset: Int? = nil) -> JSONReadError {
        let k = offset ?? i
        let hint = hint.isEmpty && k < n && bytes[k] == Byte.slash ? Self.hint(for: Byte.slash) : hint
        var kind = JSONReadError.Kind.syntax
        if k < n, bytes[k] >= 0x80, case .invalid = Self.checkUTF8(bytes, at: k) { kind = .invalidUTF8 }
        return error(kind, at: k, "expected \(expected), found \(describe(at: k))\(hint)")
    }

    /// What is at offset `k`, for messages: an ASCII character quoted, anything else by its code.
    func describe(at k: Int) -> String {
        guard k < n else { return "the end of the text" }
        let b = bytes[k]
        switch b {
        case UInt8(ascii: "'"): return "\"'\""
        case 0x20...0x7E: return "'\(Character(Unicode.Scalar(b)))'"
        case 0x00..<0x20, 0x7F: return "the control character \(Byte.codePoint(UInt32(b)))"
        default:
            guard case let .valid(length) = Self.checkUTF8(bytes, at: k) else { return "byte \(Byte.hex(b)), which is not UTF-8" }
            let scalar = String(decoding: UnsafeBufferPointer(rebasing: bytes[k..<k + length]), as: UTF8.self).unicodeScalars.first!
            return "the character \(Byte.codePoint(scalar.value))"
        }
    }

    /// Why a byte cannot start a value, when a common mistake explains it.
    static func hint(for b: UInt8) -> String {
        switch b {
        case Byte.slash: return " (JSON has no comments)"
        case UInt8(ascii: "'"): return " (JSON strings take double quotes)"
        case Byte.plus: return " (a JSON number has no '+' sign)"
        case Byte.dot: return " (a JSON number starts with a digit: 0.5, not .5)"
        default: return ""
        }
    }

    /// 1-based line and column (in Unicode scalars) of byte `offset`.
    func position(of offset: Int) -> (line: Int, column: Int) {
        var line = 1, column = 1
        var k = contentStart
        let end = min(offset, n)
        while k < end {
            let b = bytes[k]
            if b == Byte.lineFeed {
                line += 1; column = 1
            } else if b == Byte.carriageReturn {
                if k + 1 >= n || bytes[k + 1] != Byte.lineFeed { line += 1; column = 1 }
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
            k += 1
        }
        return (line, column)
    }

    /// The path of the value being read: `runs[0].link`.
    func path() -> String {
        var path = ""
        for frame in stack {
            if frame.isObject {
                guard frame.hasKey else { break }
                path += (path.isEmpty ? "" : ".") + frame.key
            } else {
                path += "[\(frame.items.count)]"
            }
        }
        return path
    }
}
