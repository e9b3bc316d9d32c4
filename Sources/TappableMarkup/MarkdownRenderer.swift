import CCmark
import TappableText

/// Walks a cmark document with its (non-recursive) iterator and feeds a `RunBuilder`: blocks
/// degrade to lines of text; the inlines of each paragraph and heading are read into an
/// `InlineContent`, given GitHub's autolinks and strikethrough, and emitted with their styles.
struct MarkdownRenderer {
    let options: MarkdownOptions
    var builder = RunBuilder()
    /// Links the policy refused, in text order.
    var refusedLinks: [RefusedLink] = []
    /// Style indices of the inline containers entered so far; the last one is in effect.
    private var stack: [Int]
    /// Styles derived so far, by the style they were derived from and how: a repeated element
    /// (every link to one destination, every code span in plain text) reuses its style.
    private var derivedStyles: [DerivedStyle: Int] = [:]
    /// A block started after earlier text: the next emitted text is preceded by "\n".
    private var pendingLineBreak = false
    /// A list item's marker was just written: its first paragraph continues on the same line.
    private var afterItemMarker = false
    private let baseFont: Font

    init(options: MarkdownOptions) {
        self.options = options
        baseFont = options.baseAttributes.font ?? .system
        stack = []
        stack.append(builder.addStyle(options.baseAttributes))
    }

    /// How a container's style derives from the style around it.
    private enum Derivation: Hashable {
        case code, emphasis, strong, strikethrough
        case link(destination: String, title: String)
    }

    private struct DerivedStyle: Hashable {
        let base: Int
        let derivation: Derivation
    }

    /// Enters a container whose style derives from the current one.
    private mutating func push(_ derivation: Derivation) {
        let key = DerivedStyle(base: stack[stack.count - 1], derivation: derivation)
        if let index = derivedStyles[key] {
            stack.append(index)
            return
        }
        var attributes = builder.style(key.base)
        let font = attributes.font ?? baseFont
        switch derivation {
        case .code:
            attributes.font = Font(family: options.codeFontFamily, size: font.size, weight: font.weight, italic: font.italic)
        case .emphasis:
            attributes.font = font.withItalic(true)
        case .strong:
            attributes.font = font.withWeight(options.strongWeight)
        case .strikethrough:
            attributes.strikethrough = .single
        case .link(let destination, let title):
            attributes = attributes.merging(options.linkAttributes)
            attributes.link = destination
            if !title.isEmpty { attributes.custom["title"] = title }
        }
        let index = builder.addStyle(attributes)
        derivedStyles[key] = index
        stack.append(index)
    }

    /// Enters a container that does not change the style.
    private mutating func pushSame() { stack.append(stack[stack.count - 1]) }

    private mutating func pop() {
        if stack.count > 1 { stack.removeLast() }
    }

    /// Emits text in the current style, after the pending block separator.
    private mutating func emit(_ text: String) {
        guard !text.isEmpty else { return }
        separateBlock()
        builder.append(text, style: stack[stack.count - 1])
    }

    /// Emits UTF-8 bytes (whole scalars) in the current style, after the pending block separator.
    private mutating func emit(_ bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty else { return }
        separateBlock()
        builder.append(bytes: bytes, style: stack[stack.count - 1])
    }

    private mutating func separateBlock() {
        if pendingLineBreak {
            pendingLineBreak = false
            builder.append("\n", style: stack[0])
        }
    }

    /// Starts a block: its text goes on a new line when anything came before it.
    private mutating func startBlock() {
        if afterItemMarker { afterItemMarker = false; return }
        if !builder.isEmpty { pendingLineBreak = true }
    }

    /// The lists around the current block, outermost first: whether each is ordered and the
    /// number of its next item.
    private var lists: [(ordered: Bool, next: Int)] = []

    /// Item markers are indented two spaces per enclosing list, up to this many levels: deeper
    /// lists keep the deepest indent (the text stays proportional to the input).
    static let maximumMarkerIndentLevels = 8

    /// The marker of the next item of the innermost list: "1. ", "2. " … in an ordered list (from
    /// its start number), "• " in a bullet list, indented two spaces per enclosing list (at most
    /// `maximumMarkerIndentLevels`). O(1): the walk keeps the lists' state.
    private mutating func nextItemMarker() -> String {
        guard let list = lists.last else { return "• " }
        let indent = String(repeating: "  ", count: min(lists.count - 1, Self.maximumMarkerIndentLevels))
        guard list.ordered else { return indent + "• " }
        lists[lists.count - 1].next += 1
        return indent + "\(list.next). "
    }

    mutating func render(_ document: CmarkDocument) {
        let iterator = cmark_iter_new(document.root)!
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let entering = event == CMARK_EVENT_ENTER
            switch cmark_node_get_type(node) {
            case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
                guard entering else { continue }
                startBlock()
                let inlines = InlineContent(block: node, iterator: iterator, source: document.source)
                render(GitHubInlines.apply(to: inlines))
            case CMARK_NODE_LIST:
                if entering {
                    lists.append((cmark_node_get_list_type(node) == CMARK_ORDERED_LIST, Int(cmark_node_get_list_start(node))))
                } else {
                    lists.removeLast()
                }
            case CMARK_NODE_ITEM:
                if entering {
                    afterItemMarker = false
                    startBlock()
                    emit(nextItemMarker())
                    afterItemMarker = true
                } else {
                    afterItemMarker = false   // an empty item glues nothing to what follows
                }
            case CMARK_NODE_CODE_BLOCK:
                startBlock()
                push(.code)
                emit(Self.blockLiteral(node))
                pop()
            case CMARK_NODE_HTML_BLOCK:
                startBlock()
                emit(Self.blockLiteral(node))
            default:
                // Documents, quotes, thematic breaks: no text of their own.
                break
            }
        }
    }

    /// The literal of a code or HTML block without its final line end.
    private static func blockLiteral(_ node: OpaquePointer) -> String {
        var text = InlineContent.string(cmark_node_get_literal(node))
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// Emits the inlines of one paragraph or heading.
    private mutating func render(_ inlines: InlineContent) {
        let bytes = inlines.bytes
        for event in inlines.events {
            switch event {
            case .text(let range), .html(let range):
                emit(bytes[range])
            case .code(let range):
                push(.code)
                emit(bytes[range])
                pop()
            case .softBreak:
                emit(" ")
            case .lineBreak:
                emit("\n")
            case .enter(let container):
                enter(container)
            case .exit:
                pop()
            }
        }
    }

    private mutating func enter(_ container: InlineContainer) {
        switch container {
        case .emphasis:
            push(.emphasis)
        case .strong:
            push(.strong)
        case .strikethrough:
            push(.strikethrough)
        case .link(let destination, let title):
            link(destination, title: title)
        case .autolink(let destination):
            link(destination, title: "")
        case .image:
            pushSame()   // images show their alt text
        }
    }

    /// Enters a link: its style and destination, or plain text when the policy refuses it.
    private mutating func link(_ url: String, title: String) {
        if let refusal = options.linkPolicy.refusal(of: url) {
            refusedLinks.append(RefusedLink(destination: url, reason: refusal))
            pushSame()
            return
        }
        push(.link(destination: url, title: title))
    }
}
