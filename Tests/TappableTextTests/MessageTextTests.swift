import Testing
import TappableText

@Suite("Message text: input made safe to print")
struct MessageTextTests {
    @Test("terminalSafe escapes C0 (but line feed and tab), DEL, C1 and bidi controls; everything else is kept", arguments: [
        ("plain · text\twith\nlines", "plain · text\twith\nlines"),
        ("\u{1B}[2J\u{07}", #"\u{1b}[2J\u{7}"#), ("a\rb", #"a\u{d}b"#), ("del\u{7F}", #"del\u{7f}"#),
        ("c1\u{9B}31m", #"c1\u{9b}31m"#), ("\u{202E}txt.exe\u{2066}", #"\u{202e}txt.exe\u{2066}"#), ("é😀", "é😀"),
    ])
    func terminalSafe(text: String, safe: String) {
        #expect(MessageText.terminalSafe(text) == safe)
    }
}
