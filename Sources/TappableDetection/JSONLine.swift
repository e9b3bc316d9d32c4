import Foundation

/// One compact JSON object for a detection, for `tappable detect`:
/// `{"type","range":[location,length],"text","url"?,"phone"?,"date"?,"hasTime"?,"components"?}`,
/// keys in that order. `url` is the payload URL (links, e-mails, phone numbers, hashtags,
/// mentions, custom types); `phone` the digits; `date` ISO 8601 in `timeZone` with its offset
/// (`2026-12-04T17:00:00Z` in UTC, `2026-12-04T18:00:00+01:00` in Paris); `components`
/// `{"street","city","state","zip"?}` for addresses. Ranges count UTF-16 units.
public func jsonLine(_ d: Detection, timeZone: TimeZone) -> String {
    var s = "{\"type\":" + jsonString(d.type.name)
    s += ",\"range\":[\(d.range.location),\(d.range.length)]"
    s += ",\"text\":" + jsonString(d.text)
    if let u = d.urlString { s += ",\"url\":" + jsonString(u) }
    if let p = d.phoneNumber { s += ",\"phone\":" + jsonString(p) }
    if let date = d.date { s += ",\"date\":" + jsonString(ISO8601.string(from: date, timeZone: timeZone)) }
    if let h = d.hasTime { s += ",\"hasTime\":\(h)" }
    if let c = d.addressComponents {
        s += ",\"components\":{\"street\":" + jsonString(c.street) + ",\"city\":" + jsonString(c.city)
        s += ",\"state\":" + jsonString(c.state)
        if let z = c.zip { s += ",\"zip\":" + jsonString(z) }
        s += "}"
    }
    return s + "}"
}

extension Detection {
    /// Same as `jsonLine(self, timeZone:)`.
    public func jsonLine(timeZone: TimeZone) -> String { TappableDetection.jsonLine(self, timeZone: timeZone) }
}

/// A JSON string literal: quotes, backslashes and control characters escaped.
func jsonString(_ value: String) -> String {
    var out = "\""
    out.unicodeScalars.reserveCapacity(value.unicodeScalars.count + 2)
    for u in value.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if u.value < 0x20 || u.value == 0x2028 || u.value == 0x2029 {
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(u)
            }
        }
    }
    return out + "\""
}
