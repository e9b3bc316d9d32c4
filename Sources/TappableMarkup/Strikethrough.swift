/// A run of `~` that may open or close strikethrough (GitHub's extension, as cmark-gfm reads it):
/// one or two tildes (three or more are text), left-flanking to open, right-flanking to close,
/// with CommonMark's flanking rules for emphasis.
struct TildeRun: Equatable {
    /// 1 or 2.
    let length: Int
    /// Left-flanking: not followed by whitespace, and not followed by punctuation unless
    /// preceded by whitespace or punctuation.
    let canOpen: Bool
    /// Right-flanking: the mirror image.
    let canClose: Bool

    /// The run of `length` tildes between the characters `before` and `after` (nil at the start or
    /// end of the paragraph, which count as whitespace); nil when it can be neither opener nor
    /// closer, or has more than two tildes.
    init?(length: Int, before: Unicode.Scalar?, after: Unicode.Scalar?) {
        guard length == 1 || length == 2 else { return nil }
        let spaceBefore = before.map(MarkdownCharacters.isSpace) ?? true
        let spaceAfter = after.map(MarkdownCharacters.isSpace) ?? true
        let punctuationBefore = before.map(MarkdownCharacters.isPunctuation) ?? false
        let punctuationAfter = after.map(MarkdownCharacters.isPunctuation) ?? false
        canOpen = !spaceAfter && !(punctuationAfter && !spaceBefore && !punctuationBefore)
        canClose = !spaceBefore && !(punctuationBefore && !spaceAfter && !punctuationAfter)
        guard canOpen || canClose else { return nil }
        self.length = length
    }

    init(length: Int, canOpen: Bool, canClose: Bool) {
        self.length = length
        self.canOpen = canOpen
        self.canClose = canClose
    }
}

/// Pairs the tilde runs of one inline container (a paragraph, an emphasis, a link's text), in
/// text order, the way cmark-gfm's delimiter stack does for `~`:
/// - a run that can close pairs with the nearest earlier run that can open, where a run that can
///   both open and close (or is closed by one that can) only pairs with a run of its own length;
/// - when the nearest such opener has another length, nothing happens (the closer may still open);
/// - a pair strikes out everything between, and runs between them are text from then on.
/// (cmark-gfm also keeps a floor below which closers that found nothing stop looking; for tildes
/// it changes no result: a closer finds nothing only when no opener of its length is open.)
///
/// Each run is pushed and popped at most once: linear in the number of runs.
struct StrikethroughMatcher {
    /// Openers still waiting, by length (index 0: one tilde, 1: two), in text order.
    private var openersByLength: [[Int]] = [[], []]
    /// Openers that cannot close, any length, in text order: (position, length).
    private var openOnly: [(position: Int, length: Int)] = []

    /// Feeds the run at `position` (increasing from call to call); returns the position of the
    /// opener it closes, if it closes one.
    mutating func feed(_ run: TildeRun, at position: Int) -> Int? {
        // The nearest opener may have the other length: then nothing pairs and nothing is used up.
        if run.canClose, let (opener, length) = nearestOpener(for: run), length == run.length {
            removeOpeners(from: opener)
            return opener
        }
        if run.canOpen {
            openersByLength[run.length - 1].append(position)
            if !run.canClose { openOnly.append((position, run.length)) }
        }
        return nil
    }

    /// The nearest opener `closer` may pair with: one of its length, or (when neither can both
    /// open and close) one that cannot close, of any length.
    private func nearestOpener(for closer: TildeRun) -> (position: Int, length: Int)? {
        var best: (position: Int, length: Int)?
        if let same = openersByLength[closer.length - 1].last { best = (same, closer.length) }
        if !closer.canOpen, let any = openOnly.last, any.position > best?.position ?? Int.min { best = any }
        return best
    }

    /// Removes the opener at `position` and every later one (they are inside the new pair).
    private mutating func removeOpeners(from position: Int) {
        for length in 0..<2 {
            while let last = openersByLength[length].last, last >= position { openersByLength[length].removeLast() }
        }
        while let last = openOnly.last, last.position >= position { openOnly.removeLast() }
    }
}
