/// Bounds on the Markdown libcmark 0.30.2 is given, where its work is not linear in the input.
///
/// - Nesting. cmark matches every line against every container open at it, so text whose lines
///   each open hundreds of nested lists or quotes costs lines × depth: 90 KB of `- - - … a`
///   lines took 3.7 s, and a megabyte of them would take minutes. Real labels nest a few levels;
///   a line whose prefix (spaces, `>` and list markers before its content) stands for more than
///   `maximumDepth` levels keeps the part of its prefix within the limit, and the rest of the
///   prefix is dropped (its content follows after one space).
/// - Brackets. Each `]` makes cmark 0.30.2 walk back over the brackets still open in its
///   paragraph (fixed upstream in 0.30.3), so 480 KB of `![[a](b)` took 11 s and twice that
///   80 s. In a paragraph (lines up to a blank line), the `[` after the first
///   `maximumBracketsPerParagraph` are written escaped (`\[`): they read as plain brackets.
///
/// Every other line is left exactly as it is.
enum MarkdownNesting {
    /// The deepest nesting a line may ask for: a `>` or a list marker counts one level, and every
    /// two columns of indentation before the first of them count one (a nested item's line is
    /// indented at least two columns per level).
    static let maximumDepth = 32

    /// The most `[` in one paragraph that may start a link or an image.
    static let maximumBracketsPerParagraph = 500

    /// `bytes` (UTF-8 Markdown) with every over-deep line prefix cut down to `maximumDepth` and
    /// the brackets past `maximumBracketsPerParagraph` in a paragraph escaped. Linear; returns the
    /// input unchanged when nothing needs it.
    static func clamped(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8]?
        func startOutput(upTo end: Int) {
            if output == nil { output = Array(bytes[..<end]); output!.reserveCapacity(bytes.count + bytes.count / 8) }
        }
        var brackets = 0
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            var blank = true
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A {
                if bytes[lineEnd] != 0x20, bytes[lineEnd] != 0x09, bytes[lineEnd] != 0x0D { blank = false }
                lineEnd += 1
            }
            if blank { brackets = 0 }
            var contentStart = lineStart
            if let cut = cutPoint(bytes, lineStart, lineEnd) {
                startOutput(upTo: lineStart)
                output!.append(contentsOf: bytes[lineStart..<cut.keep])
                output!.append(0x20)
                contentStart = cut.content
            } else {
                output?.append(contentsOf: bytes[lineStart..<contentStart])
            }
            // Brackets past the paragraph's allowance are written escaped.
            var copied = contentStart
            for i in contentStart..<lineEnd where bytes[i] == UInt8(ascii: "[") && (i == 0 || bytes[i - 1] != UInt8(ascii: "\\")) {
                brackets += 1
                guard brackets > maximumBracketsPerParagraph else { continue }
                startOutput(upTo: copied)
                output!.append(contentsOf: bytes[copied..<i])
                output!.append(UInt8(ascii: "\\"))
                copied = i
            }
            output?.append(contentsOf: bytes[copied..<lineEnd])
            if lineEnd < bytes.count { output?.append(0x0A) }
            lineStart = lineEnd + 1
        }
        return output ?? bytes
    }

    /// For a line whose prefix is deeper than allowed: where the kept prefix ends and where the
    /// line's content starts; nil for a line within the limit.
    static func cutPoint(_ bytes: [UInt8], _ start: Int, _ end: Int) -> (keep: Int, content: Int)? {
        var i = start, markers = 0, column = 0, indentation = 0
        var keep: Int?
        func depth() -> Int { markers + indentation / 2 }
        while i < end {
            let before = i
            let b = bytes[i]
            if b == 0x20 || b == 0x09 {
                column += b == 0x09 ? 4 - column % 4 : 1
                if markers == 0 { indentation = column }
                i += 1
            } else if b == UInt8(ascii: ">") {
                markers += 1; column += 1; i += 1
            } else if let length = listMarkerLength(bytes, i, end) {
                markers += 1; column += length; i += length
            } else {
                break
            }
            if keep == nil, depth() > maximumDepth { keep = before }
        }
        guard let keep else { return nil }
        return (min(keep, i), i)
    }

    /// The length of a list marker at `i` (`-`, `+`, `*`, or 1 to 9 digits and `.` or `)`)
    /// followed by a space, a tab or the line's end; nil when there is none.
    static func listMarkerLength(_ bytes: [UInt8], _ i: Int, _ end: Int) -> Int? {
        var j = i
        if bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "*") {
            j += 1
        } else {
            while j < end, j - i < 9, bytes[j] >= UInt8(ascii: "0"), bytes[j] <= UInt8(ascii: "9") { j += 1 }
            guard j > i, j < end, bytes[j] == UInt8(ascii: ".") || bytes[j] == UInt8(ascii: ")") else { return nil }
            j += 1
        }
        guard j == end || bytes[j] == 0x20 || bytes[j] == 0x09 else { return nil }
        return j - i
    }
}
