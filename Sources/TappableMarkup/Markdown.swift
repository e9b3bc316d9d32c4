import Foundation
import CCmarkGFM
import TappableText

/// How Markdown becomes attributed text: the attributes of plain text and the style of links.
public struct MarkdownOptions: Sendable, Hashable {
    /// Attributes of all text; emphasis, strong, code and links are derived from them.
    /// Its font (or `Font.system` when it sets none) is the face the other styles vary.
    public var baseAttributes: TextAttributes
    /// Attributes merged over link text (e.g. colour, underline). The `link` attribute itself is
    /// always the link's exact destination and cannot be overridden here.
    public var linkAttributes: TextAttributes
    /// The family of code spans and code blocks (bundled under Fonts/DejaVu).
    public var codeFontFamily: String
    /// The weight of `**strong**` text.
    public var strongWeight: Font.Weight
    /// Which link destinations become links; refused ones stay plain text (no link, no link
    /// style) and are reported by `Markdown.parse`. Default: `LinkPolicy.default`.
    public var linkPolicy: LinkPolicy

    /// Options with UILabel-like defaults: the system font, links in the link colour and underlined.
    public init(baseAttributes: TextAttributes = TextAttributes(font: .system),
                linkAttributes: TextAttributes = MarkdownOptions.defaultLinkAttributes,
                codeFontFamily: String = MarkdownOptions.defaultCodeFontFamily,
                strongWeight: Font.Weight = .bold, linkPolicy: LinkPolicy = .default) {
        self.baseAttributes = baseAttributes
        self.linkAttributes = linkAttributes
        self.codeFontFamily = codeFontFamily
        self.strongWeight = strongWeight
        self.linkPolicy = linkPolicy
    }

    /// The default link style: the UIKit link colour, single underline.
    public static let defaultLinkAttributes = TextAttributes(foregroundColor: .link, underline: .single)
    /// The default monospace family, "DejaVu Sans Mono".
    public static let defaultCodeFontFamily = "DejaVu Sans Mono"
}

/// Markdown (CommonMark with the GitHub autolink and strikethrough extensions, parsed by
/// cmark-gfm) rendered as the attributed text of a label.
///
/// Inline elements keep their meaning: emphasis is italic, strong is bold, code is monospace,
/// `~~strike~~` is struck through, links carry their destination in `link` (and a title in
/// `custom["title"]`). Blocks degrade to their text: paragraphs, headings, list items, quotes
/// and code blocks each start a new line ("\n"), list items with their marker ("1. ", "• ");
/// soft breaks become a space, hard breaks "\n";
/// raw HTML stays literal text; images show their alt text. Markdown never fails: whatever is
/// not valid Markdown syntax is literal text.
public enum Markdown {
    /// The attributed text for `markdown`. Ranges in the result count UTF-16 units. Links the
    /// options' policy refuses are plain text; `parse` also says which.
    public static func attributedText(_ markdown: String, options: MarkdownOptions = MarkdownOptions()) -> AttributedText {
        parse(markdown, options: options).text
    }

    /// The attributed text for `markdown` and the links the options' link policy refused (in
    /// text order), for the caller to warn about.
    public static func parse(_ markdown: String, options: MarkdownOptions = MarkdownOptions()) -> MarkupResult {
        let document = CmarkDocument(parsing: markdown)
        var renderer = MarkdownRenderer(options: options)
        renderer.walk(document.root)
        return MarkupResult(text: renderer.builder.build(), refusedLinks: renderer.refusedLinks)
    }
}

/// What a markup parser made: the attributed text and the links it refused to make tappable.
public struct MarkupResult: Sendable, Hashable {
    /// The attributed text.
    public var text: AttributedText
    /// Links the link policy refused, in text order; their text is plain.
    public var refusedLinks: [RefusedLink]
    /// A result; stored as given.
    public init(text: AttributedText, refusedLinks: [RefusedLink]) { self.text = text; self.refusedLinks = refusedLinks }
}

extension AttributedText {
    /// Attributed text from Markdown; see `Markdown.attributedText(_:options:)`.
    public init(markdown: String, options: MarkdownOptions = MarkdownOptions()) {
        self = Markdown.attributedText(markdown, options: options)
    }
}

// MARK: - cmark-gfm

/// Registers the GFM core extensions exactly once (the C function is not thread-safe; a global's
/// lazy initialiser is).
private let gfmExtensionsRegistered: Bool = {
    cmark_gfm_core_extensions_ensure_registered()
    return true
}()

/// cmark-gfm keeps the table of characters that start inlines in a process-wide array: while a
/// parser with the strikethrough extension finishes a document it adds `~` there and removes it
/// afterwards, so two documents finished at once on two threads can lose each other's `~~`.
/// Parsing is serialised by this lock.
private let cmarkLock = NSLock()

/// A parsed cmark-gfm document that frees its node tree when released.
private final class CmarkDocument {
    let root: OpaquePointer

    init(parsing markdown: String) {
        _ = gfmExtensionsRegistered
        cmarkLock.lock()
        defer { cmarkLock.unlock() }
        let parser = cmark_parser_new(CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8)!
        defer { cmark_parser_free(parser) }
        for name in ["autolink", "strikethrough"] {
            if let ext = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, ext)
            }
        }
        var source = markdown
        source.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        root = cmark_parser_finish(parser)!
    }

    deinit { cmark_node_free(root) }
}

/// Walks a document with cmark's (non-recursive) iterator and feeds a `RunBuilder`.
private struct MarkdownRenderer {
    let options: MarkdownOptions
    var builder = RunBuilder()
    /// Links the policy refused, in text order.
    var refusedLinks: [RefusedLink] = []
    /// Style indices of the inline containers entered so far; the last one is in effect.
    var stack: [Int]
    /// A block started after earlier text: the next emitted text is preceded by "\n".
    var pendingLineBreak = false
    /// A list item's marker was just written: its first paragraph continues on the same line.
    var afterItemMarker = false
    let baseFont: Font

    init(options: MarkdownOptions) {
        self.options = options
        baseFont = options.baseAttributes.font ?? .system
        stack = []
        stack.append(builder.addStyle(options.baseAttributes))
    }

    var current: TextAttributes { builder.style(stack[stack.count - 1]) }

    mutating func push(_ transform: (inout TextAttributes) -> Void) {
        var attributes = current
        transform(&attributes)
        stack.append(builder.addStyle(attributes))
    }

    mutating func pop() {
        if stack.count > 1 { stack.removeLast() }
    }

    /// Emits text in the current style, after the pending block separator.
    mutating func emit(_ text: String) {
        guard !text.isEmpty else { return }
        if pendingLineBreak {
            pendingLineBreak = false
            builder.append("\n", style: stack[0])
        }
        builder.append(text, style: stack[stack.count - 1])
    }

    /// Starts a block: its text goes on a new line when anything came before it.
    mutating func startBlock() {
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

    mutating func walk(_ root: OpaquePointer) {
        let iterator = cmark_iter_new(root)!
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let entering = event == CMARK_EVENT_ENTER
            visit(node, entering: entering)
        }
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    /// The literal of a code or HTML block without its final line end.
    private static func blockLiteral(_ node: OpaquePointer) -> String {
        var text = string(cmark_node_get_literal(node))
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

    private mutating func visit(_ node: OpaquePointer, entering: Bool) {
        let type = cmark_node_get_type(node)
        switch type {
        case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
            if entering { startBlock() }
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
        case CMARK_NODE_TEXT, CMARK_NODE_HTML_INLINE:
            emit(Self.string(cmark_node_get_literal(node)))
        case CMARK_NODE_CODE:
            codeStyle()
            emit(Self.string(cmark_node_get_literal(node)))
            pop()
        case CMARK_NODE_SOFTBREAK:
            emit(" ")
        case CMARK_NODE_LINEBREAK:
            emit("\n")
        case CMARK_NODE_EMPH:
            if entering {
                let base = baseFont
                push { $0.font = ($0.font ?? base).withItalic(true) }
            } else { pop() }
        case CMARK_NODE_STRONG:
            if entering {
                let base = baseFont, weight = options.strongWeight
                push { $0.font = ($0.font ?? base).withWeight(weight) }
            } else { pop() }
        case CMARK_NODE_LINK:
            if entering {
                let url = Self.string(cmark_node_get_url(node))
                let title = Self.string(cmark_node_get_title(node))
                let style = options.linkAttributes
                if let refusal = options.linkPolicy.refusal(of: url) {
                    refusedLinks.append(RefusedLink(destination: url, reason: refusal))
                    push { _ in }
                    return
                }
                push { a in
                    a = a.merging(style)
                    a.link = url
                    if !title.isEmpty { a.custom["title"] = title }
                }
            } else { pop() }
        default:
            // Extension nodes are told apart by name; strikethrough is the only inline one attached.
            if Self.string(cmark_node_get_type_string(node)) == "strikethrough" {
                if entering { push { $0.strikethrough = .single } } else { pop() }
            }
            // Documents, lists, quotes, images (their alt text is their children), thematic
            // breaks: no text of their own.
        }
    }
}
