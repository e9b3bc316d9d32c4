import Testing
import TappableText

@Suite("LinkPolicy: which links may be tappable, and how they are written into documents")
struct LinkPolicyTests {
    @Test("schemes are read as browsers read them", arguments: [
        ("https://example.com", "https"), ("JavaScript:alert(1)", "javascript"), (" \u{1}javascript:x", "javascript"),
        ("java\tscript:alert(1)", "javascript"), ("java\nscript:x", "javascript"), ("mailto:a@b.c", "mailto"),
        ("x-custom+app.v2:go", "x-custom+app.v2"),
    ])
    func schemes(link: String, scheme: String) {
        #expect(LinkPolicy.scheme(of: link) == scheme)
    }

    @Test("values without a scheme are payloads", arguments: ["privacy", "/terms", "2026-12-04T17:00:00Z", "../a:b", "1http:x", ":x", "", "ja va:x"])
    func payloads(link: String) {
        #expect(LinkPolicy.scheme(of: link) == nil)
        #expect(LinkPolicy.default.allows(link) || link.isEmpty)
        #expect(LinkPolicy.default.documentURI(for: link) == nil, "a payload is written as no URI")
    }

    @Test("by default javascript, vbscript, data and file are refused, in any case and disguise")
    func dangerous() {
        let policy = LinkPolicy.default
        for link in ["javascript:alert(1)", "JAVASCRIPT:alert(1)", "vbscript:msgbox", "data:text/html,<script>", "file:///etc/passwd"] {
            #expect(policy.refusal(of: link)?.isScheme == true, "\(link)")
        }
        #expect(policy.refusal(of: "javascript:x") == .scheme("javascript"))
        for link in ["https://example.com", "http://x", "mailto:a@b.c", "tel:+15555555555", "myapp://open"] {
            #expect(policy.allows(link), "\(link)")
        }
    }

    @Test("control characters are refused whatever the schemes", arguments: ["https://a\u{0}b", "https://a\u{7F}", "https://a\u{85}", "https://a\tb"])
    func controls(link: String) {
        guard case .controlCharacter? = LinkPolicy(allowedSchemes: ["https"], blockedSchemes: []).refusal(of: link) else {
            Issue.record("not refused: \(link.debugDescription)"); return
        }
    }

    @Test("a custom list allows exactly its schemes; payloads stay allowed")
    func customList() {
        let policy = LinkPolicy(allowedSchemes: ["HTTPS", "javascript"], blockedSchemes: [])
        #expect(policy.allows("https://x") && policy.allows("javascript:1") && policy.allows("privacy"))
        #expect(policy.refusal(of: "http://x") == .scheme("http"))
    }

    @Test("document URIs: nothing that can close a PDF string or an attribute survives unencoded")
    func documentURIs() {
        let policy = LinkPolicy.default
        #expect(policy.documentURI(for: "https://good.example/) /URI (https://evil.example/")
                == "https://good.example/%29%20/URI%20%28https://evil.example/")
        #expect(policy.documentURI(for: "https://e.com/a'b\"c\\d<e>f") == "https://e.com/a%27b%22c%5Cd%3Ce%3Ef")
        #expect(policy.documentURI(for: "https://e.com/a-b?x=1&y=%20#top") == "https://e.com/a-b?x=1&y=%20#top", "already encoded stays")
        #expect(policy.documentURI(for: "https://президент.рф/") == "https://%D0%BF%D1%80%D0%B5%D0%B7%D0%B8%D0%B4%D0%B5%D0%BD%D1%82.%D1%80%D1%84/")
        #expect(policy.documentURI(for: "javascript:alert(1)") == nil)
        #expect(policy.documentURI(for: "https://x/" + String(repeating: "a", count: LinkPolicy.maximumURILength)) == nil)
        let refused = RefusedLink(destination: "javascript:\u{1}\"x", reason: .scheme("javascript"))
        #expect(refused.description == #"link "javascript:\u{1}\u{22}x" is not tappable: scheme "javascript" is not allowed"#)
    }
}
