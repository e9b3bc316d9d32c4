import TappableShaping
import TappableText

/// Builds the lines of a `TextLayout`: paragraphs, shaping, line breaking, truncation, bidi
/// reordering, alignment and vertical placement. Used once per layout; the result is immutable.
struct TextLayoutBuilder {
    let text: AttributedText
    let container: TextContainer
    let shaper: TextShaper
    let units: [UInt16]
    let breaks: [UnicodeAlgorithms.BreakKind]
    let graphemeStarts: [Bool]
    /// Whether any run shifts its baseline (most texts do not: no lookup per glyph then).
    let hasBaselineOffsets: Bool

    init(text: AttributedText, container: TextContainer, shaper: TextShaper) {
        self.text = text
        self.container = container
        self.shaper = shaper
        units = text.utf16
        breaks = UnicodeAlgorithms.lineBreaks(units)
        graphemeStarts = UnicodeAlgorithms.graphemeBoundaries(units)
        hasBaselineOffsets = text.runs.contains { ($0.attributes.baselineOffset ?? 0) != 0 }
    }

    /// The result: lines in order, the paragraphs they came from, and whether text was cut.
    struct Output {
        var lines: [LineFragment]
        var paragraphs: [ParagraphInfo]
        var isTruncated: Bool
    }

    func build() throws -> Output {
        var lines: [LineFragment] = []
        // Only what placement needs is kept: each paragraph's glyphs are freed once its lines exist.
        var paragraphs: [ParagraphInfo] = []
        var isTruncated = false
        let ranges = paragraphRanges()
        let limit = container.numberOfLines
        // Past this index only spaces and line breaks follow: nothing there is worth an ellipsis.
        let contentEnd = (units.lastIndex { !LineBreaker.isHangingSpace($0) && !Self.isLineTerminator($0) } ?? -1) + 1
        paragraphLoop: for (index, (content, terminator)) in ranges.enumerated() {
            let paragraph = try shaper.shapeParagraph(text, range: content, terminatorLength: terminator,
                                                      graphemeStarts: graphemeStarts, defaultFont: container.defaultFont,
                                                      defaultStyle: container.defaultParagraphStyle)
            paragraphs.append(ParagraphInfo(range: content, terminatorLength: terminator,
                                            isRightToLeft: paragraph.isRightToLeft, style: paragraph.style))
            let breaker = LineBreaker(paragraph: paragraph, breaks: breaks, graphemeStarts: graphemeStarts, units: units)
            let mode = paragraph.style.lineBreakMode
            let isLastParagraph = index == ranges.count - 1
            var s = content.location
            repeat {
                let isLastAllowed = limit > 0 && lines.count == limit - 1
                var e = breaker.lineEnd(from: s, maxWidth: container.width, charWrap: mode == .charWrap)
                if content.length == 0 { e = s }
                let textRemains = e < content.upperBound || (!isLastParagraph && e < contentEnd)
                if isLastAllowed && textRemains {
                    isTruncated = true
                    lines.append(try lastLine(paragraph, breaker: breaker, from: s, wrappedEnd: e, paragraphIndex: index,
                                              laterTextRemains: !isLastParagraph && content.upperBound < contentEnd))
                    break paragraphLoop
                }
                let atEnd = e >= content.upperBound
                let range = TextRange(s..<(atEnd ? content.upperBound + terminator : e))
                lines.append(try makeLine(paragraph, items: [.text(TextRange(s..<e))], characterRange: range,
                                          truncatedRange: nil, isParagraphEnd: atEnd, paragraphIndex: index))
                s = e
            } while s < content.upperBound
        }
        placeVertically(&lines, paragraphs: paragraphs)
        return Output(lines: lines, paragraphs: paragraphs, isTruncated: isTruncated)
    }

    static func isLineTerminator(_ u: UInt16) -> Bool {
        u == 0x0A || u == 0x0B || u == 0x0C || u == 0x0D || u == 0x85 || u == 0x2028 || u == 0x2029
    }

    /// Paragraph contents and terminator lengths: \n, \r, \r\n, VT, FF, NEL, U+2028, U+2029 end a
    /// paragraph; text ending in a terminator has an empty last paragraph. Empty text has none.
    func paragraphRanges() -> [(TextRange, Int)] {
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

    // MARK: - The last visible line

    /// The last line when more text follows than the line limit allows, per the line break mode.
    /// Head and middle truncation apply to the last paragraph's own text; when later paragraphs
    /// are cut too, the ellipsis goes at the end, as in tail truncation.
    func lastLine(_ paragraph: ShapedParagraph, breaker: LineBreaker, from s: Int, wrappedEnd: Int, paragraphIndex: Int,
                  laterTextRemains: Bool) throws -> LineFragment {
        let end = paragraph.range.upperBound
        let all = TextRange(s..<units.count)
        var mode = paragraph.style.lineBreakMode
        if laterTextRemains, mode == .truncateHead || mode == .truncateMiddle { mode = .truncateTail }
        switch mode {
        case .wordWrap, .charWrap:
            // The wrapped line as it is; the rest is not shown and not part of any line.
            return try makeLine(paragraph, items: [.text(TextRange(s..<wrappedEnd))], characterRange: TextRange(s..<wrappedEnd),
                                truncatedRange: nil, isParagraphEnd: false, paragraphIndex: paragraphIndex)
        case .clip:
            // Clusters that start inside the width are shown (the last one clipped when painted);
            // the rest are cut: not drawn, not hittable, in no region.
            var c = s
            while c < end, breaker.width(s, c) < container.width - 1e-9 { c = breaker.nextGrapheme(after: c) }
            let cut = TextRange(c..<units.count)
            return try makeLine(paragraph, items: [.text(TextRange(s..<c))], characterRange: all,
                                truncatedRange: cut.isEmpty ? nil : cut, isParagraphEnd: false, paragraphIndex: paragraphIndex)
        case .truncateTail, .truncateHead, .truncateMiddle:
            let items: [LineItem]
            let truncated: TextRange
            switch mode {
            case .truncateHead:
                let ellipsis = try ellipsisRun(styledAt: end - 1, paragraph: paragraph)
                let available = container.width - ellipsisWidth(ellipsis)
                var c = end
                while c > s {
                    let p = breaker.previousGrapheme(before: c)
                    if breaker.width(p, end) > available + 1e-6 { break }
                    c = p
                }
                // Leading spaces of what is left are not worth showing after the ellipsis.
                while c < end, LineBreaker.isHangingSpace(units[c]) { c += 1 }
                items = [.ellipsis(at: c, styledAt: min(c, end - 1), run: ellipsis), .text(TextRange(c..<end))]
                truncated = TextRange(s..<c)
            case .truncateMiddle:
                let ellipsis = try ellipsisRun(styledAt: s, paragraph: paragraph)
                let available = container.width - ellipsisWidth(ellipsis)
                var head = s, tail = end
                while head < tail {
                    let nextHead = breaker.nextGrapheme(after: head)
                    let prevTail = breaker.previousGrapheme(before: tail)
                    let headWidth = breaker.width(s, head), tailWidth = breaker.width(tail, end)
                    if headWidth <= tailWidth, breaker.width(s, nextHead) + tailWidth <= available + 1e-6, nextHead <= tail {
                        head = nextHead
                    } else if prevTail >= head, headWidth + breaker.width(prevTail, end) <= available + 1e-6 {
                        tail = prevTail
                    } else if breaker.width(s, nextHead) + tailWidth <= available + 1e-6, nextHead <= tail {
                        head = nextHead
                    } else { break }
                }
                let shownHead = breaker.trimmingTrailingSpaces(s, head)
                items = [.text(TextRange(s..<shownHead)), .ellipsis(at: shownHead, styledAt: max(s, shownHead - 1), run: ellipsis),
                         .text(TextRange(tail..<end))]
                truncated = TextRange(shownHead..<tail)
            default:
                let ellipsis = try ellipsisRun(styledAt: s, paragraph: paragraph)
                let available = container.width - ellipsisWidth(ellipsis)
                var c = s
                while c < end {
                    let n = breaker.nextGrapheme(after: c)
                    if breaker.trimmedWidth(s, n) > available + 1e-6 { break }
                    c = n
                }
                c = breaker.trimmingTrailingSpaces(s, c)
                items = [.text(TextRange(s..<c)), .ellipsis(at: c, styledAt: max(s, c - 1), run: ellipsis)]
                truncated = TextRange(c..<units.count)
            }
            // The line stands for the rest of the text: what follows this paragraph is not shown either.
            return try makeLine(paragraph, items: items, characterRange: all, truncatedRange: truncated,
                                isParagraphEnd: false, paragraphIndex: paragraphIndex)
        }
    }

    /// The ellipsis in the font of the character at `index` (the nearest one shown).
    func ellipsisRun(styledAt index: Int, paragraph: ShapedParagraph) throws -> ShapedRun {
        let font = text.attributes(at: max(0, min(index, units.count - 1))).attributes.font ?? container.defaultFont
        return try shaper.shapeStandalone("\u{2026}", font: font, rightToLeft: paragraph.isRightToLeft)
    }

    func ellipsisWidth(_ run: ShapedRun) -> Double { run.glyphs.reduce(0) { $0 + $1.advance } }

    // MARK: - Assembling a line

    /// A piece of a line in logical order.
    enum LineItem {
        case text(TextRange)
        /// The ellipsis standing at `at`, coloured like the character at `styledAt`.
        case ellipsis(at: Int, styledAt: Int, run: ShapedRun)
    }

    /// A stretch of a line drawn from one shaped run at one level, or the ellipsis.
    private struct Segment {
        var range: TextRange
        var level: UInt8
        var run: ShapedRun
        var isEllipsis: Bool
        /// For the ellipsis: the character whose attributes (colour) it takes.
        var ellipsisStyleIndex: Int
    }

    func makeLine(_ paragraph: ShapedParagraph, items: [LineItem], characterRange: TextRange, truncatedRange: TextRange?,
                  isParagraphEnd: Bool, paragraphIndex: Int) throws -> LineFragment {
        let base = paragraph.baseLevel
        // Rule L1: spaces at the end of the line take the paragraph level.
        var hangingStart = Int.max
        if case let .text(last)? = items.last {
            hangingStart = LineBreaker.trimmingTrailingSpaces(units, last.location, last.upperBound)
        }
        var segments: [Segment] = []
        for item in items {
            switch item {
            case let .ellipsis(at, styledAt, run):
                segments.append(Segment(range: TextRange(location: at, length: 0), level: base, run: run, isEllipsis: true, ellipsisStyleIndex: styledAt))
            case let .text(range):
                var i = range.location
                while i < range.upperBound {
                    guard let r = paragraph.runIndex(containing: i) else { break }
                    let run = paragraph.runs[r]
                    let level = i >= hangingStart ? base : paragraph.levels[i - paragraph.range.location]
                    // A segment ends where the level changes, never inside a grapheme cluster.
                    var e = i + 1
                    while e < min(range.upperBound, run.range.upperBound),
                          !graphemeStarts[e] || (e >= hangingStart ? base : paragraph.levels[e - paragraph.range.location]) == level { e += 1 }
                    segments.append(Segment(range: TextRange(i..<e), level: level, run: run, isEllipsis: false, ellipsisStyleIndex: 0))
                    i = e
                }
            }
        }
        // Justification: widen the spaces of a full line that does not end its paragraph.
        var extraPerSpace = 0.0
        if paragraph.style.alignment == .justified, !isParagraphEnd, truncatedRange == nil, container.width.isFinite {
            let contentEnd = min(hangingStart, characterRange.upperBound)
            var spaces = 0, natural = 0.0
            for seg in segments {
                if seg.isEllipsis { natural += ellipsisWidth(seg.run); continue }
                for i in seg.range.range where i < contentEnd && graphemeStarts[i] {
                    natural += paragraph.advances[i - paragraph.range.location]
                    if units[i] == 0x20 { spaces += 1 }
                }
            }
            if spaces > 0, container.width > natural { extraPerSpace = (container.width - natural) / Double(spaces) }
        }

        let order = UnicodeAlgorithms.visualOrder(levels: segments.map(\.level))
        var boxes: [ClusterBox] = []
        var runs: [GlyphRun] = []
        var x = 0.0
        var contentMin = Double.infinity, contentMax = -Double.infinity
        for v in order {
            let seg = segments[v]
            let rtl = seg.level & 1 == 1
            if seg.isEllipsis {
                let width = ellipsisWidth(seg.run)
                var pen = x
                let glyphs = seg.run.glyphs.map { g -> PositionedGlyph in
                    defer { pen += g.advance }
                    return PositionedGlyph(id: g.id, x: pen + g.offsetX, y: -g.offsetY, cluster: seg.ellipsisStyleIndex)
                }
                runs.append(GlyphRun(face: seg.run.face, size: seg.run.size, characterRange: seg.range, isRightToLeft: rtl, isEllipsis: true, glyphs: glyphs))
                boxes.append(ClusterBox(characterRange: seg.range, minX: x, maxX: x + width, isRightToLeft: rtl, isEllipsis: true))
                contentMin = min(contentMin, x); contentMax = max(contentMax, x + width)
                x += width
                continue
            }
            // Cluster boxes, in visual order.
            var starts: [Int] = []
            var i = seg.range.location
            while i < seg.range.upperBound {
                starts.append(i)
                i += 1
                while i < seg.range.upperBound, !graphemeStarts[i] { i += 1 }
            }
            if rtl { starts.reverse() }
            var boxMinX = [Double](repeating: .nan, count: seg.range.length)
            for g in starts {
                var end = g + 1
                while end < seg.range.upperBound, !graphemeStarts[end] { end += 1 }
                var w = paragraph.advances[g - paragraph.range.location]
                if extraPerSpace > 0, units[g] == 0x20, g < hangingStart { w += extraPerSpace }
                boxes.append(ClusterBox(characterRange: TextRange(g..<end), minX: x, maxX: x + w, isRightToLeft: rtl, isEllipsis: false))
                boxMinX[g - seg.range.location] = x
                if g < hangingStart, g < paragraph.range.upperBound {
                    contentMin = min(contentMin, x); contentMax = max(contentMax, x + w)
                }
                x += w
            }
            runs.append(GlyphRun(face: seg.run.face, size: seg.run.size, characterRange: seg.range, isRightToLeft: rtl,
                                 isEllipsis: false, glyphs: positionGlyphs(seg.run, in: seg.range, boxMinX: boxMinX)))
        }
        if contentMin > contentMax { contentMin = 0; contentMax = 0 }

        // Vertical metrics from the faces used (the paragraph's font when the line is empty).
        var ascent = 0.0, descent = 0.0, gap = 0.0
        var faces = runs.map { ($0.face, $0.size) }
        if faces.isEmpty {
            let font = text.attributes(at: min(characterRange.location, max(units.count - 1, 0))).attributes.font ?? container.defaultFont
            if let face = try shaper.faceChain(for: font).first { faces.append((face, font.size)) }
        }
        for (face, size) in faces {
            let scale = face.scale(at: size)
            ascent = max(ascent, face.metrics.ascender * scale)
            descent = max(descent, face.metrics.descender * scale)
            gap = max(gap, face.metrics.lineGap * scale)
        }
        let natural = ascent + descent + gap
        let multiple = paragraph.style.lineHeightMultiple
        let height = multiple > 0 && multiple.isFinite ? natural * multiple : natural
        return LineFragment(characterRange: characterRange, truncatedRange: truncatedRange, origin: .zero,
                            width: contentMax - contentMin, height: height, baselineOffset: height - natural + ascent,
                            ascent: ascent, descent: descent, contentOffset: contentMin, runs: runs, boxes: boxes,
                            paragraphIndex: paragraphIndex, isRightToLeft: paragraph.isRightToLeft)
    }

    /// Places the glyphs of `range` from `run`: each HarfBuzz cluster starts at the left edge of the
    /// boxes of the grapheme clusters it covers; glyphs inside it follow their own advances.
    /// `boxMinX[i]` is the left edge of the box starting at `range.location + i` (NaN elsewhere).
    private func positionGlyphs(_ run: ShapedRun, in range: TextRange, boxMinX: [Double]) -> [PositionedGlyph] {
        let indices = glyphIndices(of: run, in: range)
        guard !indices.isEmpty else { return [] }
        // Glyph groups (one per HarfBuzz cluster) in buffer order; their clusters ascending tell
        // where each cluster ends. Clusters are monotonic, so ascending is buffer order or its reverse.
        var groups: [(cluster: Int, glyphs: Range<Int>)] = []
        var g = indices.lowerBound
        while g < indices.upperBound {
            let start = g, cluster = run.glyphs[g].cluster
            while g < indices.upperBound, run.glyphs[g].cluster == cluster { g += 1 }
            groups.append((cluster, start..<g))
        }
        var ascending = groups.map(\.cluster)
        if run.isRightToLeft { ascending.reverse() }
        if !zip(ascending, ascending.dropFirst()).allSatisfy({ $0 < $1 }) { ascending = Array(Set(ascending)).sorted() }
        func spanEnd(of cluster: Int) -> Int {
            var lo = 0, hi = ascending.count
            while lo < hi { let mid = (lo + hi) / 2; if ascending[mid] <= cluster { lo = mid + 1 } else { hi = mid } }
            return lo < ascending.count ? ascending[lo] : range.upperBound
        }
        let anyLeft = boxMinX.first { !$0.isNaN } ?? 0
        var result: [PositionedGlyph] = []
        result.reserveCapacity(indices.count)
        for group in groups {
            let cluster = group.cluster
            var left = Double.infinity
            for i in max(cluster, range.location)..<min(max(spanEnd(of: cluster), cluster + 1), range.upperBound) {
                let x = boxMinX[i - range.location]
                if !x.isNaN { left = min(left, x) }
            }
            if !left.isFinite { left = anyLeft }
            let shift = hasBaselineOffsets ? text.attributes(at: cluster).attributes.baselineOffset ?? 0 : 0
            var pen = left
            for k in group.glyphs {
                let glyph = run.glyphs[k]
                result.append(PositionedGlyph(id: glyph.id, x: pen + glyph.offsetX, y: -glyph.offsetY - (shift.isFinite ? shift : 0), cluster: cluster))
                pen += glyph.advance
            }
        }
        return result
    }

    /// The glyphs of `run` whose clusters lie in `range`: a contiguous slice, found by binary search
    /// (clusters are monotonic: ascending in left-to-right runs, descending in right-to-left ones).
    private func glyphIndices(of run: ShapedRun, in range: TextRange) -> Range<Int> {
        let glyphs = run.glyphs
        let rtl = run.isRightToLeft
        // First position whose cluster is "past" `bound` in buffer order.
        func partition(_ isBefore: (Int) -> Bool) -> Int {
            var lo = 0, hi = glyphs.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if isBefore(glyphs[mid].cluster) { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        if rtl {
            let lower = partition { $0 >= range.upperBound }
            let upper = partition { $0 >= range.location }
            return lower..<max(lower, upper)
        }
        let lower = partition { $0 < range.location }
        let upper = partition { $0 < range.upperBound }
        return lower..<max(lower, upper)
    }

    // MARK: - Placement

    /// Stacks the lines: line spacing between lines, paragraph spacing after a paragraph; then
    /// aligns each line in the container width (or the widest line when the width is unbounded).
    func placeVertically(_ lines: inout [LineFragment], paragraphs: [ParagraphInfo]) {
        var y = 0.0
        for i in lines.indices {
            lines[i].origin.y = y
            y += lines[i].height
            guard i + 1 < lines.count else { break }
            let style = paragraphs[lines[i].paragraphIndex].style
            y += max(0, style.lineSpacing.isFinite ? style.lineSpacing : 0)
            if lines[i + 1].paragraphIndex != lines[i].paragraphIndex {
                y += max(0, style.paragraphSpacing.isFinite ? style.paragraphSpacing : 0)
            }
        }
        let width = container.width.isFinite ? container.width : (lines.map(\.width).max() ?? 0)
        for i in lines.indices {
            let paragraph = paragraphs[lines[i].paragraphIndex]
            var alignment = paragraph.style.alignment
            if alignment == .natural || alignment == .justified { alignment = paragraph.isRightToLeft ? .right : .left }
            let free = width - lines[i].width
            let contentX: Double = switch alignment {
            case .right: free
            case .center: free / 2
            default: 0
            }
            lines[i].origin.x = contentX - lines[i].contentOffset
        }
    }
}
