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

    private var current: TextAttributes { builder.style(stack[stack.count - 1]) }

    private mutating func push(_ transform: (inout TextAttributes) -> Void) {
        var attributes = current
        transform(&attributes)
        stack.append(builder.addStyle(attributes))
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

    /// The marker of a list item: "1. ", "2. " … in an ordered list (from its start number),
    /// "• " in a bullet list, indented two spaces per enclosing list.
    static func itemMarker(_ item: OpaquePointer) -> String {
        guard let list = cmark_node_parent(item) else { return "• " }
        var depth = 0
        var ancestor = cmark_node_parent(list)
        while let node = ancestor {
            if cmark_node_get_type(node) == CMARK_NODE_LIST { depth += 1 }
            ancestor = cmark_node_parent(node)
        }
        let indent = String(repeating: "  ", count: depth)
        guard cmark_node_get_list_type(list) == CMARK_ORDERED_LIST else { return indent + "• " }
        var position = 0
        var sibling = cmark_node_previous(item)
        while let node = sibling { position += 1; sibling = cmark_node_previous(node) }
        return indent + "\(Int(cmark_node_get_list_start(list)) + position). "
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
            case CMARK_NODE_ITEM:
                if entering {
                    afterItemMarker = false
                    startBlock()
                    emit(Self.itemMarker(node))
                    afterItemMarker = true
                } else {
                    afterItemMarker = false   // an empty item glues nothing to what follows
                }
            case CMARK_NODE_CODE_BLOCK:
                startBlock()
                codeStyle()
                emit(Self.blockLiteral(node))
                pop()
            case CMARK_NODE_HTML_BLOCK:
                startBlock()
                emit(Self.blockLiteral(node))
            default:
                // Documents, lists, quotes, thematic breaks: no text of their own.
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

    private mutating func codeStyle() {
        let family = options.codeFontFamily
        let base = baseFont
        push { a in
            let font = a.font ?? base
            a.font = Font(family: family, size: font.size, weight: font.weight, italic: font.italic)
        }
    }

    /// Emits the inlines of one paragraph or heading.
    private mutating func render(_ inlines: InlineContent) {
        let bytes = inlines.bytes
        for event in inlines.events {
            switch event {
            case .text(let range), .html(let range):
                emit(bytes[range])
            case .code(let range):
                codeStyle()
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
            let base = baseFont
            push { $0.font = ($0.font ?? base).withItalic(true) }
        case .strong:
            let base = baseFont, weight = options.strongWeight
            push { $0.font = ($0.font ?? base).withWeight(weight) }
        case .strikethrough:
            push { $0.strikethrough = .single }
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
        let style = options.linkAttributes
        push { a in
            a = a.merging(style)
            a.link = url
            if !title.isEmpty { a.custom["title"] = title }
        }
    }
}
