import Foundation
import Testing
@testable import TappableMarkup
import TappableText

/// The struck-through substrings of `text`, in text order (neighbouring runs joined).
func struck(_ text: AttributedText) -> [String] {
    var result: [String] = []
    var previousEnd = -1
    for run in text.runs where run.attributes.strikethrough != nil {
        let piece = text.substring(run.range)
        if run.range.location == previousEnd, !result.isEmpty { result[result.count - 1] += piece } else { result.append(piece) }
        previousEnd = run.range.upperBound
    }
    return result
}

@Suite("Strikethrough: tilde runs flank like emphasis and pair as cmark-gfm pairs them")
struct StrikethroughTests {
    @Test("one or two tildes may open or close; three or more are text", arguments: [1, 2, 3, 4])
    func runLengths(length: Int) {
        let run = TildeRun(length: length, before: " ", after: "a")
        #expect((run != nil) == (length <= 2))
    }

    @Test("flanking: whitespace and punctuation on either side decide opening and closing")
    func flanking() {
        #expect(TildeRun(length: 2, before: " ", after: "a") == TildeRun(length: 2, canOpen: true, canClose: false))
        #expect(TildeRun(length: 2, before: "a", after: " ") == TildeRun(length: 2, canOpen: false, canClose: true))
        #expect(TildeRun(length: 2, before: "a", after: "b") == TildeRun(length: 2, canOpen: true, canClose: true))
        // Punctuation after the run opens only after whitespace or punctuation.
        #expect(TildeRun(length: 2, before: "a", after: ".") == TildeRun(length: 2, canOpen: false, canClose: true))
        #expect(TildeRun(length: 2, before: "(", after: "\"") == TildeRun(length: 2, canOpen: true, canClose: true))
        // The start and end of the paragraph count as whitespace; a run between two is neither.
        #expect(TildeRun(length: 1, before: nil, after: "a") == TildeRun(length: 1, canOpen: true, canClose: false))
        #expect(TildeRun(length: 1, before: nil, after: nil) == nil)
        #expect(TildeRun(length: 1, before: "\u{3000}", after: "\u{A0}") == nil)
    }

    @Test("a closer pairs with the nearest opener of its length")
    func pairsEqualLengths() {
        var matcher = StrikethroughMatcher()
        #expect(matcher.feed(TildeRun(length: 2, canOpen: true, canClose: false), at: 0) == nil)
        #expect(matcher.feed(TildeRun(length: 2, canOpen: true, canClose: false), at: 1) == nil)
        #expect(matcher.feed(TildeRun(length: 2, canOpen: false, canClose: true), at: 2) == 1)
        #expect(matcher.feed(TildeRun(length: 2, canOpen: false, canClose: true), at: 3) == 0)
    }

    @Test("when the nearest opener has the other length nothing pairs, and nothing is used up")
    func otherLengthBlocks() {
        var matcher = StrikethroughMatcher()
        _ = matcher.feed(TildeRun(length: 2, canOpen: true, canClose: false), at: 0)
        _ = matcher.feed(TildeRun(length: 1, canOpen: true, canClose: false), at: 1)
        #expect(matcher.feed(TildeRun(length: 2, canOpen: false, canClose: true), at: 2) == nil)
        #expect(matcher.feed(TildeRun(length: 1, canOpen: false, canClose: true), at: 3) == 1)
        #expect(matcher.feed(TildeRun(length: 2, canOpen: false, canClose: true), at: 4) == 0)
    }

    @Test("runs that can both open and close pair only with their own length, skipping others")
    func bothFlankingNeedsEqualLength() {
        var matcher = StrikethroughMatcher()
        _ = matcher.feed(TildeRun(length: 1, canOpen: true, canClose: true), at: 0)
        _ = matcher.feed(TildeRun(length: 2, canOpen: true, canClose: true), at: 1)
        #expect(matcher.feed(TildeRun(length: 1, canOpen: true, canClose: true), at: 2) == 0)
    }

    @Test("a pair uses up the openers inside it")
    func pairRemovesInnerOpeners() {
        var matcher = StrikethroughMatcher()
        _ = matcher.feed(TildeRun(length: 2, canOpen: true, canClose: false), at: 0)
        _ = matcher.feed(TildeRun(length: 1, canOpen: true, canClose: true), at: 1)
        #expect(matcher.feed(TildeRun(length: 2, canOpen: true, canClose: true), at: 2) == 0)
        #expect(matcher.feed(TildeRun(length: 1, canOpen: false, canClose: true), at: 3) == nil)
    }

    @Test("a closer that finds no opener is dropped unless it can open; an opener that can also close waits")
    func unmatchedClosers() {
        var matcher = StrikethroughMatcher()
        #expect(matcher.feed(TildeRun(length: 1, canOpen: false, canClose: true), at: 0) == nil)
        #expect(matcher.feed(TildeRun(length: 1, canOpen: true, canClose: true), at: 1) == nil)
        #expect(matcher.feed(TildeRun(length: 1, canOpen: false, canClose: true), at: 2) == 1)
        #expect(matcher.feed(TildeRun(length: 1, canOpen: false, canClose: true), at: 3) == nil)
    }

    @Test("Markdown: ~~double~~ and ~single~ strike; mismatched, spaced and escaped tildes stay", arguments: [
        ("a ~~b~~ c", "a b c", ["b"]), ("a ~b~ c", "a b c", ["b"]), ("a~b~c", "abc", ["b"]),
        ("a ~~~b~~~ c", "a ~~~b~~~ c", []), ("~~a ~b~~", "~~a ~b~~", []), ("~~ a ~~", "~~ a ~~", []),
        ("a\\~\\~b\\~\\~", "a~~b~~", []), ("&#126;&#126;a&#126;&#126;", "~~a~~", []), ("~~a\\~~~", "a~", ["a~"]),
        ("~~a~~~b~~", "a~~~b", ["a~~~b"]), ("(~~a~~)", "(a)", ["a"]), ("😀~~a~~😀", "😀a😀", ["a"]),
    ])
    func markdown(source: String, text: String, struckOut: [String]) {
        let result = AttributedText(markdown: source)
        #expect(result.string == text)
        #expect(struck(result) == struckOut)
    }

    @Test("Markdown: strikethrough spans emphasis, code and links of its container, and lives inside link text")
    func containers() {
        #expect(struck(AttributedText(markdown: "~~a *b* `c` [d](u)~~ e")) == ["a b c d"])
        let link = AttributedText(markdown: "[a ~~b~~](u)")
        #expect(struck(link) == ["b"])
        #expect(links(link).map(\.0) == ["a ", "b"])
        #expect(struck(AttributedText(markdown: "**~~a~~**")) == ["a"])
    }

    @Test("Markdown: a pair never crosses a container edge (link text, emphasis, code span)", arguments: [
        "[a ~~b](u) c~~", "~~a [b~~](u)", "*a ~~b* c~~", "`~~a`~~", "~~a `b~~`",
    ])
    func noPairAcrossContainers(source: String) {
        #expect(struck(AttributedText(markdown: source)).isEmpty)
    }

    @Test("Markdown: a pair spans soft and hard line breaks, not paragraphs")
    func breaks() {
        #expect(struck(AttributedText(markdown: "~~a\nb~~")) == ["a b"])
        #expect(struck(AttributedText(markdown: "~~a  \nb~~")) == ["a\nb"])
        #expect(struck(AttributedText(markdown: "~~a\n\nb~~")).isEmpty)
        // Before a backslash line break the source has punctuation: the run can open there.
        #expect(struck(AttributedText(markdown: "x ~~\\\ny~~z")) == ["\ny"])
    }

    @Test("100,000 tildes, single and double tilde runs and escaped tildes: text or strikethrough, each run once")
    func hostileTildes() {
        let n = 100_000
        let run = AttributedText(markdown: "a " + String(repeating: "~", count: n))
        #expect(run.length == n + 2)
        #expect(struck(run).isEmpty)
        let pairs = AttributedText(markdown: String(repeating: "~~a~~ ", count: n / 6))
        #expect(struck(pairs).count == n / 6)
        // Closers that can never pair (the nearest opener has the other length) are each looked at once.
        let closers = AttributedText(markdown: "~~x" + String(repeating: " y~", count: n / 3))
        #expect(struck(closers).isEmpty)
        let escaped = AttributedText(markdown: String(repeating: "\\~\\~a ", count: n / 5))
        #expect(struck(escaped).isEmpty)
    }
}
