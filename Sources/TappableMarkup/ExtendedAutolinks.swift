/// GitHub's extended autolinks (the GFM spec's "autolinks (extension)", as cmark-gfm 0.29.0.gfm.6
/// finds them) in the UTF-8 bytes of a text node: `www.` links, `http://`, `https://` and `ftp://`
/// links, and e-mail addresses. Each finder is linear in the bytes it looks at; the caller's scan
/// never looks at a byte twice except where noted.
///
/// The text node is `bytes[range]`. Where it is the last inline of its paragraph (`atEnd`), its last
/// byte is not checked as a domain character, as in cmark-gfm, whose domain scan stops one byte
/// before the end of the paragraph.
///
/// cmark-gfm reads links in the raw source; here the text has its escapes and entities decoded,
/// and their origins stand in for the raw characters: an escaped or entity character ends a
/// domain (as the raw `\` or `&` would), and an entity at the end of a link is trimmed like the
/// raw `&name;`. Inside a link they stay decoded (`&amp;` is "&", `\_` is "_"), where cmark-gfm
/// copies the raw text into the link.
struct ExtendedAutolinks {
    let content: InlineContent
    let bytes: [UInt8]
    let range: Range<Int>
    let atEnd: Bool
    /// The domain run of the last `www.` candidate that failed on underscores: a later candidate
    /// inside the same run, before its last dot, fails the same way and is not scanned again.
    private var failedRun: (end: Int, lastDot: Int)?

    init(content: InlineContent, range: Range<Int>, atEnd: Bool) {
        self.content = content
        self.bytes = content.bytes
        self.range = range
        self.atEnd = atEnd
    }

    /// The end of the `www.` link starting at `start` (a "w" after whitespace, `*`, `_`, `~`, `(`
    /// or the start of the paragraph: the caller checks), or nil. The link is the rest of the
    /// text up to whitespace or `<`, with trailing punctuation trimmed (`trimmedEnd`), and needs a
    /// valid domain: no underscore in its last two labels.
    mutating func wwwLink(at start: Int) -> Int? {
        guard range.upperBound - start >= 4, bytes[start..<(start + 4)].elementsEqual("www.".utf8) else { return nil }
        if let failedRun, start < failedRun.end, start + 3 < failedRun.lastDot { return nil }
        let domain = scanDomain(from: start)
        guard domain.dots > 0, domain.valid else {
            if !domain.valid, let lastDot = domain.lastDot { failedRun = (domain.end, lastDot) }
            return nil
        }
        let end = trimmedEnd(start: start, end: extendToSpace(from: domain.end))
        return end > start ? end : nil
    }

    /// The `scheme://` link whose ":" is at `colon`: the ASCII letters before it (from `floor` on)
    /// must be `http`, `https` or `ftp` in any case, and a letter, digit or other non-punctuation
    /// character must follow the "//". Returns the link's range, or nil.
    func schemeLink(colon: Int, floor: Int) -> Range<Int>? {
        let end = range.upperBound
        guard end - colon >= 4, bytes[colon + 1] == 0x2F, bytes[colon + 2] == 0x2F,
              content.origin(colon + 1) == .raw, content.origin(colon + 2) == .raw else { return nil }
        var start = colon
        while start > floor, MarkdownCharacters.isASCIILetter(bytes[start - 1]), content.origin(start - 1) == .raw { start -= 1 }
        let scheme = bytes[start..<colon].map { $0 | 0x20 }
        guard scheme.elementsEqual("http".utf8) || scheme.elementsEqual("https".utf8) || scheme.elementsEqual("ftp".utf8),
              isHostCharacter(at: colon + 3) else { return nil }
        let domain = scanDomain(from: colon + 3)
        guard domain.valid else { return nil }
        let linkEnd = trimmedEnd(start: colon, end: extendToSpace(from: domain.end))
        return linkEnd > colon ? start..<linkEnd : nil
    }

    /// The e-mail addresses in `piece` (plain text inside this node, outside other links), in
    /// order, each with its destination: `mailto:` added unless the text starts with `mailto:` or
    /// `xmpp:` (an `xmpp:` address may go on with a "/resource").
    func emails(in piece: Range<Int>) -> [(range: Range<Int>, destination: String)] {
        var found: [(Range<Int>, String)] = []
        var floor = piece.lowerBound
        var at = floor
        while let sign = bytes[at..<piece.upperBound].firstIndex(of: 0x40) {
            at = sign + 1
            guard let (start, prefixed, xmpp) = emailStart(sign: sign, floor: floor) else { floor = sign + 1; continue }
            // The domain: letters, digits, "-", "_", dots between them, and no second "@".
            var end = sign + 1, dots = 0, secondSign = false
            while end < piece.upperBound {
                let byte = bytes[end]
                if MarkdownCharacters.isASCIIAlphanumeric(byte) || byte == 0x2D || byte == 0x5F || (byte == 0x2F && xmpp) {
                } else if byte == 0x2E, end + 1 < piece.upperBound, MarkdownCharacters.isASCIIAlphanumeric(bytes[end + 1]) {
                    dots += 1
                } else {
                    secondSign = byte == 0x40
                    break
                }
                end += 1
            }
            let last = bytes[end - 1]
            guard !secondSign, end - sign >= 2, dots > 0, MarkdownCharacters.isASCIILetter(last) || last == 0x2E else { floor = sign + 1; continue }
            let text = String(decoding: bytes[start..<end], as: UTF8.self)
            found.append((start..<end, prefixed ? text : "mailto:" + text))
            floor = end
            at = end
        }
        return found
    }

    /// The start of the address whose "@" is at `sign`: letters, digits, ".", "+", "-", "_" back
    /// to `floor`, through a `mailto:` or `xmpp:` prefix (at `floor` or after a non-alphanumeric
    /// byte). Nil when nothing precedes the "@".
    private func emailStart(sign: Int, floor: Int) -> (start: Int, prefixed: Bool, xmpp: Bool)? {
        var start = sign, prefixed = false, xmpp = false
        while start > floor {
            let byte = bytes[start - 1]
            if MarkdownCharacters.isASCIIAlphanumeric(byte) || byte == 0x2E || byte == 0x2B || byte == 0x2D || byte == 0x5F {
                start -= 1
            } else if byte == 0x3A, let protocolLength = protocolEnding(at: start, floor: floor) {
                prefixed = true
                xmpp = xmpp || protocolLength == 5
                start -= 1
            } else {
                break
            }
        }
        return start < sign ? (start, prefixed, xmpp) : nil
    }

    /// The length of `mailto:` (7) or `xmpp:` (5) when it ends just before `end`, begins at
    /// `floor` or after a byte that is not a letter or digit; nil otherwise.
    private func protocolEnding(at end: Int, floor: Int) -> Int? {
        for name in ["mailto:", "xmpp:"] {
            let length = name.utf8.count
            guard end - floor >= length, bytes[(end - length)..<end].elementsEqual(name.utf8) else { continue }
            if end - length == floor || !MarkdownCharacters.isASCIIAlphanumeric(bytes[end - length - 1]) { return length }
        }
        return nil
    }

    /// A domain scanned from `start`: cmark-gfm's `check_domain`, which looks at the bytes after
    /// the first up to the first that is neither a letter, digit or non-ASCII non-punctuation
    /// character, "-", "_" nor "." (a UTF-8 continuation byte ends it too). Valid unless one of the
    /// last two labels holds an underscore.
    private func scanDomain(from start: Int) -> (end: Int, dots: Int, lastDot: Int?, valid: Bool) {
        let limit = atEnd ? range.upperBound - 1 : range.upperBound
        var i = start + 1, dots = 0, lastDot: Int?
        var underscoresBefore = 0, underscoresAfter = 0
        while i < limit, content.origin(i) == .raw {
            let byte = bytes[i]
            if byte == 0x5F {
                underscoresAfter += 1
            } else if byte == 0x2E {
                underscoresBefore = underscoresAfter
                underscoresAfter = 0
                dots += 1
                lastDot = i
            } else if byte != 0x2D, !isHostCharacter(at: i) {
                break
            }
            i += 1
        }
        return (max(i, start + 1), dots, lastDot, underscoresBefore == 0 && underscoresAfter == 0)
    }

    /// Whether the byte at `index` starts a character that is neither whitespace nor punctuation
    /// (nor an escape or entity, whose raw form starts with punctuation).
    private func isHostCharacter(at index: Int) -> Bool {
        guard index < range.upperBound, content.origin(index) == .raw, let scalar = MarkdownCharacters.scalar(startingAt: index, in: bytes) else { return false }
        return !MarkdownCharacters.isSpace(scalar) && !MarkdownCharacters.isPunctuation(scalar)
    }

    /// The first ASCII whitespace or `<` at or after `index`, or the end of the text.
    private func extendToSpace(from index: Int) -> Int {
        var end = min(index, range.upperBound)
        while end < range.upperBound, !MarkdownCharacters.isASCIISpace(bytes[end]), bytes[end] != 0x3C { end += 1 }
        return end
    }

    /// The end of a link `bytes[start..<end]` without its trailing punctuation, as cmark-gfm's
    /// `autolink_delim`: `?`, `!`, `.`, `,`, `:`, `*`, `_`, `~`, quotes; a trailing `&name;` (or a
    /// lone `;`) or decoded entity; and each `)` that has no `(` left to pair with. One pass over
    /// the link.
    func trimmedEnd(start: Int, end: Int) -> Int {
        var opening = 0, closing = 0
        for byte in bytes[start..<end] {
            if byte == 0x28 { opening += 1 } else if byte == 0x29 { closing += 1 }
        }
        var end = end
        while end > start {
            if content.origin(end - 1) == .entity {
                while end > start, content.origin(end - 1) == .entity { end -= 1 }
                continue
            }
            switch bytes[end - 1] {
            case 0x29:
                guard closing > opening else { return end }
                closing -= 1
                end -= 1
            case 0x3F, 0x21, 0x2E, 0x2C, 0x3A, 0x2A, 0x5F, 0x7E, 0x27, 0x22:
                end -= 1
            case 0x3B:
                var nameStart = end - 2
                while nameStart > start, MarkdownCharacters.isASCIILetter(bytes[nameStart]) { nameStart -= 1 }
                if nameStart < end - 2, bytes[nameStart] == 0x26 { end = nameStart } else { end -= 1 }
            default:
                return end
            }
        }
        return end
    }
}
