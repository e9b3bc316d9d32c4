import CHarfBuzz
import TappableText

/// Itemises and shapes paragraphs: bidi levels (ICU), script runs, a face per grapheme cluster
/// (the requested font, then the fallback chain), and HarfBuzz shaping with kerning and standard
/// ligatures on. Stateless apart from the shared, thread-safe font cache.
public struct TextShaper: Sendable {
    /// Resolves fonts to face files and lists the fallback families.
    public let registry: FontRegistry
    /// Where faces are opened and kept, one per file.
    public let cache: FontCache

    /// A shaper over `registry` (default: the bundled fonts) and `cache` (default: the shared cache).
    public init(registry: FontRegistry = .default, cache: FontCache = .shared) {
        self.registry = registry
        self.cache = cache
    }

    /// The requested face and its fallbacks for `font`, every one opened. Throws for an unknown
    /// family, a missing or corrupt font file, or a size that is not a positive finite number.
    public func faceChain(for font: Font) throws -> [FontFace] { try chain(for: font).faces }

    /// The face `font` asks for (not a fallback). Throws as `faceChain(for:)`.
    public func primaryFace(for font: Font) throws -> FontFace { try chain(for: font).primary }

    /// The requested face, opened, and its fallbacks, opened when first needed. The chain depends
    /// on the face asked for, not the size: resolved once per process.
    func chain(for font: Font) throws -> FaceChain {
        guard font.size.isFinite, font.size > 0 else { throw FontError.invalidSize(font.size) }
        let key = FontCache.ChainKey(directory: registry.directory, family: font.family, weight: font.weight.value,
                                     italic: font.italic, file: font.file)
        return try cache.chain(for: key) {
            FaceChain(primary: try cache.face(path: registry.file(for: font)), fallbackPaths: registry.fallbackFiles(for: font), cache: cache)
        }
    }

    /// The emoji face, when the bundled one is present.
    public var emojiFace: FontFace? {
        try? cache.face(path: registry.file(for: Font(family: FontRegistry.emojiFamily)))
    }

    /// Shapes one paragraph of `text`: `range` is its content (no terminator), `graphemeStarts`
    /// the grapheme boundaries of the whole text, `defaultFont` the font of runs that set none and
    /// `defaultStyle` the paragraph style when the paragraph's first character sets none.
    public func shapeParagraph(_ text: AttributedText, range: TextRange, terminatorLength: Int,
                               graphemeStarts: [Bool], defaultFont: Font, defaultStyle: ParagraphStyle = .default) throws -> ShapedParagraph {
        let units = text.utf16
        let style = text.attributes(at: range.location).attributes.paragraphStyle ?? defaultStyle
        let direction: Bool? = switch style.baseWritingDirection {
        case .natural: nil
        case .leftToRight: false
        case .rightToLeft: true
        }
        let content = units[range.range]
        let (levels, paragraphLevel) = UnicodeAlgorithms.bidiLevels(content, rightToLeft: direction)
        let scripts = UnicodeAlgorithms.resolvedScripts(content)
        let (choices, faceOf) = try assignFaces(text, range: range, graphemeStarts: graphemeStarts, defaultFont: defaultFont)

        // Split into runs where level, script, face or size change, only between grapheme clusters:
        // a cluster whose marks have another script (Hebrew points on a Latin letter) or level
        // stays in one run, shaped with its first character's.
        var runs: [ShapedRun] = []
        var advances = [Double](repeating: 0, count: range.length)
        var start = 0
        while start < range.length {
            var end = start + 1
            while end < range.length, !graphemeStarts[range.location + end]
                    || (levels[end] == levels[start] && scripts[end] == scripts[start] && faceOf[end] == faceOf[start]) {
                end += 1
            }
            let runRange = TextRange(location: range.location + start, length: end - start)
            let choice = choices[Int(faceOf[start])]
            let glyphs = shape(units, paragraph: range, run: runRange, level: levels[start], script: scripts[start],
                               face: choice.face, size: choice.size)
            let run = ShapedRun(range: runRange, level: levels[start], face: choice.face, size: choice.size, glyphs: glyphs)
            distributeAdvances(of: run, paragraph: range, graphemeStarts: graphemeStarts, into: &advances)
            runs.append(run)
            start = end
        }
        // Kern: extra space after each grapheme cluster.
        for attributeRun in text.runs(in: range) {
            guard let kern = attributeRun.attributes.kern, kern.isFinite, kern != 0 else { continue }
            // A negative kern may pull clusters together, never below zero width (boxes stay ordered).
            for i in attributeRun.range.range where graphemeStarts[i] { advances[i - range.location] = max(0, advances[i - range.location] + kern) }
        }
        return ShapedParagraph(range: range, terminatorLength: terminatorLength, baseLevel: paragraphLevel,
                               levels: levels, runs: runs, advances: advances, style: style)
    }

    /// Shapes a short standalone string (the truncation ellipsis) with `font` and its fallbacks.
    public func shapeStandalone(_ string: String, font: Font, rightToLeft: Bool) throws -> ShapedRun {
        let chain = try chain(for: font)
        let scalars = Array(string.unicodeScalars)
        let face = chain.first { $0.covers(scalars) } ?? chain.primary
        let units = Array(string.utf16)
        let range = TextRange(location: 0, length: units.count)
        let level: UInt8 = rightToLeft ? 1 : 0
        let glyphs = shape(units, paragraph: range, run: range, level: level, script: UnicodeAlgorithms.common, face: face, size: font.size)
        return ShapedRun(range: range, level: level, face: face, size: font.size, glyphs: glyphs)
    }

    // MARK: - Fonts per cluster

    private struct FaceChoice: Equatable {
        var face: FontFace
        var size: Double
        static func == (a: FaceChoice, b: FaceChoice) -> Bool { a.face === b.face && a.size == b.size }
    }

    /// A face and size per UTF-16 unit of `range`, chosen per grapheme cluster with the font in
    /// effect at the cluster's first unit (a font change inside a cluster never splits it): the
    /// distinct choices, and for each unit the index of its choice. Fonts are looked up once per
    /// attribute run; ASCII clusters are decided from the faces' ASCII tables; fallback faces
    /// and the emoji face are opened only for a cluster that needs them.
    private func assignFaces(_ text: AttributedText, range: TextRange, graphemeStarts: [Bool],
                             defaultFont: Font) throws -> (choices: [FaceChoice], faceOf: [UInt32]) {
        var choices: [FaceChoice] = []
        var faceOf = [UInt32](repeating: 0, count: range.length)
        let units = text.utf16, attributeRuns = text.runs
        var runIndex = text.runIndex(at: range.location) ?? 0
        var runEnd = -1
        var font = defaultFont
        var chain: FaceChain?
        var previous: FontFace?
        var current: (choice: FaceChoice, index: UInt32)?
        var scalars: [Unicode.Scalar] = []
        var i = range.location
        while i < range.upperBound {
            var end = i + 1
            while end < range.upperBound, !graphemeStarts[end] { end += 1 }
            if i >= runEnd {
                // The attribute run holding the cluster's first unit.
                while runIndex + 1 < attributeRuns.count, attributeRuns[runIndex].range.upperBound <= i { runIndex += 1 }
                runEnd = attributeRuns.isEmpty ? range.upperBound : attributeRuns[runIndex].range.upperBound
                let runFont = attributeRuns.isEmpty ? defaultFont : attributeRuns[runIndex].attributes.font ?? defaultFont
                if chain == nil || runFont != font {
                    font = runFont
                    chain = try self.chain(for: font)
                    previous = nil
                }
            }
            let face: FontFace
            if end == i + 1, units[i] < 0x80 {
                face = Self.asciiFace(for: units[i], chain: chain!, previous: previous)
            } else {
                Self.decode(units, i..<end, into: &scalars)
                face = chooseFace(for: scalars, chain: chain!, previous: previous)
            }
            previous = face
            let choice = FaceChoice(face: face, size: font.size)
            if current?.choice != choice {
                if let known = choices.firstIndex(of: choice) {
                    current = (choice, UInt32(known))
                } else {
                    current = (choice, UInt32(choices.count))
                    choices.append(choice)
                }
            }
            if current!.index != 0 {
                for k in i..<end { faceOf[k - range.location] = current!.index }
            }
            i = end
        }
        return (choices, faceOf)
    }

    /// `chooseFace` for a cluster of one ASCII unit, from the faces' ASCII tables: never emoji
    /// (ASCII alone is not), neutral characters stay in the face before them.
    private static func asciiFace(for unit: UInt16, chain: FaceChain, previous: FontFace?) -> FontFace {
        if let previous, !previous.hasColor, isScriptNeutral(Unicode.Scalar(UInt8(unit))), previous.coversASCII(unit) { return previous }
        if chain.primary.coversASCII(unit), !chain.primary.hasColor { return chain.primary }
        return chain.first { !$0.hasColor && $0.coversASCII(unit) } ?? chain.first { $0.coversASCII(unit) } ?? chain.primary
    }

    /// The scalars of `units[range]` (lone surrogates become U+FFFD), into a reused buffer.
    static func decode(_ units: [UInt16], _ range: Range<Int>, into scalars: inout [Unicode.Scalar]) {
        scalars.removeAll(keepingCapacity: true)
        var i = range.lowerBound
        while i < range.upperBound {
            let u = units[i]
            if UTF16.isLeadSurrogate(u), i + 1 < range.upperBound, UTF16.isTrailSurrogate(units[i + 1]) {
                let value = 0x10000 + ((UInt32(u) - 0xD800) << 10) + (UInt32(units[i + 1]) - 0xDC00)
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                i += 2
            } else {
                scalars.append(Unicode.Scalar(UInt32(u)) ?? "\u{FFFD}")
                i += 1
            }
        }
    }

    private func chooseFace(for scalars: [Unicode.Scalar], chain: FaceChain, previous: FontFace?) -> FontFace {
        if Self.isEmojiPresentation(scalars), let emoji = emojiFace, emoji.covers(scalars) { return emoji }
        // Spaces, digits and punctuation stay in the face around them when it has them.
        // (Not the colour emoji face: its spaces are emoji-wide.)
        if let previous, !previous.hasColor, scalars.allSatisfy(Self.isScriptNeutral), previous.covers(scalars) { return previous }
        if let face = chain.first(where: { !$0.hasColor && $0.covers(scalars) }) ?? chain.first(where: { $0.covers(scalars) }) { return face }
        // No face has every scalar: the one covering the base character, else the requested face (.notdef boxes).
        if let base = scalars.first, let face = chain.first(where: { $0.covers([base]) }) { return face }
        return chain.primary
    }

    /// C0 and C1 control characters and DEL, which have no glyph of their own.
    static func isControl(_ u: UInt16) -> Bool { u < 0x20 || (u >= 0x7F && u <= 0x9F) }

    static func isScriptNeutral(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 {
            // ASCII: everything but letters is neutral.
            let v = scalar.value
            return !((0x41...0x5A).contains(v) || (0x61...0x7A).contains(v))
        }
        let p = scalar.properties
        switch p.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .spaceSeparator, .decimalNumber, .mathSymbol, .currencySymbol:
            return true
        default:
            return p.isWhitespace || p.isDefaultIgnorableCodePoint
        }
    }

    /// Whether a cluster is drawn as emoji: emoji presentation by default, or asked for with
    /// U+FE0F, a keycap, a skin tone or a ZWJ sequence of emoji.
    static func isEmojiPresentation(_ scalars: [Unicode.Scalar]) -> Bool {
        guard let first = scalars.first else { return false }
        // ASCII is never emoji on its own; digits, # and * only as keycaps or with U+FE0F.
        if first.value < 0x80 && scalars.count == 1 { return false }
        guard first.properties.isEmoji else { return false }
        if first.properties.isEmojiPresentation { return true }
        return scalars.contains { $0.value == 0xFE0F || $0.value == 0x20E3 || $0.properties.isEmojiModifier }
    }

    // MARK: - HarfBuzz

    /// The shaping language: fixed, so results never depend on the process's locale.
    nonisolated(unsafe) static let language = hb_language_from_string("en", -1)

    private func shape(_ units: [UInt16], paragraph: TextRange, run: TextRange, level: UInt8, script: UInt32,
                       face: FontFace, size: Double) -> [ShapedGlyph] {
        let rightToLeft = level & 1 == 1
        func harfBuzz() -> [RawGlyph] {
            Self.harfBuzz(units, paragraph: paragraph, run: run, rightToLeft: rightToLeft, script: script, face: face)
        }
        let raw = run.length > ShapeCache.maximumRunLength ? harfBuzz()
            : face.shapedRuns.glyphs(for: ShapeKey(units, paragraph: paragraph, run: run, rightToLeft: rightToLeft, script: script), shape: harfBuzz)
        let scale = face.scale(at: size)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(raw.count)
        let space = face.glyph(for: " ")
        for g in raw {
            let cluster = run.location + Int(g.cluster)
            if Self.isControl(units[cluster]) {
                // Control characters draw nothing (fonts would show .notdef boxes); a tab advances
                // by eight spaces, Pango's tab width.
                let spaceAdvance = space.map { face.advance(of: $0) * scale } ?? size / 4
                glyphs.append(ShapedGlyph(id: space ?? 0, cluster: cluster, advance: units[cluster] == 0x09 ? 8 * spaceAdvance : 0,
                                          offsetUnitsX: 0, offsetUnitsY: 0))
            } else {
                glyphs.append(ShapedGlyph(id: g.id, cluster: cluster, advance: Double(g.advance) * scale,
                                          offsetUnitsX: g.offsetX, offsetUnitsY: g.offsetY))
            }
        }
        return glyphs
    }

    /// HarfBuzz's glyphs for `run` of `paragraph` (the rest of the paragraph as context), in font
    /// units, clusters relative to the run's start.
    private static func harfBuzz(_ units: [UInt16], paragraph: TextRange, run: TextRange, rightToLeft: Bool, script: UInt32,
                                 face: FontFace) -> [RawGlyph] {
        guard let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        units.withUnsafeBufferPointer { all in
            let base = all.baseAddress! + paragraph.location
            hb_buffer_add_utf16(buffer, base, Int32(paragraph.length),
                                UInt32(run.location - paragraph.location), Int32(run.length))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_from_iso15924_tag(script))
        hb_buffer_set_language(buffer, language)
        var flags = HB_BUFFER_FLAG_DEFAULT.rawValue
        if run.location == paragraph.location { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if run.upperBound == paragraph.upperBound { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))
        hb_shape(face.hbFont, buffer, nil, 0)

        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        let offset = Int32(run.location - paragraph.location)
        return (0..<Int(count)).map { g in
            RawGlyph(id: infos[g].codepoint, cluster: Int32(bitPattern: infos[g].cluster) - offset, advance: positions[g].x_advance,
                     offsetX: positions[g].x_offset, offsetY: positions[g].y_offset)
        }
    }

    /// Spreads each HarfBuzz cluster's advance over the grapheme clusters it spans (evenly: a
    /// ligature of two letters gives each half), stored at each grapheme's first unit.
    private func distributeAdvances(of run: ShapedRun, paragraph: TextRange, graphemeStarts: [Bool], into advances: inout [Double]) {
        // Total advance per cluster start, indexed from the run's start.
        var totals = [Double](repeating: 0, count: run.range.length)
        var isClusterStart = [Bool](repeating: false, count: run.range.length)
        for glyph in run.glyphs {
            let k = glyph.cluster - run.range.location
            guard k >= 0, k < totals.count else { continue }
            totals[k] += glyph.advance
            isClusterStart[k] = true
        }
        var k = 0
        while k < totals.count {
            guard isClusterStart[k] else { k += 1; continue }
            var end = k + 1
            while end < totals.count, !isClusterStart[end] { end += 1 }
            var owners = 0
            for i in k..<end where graphemeStarts[run.range.location + i] { owners += 1 }
            let offset = run.range.location - paragraph.location
            if owners == 0 {
                advances[offset + k] += totals[k]
            } else {
                let share = totals[k] / Double(owners)
                for i in k..<end where graphemeStarts[run.range.location + i] { advances[offset + i] += share }
            }
            k = end
        }
    }
}
