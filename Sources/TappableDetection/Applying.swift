import Foundation
import TappableText

extension TextAttributes {
    /// The look `DataDetector.attributedText` gives matches by default: link-blue text with a
    /// single underline, light-grey highlight with white text while pressed (ZSWTappableLabel's
    /// data-detector example).
    public static let detectedLink = TextAttributes(
        foregroundColor: .link, underline: .single,
        highlightedForegroundColor: .white, highlightedBackgroundColor: .lightGray)
}

extension DataDetector {
    /// The key of `TextAttributes.custom` holding a match's type name (`link`, `phoneNumber`, …).
    public static let detectionTypeKey = "detectionType"

    /// The attributes a detection adds: `linkStyle`, then `link` = `detection.link`,
    /// `isTappableRegion` = true and `custom["detectionType"]` = the type's name.
    public static func attributes(for detection: Detection, linkStyle: TextAttributes) -> TextAttributes {
        var a = linkStyle
        a.link = detection.link
        a.isTappableRegion = true
        a.custom[detectionTypeKey] = detection.type.name
        return a
    }

    /// `string` with `baseAttributes` everywhere and, over every detection, `linkStyle` merged in
    /// plus the tap payload: `link` is the payload string (`http://google.com`,
    /// `tel:4155555555`, `mailto:a@b.com`, an ISO 8601 date-time for dates, `hashtag:tag`,
    /// `mention:user`, `address:<percent-encoded text>`, `<name>:<text>` for custom types),
    /// `isTappableRegion` is true and `custom["detectionType"]` names the type.
    public func attributedText(for string: String, linkStyle: TextAttributes = .detectedLink,
                               baseAttributes: TextAttributes = TextAttributes()) -> AttributedText {
        Self.apply(detections(in: string), to: AttributedText(string, attributes: baseAttributes), linkStyle: linkStyle)
    }

    /// `text` with `detections` (from `detections(in: text.string)`) applied as in
    /// `attributedText(for:)`, merged over the attributes already there. Detections outside the
    /// text are ignored. Runs in O(n log m) for n UTF-16 units and m detections.
    public static func apply(_ detections: [Detection], to text: AttributedText,
                             linkStyle: TextAttributes = .detectedLink) -> AttributedText {
        let valid = detections.filter { $0.range.location >= 0 && $0.range.length > 0 && $0.range.upperBound <= text.length }
            .sorted { $0.range.location < $1.range.location }
        guard !valid.isEmpty else { return text }
        if valid.count <= 16 {
            var result = text
            for d in valid { try? result.addAttributes(attributes(for: d, linkStyle: linkStyle), in: d.range) }
            return result
        }
        // Many matches: cut the text into pieces of constant attributes (one merge walk over runs
        // and detections) and join them pairwise, avoiding addAttributes' cost per call.
        var pieces: [(TextRange, TextAttributes)] = []
        var di = 0
        for run in text.runs {
            var pos = run.range.location
            while pos < run.range.upperBound {
                while di < valid.count, valid[di].range.upperBound <= pos { di += 1 }
                if di < valid.count, valid[di].range.location <= pos {
                    let end = min(run.range.upperBound, valid[di].range.upperBound)
                    pieces.append((TextRange(pos..<end), run.attributes.merging(attributes(for: valid[di], linkStyle: linkStyle))))
                    pos = end
                } else {
                    let end = di < valid.count ? min(run.range.upperBound, valid[di].range.location) : run.range.upperBound
                    pieces.append((TextRange(pos..<end), run.attributes))
                    pos = end
                }
            }
        }
        var parts = pieces.map { AttributedText(text.substring($0.0), attributes: $0.1) }
        while parts.count > 1 {
            var next: [AttributedText] = []
            next.reserveCapacity(parts.count / 2 + 1)
            var i = 0
            while i + 1 < parts.count { next.append(parts[i].appending(parts[i + 1])); i += 2 }
            if i < parts.count { next.append(parts[i]) }
            parts = next
        }
        return parts[0]
    }
}
