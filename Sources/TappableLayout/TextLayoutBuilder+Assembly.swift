import TappableShaping
import TappableText

extension TextLayoutBuilder {
    /// The line fragments of `plan`: each planned line assembled from its paragraph shaped at the
    /// plan's font scale, then aligned. The paragraphs are those the lines come from, first to last.
    /// The last use of a builder: each paragraph's glyphs are released once its lines exist, so a
    /// long text never holds its shaped glyphs and its positioned glyphs in full at once.
    consuming func assemble(_ plan: LinePlan) -> Output {
        let paragraphCount = plan.lines.last.map { $0.paragraphIndex + 1 } ?? 0
        let paragraphs = shaped.prefix(paragraphCount).map {
            ParagraphInfo(range: $0.range, terminatorLength: $0.terminatorLength, isRightToLeft: $0.isRightToLeft, style: $0.style)
        }
        // Lines made while planning (see `layOut`) come first; the plan may since have stretched
        // the last one over trailing line breaks.
        var lines: [LineFragment] = []
        swap(&lines, &assembled)  // the builder lets go of them: no copy when the last one changes
        lines.reserveCapacity(plan.lines.count)
        if let last = lines.indices.last { lines[last].characterRange = plan.lines[last].characterRange }
        var i = lines.count
        while i < plan.lines.count {
            // Lines come in paragraph order: each paragraph is scaled once.
            let index = plan.lines[i].paragraphIndex
            let paragraph = shaped[index].scaled(by: plan.scale)
            while i < plan.lines.count, plan.lines[i].paragraphIndex == index {
                lines.append(makeLine(paragraph, plan.lines[i]))
                i += 1
            }
            releaseShapes(of: index)
        }
        align(&lines, paragraphs: paragraphs)
        return Output(lines: lines, paragraphs: paragraphs, isTruncated: plan.isTruncated)
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

    /// The line fragment of a planned line: segments per shaped run and bidi level, reordered
    /// (rule L2), cluster boxes and glyph positions; `paragraph` is its paragraph at the plan's
    /// font scale. The line's top is the plan's; its x is set by `align`.
    func makeLine(_ paragraph: ShapedParagraph, _ planned: PlannedLine) -> LineFragment {
        let items = planned.items, characterRange = planned.characterRange, truncatedRange = planned.truncatedRange
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
        if paragraph.style.alignment == .justified, !planned.isParagraphEnd, truncatedRange == nil, container.width.isFinite {
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
        // A box per grapheme cluster and per ellipsis, a run per segment: sized exactly, since a
        // layout keeps them (an array grown by appending keeps up to twice what it holds).
        var clusterCount = 0
        for seg in segments {
            if seg.isEllipsis { clusterCount += 1; continue }
            for i in seg.range.range where graphemeStarts[i] { clusterCount += 1 }
        }
        var boxes = ClusterBoxes()
        boxes.reserveCapacity(clusterCount, segments: segments.count)
        var runs: [GlyphRun] = []
        runs.reserveCapacity(segments.count)
        var x = 0.0
        var contentMin = Double.infinity, contentMax = -Double.infinity
        for v in order {
            let seg = segments[v]
            let rtl = seg.level & 1 == 1
            if seg.isEllipsis {
                let width = ellipsisWidth(seg.run)
                var pen = x
                var glyphs = PositionedGlyphs()
                glyphs.reserveCapacity(seg.run.glyphs.count)
                for g in seg.run.glyphs {
                    let offset = seg.run.offset(of: g)
                    glyphs.append(id: g.id, x: pen + offset.x, y: -offset.y, cluster: seg.ellipsisStyleIndex)
                    pen += g.advance
                }
                runs.append(GlyphRun(face: seg.run.face, size: seg.run.size, characterRange: seg.range, isRightToLeft: rtl, isEllipsis: true, glyphs: glyphs))
                boxes.appendSegment(seg.range, clusterStarts: [], isRightToLeft: rtl, isEllipsis: true)
                boxes.appendEdge(width: width)
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
            boxes.appendSegment(seg.range, clusterStarts: starts, isRightToLeft: rtl, isEllipsis: false)
            var boxMinX = [Double](repeating: .nan, count: seg.range.length)
            for g in starts {
                var w = paragraph.advances[g - paragraph.range.location]
                if extraPerSpace > 0, units[g] == 0x20, g < hangingStart { w += extraPerSpace }
                boxes.appendEdge(width: w)
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

        let m = planned.metrics
        return LineFragment(characterRange: characterRange, truncatedRange: truncatedRange, origin: Point(x: 0, y: planned.y),
                            width: contentMax - contentMin, height: m.height, baselineOffset: m.baselineOffset,
                            ascent: m.ascent, descent: m.descent, contentOffset: contentMin, runs: runs, boxes: boxes,
                            paragraphIndex: planned.paragraphIndex, isRightToLeft: paragraph.isRightToLeft)
    }

    /// Places the glyphs of `range` from `run`: each HarfBuzz cluster starts at the left edge of the
    /// boxes of the grapheme clusters it covers; glyphs inside it follow their own advances.
    /// `boxMinX[i]` is the left edge of the box starting at `range.location + i` (NaN elsewhere).
    private func positionGlyphs(_ run: ShapedRun, in range: TextRange, boxMinX: [Double]) -> PositionedGlyphs {
        let indices = glyphIndices(of: run, in: range)
        guard !indices.isEmpty else { return PositionedGlyphs() }
        // Glyph groups (one per HarfBuzz cluster) in buffer order; their clusters ascending tell
        // where each cluster ends. Clusters are monotonic, so ascending is buffer order or its reverse.
        var groups: [(cluster: Int, glyphs: Range<Int>)] = []
        var g = indices.lowerBound
        while g < indices.upperBound {
            let start = g, cluster = run.glyphs[g].cluster
            while g < indices.upperBound, run.glyphs[g].cluster == cluster { g += 1 }
            groups.append((cluster, start..<g))
        }
        // Where group k's span ends: the next cluster in ascending order. Monotonic clusters (the
        // rule) give it from the neighbouring group; otherwise from the sorted distinct clusters.
        let rtl = run.isRightToLeft
        let monotonic = groups.indices.dropFirst().allSatisfy { rtl ? groups[$0 - 1].cluster > groups[$0].cluster : groups[$0 - 1].cluster < groups[$0].cluster }
        let ascending = monotonic ? [] : Array(Set(groups.map(\.cluster))).sorted()
        func spanEnd(ofGroup k: Int) -> Int {
            if monotonic {
                let next = rtl ? k - 1 : k + 1
                return next >= 0 && next < groups.count ? groups[next].cluster : range.upperBound
            }
            let cluster = groups[k].cluster
            var lo = 0, hi = ascending.count
            while lo < hi { let mid = (lo + hi) / 2; if ascending[mid] <= cluster { lo = mid + 1 } else { hi = mid } }
            return lo < ascending.count ? ascending[lo] : range.upperBound
        }
        let anyLeft = boxMinX.first { !$0.isNaN } ?? 0
        var result = PositionedGlyphs()
        result.reserveCapacity(indices.count)
        for (k, group) in groups.enumerated() {
            let cluster = group.cluster
            var left = Double.infinity
            for i in max(cluster, range.location)..<min(max(spanEnd(ofGroup: k), cluster + 1), range.upperBound) {
                let x = boxMinX[i - range.location]
                if !x.isNaN { left = min(left, x) }
            }
            if !left.isFinite { left = anyLeft }
            let shift = hasBaselineOffsets ? text.attributes(at: cluster).attributes.baselineOffset ?? 0 : 0
            var pen = left
            for k in group.glyphs {
                let glyph = run.glyphs[k]
                let offset = run.offset(of: glyph)
                result.append(id: glyph.id, x: pen + offset.x, y: -offset.y - (shift.isFinite ? shift : 0), cluster: cluster)
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

    // MARK: - Alignment

    /// Aligns each line in the container width (or the widest line when the width is unbounded).
    func align(_ lines: inout [LineFragment], paragraphs: [ParagraphInfo]) {
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
