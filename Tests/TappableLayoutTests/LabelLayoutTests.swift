import Testing
import TappableLayout
import TappableText

@Suite("Label layout: line limits, height limits and auto-shrink")
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
}

/// A text for the auto-shrink comparison, with a short name for the test list.
struct ShrinkCase: CustomTestStringConvertible, Sendable {
    var name: String
    var text: AttributedText
    var testDescription: String { name }

    static func all() throws -> [ShrinkCase] {
        var styled = AttributedText("Big and small text with kern and a shifted baseline, then more words to wrap.\nA second paragraph.")
        try styled.addAttributes(TextAttributes(font: Font(family: "DejaVu Sans", size: 24)), in: TextRange(location: 0, length: 3))
        try styled.addAttributes(TextAttributes(kern: 1.5), in: TextRange(location: 8, length: 10))
        try styled.addAttributes(TextAttributes(baselineOffset: 3), in: TextRange(location: 30, length: 7))
        try styled.addAttributes(TextAttributes(paragraphStyle: ParagraphStyle(alignment: .justified, lineSpacing: 3, lineHeightMultiple: 1.3,
                                                                               paragraphSpacing: 5)), in: TextRange(location: 0, length: 1))
        return [
            ShrinkCase(name: "login", text: AttributedText(Fixture.login)),
            ShrinkCase(name: "Arabic with Latin", text: AttributedText("اقرأ سياسة الخصوصية Privacy Policy قبل التسجيل في الخدمة")),
            ShrinkCase(name: "emoji and CJK", text: AttributedText("👩‍👩‍👧 Read our Privacy Policy 🇫🇷 日本語のテキストは単語の間に")),
            ShrinkCase(name: "paragraphs, trailing break", text: AttributedText("Hello world\nsecond para\r\nthird one is a bit longer than the others\n")),
            ShrinkCase(name: "fonts, kern, spacing, justified", text: styled),
        ]
    }
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

    @Test("same scale, same lines, positions equal up to rounding", arguments: try ShrinkCase.all())
    func sameAsReference(_ c: ShrinkCase) throws {
        let heights: [Double?] = [nil, 45, 80]
        let modes: [LineBreakMode] = [.truncateTail, .truncateMiddle, .clip, .wordWrap]
        var settings: [(width: Double, height: Double?, lines: Int, mode: LineBreakMode)] = []
        for width in [120.0, 250] { for height in heights { for lines in [0, 1, 2] { for mode in modes { settings.append((width, height, lines, mode)) } } } }
        var shrunk = 0
        for (width, height, lines, mode) in settings {
            let p = LabelProperties(numberOfLines: lines, lineBreakMode: mode, lineSpacing: 2, adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0.5)
            let label = try LabelLayout(text: c.text, width: width, height: height, properties: p)
            let (scale, reference) = try Self.reference(c.text, width: width, height: height, properties: p)
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
