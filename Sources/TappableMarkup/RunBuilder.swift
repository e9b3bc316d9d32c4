import TappableText

/// Accumulates UTF-8 text and attribute runs while a parser walks its input, then builds the
/// `AttributedText` once. Appending never touches earlier runs: a piece that continues the last
/// style extends it, anything else starts a new piece. The final text is built once from the
/// pieces' runs with `AttributedText(string:runs:)`, so building costs O(n + runs) instead of the
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
    /// One pass: UTF-8 piece ends become UTF-16 ranges, and `AttributedText(string:runs:)`
    /// builds the text in O(n).
    func build() -> AttributedText {
        guard !bytes.isEmpty else { return AttributedText("") }
        let string = String(decoding: bytes, as: UTF8.self)
        var runs: [AttributeRun] = []
        runs.reserveCapacity(pieceEnds.count)
        if string.utf8.count == bytes.count {
            // Valid UTF-8 (always, since parsers append whole scalars of Swift strings): a scalar
            // takes one UTF-16 unit per non-continuation byte, plus one for a 4-byte lead.
            var byte = 0, unit = 0
            for (end, style) in zip(pieceEnds, pieceStyles) {
                let start = unit
                while byte < end {
                    let b = bytes[byte]
                    if b & 0xC0 != 0x80 { unit += b >= 0xF0 ? 2 : 1 }
                    byte += 1
                }
                runs.append(AttributeRun(range: TextRange(start..<unit), attributes: styles[style]))
            }
        } else {
            // Repaired input: measure each piece as it decodes on its own.
            var start = 0, unit = 0
            var pieces = ""
            for (end, style) in zip(pieceEnds, pieceStyles) {
                let piece = String(decoding: bytes[start..<end], as: UTF8.self)
                pieces += piece
                let count = piece.utf16.count
                runs.append(AttributeRun(range: TextRange(location: unit, length: count), attributes: styles[style]))
                unit += count
                start = end
            }
            return (try? AttributedText(string: pieces, runs: runs)) ?? AttributedText(pieces)
        }
        // The runs are in order, adjacent and inside the text by construction.
        return (try? AttributedText(string: string, runs: runs)) ?? AttributedText(string)
    }
}
