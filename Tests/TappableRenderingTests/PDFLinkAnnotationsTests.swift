import Foundation
import Testing
import TappableInteraction
import TappableLayout
import TappableRendering
import TappableTestSupport
import TappableText

/// qpdf, which reads the PDFs Tappable writes.
let qpdf = ExternalTool.onPath("qpdf")

@Suite("PDF link annotations: one URI action per link, nothing a link can inject, a file qpdf checks clean",
       .enabled(if: qpdf.isAvailable, qpdf.notInstalled()))
struct PDFLinkAnnotationsTests {
    /// The page's link annotations as qpdf reads them: each annotation's URI and its quad count.
    static func annotations(of pdf: Data) throws -> (clean: Bool, uris: [String], quads: [Int], javascript: Bool) {
        let folder = try TemporaryFolder()
        defer { folder.cleanup() }
        let file = try folder.write(pdf, as: "label.pdf")
        let check = try qpdf.run("--check", file)
        let json = try qpdf.run("--json=2", file).standardOutput
        let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let objects = try #require((root["qpdf"] as? [Any])?[1] as? [String: [String: Any]])
        func value(_ ref: String) -> [String: Any]? { objects["obj:" + ref]?["value"] as? [String: Any] }
        let pages = objects.values.compactMap { $0["value"] as? [String: Any] }.filter { $0["/Type"] as? String == "/Page" }
        #expect(pages.count == 1)
        var uris: [String] = [], quads: [Int] = []
        for ref in pages.first?["/Annots"] as? [String] ?? [] {
            let annotation = try #require(value(ref), "the page's /Annots names an object that exists")
            let action = try #require(annotation["/A"] as? [String: Any])
            #expect(action["/S"] as? String == "/URI")
            uris.append(String((action["/URI"] as? String ?? "").dropFirst(2))) // qpdf's "u:" prefix
            quads.append((annotation["/QuadPoints"] as? [Any])?.count ?? 0)
        }
        let text = String(decoding: json, as: UTF8.self)
        return (check.status == 0, uris, quads, text.contains("\"/JavaScript\"") || text.contains("\"/JS\""))
    }

    @Test("links that try to close the PDF string get exactly their one URI action, percent-encoded", arguments: [
        "https://good.example/) /URI (https://evil.example/",
        "https://good.example/) >> /S /JavaScript /JS (app.alert(1)) <<",
        "https://e.example/\\) /URI (https://evil.example/",
        "https://e.example/a'b\"c<d>e%f",
        "https://президент.рф/путь?q=1",
    ])
    func injection(link: String) throws {
        let label = try linkedLabel("see terms and more", links: [(link, TextRange(location: 4, length: 5))], width: 320)
        let pdf = try LabelRenderer.pdf(label)
        let found = try Self.annotations(of: pdf)
        #expect(found.clean, "qpdf --check finds no damage")
        #expect(found.uris == [LinkPolicy.default.documentURI(for: link)!])
        #expect(!found.javascript)
    }

    @Test("a wrapped link is one annotation with a quad per line; payloads and refused links get none")
    func linksAndPayloads() throws {
        let text = LoginSentence.text + " Call me friday at 5pm or run this."
        let label = try linkedLabel(text, links: [(LoginSentence.termsLink, LoginSentence.terms),
                                                  ("2026-12-04T17:00:00Z", TextRange(location: 76, length: 13)),
                                                  ("javascript:alert(1)", TextRange(location: 93, length: 8))], width: 320)
        #expect(label.regions.count == 3, "the label's regions are whatever the text says; the PDF writer applies the policy")
        let found = try Self.annotations(of: try LabelRenderer.pdf(label))
        #expect(found.clean)
        #expect(found.uris == ["https://example.com/terms"])
        #expect(found.quads == [16], "two lines: two quads of four points each")
        let allowing = try Self.annotations(of: try LabelRenderer.pdf(label, linkPolicy: LinkPolicy(allowedSchemes: ["javascript", "https"], blockedSchemes: [])))
        #expect(allowing.uris == ["https://example.com/terms", "javascript:alert%281%29"], "a policy that allows it annotates it")
    }

    @Test("a label without links is a clean PDF with no annotation")
    func noLinks() throws {
        let found = try Self.annotations(of: try LabelRenderer.pdf(try linkedLabel("plain", links: [], width: 320)))
        #expect(found.clean && found.uris.isEmpty)
    }
}
