import Foundation
import CCmark

/// An inline container of a paragraph or heading.
enum InlineContainer: Equatable {
    case emphasis
    case strong
    /// `[text](destination "title")` or a reference link.
    case link(destination: String, title: String)
    /// A link whose text is its destination: `<https://…>`, `<me@host>`, or a GFM extended autolink
    /// (`www.…`, `https://…`, `me@host`). Its text is final: no Markdown inside.
    case autolink(destination: String)
    /// `![alt](src)`: the alt text is its content.
    case image
    /// `~~text~~` or `~text~`.
    case strikethrough

    /// Whether the Markdown source of this container starts and ends with `*` or `_`: in GitHub's
    /// rules a `www.` link may follow those, as it may follow whitespace.
    var isEmphasis: Bool { self == .emphasis || self == .strong }
}

/// One step of a paragraph's inlines, in text order. Containers are bracketed by `enter` and
/// `exit`, so any nesting depth is a flat list (no recursion anywhere). Text, code and HTML refer
/// to byte ranges of `InlineContent.bytes`.
enum InlineEvent: Equatable {
    case text(Range<Int>)
    case code(Range<Int>)
    case html(Range<Int>)
    case softBreak
    case lineBreak
    case enter(InlineContainer)
    case exit
}

/// The inlines of one paragraph or heading: their events and the bytes they refer to.
struct InlineContent {
    /// The UTF-8 literals of text, code spans and inline HTML, one after the other.
    var bytes: [UInt8] = []
    /// The events in text order.
    var events: [InlineEvent] = []
    /// Bytes of text literals that came from a backslash escape or an entity; every other byte
    /// is raw (typed as it stands in the source).
    var nonRawOrigins: [Int: TextOrigin] = [:]
    /// The indices of the `lineBreak` events written as a backslash before the line end (the
    /// others are two spaces): a `~` before one is followed by punctuation, not whitespace.
    var backslashBreaks: Set<Int> = []

    /// Where the byte at `index` came from.
    func origin(_ index: Int) -> TextOrigin { nonRawOrigins.isEmpty ? .raw : nonRawOrigins[index] ?? .raw }

    /// Appends a C string's bytes and returns their range.
    mutating func append(_ literal: UnsafePointer<CChar>?) -> Range<Int> {
        let start = bytes.count
        if let literal {
            let count = strlen(literal)
            literal.withMemoryRebound(to: UInt8.self, capacity: count) { bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: count)) }
        }
        return start..<bytes.count
    }
}

extension InlineContent {
    /// Reads the inline children of `block` (a paragraph or heading just entered by `iterator`)
    /// up to and including the block's exit. Text bytes that may be GFM syntax (`~`, `[`, `]`) are
    /// checked against the source, so that escaped ones stay literal.
    init(block: OpaquePointer, iterator: OpaquePointer, source: SourceMap) {
        var origins = OriginFinder()
        defer { origins.resolve(into: &self, block: block, source: source) }
        while true {
            let event = cmark_iter_next(iterator)
            guard event != CMARK_EVENT_DONE, let node = cmark_iter_get_node(iterator) else { return }
            if node == block { return }
            let entering = event == CMARK_EVENT_ENTER
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT:
                let range = append(cmark_node_get_literal(node))
                origins.text(range, node: node, in: bytes)
                events.append(.text(range))
                continue
            case CMARK_NODE_CODE:
                events.append(.code(append(cmark_node_get_literal(node))))
            case CMARK_NODE_HTML_INLINE:
                events.append(.html(append(cmark_node_get_literal(node))))
                origins.inline(ending: node)
                continue
            case CMARK_NODE_SOFTBREAK:
                events.append(.softBreak)
                origins.lineEnds(breakEvent: nil)
                continue
            case CMARK_NODE_LINEBREAK:
                origins.lineEnds(breakEvent: events.count)
                events.append(.lineBreak)
                continue
            case CMARK_NODE_EMPH:
                events.append(entering ? .enter(.emphasis) : .exit)
            case CMARK_NODE_STRONG:
                events.append(entering ? .enter(.strong) : .exit)
            case CMARK_NODE_IMAGE:
                events.append(entering ? .enter(.image) : .exit)
            case CMARK_NODE_LINK:
                events.append(entering ? .enter(Self.link(node)) : .exit)
            default:
                continue   // cmark's parser makes no other inline
            }
            // A container's end is where its closing syntax ends; a code span's is not (cmark
            // ends it before the closing backticks).
            if entering || cmark_node_get_type(node) == CMARK_NODE_CODE { origins.otherInline() } else { origins.inline(ending: node) }
        }
    }

    /// A link node as a container: an autolink when its only child is its destination's text.
    private static func link(_ node: OpaquePointer) -> InlineContainer {
        let destination = string(cmark_node_get_url(node))
        if let child = cmark_node_first_child(node), child == cmark_node_last_child(node),
           cmark_node_get_type(child) == CMARK_NODE_TEXT {
            let text = string(cmark_node_get_literal(child))
            if text == destination || "mailto:" + text == destination { return .autolink(destination: destination) }
        }
        return .link(destination: destination, title: string(cmark_node_get_title(node)))
    }

    static func string(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }

}

/// Finds where the bytes of a block's text nodes came from (`TextOrigin`), for the nodes that
/// hold `~`, `[` or `]` or are shorter than their source, and how its hard line breaks were
/// written, once the whole block is read.
///
/// cmark 0.30's inline source positions are exact on a paragraph's first line, but later lines
/// can be off: after link reference definitions and backslash line breaks the line number is
/// stale, and on lazy or differently indented lines the columns are shifted by a constant. So a
/// node's raw text is looked for where cmark says, then on the line counted from the block's end
/// (which cmark gets right), shifted so that the inline ending the line ends where the line does.
/// A node found nowhere keeps raw origins (a line ending with a code span gives no shift).
private struct OriginFinder {
    private struct Node {
        let range: Range<Int>
        let lineIndex: Int
        let line: Int, firstColumn: Int, lastColumn: Int
    }
    private var nodes: [Node] = []
    /// For each line of the block so far: cmark's last column of the inline ending it, if it is
    /// one whose columns are known to end with its source, and the index of the hard break event
    /// ending it, if one does.
    private var lineAnchors: [(column: Int?, hardBreak: Int?)] = []
    /// cmark's last column of the inline the current line ends with so far.
    private var anchor: Int?

    mutating func text(_ range: Range<Int>, node: OpaquePointer, in bytes: [UInt8]) {
        let last = Int(cmark_node_get_end_column(node))
        anchor = last
        // Escapes and entities make the source longer than the literal (so do spaces trimmed
        // before a line break): only then, or where GFM syntax is at stake, look at the source.
        let first = Int(cmark_node_get_start_column(node))
        guard last - first + 1 != range.count || bytes[range].contains(where: { $0 == 0x7E || $0 == 0x5B || $0 == 0x5D }) else { return }
        nodes.append(Node(range: range, lineIndex: lineAnchors.count, line: Int(cmark_node_get_start_line(node)),
                          firstColumn: first, lastColumn: last))
    }

    mutating func lineEnds(breakEvent: Int?) {
        lineAnchors.append((anchor, breakEvent))
        anchor = nil
    }

    /// An inline ended (text aside) whose last column is where its source ends.
    mutating func inline(ending node: OpaquePointer) { anchor = Int(cmark_node_get_end_column(node)) }

    /// An inline started, or one whose last column is not where its source ends.
    mutating func otherInline() { anchor = nil }

    /// Records the origins of the pending nodes and the backslash line breaks in `content`.
    mutating func resolve(into content: inout InlineContent, block: OpaquePointer, source: SourceMap) {
        lineEnds(breakEvent: nil)
        let end = Int(cmark_node_get_end_line(block))
        let setext = cmark_node_get_type(block) == CMARK_NODE_HEADING && end > Int(cmark_node_get_start_line(block))
        let firstLine = end - lineAnchors.count + 1 - (setext ? 1 : 0)
        for (index, anchor) in lineAnchors.enumerated() {
            if let event = anchor.hardBreak, let line = source.line(firstLine + index), line.upperBound > line.lowerBound,
               source.bytes[line.upperBound - 1] == 0x5C {
                content.backslashBreaks.insert(event)
            }
        }
        for node in nodes {
            let literal = content.bytes[node.range]
            var places = [(line: node.line, shift: 0)]
            if let shift = shift(lineIndex: node.lineIndex, line: firstLine + node.lineIndex, source: source) {
                places.append((firstLine + node.lineIndex, shift))
            }
            // cmark puts an unmatched run of backticks one run late (and its end one byte late).
            let leadingTicks = literal.prefix { $0 == 0x60 }.count
            let trailingTick = literal.last == 0x60 ? 1 : 0
            var corrections = [(0, 0)]
            if leadingTicks > 0 { corrections.append((leadingTicks, 0)) }
            if trailingTick > 0 { corrections += [(0, trailingTick), (leadingTicks, trailingTick)] }
            search: for place in places {
                for (first, last) in corrections {
                    guard let raw = source.raw(line: place.line, firstColumn: node.firstColumn - first + place.shift,
                                               lastColumn: node.lastColumn - last + place.shift),
                          let found = SourceMap.origins(of: literal, raw: raw) else { continue }
                    for (offset, origin) in found.enumerated() where origin != .raw {
                        content.nonRawOrigins[node.range.lowerBound + offset] = origin
                    }
                    break search
                }
            }
        }
    }

    /// How far cmark's columns on line `line` (the block's line `lineIndex`) are off: the line's
    /// last inline ends where the line's text does (before spaces at the block's end, before the
    /// backslash of a hard break).
    private func shift(lineIndex: Int, line: Int, source: SourceMap) -> Int? {
        guard let column = lineAnchors[lineIndex].column, let range = source.line(line) else { return nil }
        var end = range.upperBound
        if lineIndex == lineAnchors.count - 1 {
            while end > range.lowerBound, source.bytes[end - 1] == 0x20 || source.bytes[end - 1] == 0x09 { end -= 1 }
        } else if lineAnchors[lineIndex].hardBreak != nil, end > range.lowerBound, source.bytes[end - 1] == 0x5C {
            end -= 1
        }
        return end - range.lowerBound - column
    }
}
