import Foundation
import Testing
import TappableLayout
import TappableShaping
import TappableTestSupport
import TappableText


// The seeds' bugs (shared/seeds/README.md, "Their bugs") and the specs that show each one fixed.
// Layout specs are in this file's `SeedBugTests`; touch specs in TappableInteractionTests.
//  1. 001: `index > range.location` misses a link's first character
//     -> SeedBugTests.firstCharacterOfLink; TappableLabelTests.swift firstAndLastCharacter
//  2. 001: `range(of:)` finds only the first of two identical phrases
//     -> SeedBugTests.repeatedPhrase
//  3. 001, 004: the text container is the label's frame, but the text is centred vertically
//     -> SeedBugTests.tallLabel; TappableLabelTests.swift tallLabel
//  4. 003: the centring offset is applied horizontally too; a layout per tap; a recogniser per link
//     -> SeedBugTests.alignment; TappableLabelTests.swift withSettings (one layout, tap areas recomputed)
//  5. 004: link text rejects punctuation, URLs reject -, %, &; Character counts mixed with UTF-16
//     -> SeedBugTests.emojiBeforeLink; TappableMarkupTests MarkdownTests.swift punctuationLink,
//        linkAfterEmoji; TappableSpecTests Golden/markdown-valid-01-acceptance-punctuation, -02-…-emoji
//  6. all: "character index for point" answers the nearest character far outside the text
//     -> SeedBugTests.emptySpace, betweenParagraphs; TappableLabelTests.swift emptySpace
//  7. all: nothing for truncated text, right-to-left text, or a link wrapping onto a second line
//     -> SeedBugTests.truncatedText, linkWrapping; TextLayoutBuilderTests.swift arabicWithLatinLink;
//        RangeGeometryTests.swift bidiPieces; TappableLabelTests.swift truncatedLink, rightToLeft,
//        bidiPieces, wrappedSecondLine

@Suite("Label layout: the text origin, line and height limits, auto-shrink, bad input")
struct LabelLayoutTests {
    /// The height of one line of Inter 17 pt.
    static func lineHeight() throws -> Double { try Fixture.label("Terms", width: 300, lines: 1).textLayout.lines[0].height }

    @Test("numberOfLines holds when only empty paragraphs follow: the last line stands for the rest, nothing is cut")
    func trailingEmptyParagraphs() throws {
        let one = try Fixture.label("Terms\n\n\n", width: 300, lines: 1)
        #expect(one.textLayout.lines.count == 1)
        #expect(one.textLayout.lines[0].characterRange == TextRange(location: 0, length: 8))
        #expect(!one.textLayout.isTruncated)
        #expect(one.textLayout.lines[0].boxes.allSatisfy { !$0.isEllipsis })
        let two = try Fixture.label("Terms\n\n\n", width: 300, lines: 2)
        #expect(two.textLayout.lines.map(\.characterRange) == [TextRange(location: 0, length: 6), TextRange(location: 6, length: 2)])
        #expect(!two.textLayout.isTruncated)
    }

    @Test("a height for one line shows one line when only empty paragraphs follow")
    func heightWithTrailingEmptyParagraphs() throws {
        let height = try Self.lineHeight() + 1
        let layout = try Fixture.label("Terms\n\n\n", width: 300, height: height, lines: 0)
        #expect(layout.textLayout.lines.count == 1)
        #expect(layout.textLayout.lines[0].characterRange == TextRange(location: 0, length: 8))
        #expect(layout.usedRect.maxY <= height)
    }

    @Test("a million line breaks with numberOfLines 1 give one line")
    func millionNewlinesOneLine() throws {
        let layout = try Fixture.label(String(repeating: "\n", count: 1_000_000), width: 300, lines: 1)
        #expect(layout.textLayout.lines.count == 1)
        #expect(layout.textLayout.lines[0].characterRange == TextRange(location: 0, length: 1_000_000))
    }

    @Test("a million line breaks in a label 100 points high give the lines that fit")
    func millionNewlinesInAHeight() throws {
        let layout = try Fixture.label(String(repeating: "\n", count: 1_000_000), width: 300, height: 100, lines: 0)
        #expect(layout.textLayout.lines.count == Int(100 / (try Self.lineHeight())))
        #expect(layout.textLayout.lines.last?.characterRange.upperBound == 1_000_000)
    }

    @Test("with no line limit and no height, text needing more than maximumLineCount lines is a clear error")
    func tooManyLines() throws {
        let limit = TextLayout.maximumLineCount
        #expect(limit == 200_000)
        // n line breaks make n + 1 lines (the last paragraph is empty).
        let atLimit = try Fixture.label(String(repeating: "\n", count: limit - 1), width: 300, lines: 0)
        #expect(atLimit.textLayout.lines.count == limit)
        let error = #expect(throws: LayoutError.tooManyLines(limit: limit)) {
            try Fixture.label(String(repeating: "\n", count: 1_000_000), width: 300, lines: 0)
        }
        #expect(error?.description.contains("200000") == true)
    }

    @Test("text longer than maximumTextLength UTF-16 units is a clear error, before any work")
    func textTooLong() throws {
        let limit = TextLayout.maximumTextLength
        #expect(limit == 1_048_576)
        #expect(try Fixture.label(String(repeating: "\n", count: limit), width: 300, lines: 1).textLayout.lines.count == 1)
        let error = #expect(throws: LayoutError.textTooLong(length: limit + 1, limit: limit)) {
            try Fixture.label(String(repeating: "a", count: limit + 1), width: 300, lines: 1)
        }
        #expect(error?.description.contains("1048576") == true)
    }

    @Test("a label shorter than its text shows the lines that fit, the last truncated")
    func shortLabel() throws {
        let layout = try Fixture.label(LoginSentence.text, width: 120, height: 45, lines: 0)
        #expect(layout.textLayout.lines.count == 2)
        #expect(layout.textLayout.lines[1].truncatedRange != nil)
        #expect(layout.usedRect.maxY <= 45)
    }

    @Test("the label reports the text origin; text is centred vertically and only vertically")
    func textOrigin() throws {
        let layout = try Fixture.label("Privacy Policy", width: 300, height: 100)
        #expect(layout.textOrigin.x == 0)
        #expect(abs(layout.textOrigin.y - (100 - layout.textLayout.usedRect.height) / 2) < 1e-9)
        #expect(abs(layout.usedRect.midY - 50) < 1e-9)
    }

    @Test("auto-shrink scales the fonts until the text fits, never below the minimum scale")
    func autoShrink() throws {
        let text = AttributedText("By registering, I agree to the Terms of Service")
        let shrunk = try LabelLayout(text: text, width: 250, properties: LabelProperties(adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0.5))
        #expect(shrunk.fontScale < 1 && shrunk.fontScale >= 0.5)
        #expect(!shrunk.textLayout.isTruncated)
        #expect(shrunk.textLayout.lines[0].width <= 250)
        #expect(shrunk.textLayout.lines[0].runs[0].size == 17 * shrunk.fontScale)
        let floor = try LabelLayout(text: text, width: 100, properties: LabelProperties(adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0.8))
        #expect(floor.fontScale == 0.8)
        #expect(floor.textLayout.isTruncated)
        // Hit-testing uses the shrunk layout.
        let p = shrunk.centre(ofCharacter: 31)
        #expect(shrunk.hitTest(at: p) == 31)
    }

    @Test("bad input: NaN and negative sizes, negative line counts, unknown or broken fonts are clear errors")
    func badInput() throws {
        let text = AttributedText("x")
        #expect(throws: LayoutError.invalidWidth(-1)) { try LabelLayout(text: text, width: -1) }
        #expect(throws: LayoutError.self) { try LabelLayout(text: text, width: .nan) }
        #expect(throws: LayoutError.invalidHeight(-2)) { try LabelLayout(text: text, height: -2) }
        #expect(throws: LayoutError.invalidNumberOfLines(-1)) { try LabelLayout(text: text, properties: LabelProperties(numberOfLines: -1)) }
        #expect(throws: FontError.unknownFamily("Helvetica Neue")) {
            try LabelLayout(text: text, properties: LabelProperties(font: Font(family: "Helvetica Neue")))
        }
        #expect(throws: FontError.invalidSize(0)) { try LabelLayout(text: text, properties: LabelProperties(font: Font(size: 0))) }
        #expect(throws: FontError.unreadableFile("/nonexistent/font.ttf")) {
            try LabelLayout(text: text, properties: LabelProperties(font: .file("/nonexistent/font.ttf", size: 12)))
        }
        let folder = try TemporaryFolder()
        defer { folder.cleanup() }
        let corrupt = try folder.write("not a font at all", as: "corrupt.ttf")
        #expect(throws: FontError.self) { try LabelLayout(text: text, properties: LabelProperties(font: .file(corrupt, size: 12))) }
    }

    @Test("auto-shrink: a minimum scale of 0 (UILabel's default) never shrinks; shrinking that cannot help is not done")
    func autoShrinkLimits() throws {
        let long = AttributedText("By registering, I agree to the Terms of Service")
        let none = try LabelLayout(text: long, width: 250, properties: LabelProperties(adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0))
        #expect(none.fontScale == 1)
        let cut = try LabelLayout(text: AttributedText("Terms\nPrivacy"), width: 200,
                                  properties: LabelProperties(adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0.5))
        #expect(cut.fontScale == 1, "the second paragraph is cut by the line limit, not the width")
    }
}

/// The texts of the auto-shrink comparison, with short names for the test list.
func shrinkCases() throws -> [NamedCase<AttributedText>] {
    var styled = AttributedText("Big and small text with kern and a shifted baseline, then more words to wrap.\nA second paragraph.")
    try styled.addAttributes(TextAttributes(font: Font(family: "DejaVu Sans", size: 24)), in: TextRange(location: 0, length: 3))
    try styled.addAttributes(TextAttributes(kern: 1.5), in: TextRange(location: 8, length: 10))
    try styled.addAttributes(TextAttributes(baselineOffset: 3), in: TextRange(location: 30, length: 7))
    try styled.addAttributes(TextAttributes(paragraphStyle: ParagraphStyle(alignment: .justified, lineSpacing: 3, lineHeightMultiple: 1.3,
                                                                           paragraphSpacing: 5)), in: TextRange(location: 0, length: 1))
    return [
        NamedCase("login", AttributedText(LoginSentence.text)),
        NamedCase("Arabic with Latin", AttributedText("اقرأ سياسة الخصوصية Privacy Policy قبل التسجيل في الخدمة")),
        NamedCase("emoji and CJK", AttributedText("👩‍👩‍👧 Read our Privacy Policy 🇫🇷 日本語のテキストは単語の間に")),
        NamedCase("paragraphs, trailing break", AttributedText("Hello world\nsecond para\r\nthird one is a bit longer than the others\n")),
        NamedCase("fonts, kern, spacing, justified", styled),
    ]
}

@Suite("Label layout: one plan per scale gives what re-laying out the whole text at each scale gave")
struct LabelLayoutReferenceTests {
    /// The algorithm before the text was laid out once: every candidate scale re-shapes the text
    /// with its fonts scaled, and a height limit lays the text out again with `numberOfLines` set
    /// to the lines that fit.
    static func reference(_ text: AttributedText, width: Double?, height: Double?, properties p: LabelProperties) throws -> (scale: Double, layout: TextLayout) {
        let style = ParagraphStyle(alignment: p.textAlignment, lineBreakMode: p.lineBreakMode, lineSpacing: p.lineSpacing)
        func layout(scale: Double) throws -> TextLayout {
            let scaled = scale == 1 ? text : text.scalingFonts(by: scale, defaultFont: p.font)
            var container = TextContainer(width: width ?? .infinity, numberOfLines: p.numberOfLines,
                                          defaultFont: p.font.withSize(p.font.size * scale), defaultParagraphStyle: style)
            var result = try TextLayout(text: scaled, container: container)
            if let height, !result.lines.isEmpty {
                let k = max(1, result.lines.prefix { $0.origin.y + $0.height <= height + 1e-6 }.count)
                if k < result.lines.count {
                    container.numberOfLines = k
                    result = try TextLayout(text: scaled, container: container)
                }
            }
            return result
        }
        func fits(_ l: TextLayout) -> Bool { !l.isTruncated && l.lines.allSatisfy { $0.width <= (width ?? .infinity) + 1e-6 } }
        func shown(_ l: TextLayout) -> Int { l.visibleCharacterRanges.reduce(0) { $0 + $1.length } }
        var chosen = try layout(scale: 1), scale = 1.0
        let minimum = p.minimumScaleFactor
        if p.adjustsFontSizeToFitWidth, width != nil, minimum > 0, minimum < 1, !fits(chosen) {
            var lo = minimum, hi = 1.0
            var best: TextLayout?
            for _ in 0..<8 {
                let mid = (lo + hi) / 2
                let candidate = try layout(scale: mid)
                if fits(candidate) { lo = mid; best = candidate } else { hi = mid }
            }
            if let best { chosen = best; scale = lo } else {
                let smallest = try layout(scale: minimum)
                if shown(smallest) > shown(chosen) { chosen = smallest; scale = minimum }
            }
        }
        return (scale, chosen)
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }

    @Test("same scale, same lines, positions equal up to rounding", arguments: try shrinkCases())
    func sameAsReference(_ c: NamedCase<AttributedText>) throws {
        let heights: [Double?] = [nil, 45, 80]
        let modes: [LineBreakMode] = [.truncateTail, .truncateMiddle, .clip, .wordWrap]
        var settings: [(width: Double, height: Double?, lines: Int, mode: LineBreakMode)] = []
        for width in [120.0, 250] { for height in heights { for lines in [0, 1, 2] { for mode in modes { settings.append((width, height, lines, mode)) } } } }
        var shrunk = 0
        for (width, height, lines, mode) in settings {
            let p = LabelProperties(numberOfLines: lines, lineBreakMode: mode, lineSpacing: 2, adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0.5)
            let label = try LabelLayout(text: c.value, width: width, height: height, properties: p)
            let (scale, reference) = try Self.reference(c.value, width: width, height: height, properties: p)
            if scale < 1 { shrunk += 1 }
            let what = "width \(width), height \(String(describing: height)), lines \(lines), \(mode)"
            #expect(label.fontScale == scale, "\(what)")
            #expect(label.textLayout.fontScale == scale, "\(what)")
            #expect(label.textLayout.isTruncated == reference.isTruncated, "\(what)")
            let got = label.textLayout.lines, want = reference.lines
            #expect(got.map(\.characterRange) == want.map(\.characterRange), "\(what)")
            #expect(got.map(\.truncatedRange) == want.map(\.truncatedRange), "\(what)")
            for (g, w) in zip(got, want) {
                #expect(Self.close(g.origin.x, w.origin.x) && Self.close(g.origin.y, w.origin.y) && Self.close(g.width, w.width)
                        && Self.close(g.height, w.height) && Self.close(g.baselineOffset, w.baselineOffset), "\(what)")
                #expect(g.boxes.map(\.characterRange) == w.boxes.map(\.characterRange), "\(what)")
                #expect(zip(g.boxes, w.boxes).allSatisfy { Self.close($0.minX, $1.minX) && Self.close($0.maxX, $1.maxX) }, "\(what)")
                #expect(g.runs.map(\.size) == w.runs.map(\.size), "\(what)")
                let gg = g.runs.flatMap(\.glyphs), wg = w.runs.flatMap(\.glyphs)
                #expect(gg.map(\.id) == wg.map(\.id), "\(what)")
                #expect(zip(gg, wg).allSatisfy { Self.close($0.x, $1.x) && Self.close($0.y, $1.y) }, "\(what)")
            }
        }
        #expect(shrunk >= settings.count / 5, "many settings shrink the text")
    }

    @Test("the layout keeps the label's text as given and records the font scale")
    func unscaledText() throws {
        let text = AttributedText("By registering, I agree to the Terms of Service")
        let label = try LabelLayout(text: text, width: 250, properties: LabelProperties(adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0.5))
        #expect(label.fontScale < 1)
        #expect(label.textLayout.text == text)
        #expect(label.textLayout.container.defaultFont == LabelProperties().font)
        #expect(label.textLayout.fontScale == label.fontScale)
        #expect(label.textLayout.lines[0].runs[0].size == 17 * label.fontScale)
    }
}

/// Each bug of the iOS approaches in shared/seeds/README.md, as a spec Tappable passes; where it
/// helps, the naive computation is shown failing on the same geometry.
@Suite("The seeds' bugs, fixed")
struct SeedBugTests {
    @Test("001: a tap on the first character of a link hits the link (naive `index > location` misses it)")
    func firstCharacterOfLink() throws {
        let layout = try Fixture.label(LoginSentence.text, width: 320, links: [LoginSentence.terms])
        let index = try #require(layout.hitTest(at: layout.centre(ofCharacter: 31)))
        #expect(index == 31)
        #expect(LoginSentence.terms.contains(index))
        #expect(!(index > LoginSentence.terms.location), "the naive check would have missed this tap")
    }

    @Test("001: the second of two identical phrases is its own link (naive range(of:) finds the first)")
    func repeatedPhrase() throws {
        let string = "Privacy Policy: read our Privacy Policy"
        let second = TextRange(location: 25, length: 14)
        let layout = try Fixture.label(string, width: 400, links: [second])
        let naive = (string as NSString).range(of: "Privacy Policy")
        #expect(naive.location == 0, "range(of:) finds the first phrase")
        let index = try #require(layout.hitTest(at: layout.centre(ofCharacter: 30)))
        #expect(second.contains(index))
        let first = try #require(layout.hitTest(at: layout.centre(ofCharacter: 2)))
        #expect(!second.contains(first))
    }

    @Test("001/004: in a label taller than its text, the centred text is hit where it is drawn")
    func tallLabel() throws {
        let layout = try Fixture.label(LoginSentence.text, width: 320, height: 200, links: [LoginSentence.privacy])
        #expect(abs(layout.textOrigin.y - (200 - layout.textLayout.usedRect.height) / 2) < 1e-9)
        let point = layout.centre(ofCharacter: 55)
        #expect(point.y > 90, "the second line is drawn near the middle of the label")
        #expect(layout.hitTest(at: point) == 55)
        // The naive approach uses the label frame as the text container: no text there.
        #expect(layout.textLayout.hitTest(at: point) == nil)
    }

    @Test("003: right-aligned text is hit without a horizontal centring offset")
    func alignment() throws {
        for alignment in [TextAlignment.left, .right, .center] {
            let layout = try Fixture.label("Terms of Service", width: 320, height: 100, alignment: alignment, links: [TextRange(location: 0, length: 16)])
            let point = layout.centre(ofCharacter: 9)
            #expect(layout.hitTest(at: point) == 9, "alignment \(alignment)")
            // The seed applies the vertical centring offset horizontally too.
            let used = layout.usedRect
            let naive = Point(x: point.x - (320 - used.width) / 2, y: point.y)
            if alignment != .center { #expect(layout.hitTest(at: naive) != 9, "the naive offset misses for \(alignment)") }
        }
    }

    @Test("004: indices after an emoji are UTF-16 offsets, not Character counts")
    func emojiBeforeLink() throws {
        let string = "👩‍👩‍👧 Privacy Policy"
        let link = TextRange(location: 9, length: 14)
        let layout = try Fixture.label(string, width: 320, links: [link])
        let index = try #require(layout.hitTest(at: layout.centre(ofCharacter: 9)))
        #expect(index == 9)
        #expect(Array(string).firstIndex(of: "P") == 2, "a Character count would say 2")
        // The emoji is one cluster: any hit on it reports its first unit.
        let emoji = try #require(layout.hitTest(at: layout.centre(of: TextRange(location: 0, length: 8))))
        #expect(emoji == 0)
    }

    @Test("all: empty space hits nothing, although the nearest character exists")
    func emptySpace() throws {
        let layout = try Fixture.label("Short last line at the end", width: 150, height: 120, links: [TextRange(location: 21, length: 5)])
        let lines = layout.textLayout.lines
        try #require(lines.count == 2)
        let last = layout.lineRect(1)
        let right = Point(x: last.maxX + 10, y: last.midY)
        #expect(layout.hitTest(at: right) == nil)
        #expect(layout.characterIndex(at: right) != nil, "the nearest-character answer would fire a link")
        let below = Point(x: last.midX, y: last.maxY + 5)
        #expect(layout.hitTest(at: below) == nil)
        let above = Point(x: layout.lineRect(0).midX, y: layout.lineRect(0).minY - 3)
        #expect(layout.hitTest(at: above) == nil)
        #expect(layout.hitTest(at: Point(x: -1, y: last.midY)) == nil, "outside the bounds")
    }

    @Test("all: empty space between paragraphs hits nothing")
    func betweenParagraphs() throws {
        var text = AttributedText("First paragraph\nSecond paragraph")
        try text.addAttributes(TextAttributes(paragraphStyle: ParagraphStyle(paragraphSpacing: 12)), in: TextRange(location: 0, length: 16))
        let layout = try LabelLayout(text: text, width: 300, properties: LabelProperties(numberOfLines: 0))
        let first = layout.lineRect(0), second = layout.lineRect(1)
        #expect(abs(second.minY - first.maxY - 12) < 1e-9)
        #expect(layout.hitTest(at: Point(x: 20, y: first.maxY + 6)) == nil)
        #expect(layout.hitTest(at: Point(x: 2, y: second.midY)) == 16)
    }

    @Test("all: truncated characters hit nothing, the ellipsis hits nothing, the visible part of a cut link does")
    func truncatedText() throws {
        let string = "Please read the Terms of Service before you continue"
        let link = TextRange(location: 16, length: 16)
        let layout = try Fixture.label(string, width: 200, lines: 1, mode: .truncateTail, links: [link])
        let line = try #require(layout.textLayout.lines.first)
        let cut = try #require(line.truncatedRange)
        #expect(cut.location > link.location && cut.location < link.upperBound, "the ellipsis cuts through the link")
        let ellipsis = try #require(line.boxes.last)
        #expect(ellipsis.isEllipsis)
        let ellipsisPoint = Point(x: layout.textOrigin.x + line.origin.x + (ellipsis.minX + ellipsis.maxX) / 2, y: layout.lineRect(0).midY)
        #expect(layout.hitTest(at: ellipsisPoint) == nil)
        #expect(layout.rects(for: TextRange(location: cut.location, length: link.upperBound - cut.location)).isEmpty)
        let visible = try #require(layout.hitTest(at: layout.centre(ofCharacter: 17)))
        #expect(link.contains(visible))
    }

    @Test("all: a link wrapping onto a second line has one rect per line, and both lines hit it")
    func linkWrapping() throws {
        let layout = try Fixture.label(LoginSentence.text, width: 320, links: [LoginSentence.terms])
        let rects = layout.rects(for: LoginSentence.terms)
        #expect(rects.count == 2)
        #expect(rects[0].minY < rects[1].minY)
        let onSecondLine = try #require(layout.hitTest(at: rects[1].centre))
        #expect(LoginSentence.terms.contains(onSecondLine))
        #expect(layout.textLayout.lineIndex(forCharacterAt: onSecondLine) == 1)
    }
}
