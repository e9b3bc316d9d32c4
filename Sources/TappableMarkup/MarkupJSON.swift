import TappableText

/// Attributed text as compact JSON for the command line and golden tests:
/// `{"text":"…","runs":[{"range":[location,length],"font":{…},"link":"…",…}]}`.
/// Ranges count UTF-16 units; each run lists only the attributes it sets, in a fixed key order
/// (range, font, foregroundColor, backgroundColor, underline, strikethrough, kern, baselineOffset,
/// link, tappable, highlightedForegroundColor, highlightedBackgroundColor, paragraphStyle, custom),
/// so the output is deterministic. Colours are `#rrggbb[aa]` strings. `pretty` puts each run on
/// a line of its own (for reading and for golden files); the JSON is the same.
public func markupJSON(_ text: AttributedText, pretty: Bool = false) -> String {
    var out = "{\"text\":"
    appendJSONString(text.string, to: &out)
    out += pretty ? ",\n \"runs\":[" : ",\"runs\":["
    for (i, run) in text.runs.enumerated() {
        if i > 0 { out += "," }
        if pretty { out += "\n  " }
        out += "{\"range\":[\(run.range.location),\(run.range.length)]"
        appendAttributes(run.attributes, to: &out)
        out += "}"
    }
    out += pretty && !text.runs.isEmpty ? "\n]}" : "]}"
    return out
}

/// A tagged-string error as JSON: `{"error":"…","line":L,"column":C}`.
public func markupJSON(_ error: TaggedStringError) -> String {
    var out = "{\"error\":"
    appendJSONString(error.message, to: &out)
    out += ",\"line\":\(error.line),\"column\":\(error.column)}"
    return out
}

private func appendAttributes(_ a: TextAttributes, to out: inout String) {
    if let font = a.font {
        out += ",\"font\":{\"family\":"
        appendJSONString(font.family, to: &out)
        out += ",\"size\":\(number(font.size)),\"weight\":\(font.weight.value),\"italic\":\(font.italic)"
        if let file = font.file {
            out += ",\"file\":"
            appendJSONString(file, to: &out)
        }
        out += "}"
    }
    if let c = a.foregroundColor { out += ",\"foregroundColor\":\"\(c.hexString)\"" }
    if let c = a.backgroundColor { out += ",\"backgroundColor\":\"\(c.hexString)\"" }
    if let d = a.underline { out += ",\"underline\":" + decoration(d) }
    if let d = a.strikethrough { out += ",\"strikethrough\":" + decoration(d) }
    if let k = a.kern { out += ",\"kern\":\(number(k))" }
    if let b = a.baselineOffset { out += ",\"baselineOffset\":\(number(b))" }
    if let link = a.link {
        out += ",\"link\":"
        appendJSONString(link, to: &out)
    }
    if a.isTappableRegion { out += ",\"tappable\":true" }
    if let c = a.highlightedForegroundColor { out += ",\"highlightedForegroundColor\":\"\(c.hexString)\"" }
    if let c = a.highlightedBackgroundColor { out += ",\"highlightedBackgroundColor\":\"\(c.hexString)\"" }
    if let p = a.paragraphStyle {
        out += ",\"paragraphStyle\":{\"alignment\":\"\(p.alignment.rawValue)\",\"lineBreakMode\":\"\(p.lineBreakMode.rawValue)\""
        out += ",\"lineSpacing\":\(number(p.lineSpacing)),\"lineHeightMultiple\":\(number(p.lineHeightMultiple))"
        out += ",\"paragraphSpacing\":\(number(p.paragraphSpacing)),\"baseWritingDirection\":\"\(p.baseWritingDirection.rawValue)\"}"
    }
    if !a.custom.isEmpty {
        out += ",\"custom\":{"
        for (i, key) in a.custom.keys.sorted().enumerated() {
            if i > 0 { out += "," }
            appendJSONString(key, to: &out)
            out += ":"
            appendJSONString(a.custom[key]!, to: &out)
        }
        out += "}"
    }
}

private func decoration(_ d: TextDecoration) -> String {
    var s = "{\"style\":\"\(d.style.rawValue)\""
    if let c = d.color { s += ",\"color\":\"\(c.hexString)\"" }
    return s + "}"
}

/// Integers without a fraction ("17"), other values in Swift's shortest round-trip form;
/// non-finite values (which JSON cannot hold) as null.
private func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
}

/// Appends `s` as a JSON string literal: quotes, backslashes and control characters escaped,
/// everything else as UTF-8.
private func appendJSONString(_ s: String, to out: inout String) {
    out += "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\u{08}": out += "\\b"
        case "\u{0C}": out += "\\f"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}" {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    out += "\""
}
