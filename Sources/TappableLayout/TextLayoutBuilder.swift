import TappableShaping
import TappableText

/// Builds the lines of a `TextLayout` in two steps: `plan` decides every line (paragraphs,
/// shaping, line breaking, the line and height limits, truncation, line heights and tops) at a
/// font scale, without placing a glyph; `assemble` turns one plan into line fragments (bidi
/// reordering, glyph positions, justification, alignment). Text analysis (line breaks, grapheme
/// clusters) is done once, and each paragraph is shaped once, at font scale 1, when a plan first
/// reaches it: planning at another scale multiplies the shaped advances (faces are unhinted, so
/// positions scale linearly with the size). Auto-shrink plans at several scales and assembles one.
struct TextLayoutBuilder {
    let text: AttributedText
    let container: TextContainer
    let shaper: TextShaper
    let units: [UInt16]
    let breaks: [UnicodeAlgorithms.BreakKind]
    let graphemeStarts: [Bool]
    /// Whether any run shifts its baseline (most texts do not: no lookup per glyph then).
    let hasBaselineOffsets: Bool
    /// Each paragraph's content and terminator length, in order.
    let paragraphRanges: [(content: TextRange, terminator: Int)]
    /// Past this index only spaces and line breaks follow: nothing there is worth an ellipsis,
    /// and lines holding only that are dropped silently by a limit.
    let contentEnd: Int
    /// The paragraphs shaped so far (at font scale 1), from the first, in order.
    private(set) var shaped: [ShapedParagraph] = []
    /// The truncation ellipsis per font and direction, shaped at font scale 1.
    private var ellipses: [EllipsisKey: ShapedRun] = [:]
    /// Whether `plan` makes each paragraph's line fragments as soon as the paragraph is planned
    /// (see `layOut`).
    private var assemblesWhilePlanning = false
    /// The line fragments made while planning, first to last.
    var assembled: [LineFragment] = []

    private struct EllipsisKey: Hashable {
        var font: Font
        var rightToLeft: Bool
    }

    /// Analyses `text` for layout in `container`. Throws `LayoutError` for a NaN or negative width
    /// or height, a negative line limit, or a text longer than `TextLayout.maximumTextLength`.
    init(text: AttributedText, container: TextContainer, shaper: TextShaper) throws {
        guard !container.width.isNaN, container.width >= 0 else { throw LayoutError.invalidWidth(container.width) }
        guard !container.height.isNaN, container.height >= 0 else { throw LayoutError.invalidHeight(container.height) }
        guard container.numberOfLines >= 0 else { throw LayoutError.invalidNumberOfLines(container.numberOfLines) }
        guard text.length <= TextLayout.maximumTextLength else {
            throw LayoutError.textTooLong(length: text.length, limit: TextLayout.maximumTextLength)
        }
        self.text = text
        self.container = container
        self.shaper = shaper
        units = text.utf16
        breaks = UnicodeAlgorithms.lineBreaks(units)
        graphemeStarts = UnicodeAlgorithms.graphemeBoundaries(units)
        hasBaselineOffsets = text.runs.contains { ($0.attributes.baselineOffset ?? 0) != 0 }
        paragraphRanges = Self.paragraphRanges(units)
        contentEnd = (units.lastIndex { !LineBreaker.isHangingSpace($0) && !Self.isLineTerminator($0) } ?? -1) + 1
    }

    /// The result: lines in order, the paragraphs they came from, and whether text was cut.
    struct Output {
        var lines: [LineFragment]
        var paragraphs: [ParagraphInfo]
        var isTruncated: Bool
    }

    static func isLineTerminator(_ u: UInt16) -> Bool {
        u == 0x0A || u == 0x0B || u == 0x0C || u == 0x0D || u == 0x85 || u == 0x2028 || u == 0x2029
    }

    /// Paragraph contents and terminator lengths: \n, \r, \r\n, VT, FF, NEL, U+2028, U+2029 end a
    /// paragraph; text ending in a terminator has an empty last paragraph. Empty text has none.
    static func paragraphRanges(_ units: [UInt16]) -> [(content: TextRange, terminator: Int)] {
        guard !units.isEmpty else { return [] }
        var result: [(TextRange, Int)] = []
        var s = 0, i = 0
        while i < units.count {
            let u = units[i]
            var terminator = 0
            switch u {
            case 0x0A, 0x0B, 0x0C, 0x85, 0x2028, 0x2029: terminator = 1
            case 0x0D: terminator = i + 1 < units.count && units[i + 1] == 0x0A ? 2 : 1
            default: break
            }
            if terminator > 0 {
                result.append((TextRange(s..<i), terminator))
                i += terminator
                s = i
            } else {
                i += 1
            }
        }
        result.append((TextRange(s..<units.count), 0))
        return result
    }

    // MARK: - Paragraphs

    /// A paragraph as line breaking sees it at one font scale.
    struct ParagraphContext {
        let index: Int
        let content: TextRange
        let terminator: Int
        /// The paragraph shaped at font scale 1.
        let paragraph: ShapedParagraph
        /// Widths at `scale`.
        let breaker: LineBreaker
        let scale: Double
        let isLastParagraph: Bool
    }

    /// Paragraph `index` at `scale`, shaping it (and any before it not yet shaped) on first use.
    mutating func paragraphContext(_ index: Int, scale: Double) throws -> ParagraphContext {
        while shaped.count <= index {
            let (content, terminator) = paragraphRanges[shaped.count]
            shaped.append(try shaper.shapeParagraph(text, range: content, terminatorLength: terminator,
                                                    graphemeStarts: graphemeStarts, defaultFont: container.defaultFont,
                                                    defaultStyle: container.defaultParagraphStyle))
        }
        let (content, terminator) = paragraphRanges[index]
        let paragraph = shaped[index]
        return ParagraphContext(index: index, content: content, terminator: terminator, paragraph: paragraph,
                                breaker: LineBreaker(paragraph: paragraph, scale: scale, breaks: breaks, graphemeStarts: graphemeStarts, units: units),
                                scale: scale, isLastParagraph: index == paragraphRanges.count - 1)
    }

    /// Frees paragraph `index`'s glyphs, advances and levels (its style and range stay): no plan
    /// may reach it afterwards.
    mutating func releaseShapes(of index: Int) {
        shaped[index].runs = []
        shaped[index].advances = []
        shaped[index].levels = []
    }

    // MARK: - Planning

    /// Where a line starts: enough to make it again as the last line.
    struct LineStart {
        var context: ParagraphContext
        var location: Int
    }

    /// A planned line and what follows it.
    struct PlannedStep {
        var line: PlannedLine
        /// Where the next line starts.
        var end: Int
        /// Whether the line was truncated (or clipped, or wrapped with text left over).
        var isTruncated: Bool
        /// Whether no line follows: the line limit is reached.
        var endsLayout: Bool
    }

    /// Plans the lines at font scale `scale` (positive; 1 for the fonts as given). Lines are
    /// stacked as they are made; a line past `numberOfLines`, or ending below the container's
    /// height, ends the layout: the line before it is made again as the last line (truncated when
    /// text worth showing remains). When only spaces and line breaks are left out, nothing is
    /// truncated and the last line stands for them (its `characterRange` runs to the text's end).
    /// Throws `LayoutError.tooManyLines` when a line past `TextLayout.maximumLineCount` would be
    /// needed, and `FontError` for font problems.
    mutating func plan(scale: Double) throws -> LinePlan {
        var lines: [PlannedLine] = []
        var isTruncated = false
        var lastStart: LineStart?
        let limit = container.numberOfLines
        paragraphs: for index in paragraphRanges.indices {
            let context = try paragraphContext(index, scale: scale)
            let firstLine = lines.count
            var s = context.content.location
            repeat {
                let start = LineStart(context: context, location: s)
                var step = try planLine(from: start, isLast: limit > 0 && lines.count == limit - 1)
                if let previous = lines.last, let previousStart = lastStart {
                    step.line.y = top(after: previous, nextParagraph: index)
                    if step.line.y + step.line.metrics.height > container.height + 1e-6 {
                        // Below the height: the line before becomes the last one, a local redo.
                        var redone = try planLine(from: previousStart, isLast: true)
                        redone.line.y = previous.y
                        lines[lines.count - 1] = redone.line
                        isTruncated = redone.isTruncated
                        break paragraphs
                    }
                }
                guard lines.count < TextLayout.maximumLineCount else { throw LayoutError.tooManyLines(limit: TextLayout.maximumLineCount) }
                lines.append(step.line)
                lastStart = start
                if step.isTruncated { isTruncated = true }
                if step.endsLayout { break paragraphs }
                s = step.end
            } while s < context.content.upperBound
            if assemblesWhilePlanning { assembleLines(firstLine..<lines.count, ofParagraph: index, in: &lines, scale: scale) }
        }
        if !isTruncated, let last = lines.last, last.characterRange.upperBound < units.count {
            // Only spaces and line breaks were left out: the last line stands for them.
            lines[lines.count - 1].characterRange = TextRange(last.characterRange.location..<units.count)
        }
        return LinePlan(scale: scale, lines: lines, isTruncated: isTruncated)
    }

    /// Plans the lines at font scale 1 and assembles them. When no line can be cut or made again
    /// (no line limit, an unbounded height), each paragraph's lines are final once planned: they
    /// are made at once and the paragraph's glyphs freed, so a long text never holds all its
    /// shaped glyphs beside its positioned ones. The same lines as `assemble(plan(scale: 1))`.
    consuming func layOut() throws -> Output {
        assemblesWhilePlanning = container.numberOfLines == 0 && container.height == .infinity
        let plan = try plan(scale: 1)
        return assemble(plan)
    }

    /// Makes the line fragments of planned `lines[range]`, paragraph `index`'s at `scale`, and
    /// frees what only they needed: the paragraph's shapes and the lines' items.
    private mutating func assembleLines(_ range: Range<Int>, ofParagraph index: Int, in lines: inout [PlannedLine], scale: Double) {
        let paragraph = shaped[index].scaled(by: scale)
        for k in range {
            assembled.append(makeLine(paragraph, lines[k]))
            lines[k].items = []
        }
        releaseShapes(of: index)
    }

    /// The top of the line after `previous`: line spacing after every line, paragraph spacing
    /// after a paragraph's last line (negative or non-finite spacings count as 0).
    func top(after previous: PlannedLine, nextParagraph: Int) -> Double {
        let style = shaped[previous.paragraphIndex].style
        var y = previous.y
        y += previous.metrics.height
        y += max(0, style.lineSpacing.isFinite ? style.lineSpacing : 0)
        if nextParagraph != previous.paragraphIndex {
            y += max(0, style.paragraphSpacing.isFinite ? style.paragraphSpacing : 0)
        }
        return y
    }

    /// Plans the line starting at `start`; `isLast` when it is the last line allowed.
    mutating func planLine(from start: LineStart, isLast: Bool) throws -> PlannedStep {
        let c = start.context, s = start.location
        let mode = c.paragraph.style.lineBreakMode
        var e = c.breaker.lineEnd(from: s, maxWidth: container.width, charWrap: mode == .charWrap)
        if c.content.length == 0 { e = s }
        let textRemains = e < c.content.upperBound || (!c.isLastParagraph && e < contentEnd)
        if isLast && textRemains {
            let line = try lastLine(c, from: s, wrappedEnd: e, laterTextRemains: !c.isLastParagraph && c.content.upperBound < contentEnd)
            return PlannedStep(line: line, end: e, isTruncated: true, endsLayout: true)
        }
        let atEnd = e >= c.content.upperBound
        let range = TextRange(s..<(atEnd ? c.content.upperBound + c.terminator : e))
        let line = try plannedLine(c, items: [.text(TextRange(s..<e))], characterRange: range, truncatedRange: nil, isParagraphEnd: atEnd)
        return PlannedStep(line: line, end: e, isTruncated: false, endsLayout: isLast)
    }

    /// A planned line of paragraph `c` showing `items`, with its metrics and content width; its
    /// top is set by the caller.
    func plannedLine(_ c: ParagraphContext, items: [LineItem], characterRange: TextRange, truncatedRange: TextRange?,
                     isParagraphEnd: Bool) throws -> PlannedLine {
        PlannedLine(items: items, characterRange: characterRange, truncatedRange: truncatedRange, isParagraphEnd: isParagraphEnd,
                    paragraphIndex: c.index, metrics: try lineMetrics(c, items: items, characterRange: characterRange),
                    y: 0, width: contentWidth(items, breaker: c.breaker))
    }

    /// The width of `items` without the spaces hanging at the line's end, in points.
    func contentWidth(_ items: [LineItem], breaker: LineBreaker) -> Double {
        var width = 0.0
        for (k, item) in items.enumerated() {
            switch item {
            case let .text(r): width += k == items.count - 1 ? breaker.trimmedWidth(r.location, r.upperBound) : breaker.width(r.location, r.upperBound)
            case let .ellipsis(_, _, run): width += ellipsisWidth(run)
            }
        }
        return width
    }

    /// Vertical metrics from the faces the line's items use at the plan's scale (the paragraph's
    /// font when the line shows nothing).
    func lineMetrics(_ c: ParagraphContext, items: [LineItem], characterRange: TextRange) throws -> LineMetrics {
        var ascent = 0.0, descent = 0.0, gap = 0.0, anyFace = false
        func add(_ face: FontFace, size: Double) {
            anyFace = true
            let scale = face.scale(at: size)
            ascent = max(ascent, face.metrics.ascender * scale)
            descent = max(descent, face.metrics.descender * scale)
            gap = max(gap, face.metrics.lineGap * scale)
        }
        for item in items {
            switch item {
            case let .text(range):
                var i = range.location
                while i < range.upperBound, let r = c.paragraph.runIndex(containing: i) {
                    let run = c.paragraph.runs[r]
                    add(run.face, size: run.size * c.scale)
                    i = run.range.upperBound
                }
            case let .ellipsis(_, _, run):
                add(run.face, size: run.size)
            }
        }
        if !anyFace {
            let font = text.attributes(at: min(characterRange.location, max(units.count - 1, 0))).attributes.font ?? container.defaultFont
            add(try shaper.primaryFace(for: font), size: font.size * c.scale)
        }
        let natural = ascent + descent + gap
        let multiple = c.paragraph.style.lineHeightMultiple
        let height = multiple > 0 && multiple.isFinite ? natural * multiple : natural
        return LineMetrics(ascent: ascent, descent: descent, height: height, baselineOffset: height - natural + ascent)
    }

    /// The ellipsis in the font of the character at `index` (the nearest one shown), at `scale`.
    mutating func ellipsisRun(styledAt index: Int, _ c: ParagraphContext) throws -> ShapedRun {
        let font = text.attributes(at: max(0, min(index, units.count - 1))).attributes.font ?? container.defaultFont
        let key = EllipsisKey(font: font, rightToLeft: c.paragraph.isRightToLeft)
        if let run = ellipses[key] { return run.scaled(by: c.scale) }
        let run = try shaper.shapeStandalone("\u{2026}", font: font, rightToLeft: key.rightToLeft)
        ellipses[key] = run
        return run.scaled(by: c.scale)
    }

    func ellipsisWidth(_ run: ShapedRun) -> Double { run.glyphs.reduce(0) { $0 + $1.advance } }
}
