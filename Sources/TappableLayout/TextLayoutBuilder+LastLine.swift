import TappableShaping
import TappableText

extension TextLayoutBuilder {
    /// The last line when more text follows than the line limit allows, per the line break mode.
    /// Head and middle truncation apply to the last paragraph's own text; when later paragraphs
    /// are cut too, the ellipsis goes at the end, as in tail truncation.
    mutating func lastLine(_ context: ParagraphContext, from s: Int, wrappedEnd: Int, laterTextRemains: Bool) throws -> PlannedLine {
        let paragraph = context.paragraph, breaker = context.breaker
        let end = paragraph.range.upperBound
        let all = TextRange(s..<units.count)
        var mode = paragraph.style.lineBreakMode
        if laterTextRemains, mode == .truncateHead || mode == .truncateMiddle { mode = .truncateTail }
        switch mode {
        case .wordWrap, .charWrap:
            // The wrapped line as it is; the rest is not shown and not part of any line.
            return try plannedLine(context, items: [.text(TextRange(s..<wrappedEnd))], characterRange: TextRange(s..<wrappedEnd),
                                   truncatedRange: nil, isParagraphEnd: false)
        case .clip:
            // Clusters that start inside the width are shown (the last one clipped when painted);
            // the rest are cut: not drawn, not hittable, in no region.
            var c = s
            while c < end, breaker.width(s, c) < container.width - 1e-9 { c = breaker.nextGrapheme(after: c) }
            let cut = TextRange(c..<units.count)
            return try plannedLine(context, items: [.text(TextRange(s..<c))], characterRange: all,
                                   truncatedRange: cut.isEmpty ? nil : cut, isParagraphEnd: false)
        case .truncateTail, .truncateHead, .truncateMiddle:
            let items: [LineItem]
            let truncated: TextRange
            switch mode {
            case .truncateHead:
                let ellipsis = try ellipsisRun(styledAt: end - 1, context)
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
                let ellipsis = try ellipsisRun(styledAt: s, context)
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
                let ellipsis = try ellipsisRun(styledAt: s, context)
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
            return try plannedLine(context, items: items, characterRange: all, truncatedRange: truncated, isParagraphEnd: false)
        }
    }
}
