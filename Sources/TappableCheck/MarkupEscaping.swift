/// Text made safe for HTML and XML, in content and in double- or single-quoted attributes: `&`,
/// `<`, `>`, `"` and `'` escaped; tab, line feed and carriage return kept; other C0 controls and
/// U+FFFE/U+FFFF (which XML 1.0 cannot hold) become U+FFFD. Every name and message a report
/// writes goes through here.
func escapeMarkup(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
        default:
            if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                out += "\u{FFFD}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out
}
