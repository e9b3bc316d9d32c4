/// Text from input, made safe to show in an error message.
public enum MessageText {
    /// `text` in double quotes, at most `limit` Unicode scalars (then "…"), with control, format,
    /// separator, surrogate, private-use and unassigned characters (which could hide, reorder or
    /// garble what a terminal shows) written as `\u{…}`.
    public static func quoted(_ text: String, limit: Int = 40) -> String {
        var out = "\""
        for (k, scalar) in text.unicodeScalars.enumerated() {
            guard k < limit else { out += "…"; break }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse:
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `text` safe to write to a terminal: every control character but line feed and tab (C0,
    /// DEL, C1: ESC starts the sequences that recolour, move the cursor or retitle a terminal)
    /// and every bidi embedding, override and isolate written as `\u{…}`. What a command prints
    /// passes through it, so a file or link name from hostile input cannot drive the terminal.
    public static func terminalSafe(_ text: String) -> String {
        func unsafe(_ v: UInt32) -> Bool {
            (v < 0x20 && v != 0x0A && v != 0x09) || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
        }
        guard text.unicodeScalars.contains(where: { unsafe($0.value) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if unsafe(scalar.value) { out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }
}
