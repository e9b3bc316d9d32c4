import Foundation
import TappableRendering
import TappableSnapshot

/// A check run as JUnit XML, the test-result format CI systems display: one `<testcase>` per
/// label, a `<failure>` listing its failing snapshots, an `<error>` for a SPEC that could not be
/// checked, recorded references in `<system-out>`.
public enum JUnitReport {
    /// The XML document (UTF-8 text). Every name and message is escaped, and characters XML 1.0
    /// cannot hold (C0 controls other than tab, line feed and carriage return; U+FFFE, U+FFFF)
    /// become U+FFFD, so any file name or message gives a well-formed document.
    public static func xml(_ run: CheckRun) -> String {
        let suite = URL(fileURLWithPath: run.options.specsDirectory).standardizedFileURL.lastPathComponent
        let failures = run.failedCount, errors = run.errorCount
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"tappable check\" tests=\"\(run.labels.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(time(run.seconds))\">\n"
        out += "  <testsuite name=\"\(escape(suite))\" tests=\"\(run.labels.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\" time=\"\(time(run.seconds))\">\n"
        out += "    <properties><property name=\"shard\" value=\"\(run.shard)\"/><property name=\"recordMode\" value=\"\(run.decision.mode.rawValue)\"/></properties>\n"
        for label in run.labels {
            out += "    <testcase classname=\"tappable.check.\(escape(suite))\" name=\"\(escape(label.name))\" file=\"\(escape(label.specPath))\" time=\"\(time(label.seconds))\""
            let failing = label.parts.filter(\.failed)
            let recorded = label.parts.filter(\.recorded)
            if label.error == nil, failing.isEmpty, recorded.isEmpty {
                out += "/>\n"
                continue
            }
            out += ">\n"
            if let error = label.error {
                out += "      <error message=\"\(escape(String(error.prefix(500))))\" type=\"spec\">\(escape(error))</error>\n"
            } else if !failing.isEmpty {
                let kinds = Set(failing.compactMap { $0.failure?.kind.rawValue }).sorted().joined(separator: ",")
                let message = "\(failing.count) of \(label.parts.count) snapshots failed: " + failing.map(\.fileName).joined(separator: ", ")
                let body = failing.compactMap { $0.failure?.message(rerecord: CheckSummary.rerecordHint) }.joined(separator: "\n\n")
                out += "      <failure message=\"\(escape(message))\" type=\"\(escape(kinds))\">\(escape(body))</failure>\n"
            }
            if !recorded.isEmpty {
                out += "      <system-out>\(escape("recorded: " + recorded.map(\.fileName).joined(separator: ", ")))</system-out>\n"
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// Seconds with three decimals.
    static func time(_ seconds: Double) -> String { String(format: "%.3f", seconds.isFinite ? max(seconds, 0) : 0) }

    /// Text safe in XML (`escapeMarkup`).
    static func escape(_ text: String) -> String { MarkupText.escaped(text) }
}
