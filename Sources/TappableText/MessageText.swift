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
}
