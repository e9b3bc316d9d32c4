import Tappable

/// The app's labels, built with the one `Tappable` import (no test framework linked).
public enum Labels {
    /// The sign-up label: two links in a 320 pt wide label.
    public static func signUp() throws -> TappableLabel {
        var text = AttributedText("By registering, I agree to the Terms of Service and Privacy Policy.")
        try text.addAttributes(TextAttributes(link: "https://example.com/terms"), in: TextRange(location: 31, length: 16))
        try text.addAttributes(TextAttributes(link: "https://example.com/privacy"), in: TextRange(location: 52, length: 14))
        return try TappableLabel(text: text, width: 320, properties: LabelProperties(numberOfLines: 0))
    }
}
