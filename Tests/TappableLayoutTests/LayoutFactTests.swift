import Foundation
import Testing
import TappableLayout
import TappableShaping
import TappableText

@Suite("Layout facts on the bundled fonts")
struct LayoutFactTests {
    /// Line starts that Pango 1.50 (pango-view --pixels --hint-metrics=off --hinting=none --wrap=word)
    /// produces with the same font files, sizes and widths. Widths are chosen away from a line's
    /// exact fit: Pango rounds glyph positions to whole pixels, Tappable keeps exact advances, so a
    /// line within a pixel of the width may break differently (e.g. Hebrew at 180 pt: 180.29 vs 179).
    @Test("line starts agree with Pango on known texts", arguments: [
        (Fixture.login, "Inter", 17.0, 320.0, [0, 40]),
        (Fixture.login, "Inter", 17.0, 200.0, [0, 27, 48]),
        (Fixture.login, "Inter", 17.0, 120.0, [0, 16, 31, 40, 52]),
        ("The quick brown fox jumps over the lazy dog while the five boxing wizards jump quickly.", "DejaVu Sans", 14.0, 180.0, [0, 20, 44, 66]),
        ("check google.com or call 415-555-5555? how about friday at 5pm?", "Inter", 15.0, 240.0, [0, 25, 56]),
        ("日本語のテキストは単語の間にスペースがありません。改行はどこでもできます。", "Droid Sans Fallback", 16.0, 150.0, [0, 9, 18, 27, 35]),
        ("مرحبا بكم في موقعنا، اقرأ سياسة الخصوصية Privacy Policy قبل التسجيل في الخدمة", "Noto Sans Arabic", 16.0, 200.0, [0, 26, 49, 71]),
        ("שלום וברוכים הבאים, קראו את התנאים לפני ההרשמה לשירות שלנו היום", "Noto Sans Hebrew", 16.0, 190.0, [0, 25, 47]),
        ("שלום וברוכים הבאים, קראו את Terms of Service לפני ההרשמה לשירות", "DejaVu Sans", 16.0, 180.0, [0, 20, 37, 57]),
    ])
    func lineStartsAgreeWithPango(text: String, family: String, size: Double, width: Double, starts: [Int]) throws {
        let layout = try Fixture.label(text, width: width, font: Font(family: family, size: size))
        #expect(Fixture.lineStarts(layout) == starts)
        for line in layout.textLayout.lines { #expect(line.width <= width + 1e-6) }
    }

    @Test("a word wider than the line breaks between grapheme clusters")
    func longWord() throws {
        let layout = try Fixture.label("Supercalifragilisticexpialidocious is a long word indeed", width: 150)
        let lines = layout.textLayout.lines
        #expect(lines.count >= 3)
        #expect(lines[0].characterRange.upperBound < 34, "the word is cut")
        for line in lines { #expect(line.width <= 150 + 1e-6) }
    }

    @Test("char wrap breaks inside words, word wrap does not")
    func charWrap() throws {
        let text = "Terms of Service and Privacy Policy"
        let word = try Fixture.label(text, width: 100, mode: .wordWrap)
        let char = try Fixture.label(text, width: 100, mode: .charWrap)
        let wordStarts = Fixture.lineStarts(word), charStarts = Fixture.lineStarts(char)
        let wordBoundaries = Set([0] + text.utf16.enumerated().filter { $0.element == 0x20 }.map { $0.offset + 1 })
        #expect(wordStarts.allSatisfy(wordBoundaries.contains))
        #expect(!charStarts.allSatisfy(wordBoundaries.contains))
        for line in char.textLayout.lines { #expect(line.width <= 100 + 1e-6) }
    }

    @Test("trailing spaces hang past the line end and do not count in its width")
    func hangingSpaces() throws {
        let plain = try Fixture.label("Terms", width: 300)
        let spaced = try Fixture.label("Terms      ", width: 300)
        #expect(abs(plain.textLayout.lines[0].width - spaced.textLayout.lines[0].width) < 1e-9)
        let right = try Fixture.label("Terms      ", width: 300, alignment: .right)
        #expect(abs(right.lineRect(0).maxX - 300) < 1e-9)
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
        let layout = try Fixture.label(Fixture.login, width: 200, alignment: .justified)
        let lines = layout.textLayout.lines
        try #require(lines.count == 3)
        for i in 0..<2 { #expect(abs(layout.lineRect(i).width - 200) < 1e-6) }
        #expect(layout.lineRect(2).width < 200)
        // Justification only widens spaces: a letter's box keeps its width.
        let natural = try Fixture.label(Fixture.login, width: 200)
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
        let layout = try Fixture.label(Fixture.login, width: 120, lines: 2)
        #expect(layout.textLayout.lines.count == 2)
        #expect(layout.textLayout.lines[1].boxes.last?.isEllipsis == true)
        let unlimited = try Fixture.label(Fixture.login, width: 120, lines: 0)
        #expect(unlimited.textLayout.lines.count == 5)
        #expect(!unlimited.textLayout.isTruncated)
    }

    @Test("a label shorter than its text shows the lines that fit, the last truncated")
    func shortLabel() throws {
        let layout = try Fixture.label(Fixture.login, width: 120, height: 45, lines: 0)
        #expect(layout.textLayout.lines.count == 2)
        #expect(layout.textLayout.lines[1].truncatedRange != nil)
        #expect(layout.usedRect.maxY <= 45)
    }

    @Test("mandatory breaks end lines; CR LF belongs to the line it ends")
    func mandatoryBreaks() throws {
        let layout = try Fixture.label("One\r\nTwo\nThree\u{2028}Four", width: 300)
        #expect(layout.textLayout.lines.map(\.characterRange) == [
            TextRange(location: 0, length: 5), TextRange(location: 5, length: 4),
            TextRange(location: 9, length: 6), TextRange(location: 15, length: 4)])
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
        let p = Fixture.centre(of: TextRange(location: 31, length: 1), in: shrunk)
        #expect(shrunk.hitTest(at: p) == 31)
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
        #expect(layout.hitTest(at: Point(x: p.midX, y: p.midY)) == 5)
        #expect(layout.hitTest(at: Point(x: first.midX, y: first.midY)) == 0)
        #expect(layout.rects(for: link).count == 1)
    }

    @Test("right-to-left: a link split by bidi reordering gets one rect per visual piece")
    func bidiPieces() throws {
        // Hebrew inside an English link: in visual order the link is in one piece; a range
        // covering the end of the English and the start of the Hebrew is in two.
        let text = "Read שלום עולם now"
        let layout = try Fixture.label(text, width: 400, font: Font(family: "DejaVu Sans", size: 16))
        let rects = layout.rects(for: TextRange(location: 3, length: 3))
        #expect(rects.count == 2)
        let hebrew = TextRange(location: 5, length: 4)
        let first = layout.rects(for: TextRange(location: hebrew.location, length: 1))[0]
        let last = layout.rects(for: TextRange(location: hebrew.upperBound - 1, length: 1))[0]
        #expect(first.minX > last.minX)
        #expect(layout.hitTest(at: Point(x: first.midX, y: first.midY)) == 5)
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

    @Test("the label reports the text origin; text is centred vertically and only vertically")
    func textOrigin() throws {
        let layout = try Fixture.label("Privacy Policy", width: 300, height: 100)
        #expect(layout.textOrigin.x == 0)
        #expect(abs(layout.textOrigin.y - (100 - layout.textLayout.usedRect.height) / 2) < 1e-9)
        #expect(abs(layout.usedRect.midY - 50) < 1e-9)
    }

    @Test("queries: caret offsets, line for index, glyph and character ranges")
    func queries() throws {
        let layout = try Fixture.label(Fixture.login, width: 320)
        #expect(layout.textLayout.lineIndex(forCharacterAt: 0) == 0)
        #expect(layout.textLayout.lineIndex(forCharacterAt: 45) == 1)
        let caret = try #require(layout.caretOffset(for: 3))
        #expect(caret.line == 0 && abs(caret.x - layout.rects(for: TextRange(location: 3, length: 1))[0].minX) < 1e-9)
        let glyphs = layout.textLayout.glyphRange(forCharacterRange: TextRange(location: 0, length: 2))
        #expect(glyphs == 0..<2)
        #expect(layout.textLayout.characterRange(forGlyphRange: glyphs) == TextRange(location: 0, length: 2))
        let nearest = try #require(layout.characterIndex(at: Point(x: 1000, y: 5)))
        #expect(nearest.index == 39 && nearest.fraction == 1)
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
        let corrupt = FileManager.default.temporaryDirectory.appendingPathComponent("corrupt-\(UUID()).ttf").path
        #expect(FileManager.default.createFile(atPath: corrupt, contents: Data("not a font at all".utf8)))
        defer { try? FileManager.default.removeItem(atPath: corrupt) }
        #expect(throws: FontError.self) { try LabelLayout(text: text, properties: LabelProperties(font: .file(corrupt, size: 12))) }
    }

    @Test("empty text lays out to nothing; huge text lays out without trouble")
    func extremes() throws {
        let empty = try Fixture.label("", width: 100, height: 40)
        #expect(empty.textLayout.lines.isEmpty)
        #expect(empty.hitTest(at: Point(x: 10, y: 20)) == nil)
        // 1,040,000 UTF-16 units in 80,001 lines: within the layout's limits (1,048,576 units, 200,000 lines).
        let big = String(repeating: "Line of text\n", count: 80_000)
        let layout = try Fixture.label(big, width: 320, lines: 0)
        #expect(layout.textLayout.lines.count == 80_001)
        let p = Point(x: 5, y: layout.lineRect(50_000).midY)
        #expect(layout.hitTest(at: p) == 50_000 * 13)
    }
}

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("layouts on many threads at once share fonts and ICU safely and agree with each other")
    func concurrentLayouts() async throws {
        let texts = [Fixture.login, "اقرأ Privacy Policy الآن", "👩‍👩‍👧 日本語 Privacy", "Terms of Service and Privacy Policy"]
        let expected = try texts.map { try Fixture.label($0, width: 150).textLayout.lines.map(\.characterRange) }
        try await withThrowingTaskGroup(of: (Int, [TextRange]).self) { group in
            for round in 0..<32 {
                let i = round % texts.count
                let text = texts[i]
                group.addTask { (i, try Fixture.label(text, width: 150).textLayout.lines.map(\.characterRange)) }
            }
            for try await (i, lines) in group { #expect(lines == expected[i]) }
        }
    }
}

@Suite("Edge cases found in review")
struct LayoutEdgeCaseTests {
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

    @Test("spaces hanging past a short line's end hit nothing")
    func hangingSpacesAreEmptySpace() throws {
        let layout = try Fixture.label("Terms of Service" + String(repeating: " ", count: 43), width: 300)
        let rect = layout.lineRect(0)
        #expect(rect.maxX < 200)
        #expect(layout.hitTest(at: Point(x: 290, y: rect.midY)) == nil)
        #expect(layout.hitTest(at: Point(x: rect.maxX - 2, y: rect.midY)) == 15)
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
