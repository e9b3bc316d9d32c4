import Foundation
import Testing
@testable import TappableLayout
import TappableShaping
import TappableTestSupport
import TappableText

@Suite("Building lines: limits, alignment, justification, truncation, breaks, bidi, font fallback, control characters")
struct TextLayoutBuilderTests {
    static let text = AttributedText(LoginSentence.text)

    static func layout(_ text: AttributedText = text, width: Double = 120, height: Double = .infinity, lines: Int = 0,
                       mode: LineBreakMode = .truncateTail) throws -> TextLayout {
        try TextLayout(text: text, container: TextContainer(width: width, height: height, numberOfLines: lines, defaultFont: .bundled(),
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

    @Test("each alignment places the line where it says")
    func alignments() throws {
        let text = "Privacy Policy"
        let left = try Fixture.label(text, width: 300, alignment: .left).lineRect(0)
        let right = try Fixture.label(text, width: 300, alignment: .right).lineRect(0)
        let centre = try Fixture.label(text, width: 300, alignment: .center).lineRect(0)
        let natural = try Fixture.label(text, width: 300, alignment: .natural).lineRect(0)
        #expect(left.minX == 0)
        #expect(abs(right.maxX - 300) < 1e-9)
        #expect(abs(centre.midX - 150) < 1e-9)
        #expect(natural == left)
        let hebrew = try Fixture.label("שלום עולם", width: 300, alignment: .natural).lineRect(0)
        #expect(abs(hebrew.maxX - 300) < 1e-9, "natural is right-aligned for a right-to-left paragraph")
    }

    @Test("justified lines fill the width, except a paragraph's last line")
    func justified() throws {
        let layout = try Fixture.label(LoginSentence.text, width: 200, alignment: .justified)
        let lines = layout.textLayout.lines
        try #require(lines.count == 3)
        for i in 0..<2 { #expect(abs(layout.lineRect(i).width - 200) < 1e-6) }
        #expect(layout.lineRect(2).width < 200)
        // Justification only widens spaces: a letter's box keeps its width.
        let natural = try Fixture.label(LoginSentence.text, width: 200)
        #expect(abs(layout.rects(for: TextRange(location: 1, length: 1))[0].width - natural.rects(for: TextRange(location: 1, length: 1))[0].width) < 1e-9)
    }

    @Test("tail, head and middle truncation keep the start, the end, or both, around one ellipsis")
    func truncationModes() throws {
        let text = "Begin of a long sentence that cannot fit into the label at all End"
        func visible(_ mode: LineBreakMode) throws -> (String, LineFragment) {
            let layout = try Fixture.label(text, width: 200, lines: 1, mode: mode)
            let line = layout.textLayout.lines[0]
            let shown = line.boxes.map { $0.isEllipsis ? "…" : (text as NSString).substring(with: NSRange(location: $0.characterRange.location, length: $0.characterRange.length)) }.joined()
            if mode != .clip { #expect(line.width <= 200 + 1e-6, "\(mode)") }
            #expect(layout.textLayout.isTruncated)
            return (shown, line)
        }
        let (tail, _) = try visible(.truncateTail)
        #expect(tail.hasPrefix("Begin") && tail.hasSuffix("…"))
        let (head, _) = try visible(.truncateHead)
        #expect(head.hasPrefix("…") && head.hasSuffix("End"))
        let (middle, _) = try visible(.truncateMiddle)
        #expect(middle.hasPrefix("Begin") && middle.hasSuffix("End") && middle.contains("…"))
        let (clip, clipLine) = try visible(.clip)
        #expect(!clip.contains("…"))
        #expect(clip.hasPrefix("Begin"))
        // Clusters that start inside the width are shown (the last clipped when drawn); the rest are cut.
        let last = try #require(clipLine.boxes.last)
        #expect(last.minX < 200 && last.maxX >= 200)
        #expect(clipLine.truncatedRange == TextRange(last.characterRange.upperBound..<text.utf16.count))
    }

    @Test("numberOfLines limits the lines; the last one is truncated")
    func numberOfLines() throws {
        let layout = try Fixture.label(LoginSentence.text, width: 120, lines: 2)
        #expect(layout.textLayout.lines.count == 2)
        #expect(layout.textLayout.lines[1].boxes.last?.isEllipsis == true)
        let unlimited = try Fixture.label(LoginSentence.text, width: 120, lines: 0)
        #expect(unlimited.textLayout.lines.count == 5)
        #expect(!unlimited.textLayout.isTruncated)
    }

    @Test("mandatory breaks end lines; CR LF belongs to the line it ends")
    func mandatoryBreaks() throws {
        let layout = try Fixture.label("One\r\nTwo\nThree\u{2028}Four", width: 300)
        #expect(layout.textLayout.lines.map(\.characterRange) == [
            TextRange(location: 0, length: 5), TextRange(location: 5, length: 4),
            TextRange(location: 9, length: 6), TextRange(location: 15, length: 4)])
    }

    @Test("right-to-left: Arabic with an embedded Latin link reads right to left, the link left to right")
    func arabicWithLatinLink() throws {
        let text = "اقرأ Privacy Policy الآن"
        let link = TextRange(location: 5, length: 14)
        let layout = try Fixture.label(text, width: 400, font: Font(family: "Noto Sans Arabic", size: 16), links: [link])
        let line = layout.textLayout.lines[0]
        #expect(line.isRightToLeft)
        #expect(abs(layout.lineRect(0).maxX - 400) < 1e-9)
        let p = layout.rects(for: TextRange(location: 5, length: 1))[0]
        let y = layout.rects(for: TextRange(location: 18, length: 1))[0]
        #expect(p.minX < y.minX, "the Latin run is left to right")
        let first = layout.rects(for: TextRange(location: 0, length: 1))[0]
        let last = layout.rects(for: TextRange(location: 23, length: 1))[0]
        #expect(first.minX > last.minX, "the Arabic reads right to left")
        #expect(first.minX > p.minX, "the first Arabic word is right of the link")
        #expect(layout.hitTest(at: p.centre) == 5)
        #expect(layout.hitTest(at: first.centre) == 0)
        #expect(layout.rects(for: link).count == 1)
    }

    @Test("emoji use the colour emoji face and CJK the fallback face; each cluster is one box")
    func emojiAndCJK() throws {
        let text = "Hi 👍🏽 你好 🇫🇷!"
        let layout = try Fixture.label(text, width: 400)
        let runs = layout.textLayout.lines[0].runs
        let faces = Set(runs.map { ($0.face.path as NSString).lastPathComponent })
        #expect(faces.contains("NotoColorEmoji.ttf"))
        #expect(faces.contains("DroidSansFallbackFull.ttf"))
        #expect(faces.contains("Inter-Regular.otf"))
        let starts = layout.textLayout.lines[0].boxes.map(\.characterRange.location).sorted()
        #expect(starts == [0, 1, 2, 3, 7, 8, 9, 10, 11, 15])
    }

    @Test("head and middle truncation with later paragraphs cut: the ellipsis goes at the end, later text is not visible")
    func headTruncationWithLaterParagraphs() throws {
        for mode in [LineBreakMode.truncateHead, .truncateMiddle] {
            let layout = try Fixture.label("Hello world\nsecond para", width: 300, lines: 1, mode: mode)
            let line = layout.textLayout.lines[0]
            #expect(line.boxes.last?.isEllipsis == true, "\(mode)")
            #expect(layout.textLayout.visibleCharacterRanges == [TextRange(location: 0, length: 11)], "\(mode)")
        }
        let head = try Fixture.label("A long last paragraph that will not fit in the label", width: 150, lines: 1, mode: .truncateHead)
        #expect(head.textLayout.lines[0].boxes.first?.isEllipsis == true)
    }

    @Test("a trailing line break with nothing after it is not truncated text")
    func trailingNewline() throws {
        let layout = try Fixture.label("Privacy Policy\n", width: 300, lines: 1)
        #expect(!layout.textLayout.isTruncated)
        #expect(layout.textLayout.lines[0].boxes.allSatisfy { !$0.isEllipsis })
        #expect(try Fixture.label("Privacy Policy\n  \n", width: 300, lines: 1).textLayout.isTruncated == false)
        #expect(try Fixture.label("Privacy Policy\nmore", width: 300, lines: 1).textLayout.isTruncated)
    }

    @Test("a font change inside a grapheme cluster never splits it: no hit lands inside")
    func fontChangeInsideCluster() throws {
        var text = AttributedText("x👍🏽y")
        try text.addAttributes(TextAttributes(font: Font(size: 30)), in: TextRange(location: 3, length: 2))
        let layout = try LabelLayout(text: text, properties: LabelProperties(numberOfLines: 0))
        let starts = layout.textLayout.lines[0].boxes.map(\.characterRange)
        #expect(starts == [TextRange(location: 0, length: 1), TextRange(location: 1, length: 4), TextRange(location: 5, length: 1)])
        for x in stride(from: 0.0, to: layout.size.width, by: 0.5) {
            if let hit = layout.hitTest(at: Point(x: x, y: layout.size.height / 2)) { #expect([0, 1, 5].contains(hit)) }
        }
    }

    @Test("control characters draw nothing and take no space; a tab is eight spaces wide")
    func controlCharacters() throws {
        let plain = try Fixture.label("ab", width: 300).textLayout.lines[0]
        let controls = try Fixture.label("a\u{0}\u{7}\u{1B}b", width: 300).textLayout.lines[0]
        #expect(abs(plain.width - controls.width) < 1e-9)
        let space = try Fixture.label("a b", width: 300).textLayout.lines[0].width - plain.width
        let tab = try Fixture.label("a\tb", width: 300).textLayout.lines[0].width - plain.width
        #expect(abs(tab - 8 * space) < 1e-6)
        let face = try #require(controls.runs.first?.face)
        let spaceGlyph = try #require(face.glyph(for: " "))
        #expect(controls.runs.flatMap(\.glyphs).filter { $0.cluster >= 1 && $0.cluster <= 3 }.allSatisfy { $0.id == spaceGlyph })
    }

    @Test("laying out paragraph by paragraph (no limit) gives the lines that planning everything first gives", arguments: [
        "Short.", LoginSentence.text + "\n\n" + LoginSentence.text, "trailing breaks\n\n\n", "   \n  ", "",
        "עברית עם English באמצע, and back.\nSecond paragraph with e\u{301}\u{302} marks and ffi ligatures.",
    ])
    func streamedEqualsPlanned(text: String) throws {
        let attributed = AttributedText(text, attributes: TextAttributes(font: .bundled()))
        for width in [60.0, 200, .infinity] {
            let container = TextContainer(width: width, defaultFont: .bundled())
            let streamed = try TextLayoutBuilder(text: attributed, container: container, shaper: TextShaper()).layOut()
            var builder = try TextLayoutBuilder(text: attributed, container: container, shaper: TextShaper())
            let plan = try builder.plan(scale: 1)
            let planned = builder.assemble(plan)
            #expect(streamed.lines.count == planned.lines.count)
            for (a, b) in zip(streamed.lines, planned.lines) {
                #expect(a.characterRange == b.characterRange && a.origin == b.origin && a.width == b.width && a.height == b.height)
                #expect(Array(a.boxes) == Array(b.boxes))
                #expect(a.runs.map { Array($0.glyphs) } == b.runs.map { Array($0.glyphs) })
            }
        }
    }
}
