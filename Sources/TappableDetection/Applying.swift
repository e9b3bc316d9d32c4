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
    /// text are ignored, and so is a detection overlapping an earlier one. Runs in O(n + m log m)
    /// for n UTF-16 units and m detections: one merge walk over runs and detections, then one
    /// `AttributedText(string:runs:)`.
    public static func apply(_ detections: [Detection], to text: AttributedText,
                             linkStyle: TextAttributes = .detectedLink) -> AttributedText {
        var valid = detections.filter { $0.range.location >= 0 && $0.range.length > 0 && $0.range.upperBound <= text.length }
            .sorted { $0.range.location < $1.range.location }
        guard !valid.isEmpty else { return text }
        // Keep the pieces disjoint: a detection starting inside the previous one is dropped.
        var end = 0
        valid = valid.filter { d in
            guard d.range.location >= end else { return false }
            end = d.range.upperBound
            return true
        }
        // Cut the text into pieces of constant attributes, in order.
        var pieces: [AttributeRun] = []
        pieces.reserveCapacity(text.runs.count + 2 * valid.count)
        var di = 0
        for run in text.runs {
            var pos = run.range.location
            while pos < run.range.upperBound {
                while di < valid.count, valid[di].range.upperBound <= pos { di += 1 }
                if di < valid.count, valid[di].range.location <= pos {
                    let end = min(run.range.upperBound, valid[di].range.upperBound)
                    pieces.append(AttributeRun(range: TextRange(pos..<end),
                                               attributes: run.attributes.merging(attributes(for: valid[di], linkStyle: linkStyle))))
                    pos = end
                } else {
                    let end = di < valid.count ? min(run.range.upperBound, valid[di].range.location) : run.range.upperBound
                    pieces.append(AttributeRun(range: TextRange(pos..<end), attributes: run.attributes))
                    pos = end
                }
            }
        }
        // The pieces are sorted, disjoint and inside the text by construction.
        return (try? AttributedText(string: text.string, runs: pieces)) ?? text
    }
}
