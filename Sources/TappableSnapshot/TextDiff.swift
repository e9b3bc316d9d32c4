import Foundation

/// Line differences between two texts, for text snapshots (JSON, logs): linear time and bounded
/// output, whatever the input.
public enum TextDiff {
    /// At most this many lines of removed and added text are written into a diff; the rest is
    /// counted in a closing line.
    public static let maxDiffLines = 400
    /// Lines quoted in a summary are cut to this many characters.
    public static let maxQuotedCharacters = 120

    /// The changed block of two texts: everything between their common first and last lines.
    struct Block {
        var reference: [Substring]
        var actual: [Substring]
        /// Index of the first differing line (0-based), and lines kept equal at the end.
        var prefix: Int
        var suffix: Int
    }

    /// A text's lines; a final line break ends the last line rather than starting an empty one.
    static func lines(_ text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if text.hasSuffix("\n") { lines.removeLast() }
        return lines
    }

    static func block(_ reference: String, _ actual: String) -> Block {
        let a = lines(reference), b = lines(actual)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        return Block(reference: a, actual: b, prefix: prefix, suffix: suffix)
    }

    /// nil when the texts are equal; else a summary naming the first differing line with both
    /// versions quoted (cut to `maxQuotedCharacters`, control characters shown as `\u{…}`), and
    /// `unified(_:_:)` as the artefact.
    public static func difference(_ reference: String, _ actual: String) -> SnapshotDifference? {
        guard reference != actual else { return nil }
        let d = block(reference, actual)
        if d.prefix == d.reference.count, d.prefix == d.actual.count {
            return SnapshotDifference(summary: "text differs only in the final line break", artefact: Data(unified(reference, actual).utf8))
        }
        let removed = d.reference.count - d.prefix - d.suffix, added = d.actual.count - d.prefix - d.suffix
        func quote(_ lines: [Substring], _ i: Int) -> String {
            i < lines.count - d.suffix ? "\"" + printable(lines[i], limit: maxQuotedCharacters) + "\"" : "(nothing)"
        }
        let summary = "text differs from line \(d.prefix + 1): \(removed) line\(removed == 1 ? "" : "s") of the reference "
            + "replaced by \(added) (reference \(d.reference.count) lines, actual \(d.actual.count)); "
            + "line \(d.prefix + 1) was \(quote(d.reference, d.prefix)), is \(quote(d.actual, d.prefix))"
        return SnapshotDifference(summary: summary, artefact: Data(unified(reference, actual).utf8))
    }

    /// A unified-style diff with one hunk (the lines between the common start and end) and up to
    /// three lines of context: `--- reference`, `+++ actual`, `@@ -l,n +l,m @@`, then ` `, `-`, `+`
    /// lines. At most `maxDiffLines` changed lines are written. Equal texts give an empty string;
    /// texts that differ only in a final line break say so in one line.
    public static func unified(_ reference: String, _ actual: String) -> String {
        guard reference != actual else { return "" }
        let d = block(reference, actual)
        if d.prefix == d.reference.count, d.prefix == d.actual.count {
            return "--- reference\n+++ actual\n(only the final line break differs)\n"
        }
        let start = max(0, d.prefix - 3)
        let refEnd = d.reference.count - d.suffix, actEnd = d.actual.count - d.suffix
        let after = min(3, d.suffix)
        var out = "--- reference\n+++ actual\n"
        out += "@@ -\(start + 1),\(refEnd + after - start) +\(start + 1),\(actEnd + after - start) @@\n"
        for line in d.reference[start..<d.prefix] { out += " " + line + "\n" }
        var written = 0, skipped = 0
        for (mark, lines) in [("-", d.reference[d.prefix..<refEnd]), ("+", d.actual[d.prefix..<actEnd])] {
            for line in lines {
                guard written < maxDiffLines else { skipped += 1; continue }
                out += mark + line + "\n"
                written += 1
            }
        }
        if skipped > 0 { out += "… \(skipped) more changed lines not shown\n" }
        for line in d.reference[refEnd..<(refEnd + after)] { out += " " + line + "\n" }
        return out
    }

    /// `text` with C0/C1 control characters and DEL as `\u{XX}`, cut to `limit`
    /// Unicode scalars (an ellipsis marks the cut), safe to print on a terminal or in a test report.
    public static func printable<S: StringProtocol>(_ text: S, limit: Int = .max) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit { out += "…"; break }
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }
}
