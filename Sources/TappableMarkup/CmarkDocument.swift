import CCmark

/// A document parsed by cmark (the CommonMark reference library, Debian's libcmark 0.30), with
/// the source it read. Frees its node tree when released.
///
/// libcmark keeps no mutable global state (its tables are constant and each parser owns its
/// memory), so documents parse on any number of threads at once without a lock. Its parser is
/// linear in the input for the inputs a label meets; the GitHub extensions are added in Swift
/// afterwards (`GitHubInlines`), over the node tree.
final class CmarkDocument {
    let root: OpaquePointer
    /// The bytes cmark parsed, for the source positions of its nodes.
    let source: SourceMap

    /// Parses `markdown`. A leading byte order mark is dropped and NUL becomes U+FFFD first, as
    /// cmark would do itself, so that its columns count the bytes of `source`; lines nesting
    /// deeper than `MarkdownNesting.maximumDepth` are cut down to it.
    init(parsing markdown: String) {
        var bytes = Array(markdown.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if bytes.contains(0) {
            var replaced: [UInt8] = []
            replaced.reserveCapacity(bytes.count + 16)
            for byte in bytes {
                if byte == 0 { replaced.append(contentsOf: [0xEF, 0xBF, 0xBD]) } else { replaced.append(byte) }
            }
            bytes = replaced
        }
        // Lines nesting hundreds of containers would make cmark's work lines × depth.
        bytes = MarkdownNesting.clamped(bytes)
        source = SourceMap(bytes)
        let parser = cmark_parser_new(CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8)!
        defer { cmark_parser_free(parser) }
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        root = cmark_parser_finish(parser)!
    }

    deinit { cmark_node_free(root) }
}
