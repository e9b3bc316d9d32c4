import TappableText

/// Accumulates UTF-8 text and attribute runs while a parser walks its input, then builds the
/// `AttributedText` once. Appending never touches earlier runs: a piece that continues the last
/// style extends it, anything else starts a new piece. The final text is assembled by merging the
/// pieces pairwise (a balanced, iterative merge), so building costs O(n log runs) instead of the
/// O(n * runs) of calling `addAttributes` once per run.
struct RunBuilder {
    /// The text so far, as UTF-8.
    private(set) var bytes: [UInt8] = []
    /// Every style a parser registered; pieces refer to them by index.
    private var styles: [TextAttributes] = []
    /// Pieces in text order: the byte offset where each ends and its style index.
    private var pieceEnds: [Int] = []
    private var pieceStyles: [Int] = []

    /// Registers a style and returns its index for `append`.
    mutating func addStyle(_ attributes: TextAttributes) -> Int {
        styles.append(attributes)
        return styles.count - 1
    }

    /// The attributes of a registered style.
    func style(_ index: Int) -> TextAttributes { styles[index] }

    /// Whether nothing has been appended yet.
    var isEmpty: Bool { bytes.isEmpty }

    /// The last byte appended, if any.
    var lastByte: UInt8? { bytes.last }

    /// Appends UTF-8 bytes (a whole number of scalars) in the given style.
    mutating func append<C: Collection>(bytes newBytes: C, style: Int) where C.Element == UInt8 {
        guard !newBytes.isEmpty else { return }
        bytes.append(contentsOf: newBytes)
        extendPiece(style: style)
    }

    /// Appends a string in the given style.
    mutating func append(_ string: String, style: Int) {
        guard !string.isEmpty else { return }
        bytes.append(contentsOf: string.utf8)
        extendPiece(style: style)
    }

    /// Appends one Unicode scalar in the given style.
    mutating func append(scalar: Unicode.Scalar, style: Int) {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(4)
        UTF8.encode(scalar) { buffer.append($0) }
        append(bytes: buffer, style: style)
    }

    private mutating func extendPiece(style: Int) {
        if let last = pieceStyles.last, last == style {
            pieceEnds[pieceEnds.count - 1] = bytes.count
        } else {
            pieceEnds.append(bytes.count)
            pieceStyles.append(style)
        }
    }

    /// The attributed text: each piece's bytes with its style, equal neighbours coalesced.
    func build() -> AttributedText {
        guard !bytes.isEmpty else { return AttributedText("") }
        // Coalesce neighbouring pieces whose styles are equal though registered separately.
        var leaves: [AttributedText] = []
        leaves.reserveCapacity(pieceEnds.count)
        var start = 0
        var i = 0
        while i < pieceEnds.count {
            let attributes = styles[pieceStyles[i]]
            var end = pieceEnds[i]
            var j = i + 1
            while j < pieceEnds.count, pieceStyles[j] == pieceStyles[i] || styles[pieceStyles[j]] == attributes {
                end = pieceEnds[j]
                j += 1
            }
            leaves.append(AttributedText(String(decoding: bytes[start..<end], as: UTF8.self), attributes: attributes))
            start = end
            i = j
        }
        // Balanced pairwise merge: every level copies the text once, there are log2(leaves) levels.
        while leaves.count > 1 {
            var next: [AttributedText] = []
            next.reserveCapacity((leaves.count + 1) / 2)
            var k = 0
            while k + 1 < leaves.count {
                next.append(leaves[k].appending(leaves[k + 1]))
                k += 2
            }
            if k < leaves.count { next.append(leaves[k]) }
            leaves = next
        }
        return leaves[0]
    }
}
