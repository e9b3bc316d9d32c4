import Testing
import TappableLayout
import TappableText

@Suite("Building lines: the container's height and line limits end the layout as lines are made")
struct TextLayoutBuilderTests {
    static let text = AttributedText(Fixture.login)

    static func layout(_ text: AttributedText = text, width: Double = 120, height: Double = .infinity, lines: Int = 0,
                       mode: LineBreakMode = .truncateTail) throws -> TextLayout {
        try TextLayout(text: text, container: TextContainer(width: width, height: height, numberOfLines: lines, defaultFont: Fixture.font(),
                                                            defaultParagraphStyle: ParagraphStyle(lineBreakMode: mode)))
    }

    @Test("a height keeps the lines that end inside it; the last one is made again as the last line, as numberOfLines would")
    func heightLikeNumberOfLines() throws {
        let all = try Self.layout()
        try #require(all.lines.count == 5)
        for mode in LineBreakMode.allCases {
            for k in 1...4 {
                // Just enough for k lines.
                let height = all.lines[k - 1].origin.y + all.lines[k - 1].height + 0.5
                let limited = try Self.layout(height: height, mode: mode)
                let counted = try Self.layout(lines: k, mode: mode)
                #expect(limited.lines.map(\.characterRange) == counted.lines.map(\.characterRange), "\(mode), \(k) lines")
                #expect(limited.lines.map(\.truncatedRange) == counted.lines.map(\.truncatedRange), "\(mode), \(k) lines")
                #expect(limited.lines.map(\.origin) == counted.lines.map(\.origin), "\(mode), \(k) lines")
                #expect(limited.isTruncated == counted.isTruncated, "\(mode), \(k) lines")
                #expect(limited.usedRect.maxY <= height, "\(mode), \(k) lines")
            }
        }
    }

    @Test("the first line is shown even when it is taller than the height")
    func firstLineAlwaysShown() throws {
        let layout = try Self.layout(height: 3)
        #expect(layout.lines.count == 1)
        #expect(layout.isTruncated)
        #expect(layout.lines[0].boxes.last?.isEllipsis == true)
        #expect(try Self.layout(height: 0).lines.count == 1)
    }

    @Test("the tighter of numberOfLines and the height wins")
    func tighterLimitWins() throws {
        let all = try Self.layout()
        let threeLines = all.lines[2].origin.y + all.lines[2].height
        #expect(try Self.layout(height: threeLines, lines: 2).lines.count == 2)
        #expect(try Self.layout(height: threeLines, lines: 4).lines.count == 3)
    }

    @Test("line breaks left out by a limit are not cut text: the last line stands for them")
    func trailingBreaksLeftOut() throws {
        let text = AttributedText("Terms\n  \n\n")
        for layout in [try Self.layout(text, width: 300, lines: 1), try Self.layout(text, width: 300, height: 21)] {
            #expect(layout.lines.count == 1)
            #expect(layout.lines[0].characterRange == TextRange(location: 0, length: 10))
            #expect(layout.lines[0].truncatedRange == nil)
            #expect(!layout.isTruncated)
            #expect(layout.visibleCharacterRanges == [TextRange(location: 0, length: 10)])
            #expect(layout.lineIndex(forCharacterAt: 10) == 0)
            #expect(layout.paragraphs.count == 1)
        }
        // Text after the blank paragraphs is cut as before: an ellipsis on the last line shown.
        let more = try Self.layout(AttributedText("Terms\n\n\nmore"), width: 300, lines: 1)
        #expect(more.isTruncated)
        #expect(more.lines[0].boxes.last?.isEllipsis == true)
    }

    @Test("bad heights are clear errors", arguments: [-1.0, .nan, -.infinity])
    func badHeight(height: Double) throws {
        #expect(throws: LayoutError.self) { try Self.layout(height: height) }
        #expect(LayoutError.invalidHeight(-1).description == "height -1.0 is not a non-negative number of points")
    }
}
