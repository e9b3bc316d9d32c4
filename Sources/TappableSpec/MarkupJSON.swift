import TappableJSON
import TappableMarkup
import TappableText

// `tappable markup`'s output: attributed text and tagged-string errors as JSON, written with
// the command line's `JSON` (one string escaper, one number formatter).

extension JSON {
    /// Attributed text as a JSON value:
    /// `{"text":"…","runs":[{"range":[location,length],"font":{…},"link":"…",…}]}`.
    /// Ranges count UTF-16 units; each run lists only the attributes it sets, in a fixed key order
    /// (range, font, foregroundColor, backgroundColor, underline, strikethrough, kern,
    /// baselineOffset, link, tappable, highlightedForegroundColor, highlightedBackgroundColor,
    /// paragraphStyle, custom; custom keys sorted). Colours are `#rrggbb[aa]` strings.
    public static func markup(_ text: AttributedText) -> JSON {
        .object([("text", .string(text.string)), ("runs", .array(text.runs.map(markupRun)))])
    }

    /// A tagged-string error as a JSON value: `{"error":"…","line":L,"column":C}`.
    public static func markup(_ error: TaggedStringError) -> JSON {
        .object([("error", .string(error.message)), ("line", .int(error.line)), ("column", .int(error.column))])
    }

    /// One run: its range, then the attributes it sets.
    static func markupRun(_ run: AttributeRun) -> JSON {
        var pairs: [(String, JSON)] = [("range", .range(run.range))]
        let a = run.attributes
        if let font = a.font {
            var f: [(String, JSON)] = [("family", .string(font.family)), ("size", .number(font.size)),
                                       ("weight", .int(font.weight.value)), ("italic", .bool(font.italic))]
            if let file = font.file { f.append(("file", .string(file))) }
            pairs.append(("font", .object(f)))
        }
        if let c = a.foregroundColor { pairs.append(("foregroundColor", .string(c.hexString))) }
        if let c = a.backgroundColor { pairs.append(("backgroundColor", .string(c.hexString))) }
        if let d = a.underline { pairs.append(("underline", decoration(d))) }
        if let d = a.strikethrough { pairs.append(("strikethrough", decoration(d))) }
        if let k = a.kern { pairs.append(("kern", .number(k))) }
        if let b = a.baselineOffset { pairs.append(("baselineOffset", .number(b))) }
        if let link = a.link { pairs.append(("link", .string(link))) }
        if a.isTappableRegion { pairs.append(("tappable", .bool(true))) }
        if let c = a.highlightedForegroundColor { pairs.append(("highlightedForegroundColor", .string(c.hexString))) }
        if let c = a.highlightedBackgroundColor { pairs.append(("highlightedBackgroundColor", .string(c.hexString))) }
        if let p = a.paragraphStyle {
            pairs.append(("paragraphStyle", .object([
                ("alignment", .string(p.alignment.rawValue)), ("lineBreakMode", .string(p.lineBreakMode.rawValue)),
                ("lineSpacing", .number(p.lineSpacing)), ("lineHeightMultiple", .number(p.lineHeightMultiple)),
                ("paragraphSpacing", .number(p.paragraphSpacing)),
                ("baseWritingDirection", .string(p.baseWritingDirection.rawValue)),
            ])))
        }
        if !a.custom.isEmpty {
            pairs.append(("custom", .object(a.custom.keys.sorted().map { ($0, .string(a.custom[$0]!)) })))
        }
        return .object(pairs)
    }

    /// `{"style":"…","color":"#rrggbb"?}`.
    private static func decoration(_ d: TextDecoration) -> JSON {
        var pairs: [(String, JSON)] = [("style", .string(d.style.rawValue))]
        if let c = d.color { pairs.append(("color", .string(c.hexString))) }
        return .object(pairs)
    }
}

/// Attributed text as compact JSON, `JSON.markup(text)` serialised, for `tappable markup` and
/// the golden tests. `pretty` puts each run on a line of its own (for reading and for golden
/// files): `{"text":…,\n "runs":[\n  {…},\n  {…}\n]}`; the JSON is the same.
public func markupJSON(_ text: AttributedText, pretty: Bool = false) -> String {
    guard pretty else { return JSON.markup(text).serialized() }
    var out = "{\"text\":" + JSON.string(text.string).serialized() + ",\n \"runs\":["
    for (i, run) in text.runs.enumerated() {
        if i > 0 { out += "," }
        out += "\n  " + JSON.markupRun(run).serialized()
    }
    return out + (text.runs.isEmpty ? "]}" : "\n]}")
}

/// A tagged-string error as compact JSON: `{"error":"…","line":L,"column":C}`.
public func markupJSON(_ error: TaggedStringError) -> String { JSON.markup(error).serialized() }
