/// Which link values may become tappable links. Links come from untrusted places (Markdown and
/// tagged text from a CMS, SPEC runs, detectors) and end up in PDF, SVG and HTML, where a
/// `javascript:` link runs code: by default `javascript:`, `vbscript:`, `data:` and `file:` links
/// are refused and stay plain text. A value without a scheme (`privacy`, `/terms`, an ISO date a
/// detector delivers) is a payload, not a URL, and is always allowed.
///
/// The scheme is read as browsers read it (WHATWG URL): leading and trailing C0 controls and
/// spaces are ignored, tabs and line breaks anywhere are removed, case does not matter — so
/// `" Java\tScript:alert(1)"` is a `javascript:` link.
public struct LinkPolicy: Sendable, Hashable {
    /// Schemes a link may have, lowercase; nil: every scheme but `blockedSchemes`.
    public var allowedSchemes: Set<String>?
    /// Schemes refused even when `allowedSchemes` is nil, lowercase.
    public var blockedSchemes: Set<String>

    /// The schemes refused by default: those that run code or read local files.
    public static let dangerousSchemes: Set<String> = ["javascript", "vbscript", "data", "file"]

    /// The schemes whose links run script when followed. A SPEC (untrusted input) cannot allow
    /// them (its `linkSchemes` naming one is an error); Swift code can, through `allowedSchemes`.
    public static let scriptSchemes: Set<String> = ["javascript", "vbscript"]

    /// A policy; by default every scheme but the dangerous ones. Scheme names are compared
    /// lowercase (they are lowercased here).
    public init(allowedSchemes: Set<String>? = nil, blockedSchemes: Set<String> = LinkPolicy.dangerousSchemes) {
        self.allowedSchemes = allowedSchemes.map { Set($0.map { $0.lowercased() }) }
        self.blockedSchemes = Set(blockedSchemes.map { $0.lowercased() })
    }

    /// The default policy: every scheme but `javascript`, `vbscript`, `data` and `file`.
    public static let `default` = LinkPolicy()

    /// Why a link is refused.
    public enum Refusal: Sendable, Hashable, CustomStringConvertible {
        /// The link's scheme (lowercase) is blocked or not in the allowed list.
        case scheme(String)
        /// The link holds a control character (NUL, other C0 or C1 controls, DEL), shown as U+XXXX.
        case controlCharacter(UInt32)

        /// Whether the refusal is about the scheme (not a control character).
        public var isScheme: Bool { if case .scheme = self { return true } else { return false } }

        /// E.g. `scheme "javascript" is not allowed`.
        public var description: String {
            switch self {
            case let .scheme(s): return "scheme \"\(s)\" is not allowed"
            case let .controlCharacter(c):
                let hex = String(c, radix: 16, uppercase: true)
                return "it contains the control character U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)"
            }
        }
    }

    /// Nil when `link` may be tappable, else why not. Control characters are refused whatever
    /// the schemes: they have no place in a URL and break the formats links are written to.
    public func refusal(of link: String) -> Refusal? {
        if let control = link.unicodeScalars.first(where: Self.isControl) { return .controlCharacter(control.value) }
        guard let scheme = Self.scheme(of: link) else { return nil }
        if let allowedSchemes, !allowedSchemes.contains(scheme) { return .scheme(scheme) }
        return blockedSchemes.contains(scheme) ? .scheme(scheme) : nil
    }

    /// Whether `link` may be tappable.
    public func allows(_ link: String) -> Bool { refusal(of: link) == nil }

    /// The scheme of `link` as a browser reads it, lowercase: after trimming leading and
    /// trailing C0 controls and spaces and removing tabs and line breaks, the letters, digits,
    /// `+`, `-` and `.` before the first `:`, starting with a letter. Nil when there is none
    /// (a relative link or a payload such as `privacy` or `2026-12-04T17:00:00Z`).
    public static func scheme(of link: String) -> String? {
        var scheme = ""
        var started = false
        for scalar in link.unicodeScalars {
            let v = scalar.value
            if v == 0x09 || v == 0x0A || v == 0x0D { continue }
            if !started && v <= 0x20 { continue }
            started = true
            if v == 0x3A { return scheme.isEmpty ? nil : scheme }
            let isLetter = (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v)
            let isOther = (0x30...0x39).contains(v) || v == 0x2B || v == 0x2D || v == 0x2E
            guard isLetter || (!scheme.isEmpty && isOther) else { return nil }
            scheme.unicodeScalars.append(Unicode.Scalar(isLetter && v < 0x61 ? v + 0x20 : v)!)
            if scheme.count > 64 { return nil }
        }
        return nil
    }

    /// The link as a URI to write into a document (a PDF /URI action, an SVG or HTML href), or nil
    /// when it gets none: a value without a scheme (a payload such as `privacy` or an ISO date is
    /// not a URI) or one this policy refuses. Every byte outside RFC 3986's unreserved and
    /// reserved characters, and `'`, `(`, `)` among those, is percent-encoded (non-ASCII as its
    /// UTF-8 bytes; an existing `%XX` stays), so the result holds no character that quotes,
    /// parentheses, backslashes, spaces or controls could use to break out of a PDF string or an
    /// attribute. At most `maximumURILength` bytes are encoded; a longer link gets no URI.
    public func documentURI(for link: String) -> String? {
        guard Self.scheme(of: link) != nil, allows(link), link.utf8.count <= Self.maximumURILength else { return nil }
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(link.utf8.count)
        for byte in link.utf8 {
            if Self.isURISafe(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The longest link, in UTF-8 bytes, given a document URI (browsers keep about 2 MB; PDF
    /// viewers far less).
    public static let maximumURILength = 65_536

    /// ASCII letters, digits, `-._~`, `:/?#[]@`, `!$&*+,;=` and `%`.
    static func isURISafe(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return "-._~:/?#[]@!$&*+,;=%".utf8.contains(b)
        }
    }

    /// C0 controls, DEL and C1 controls.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}

/// A link that was asked for (by markup, a SPEC run or a detector) but refused by the link
/// policy: its text stays plain, not tappable.
public struct RefusedLink: Sendable, Hashable, CustomStringConvertible {
    /// The link value as given.
    public var destination: String
    /// Why it was refused.
    public var reason: LinkPolicy.Refusal

    /// A refused link; stored as given.
    public init(destination: String, reason: LinkPolicy.Refusal) { self.destination = destination; self.reason = reason }

    /// `link "javascript:alert(1)" is not tappable: scheme "javascript" is not allowed`, with
    /// control characters shown as `\u{…}` and the link cut after 200 characters, so the line is
    /// safe to print.
    public var description: String { "link \"\(Self.printable(destination))\" is not tappable: \(reason)" }

    /// `s` with controls, quotes and backslashes escaped, at most 200 characters (then "…").
    static func printable(_ s: String) -> String {
        var out = ""
        for (n, scalar) in s.unicodeScalars.enumerated() {
            if n == 200 { out += "…"; break }
            if LinkPolicy.isControl(scalar) || scalar == "\"" || scalar == "\\" {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
