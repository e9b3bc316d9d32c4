import Foundation
import TappableText

/// The login label of seed 001 (shared/seeds/README.md): "By registering, I agree to the Terms of
/// Service and Privacy Policy." with its two links. At 320 pt in Inter 17 "Terms of Service" wraps
/// onto the second line.
public enum LoginSentence {
    /// The sentence.
    public static let text = "By registering, I agree to the Terms of Service and Privacy Policy."
    /// "Terms of Service", in UTF-16 units.
    public static let terms = TextRange(location: 31, length: 16)
    /// "Privacy Policy", in UTF-16 units.
    public static let privacy = TextRange(location: 52, length: 14)
    /// The link over `terms`.
    public static let termsLink = "https://example.com/terms"
    /// The link over `privacy`.
    public static let privacyLink = "https://example.com/privacy"

    /// The login label as a SPEC: 320 pt wide, as many lines as it needs, both links as runs;
    /// `extra` is inserted before the closing brace (e.g. `, "scale": 2`).
    public static func spec(_ extra: String = "") -> String {
        """
        {"text": "\(text)", "width": 320, "numberOfLines": 0,
         "runs": [{"range": [31, 16], "link": "\(termsLink)"}, {"range": [52, 14], "link": "\(privacyLink)"}]\(extra)}
        """
    }
}

/// ZSWTappableLabel's substring-linking example (seed 000): "View our Privacy Policy or Terms of Service".
public enum SeedSentence {
    /// The sentence.
    public static let text = "View our Privacy Policy or Terms of Service"
    /// "Privacy Policy", in UTF-16 units.
    public static let privacy = TextRange(location: 9, length: 14)
    /// "Terms of Service", in UTF-16 units.
    public static let terms = TextRange(location: 27, length: 16)
}

/// ZSWTappableLabel's data-detector example: a link, a phone number and a date.
public enum DetectorSentence {
    /// The sentence.
    public static let text = "check google.com or call 415-555-5555? how about friday at 5pm?"
    /// 2026-11-29T12:00:00Z, a Sunday at noon UTC: the reference instant that makes "friday" 4 December.
    public static let referenceDate = Date(timeIntervalSince1970: 1_795_953_600)
}
