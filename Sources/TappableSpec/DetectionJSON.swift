import Foundation
import TappableDetection
import TappableJSON

// `tappable detect`'s output: one JSON object per detection, written with the command line's
// `JSON` (one string escaper, one number formatter).

extension JSON {
    /// A detection as a JSON value:
    /// `{"type","range":[location,length],"text","url"?,"phone"?,"extension"?,"date"?,"endDate"?,"hasTime"?,"components"?}`,
    /// keys in that order. `url` is the payload URL (links, e-mails, phone numbers, hashtags,
    /// mentions, custom types); `phone` the number in E.164, `extension` its extension's digits; `date` ISO 8601 in `timeZone` with its offset
    /// (`2026-12-04T17:00:00Z` in UTC, `2026-12-04T18:00:00+01:00` in Paris), `endDate` the end of a range, written the same way; `components`
    /// `{"street","city","state","zip"?}` for addresses. Ranges count UTF-16 units.
    public static func detection(_ d: Detection, timeZone: TimeZone) -> JSON {
        var pairs: [(String, JSON)] = [("type", .string(d.type.name)), ("range", .range(d.range)), ("text", .string(d.text))]
        if let u = d.urlString { pairs.append(("url", .string(u))) }
        if let p = d.phoneNumber { pairs.append(("phone", .string(p))) }
        if let x = d.phoneExtension { pairs.append(("extension", .string(x))) }
        if let date = d.dateString(in: timeZone) { pairs.append(("date", .string(date))) }
        if let end = d.endDateString(in: timeZone) { pairs.append(("endDate", .string(end))) }
        if let h = d.hasTime { pairs.append(("hasTime", .bool(h))) }
        if let c = d.addressComponents {
            var components: [(String, JSON)] = [("street", .string(c.street)), ("city", .string(c.city)), ("state", .string(c.state))]
            if let z = c.zip { components.append(("zip", .string(z))) }
            pairs.append(("components", .object(components)))
        }
        return .object(pairs)
    }
}

/// One compact JSON line (without the newline) for a detection, as `tappable detect` prints it:
/// `JSON.detection(d, timeZone:)` serialised.
public func jsonLine(_ d: Detection, timeZone: TimeZone) -> String {
    JSON.detection(d, timeZone: timeZone).serialized()
}

extension Detection {
    /// Same as `jsonLine(self, timeZone:)`.
    public func jsonLine(timeZone: TimeZone) -> String { TappableSpec.jsonLine(self, timeZone: timeZone) }
}
