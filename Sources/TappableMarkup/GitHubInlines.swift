/// GitHub's two inline extensions applied to the CommonMark inlines of one paragraph or heading:
/// extended autolinks and strikethrough, with cmark-gfm 0.29.0.gfm.6's rules, in one pass over
/// the text in order:
/// - `www.` and `scheme://` links are found in text outside the brackets still open at that
///   point (cmark-gfm matches them while it parses, where a link's text, an image's alt text or
///   an unclosed `[` or `![` is pending); e-mail addresses in text outside links (images
///   included);
/// - `~` runs pair inside the container (paragraph, emphasis, link text) they appear in.
///
/// Linear in the size of the inlines: each byte is scanned once (autolinks and e-mail addresses
/// consume what they match), and tilde runs and brackets are pushed and popped once.
struct GitHubInlines {
    private let content: InlineContent
    private var output: [InlineEvent] = []
    /// One per open container, the paragraph first.
    private var containers: [OpenContainer] = [OpenContainer(kind: nil, bracketHeight: 0)]
    private var brackets = BracketStack()
    /// Open links and autolinks around the current event.
    private var linkDepth = 0, autolinkDepth = 0
    /// What the source has just before the current event: whitespace, an emphasis delimiter or
    /// other punctuation.
    private var boundary = Boundary.space

    private struct OpenContainer {
        let kind: InlineContainer?
        var matcher = StrikethroughMatcher()
        let bracketHeight: Int
        init(kind: InlineContainer?, bracketHeight: Int) { self.kind = kind; self.bracketHeight = bracketHeight }
    }

    /// The character class at the edge of a text node, from the neighbouring inline's syntax.
    private enum Boundary {
        case space, emphasisDelimiter, punctuation
        /// A representative scalar for flanking (nil: whitespace).
        var scalar: Unicode.Scalar? { self == .space ? nil : "*" }
    }

    /// The inlines of `content` with GitHub's autolinks and strikethrough made containers.
    static func apply(to content: InlineContent) -> InlineContent {
        var pass = GitHubInlines(content: content)
        pass.output.reserveCapacity(content.events.count)
        for index in content.events.indices { pass.process(index) }
        var result = content
        result.events = pass.output
        return result
    }

    private init(content: InlineContent) { self.content = content }

    private mutating func process(_ index: Int) {
        let event = content.events[index]
        switch event {
        case .text(let range):
            if autolinkDepth > 0 { output.append(event) } else { scan(range, isLast: index == content.events.count - 1, next: index + 1) }
            boundary = .punctuation
        case .enter(let kind):
            output.append(event)
            containers.append(OpenContainer(kind: kind, bracketHeight: brackets.height))
            switch kind {
            case .link:
                linkDepth += 1
                brackets.push(image: false)   // the link's `[`, open while its text is read
            case .image:
                brackets.push(image: true)
            case .autolink: autolinkDepth += 1
            default: break
            }
            boundary = kind.isEmphasis ? .emphasisDelimiter : .punctuation
        case .exit:
            output.append(event)
            let closed = containers.count > 1 ? containers.removeLast() : containers[0]
            switch closed.kind {
            case .link?:
                linkDepth -= 1
                brackets.truncate(to: closed.bracketHeight)   // its `[` and any inside its text
                brackets.linkMade()
            case .image?:
                brackets.truncate(to: closed.bracketHeight)
            case .autolink?: autolinkDepth -= 1
            default: break   // brackets are the paragraph's: one opened inside emphasis stays open
            }
            boundary = closed.kind?.isEmphasis == true ? .emphasisDelimiter : .punctuation
        case .softBreak, .lineBreak:
            output.append(event)
            boundary = .space
        case .code, .html:
            output.append(event)
            boundary = .punctuation
        }
    }

    /// What the source has after a text node, when the event at `index` follows it: whitespace
    /// at the end of the paragraph and before a line end, punctuation before any other inline
    /// (`*`, `_`, `[`, `!`, `` ` ``, `<`, `]`, `)`) and before a backslash line break.
    private func boundary(at index: Int) -> Boundary {
        guard index < content.events.count else { return .space }
        switch content.events[index] {
        case .softBreak: return .space
        case .lineBreak: return content.backslashBreaks.contains(index) ? .punctuation : .space
        default: return .punctuation
        }
    }

    /// Scans a text node: tilde runs and brackets; outside links also autolinks, and e-mail
    /// addresses in the plain text left between them.
    private mutating func scan(_ range: Range<Int>, isLast: Bool, next: Int) {
        let bytes = content.bytes
        let after = boundary(at: next)
        var autolinks = ExtendedAutolinks(content: content, range: range, atEnd: isLast)
        let findsEmails = linkDepth == 0
        var pending = range.lowerBound
        var i = range.lowerBound
        while i < range.upperBound {
            let byte = bytes[i]
            // Only these bytes may be syntax; escaped or entity ones never are.
            guard byte == 0x7E || byte == 0x77 || byte == 0x3A || byte == 0x5B || byte == 0x5D, content.origin(i) == .raw else {
                i += 1
                continue
            }
            switch byte {
            case 0x7E:
                var end = i + 1
                while end < range.upperBound, bytes[end] == 0x7E, content.origin(end) == .raw { end += 1 }
                let before = i > range.lowerBound ? scalar(before: i) : boundary.scalar
                let following = end < range.upperBound ? scalar(at: end) : after.scalar
                if let run = TildeRun(length: end - i, before: before, after: following) {
                    flush(pending..<i, emails: findsEmails ? autolinks : nil)
                    output.append(.text(i..<end))
                    if let opener = containers[containers.count - 1].matcher.feed(run, at: output.count - 1) {
                        output[opener] = .enter(.strikethrough)
                        output[output.count - 1] = .exit
                    }
                    pending = end
                }
                i = end
            case 0x77 where !brackets.blocksAutolinks && wwwMayStart(at: i, in: range):
                guard let end = autolinks.wwwLink(at: i) else { i += 1; continue }
                flush(pending..<i, emails: findsEmails ? autolinks : nil)
                emitAutolink(i..<end, destination: "http://" + String(decoding: bytes[i..<end], as: UTF8.self))
                pending = end; i = end
            case 0x3A where !brackets.blocksAutolinks:
                guard let link = autolinks.schemeLink(colon: i, floor: pending) else { i += 1; continue }
                flush(pending..<link.lowerBound, emails: findsEmails ? autolinks : nil)
                emitAutolink(link, destination: String(decoding: bytes[link], as: UTF8.self))
                pending = link.upperBound; i = link.upperBound
            case 0x5B:
                brackets.push(image: i > range.lowerBound && bytes[i - 1] == 0x21 && content.origin(i - 1) == .raw)
                i += 1
            case 0x5D:
                brackets.pop()
                i += 1
            default:
                i += 1
            }
        }
        flush(pending..<range.upperBound, emails: findsEmails ? autolinks : nil)
    }

    /// Whether a `www.` link may start at `index`: at the start of the paragraph, or after
    /// whitespace, `*`, `_`, `~` or `(` in the source.
    private func wwwMayStart(at index: Int, in range: Range<Int>) -> Bool {
        guard index > range.lowerBound else { return boundary != .punctuation }
        let byte = content.bytes[index - 1]
        guard content.origin(index - 1) != .entity else { return false }
        return MarkdownCharacters.isASCIISpace(byte) || byte == 0x2A || byte == 0x5F || byte == 0x7E || byte == 0x28
    }

    /// The character before `index` as flanking sees it: an entity's expansion reads as its `;`.
    private func scalar(before index: Int) -> Unicode.Scalar? {
        content.origin(index - 1) == .entity ? ";" : MarkdownCharacters.scalar(endingBefore: index, in: content.bytes)
    }

    /// The character at `index` as flanking sees it: an entity's expansion reads as its `&`.
    private func scalar(at index: Int) -> Unicode.Scalar? {
        content.origin(index) == .entity ? "&" : MarkdownCharacters.scalar(startingAt: index, in: content.bytes)
    }

    /// Emits plain text, with its e-mail addresses as autolinks when a finder is given.
    private mutating func flush(_ range: Range<Int>, emails finder: ExtendedAutolinks?) {
        guard !range.isEmpty else { return }
        var start = range.lowerBound
        for email in finder?.emails(in: range) ?? [] {
            if email.range.lowerBound > start { output.append(.text(start..<email.range.lowerBound)) }
            emitAutolink(email.range, destination: email.destination)
            start = email.range.upperBound
        }
        if start < range.upperBound { output.append(.text(start..<range.upperBound)) }
    }

    private mutating func emitAutolink(_ range: Range<Int>, destination: String) {
        output.append(.enter(.autolink(destination: destination)))
        output.append(.text(range))
        output.append(.exit)
    }
}

/// The `[` and `![` of a paragraph that no `]` has closed yet, as cmark-gfm 0.29.0.gfm.6 tracks
/// them for autolinks: a `]` closes the last one (as a link or as text); no autolink is found
/// while a `[` is open, nor while an `![` is open that was opened after the last link was made
/// (found by trying cmark-gfm: a finished link lifts the earlier `![`, not the earlier `[`).
/// O(1) per step.
struct BracketStack {
    private var isImage: [Bool] = []
    /// Images below this index no longer block autolinks.
    private var imageFloor = 0
    private var links = 0
    private var blockingImages = 0

    /// Whether an open bracket keeps autolinks from being found.
    var blocksAutolinks: Bool { links > 0 || blockingImages > 0 }

    /// The number of open brackets.
    var height: Int { isImage.count }

    mutating func push(image: Bool) {
        isImage.append(image)
        if image { blockingImages += 1 } else { links += 1 }
    }

    /// Closes the last bracket, if any.
    mutating func pop() {
        guard let image = isImage.popLast() else { return }
        if !image { links -= 1 } else if isImage.count >= imageFloor { blockingImages -= 1 }
        imageFloor = min(imageFloor, isImage.count)
    }

    /// Closes brackets down to `height`.
    mutating func truncate(to height: Int) {
        while isImage.count > max(height, 0) { pop() }
    }

    /// A link was made: the images open now no longer block autolinks.
    mutating func linkMade() {
        imageFloor = isImage.count
        blockingImages = 0
    }
}
