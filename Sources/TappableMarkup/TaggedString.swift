import TappableText

/// What a tag contributes to the text it encloses (ZSWTaggedString's static or dynamic attributes).
public enum TaggedStringAttribute: Sendable {
    /// Fixed attributes, merged over those already in effect.
    case `static`(TextAttributes)
    /// Attributes computed per tag occurrence from the tag's name, its attributes
    /// (`<link type='tos'>` gives `["type": "tos"]`) and the attributes already in effect
    /// (the base attributes merged with every enclosing tag's). The result is merged over the latter.
    /// A closure that cannot use an attribute's value throws `TaggedStringAttributeError`, which
    /// parsing reports as a `TaggedStringError` at that attribute; any other error it throws is
    /// reported at the tag.
    case dynamic(@Sendable (_ tagName: String, _ tagAttributes: [String: String], _ existingAttributes: TextAttributes) throws -> TextAttributes)
}

/// A tag attribute a `.dynamic` tag cannot use, e.g. `<span color='bogus'>`: parsing turns it into
/// a `TaggedStringError` at the attribute's line and column, naming the tag and the attribute.
public struct TaggedStringAttributeError: Error, Sendable, Hashable {
    /// The attribute's name as written in the tag, e.g. `color`.
    public var attribute: String
    /// What is wrong with its value, e.g. `"bogus" is not a colour (…)`.
    public var message: String
    /// An error about `attribute` saying `message`.
    public init(attribute: String, _ message: String) { self.attribute = attribute; self.message = message }
}

/// What happens to a tag no option names.
public enum UnknownTagPolicy: Sendable {
    /// Parsing fails with "unknown tag <name>" at the tag.
    case `throw`
    /// The tag is dropped, its content kept with the enclosing attributes (it must still balance).
    case strip
    /// The tag gets these attributes, like a known one.
    case apply(TaggedStringAttribute)
}

/// The options of a tagged-string conversion: base attributes and one attribute per tag name.
public struct TaggedStringOptions: Sendable {
    /// Attributes of all text, under every tag's.
    public var baseAttributes: TextAttributes
    /// Attributes by tag name. A tag finds its entry by exact name, else ignoring case.
    public var tags: [String: TaggedStringAttribute]
    /// What to do with a tag `tags` does not name.
    public var unknownTags: UnknownTagPolicy
    /// Which links a tag may make: a tag whose attributes set a `link` the policy refuses adds
    /// nothing (its text keeps the enclosing attributes) and is reported by `parse`.
    /// Default: `LinkPolicy.default`.
    public var linkPolicy: LinkPolicy = .default

    /// Options with no tags; unknown tags fail unless `unknownTags` says otherwise.
    public init(baseAttributes: TextAttributes = TextAttributes(),
                tags: [String: TaggedStringAttribute] = [:],
                unknownTags: UnknownTagPolicy = .throw) {
        self.baseAttributes = baseAttributes
        self.tags = tags
        self.unknownTags = unknownTags
    }

    /// The attribute for a tag: its exact name first, then ignoring ASCII case (as ZSWTaggedString).
    func attribute(forTag name: String) -> TaggedStringAttribute? {
        if let exact = tags[name] { return exact }
        let lower = name.lowercased()
        return tags.first { $0.key.lowercased() == lower }?.value
    }

    /// The attribute of a tag name, as in ZSWTaggedStringOptions: `options["link"] = .dynamic { … }`.
    public subscript(tagName: String) -> TaggedStringAttribute? {
        get { tags[tagName] }
        set { tags[tagName] = newValue }
    }

    /// A ready set of HTML-like tags (used by the command line): `<b>`/`<strong>` bold,
    /// `<i>`/`<em>` italic, `<u>` underline, `<s>`/`<del>` strikethrough, `<code>` DejaVu Sans Mono,
    /// `<a href='…' title='…'>` and `<link href='…'>` links, `<span color='…' background='…'>`
    /// colours (each a CSS colour name or `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, as `Color(_:)`
    /// reads them). Unknown tags fail, and so do a colour `Color(_:)` does not read and any other
    /// `<span>` attribute.
    public static func standard(baseAttributes: TextAttributes = TextAttributes(font: .system),
                                linkAttributes: TextAttributes = MarkdownOptions.defaultLinkAttributes) -> TaggedStringOptions {
        let baseFont = baseAttributes.font ?? .system
        let bold = TaggedStringAttribute.dynamic { _, _, existing in
            TextAttributes(font: (existing.font ?? baseFont).withWeight(.bold))
        }
        let italic = TaggedStringAttribute.dynamic { _, _, existing in
            TextAttributes(font: (existing.font ?? baseFont).withItalic(true))
        }
        let code = TaggedStringAttribute.dynamic { _, _, existing in
            let f = existing.font ?? baseFont
            return TextAttributes(font: Font(family: MarkdownOptions.defaultCodeFontFamily, size: f.size, weight: f.weight, italic: f.italic))
        }
        let link = TaggedStringAttribute.dynamic { _, attributes, _ in
            guard let destination = attributes["href"] ?? attributes["url"] else { return TextAttributes() }
            var result = linkAttributes
            result.link = destination
            if let title = attributes["title"] { result.custom["title"] = title }
            return result
        }
        let span = TaggedStringAttribute.dynamic { _, attributes, _ in
            func color(_ name: String) throws -> Color? {
                guard let value = attributes[name] else { return nil }
                guard let color = Color(value) else {
                    throw TaggedStringAttributeError(attribute: name, "\(MessageText.quoted(value)) is not a colour (\(Color.acceptedForms))")
                }
                return color
            }
            if let unknown = attributes.keys.sorted().first(where: { $0 != "color" && $0 != "background" }) {
                throw TaggedStringAttributeError(attribute: unknown, "unknown attribute (color, background)")
            }
            var result = TextAttributes()
            result.foregroundColor = try color("color")
            result.backgroundColor = try color("background")
            return result
        }
        return TaggedStringOptions(baseAttributes: baseAttributes, tags: [
            "b": bold, "strong": bold, "i": italic, "em": italic,
            "u": .static(TextAttributes(underline: .single)),
            "s": .static(TextAttributes(strikethrough: .single)), "del": .static(TextAttributes(strikethrough: .single)),
            "code": code, "a": link, "link": link, "span": span,
        ])
    }
}

/// A malformed tagged string: where (1-based line and column, counted in characters) and what.
public struct TaggedStringError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 1-based line of the problem.
    public var line: Int
    /// 1-based column of the problem, in characters (grapheme clusters) from the line's start.
    public var column: Int
    /// What is wrong, e.g. "closing tag </b> does not match <i>".
    public var message: String

    /// An error at a line and column.
    public init(line: Int, column: Int, message: String) {
        self.line = line; self.column = column; self.message = message
    }

    /// "line L, column C: message".
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A string marked up with XML-like tags, ZSWTaggedString's format:
/// `View our <link type='privacy'>Privacy Policy</link>`. Tags nest and must balance (a closing
/// tag matches its opening one ignoring case); attribute values are quoted with `'` or `"`, or
/// unquoted up to a space or `>`, or left out (`<x flag>` gives "flag": ""); `&lt; &gt; &amp; &quot; &apos;` and numeric references
/// (`&#123;`, `&#x1F600;`) stand for characters. An `&` not followed by a letter or `#` is a literal
/// ampersand. The parser is iterative: nesting depth is limited only by memory.
public struct TaggedString: Sendable, Hashable {
    /// The marked-up source.
    public var string: String

    /// A tagged string from its source.
    public init(string: String) { self.string = string }
    /// A tagged string from its source.
    public init(_ string: String) { self.string = string }

    /// The attributed text the tags describe. Throws `TaggedStringError` for unbalanced,
    /// mismatched or (per `options.unknownTags`) unknown tags, and for malformed tags or entities.
    public func attributedText(with options: TaggedStringOptions = TaggedStringOptions()) throws(TaggedStringError) -> AttributedText {
        try parse(with: options).text
    }

    /// The attributed text and the links the options' link policy refused (in text order). Throws
    /// as `attributedText(with:)`.
    public func parse(with options: TaggedStringOptions = TaggedStringOptions()) throws(TaggedStringError) -> MarkupResult {
        var parser = TaggedStringParser(source: Array(string.utf8), options: options)
        let text = try parser.parse()
        return MarkupResult(text: text, refusedLinks: parser.refusedLinks)
    }

    /// The text with every tag removed and entities decoded, ignoring attribute options
    /// (ZSWTaggedString's `string` for accessibility or copying). Throws for malformed input.
    public func plainText() throws(TaggedStringError) -> String {
        let options = TaggedStringOptions(unknownTags: .strip)
        return try attributedText(with: options).string
    }

    /// `text` with `<`, `>`, `&`, `"` and `'` written as entities, safe to embed in a tagged string
    /// (ZSWEscapedStringForString).
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

// MARK: - Parser

private enum ASCII {
    static let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), amp = UInt8(ascii: "&")
    static let slash = UInt8(ascii: "/"), equals = UInt8(ascii: "="), semicolon = UInt8(ascii: ";")
    static let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), hash = UInt8(ascii: "#")

    static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
    static func isNameStart(_ b: UInt8) -> Bool { isLetter(b) || b == UInt8(ascii: "_") }
    static func isNameChar(_ b: UInt8) -> Bool {
        isNameStart(b) || isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: ":")
    }
}

/// One open tag: its name, where it started (byte offset) and the style inside it.
private struct OpenTag {
    var name: String
    var offset: Int
    var style: Int
}

private struct TaggedStringParser {
    let source: [UInt8]
    let options: TaggedStringOptions
    var builder = RunBuilder()
    var stack: [OpenTag] = []
    var refusedLinks: [RefusedLink] = []
    var baseStyle = 0
    var position = 0

    init(source: [UInt8], options: TaggedStringOptions) {
        self.source = source
        self.options = options
        baseStyle = builder.addStyle(options.baseAttributes)
    }

    var currentStyle: Int { stack.last?.style ?? baseStyle }

    mutating func parse() throws(TaggedStringError) -> AttributedText {
        let n = source.count
        while position < n {
            let b = source[position]
            if b == ASCII.lt {
                try parseTag()
            } else if b == ASCII.amp {
                let start = position
                if let scalar = try parseEntity() {
                    builder.append(scalar: scalar, style: currentStyle)
                } else {
                    builder.append(bytes: source[start..<start + 1], style: currentStyle)
                    position = start + 1
                }
            } else {
                var end = position + 1
                while end < n, source[end] != ASCII.lt, source[end] != ASCII.amp { end += 1 }
                builder.append(bytes: source[position..<end], style: currentStyle)
                position = end
            }
        }
        if let open = stack.last {
            throw error(at: open.offset, "<\(open.name)> is never closed")
        }
        return builder.build()
    }

    // MARK: Tags

    private mutating func parseTag() throws(TaggedStringError) {
        let start = position
        position += 1
        let closing = peek() == ASCII.slash
        if closing { position += 1 }
        guard let name = readName() else {
            if position >= source.count { throw error(at: start, "unterminated tag at the end of the text") }
            throw error(at: start, closing
                ? "expected a tag name after '</'"
                : "'<' does not start a tag (write &lt; for a literal '<')")
        }
        if closing {
            skipSpaces()
            guard position < source.count else { throw error(at: start, "unterminated tag </\(name)") }
            guard source[position] == ASCII.gt else { throw error(at: position, "expected '>' to end </\(name)") }
            position += 1
            guard let open = stack.last else {
                throw error(at: start, "closing tag </\(name)> has no opening tag")
            }
            guard open.name == name || open.name.lowercased() == name.lowercased() else {
                throw error(at: start, "closing tag </\(name)> does not match <\(open.name)>")
            }
            stack.removeLast()
            return
        }

        var attributes: [String: String] = [:]
        var attributeOffsets: [String: Int] = [:]
        var selfClosing = false
        while true {
            let hadSpace = skipSpaces()
            guard position < source.count else { throw error(at: start, "unterminated tag <\(name)") }
            let b = source[position]
            if b == ASCII.gt { position += 1; break }
            if b == ASCII.slash {
                guard position + 1 < source.count else { throw error(at: start, "unterminated tag <\(name)") }
                guard source[position + 1] == ASCII.gt else { throw error(at: position, "expected '>' after '/' in <\(name)>") }
                position += 2
                selfClosing = true
                break
            }
            let attributeStart = position
            guard hadSpace, let attribute = readName() else {
                throw error(at: position, "unexpected character in tag <\(name)>")
            }
            let afterName = position
            skipSpaces()
            guard position < source.count else { throw error(at: start, "unterminated tag <\(name)") }
            let value: String
            if source[position] == ASCII.equals {
                position += 1
                skipSpaces()
                guard position < source.count else { throw error(at: start, "unterminated tag <\(name)") }
                let quote = source[position]
                if quote == ASCII.quote || quote == ASCII.apostrophe {
                    position += 1
                    value = try readAttributeValue(quote: quote, tagStart: start, tagName: name)
                } else {
                    // An unquoted value (ZSWTaggedString accepts them) runs to a space or '>'.
                    value = try readAttributeValue(quote: nil, tagStart: start, tagName: name)
                }
            } else {
                // A valueless attribute (`<x flag>`) has the empty value.
                position = afterName
                value = ""
            }
            guard attributes[attribute] == nil else {
                throw error(at: attributeStart, "duplicate attribute \(attribute) in <\(name)>")
            }
            attributes[attribute] = value
            attributeOffsets[attribute] = attributeStart
        }

        let attribute: TaggedStringAttribute?
        if let known = options.attribute(forTag: name) {
            attribute = known
        } else {
            switch options.unknownTags {
            case .throw: throw error(at: start, "unknown tag <\(name)>")
            case .strip: attribute = nil
            case let .apply(fallback): attribute = fallback
            }
        }
        if selfClosing { return }
        let existing = builder.style(currentStyle)
        let added: TextAttributes?
        switch attribute {
        case nil: added = nil
        case let .static(fixed)?: added = fixed
        case let .dynamic(compute)?:
            do { added = try compute(name, attributes, existing) } catch let problem as TaggedStringAttributeError {
                throw error(at: attributeOffsets[problem.attribute] ?? start, "<\(name)> attribute \(problem.attribute): \(problem.message)")
            } catch {
                throw self.error(at: start, "<\(name)>: \(error)")
            }
        }
        var style = currentStyle
        if let added {
            if let link = added.link, let refusal = options.linkPolicy.refusal(of: link) {
                refusedLinks.append(RefusedLink(destination: link, reason: refusal))
            } else {
                style = builder.addStyle(existing.merging(added))
            }
        }
        stack.append(OpenTag(name: name, offset: start, style: style))
    }

    private func peek() -> UInt8? { position < source.count ? source[position] : nil }

    @discardableResult
    private mutating func skipSpaces() -> Bool {
        let start = position
        while position < source.count, ASCII.isSpace(source[position]) { position += 1 }
        return position > start
    }

    private mutating func readName() -> String? {
        guard position < source.count, ASCII.isNameStart(source[position]) else { return nil }
        let start = position
        while position < source.count, ASCII.isNameChar(source[position]) { position += 1 }
        return String(decoding: source[start..<position], as: UTF8.self)
    }

    /// Reads a value up to its closing quote (moving past it), or, unquoted, up to a space or '>'.
    private mutating func readAttributeValue(quote: UInt8?, tagStart: Int, tagName: String) throws(TaggedStringError) -> String {
        var value: [UInt8] = []
        while true {
            guard position < source.count else { throw error(at: tagStart, "unterminated tag <\(tagName)") }
            let b = source[position]
            if let quote, b == quote { position += 1; return String(decoding: value, as: UTF8.self) }
            if quote == nil, b == ASCII.gt || ASCII.isSpace(b) { return String(decoding: value, as: UTF8.self) }
            if b == ASCII.amp {
                let start = position
                if let scalar = try parseEntity() {
                    UTF8.encode(scalar) { value.append($0) }
                } else {
                    value.append(source[start])
                    position = start + 1
                }
            } else {
                value.append(b)
                position += 1
            }
        }
    }

    // MARK: Entities

    /// Parses an entity at `position` (an `&`) and moves past it. Returns nil, without moving,
    /// when the `&` does not start an entity: not followed by a letter or `#`, or with no `;` before
    /// the next space, `&`, `<` or quote (as HTML reads "AT&T" and "?a=1&b=2": a literal `&`).
    private mutating func parseEntity() throws(TaggedStringError) -> Unicode.Scalar? {
        let start = position
        var i = start + 1
        guard i < source.count, ASCII.isLetter(source[i]) || source[i] == ASCII.hash else { return nil }
        let limit = min(source.count, start + 40)
        while i < limit, source[i] != ASCII.semicolon, source[i] != ASCII.amp, source[i] != ASCII.lt,
              source[i] != UInt8(ascii: "'"), source[i] != UInt8(ascii: "\""), !ASCII.isSpace(source[i]) { i += 1 }
        guard i < source.count, source[i] == ASCII.semicolon else { return nil }
        let body = String(decoding: source[start + 1..<i], as: UTF8.self)
        position = i + 1
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                value = digits.count > 1 ? UInt32(digits.dropFirst(), radix: 16) : nil
            } else {
                value = digits.isEmpty ? nil : UInt32(digits, radix: 10)
            }
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else {
                throw error(at: start, "invalid character reference &\(body);")
            }
            return scalar
        }
        switch body {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default: throw error(at: start, "unknown entity &\(body);")
        }
    }

    // MARK: Errors

    /// An error at a byte offset, converted to a 1-based line and column in characters.
    private func error(at offset: Int, _ message: String) -> TaggedStringError {
        let prefix = String(decoding: source[0..<min(offset, source.count)], as: UTF8.self)
        var line = 1, column = 1
        for character in prefix {
            if character == "\n" || character == "\r\n" || character == "\r" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return TaggedStringError(line: line, column: column, message: message)
    }
}
