import Foundation
import TappableInteraction
import TappableLayout
import TappableText

/// A Debian tool the spec uses, found on the PATH; nil when it is not installed.
enum ExternalTool {
    static func path(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs the tool with `arguments`; its standard output and exit status.
    static func run(_ tool: String, _ arguments: [String]) throws -> (output: Data, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (output, process.terminationStatus)
    }
}

/// A label of `text` with `links` (each value set on its UTF-16 range), `width` points wide, as
/// many lines as it needs.
func linkedLabel(links: [(String, TextRange)], text: String, width: Double = 320) throws -> TappableLabel {
    var attributed = AttributedText(text)
    for (link, range) in links { try attributed.addAttributes(TextAttributes(link: link), in: range) }
    return try TappableLabel(text: attributed, width: width, properties: LabelProperties(numberOfLines: 0))
}

/// The UTF-16 range of the first `needle` in `text`; a test error when it is not there.
func range(of needle: String, in text: String) throws -> TextRange {
    let found = (text as NSString).range(of: needle)
    guard found.location != NSNotFound else { throw CocoaError(.coderValueNotFound) }
    return TextRange(location: found.location, length: found.length)
}

/// The label the SVG and HTML specs click: a link that wraps over two lines, a link whose value
/// and text hold every character markup must escape, a `javascript:` link (refused by the default
/// policy), an ISO date payload (no URI), and text that tries to close the page's title and add
/// a script.
enum WebLabel {
    static let text = "By registering, I agree to the Terms of Service and <Privacy> & \"Policy\". Run this or call me "
        + "friday at 5pm. </title><script>alert(1)</script>"
    static let terms = "https://example.com/terms"
    static let privacy = "https://example.com/privacy?a=1&b='x'&c=\"<y>\"#top"
    static let javascript = "javascript:alert(1)"
    static let date = "2026-12-04T17:00:00Z"

    static func label() throws -> TappableLabel {
        try linkedLabel(links: [(terms, try range(of: "Terms of Service", in: text)),
                                (privacy, try range(of: "<Privacy> & \"Policy\"", in: text)),
                                (javascript, try range(of: "Run this", in: text)),
                                (date, try range(of: "friday at 5pm", in: text))], text: text)
    }
}
