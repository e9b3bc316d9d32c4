import Testing
@testable import TappableSnapshot

@Suite("TextDiff: line differences for text snapshots, bounded")
struct TextDiffTests {
    @Test("equal texts have no difference and an empty diff")
    func equal() {
        #expect(TextDiff.difference("a\nb", "a\nb") == nil)
        #expect(TextDiff.unified("a\nb", "a\nb") == "")
    }

    @Test("one changed block with three lines of context on each side, numbered like a unified diff")
    func context() {
        let reference = (1...10).map { "line \($0)" }.joined(separator: "\n")
        let actual = reference.replacingOccurrences(of: "line 6", with: "LINE 6")
        #expect(TextDiff.unified(reference, actual) == """
        --- reference
        +++ actual
        @@ -3,7 +3,7 @@
         line 3
         line 4
         line 5
        -line 6
        +LINE 6
         line 7
         line 8
         line 9

        """)
    }

    @Test("lines added at the end and removed at the start")
    func additionsAndRemovals() {
        #expect(TextDiff.unified("a\nb", "a\nb\nc") == "--- reference\n+++ actual\n@@ -1,2 +1,3 @@\n a\n b\n+c\n")
        #expect(TextDiff.unified("x\na", "a") == "--- reference\n+++ actual\n@@ -1,2 +1,1 @@\n-x\n a\n")
        #expect(TextDiff.difference("a", "a\nb")?.summary.contains("line 2 was (nothing), is \"b\"") == true)
    }

    @Test("a final line break is the end of the last line; texts differing only there say so")
    func finalLineBreak() throws {
        #expect(TextDiff.unified("a\nb\n", "a\nc\n") == "--- reference\n+++ actual\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n")
        #expect(try #require(TextDiff.difference("a\n", "a")).summary == "text differs only in the final line break")
        #expect(TextDiff.unified("a\n", "a") == "--- reference\n+++ actual\n(only the final line break differs)\n")
    }

    @Test("a huge change writes at most maxDiffLines changed lines and counts the rest")
    func bounded() {
        let reference = (0..<2000).map { "r\($0)" }.joined(separator: "\n")
        let actual = (0..<2000).map { "a\($0)" }.joined(separator: "\n")
        let diff = TextDiff.unified(reference, actual)
        #expect(diff.split(separator: "\n").filter { $0.hasPrefix("-r") || $0.hasPrefix("+a") }.count == TextDiff.maxDiffLines)
        #expect(diff.hasSuffix("… 3600 more changed lines not shown\n"))
    }

    @Test("summaries quote lines cut short, with control characters made visible")
    func printableQuotes() throws {
        let long = String(repeating: "x", count: 500)
        let summary = try #require(TextDiff.difference("\u{1B}[31mred", long)?.summary)
        #expect(summary.contains("was \"\\u{1b}[31mred\""))
        #expect(summary.contains("is \"" + String(repeating: "x", count: TextDiff.maxQuotedCharacters) + "…\""))
        #expect(!summary.contains("\u{1B}"))
        #expect(TextDiff.printable("a\u{7F}b\u{85}c\td") == "a\\u{7f}b\\u{85}c\\u{9}d")
    }
}
