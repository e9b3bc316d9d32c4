import Foundation
import TappableSnapshot

/// A check run in words, for the terminal: the figures, then every failing snapshot with its
/// absolute paths, then how to accept the changes.
public enum CheckSummary {
    /// How to re-record, as `tappable check` says it.
    public static let rerecordHint = "re-run tappable check with --record failed (only what failed) or --record all"

    /// The summary text, ending in a newline.
    public static func text(_ run: CheckRun) -> String {
        var out = "tappable check: \(run.labels.count) of \(run.suiteSize) labels (shard \(run.shard)), \(run.snapshotCount) snapshots, "
            + "\(run.jobs) job\(run.jobs == 1 ? "" : "s"), \(String(format: "%.2f", run.seconds)) s, "
            + "\(String(format: "%.2f", run.labelsPerSecond)) labels/s\n"
        out += "passed \(run.passedCount), failed \(run.failedCount), errors \(run.errorCount); recorded \(run.recordedCount) snapshots\n"
        if let refusal = run.decision.refusal { out += "record mode never: \(refusal)\n" }
        for label in run.labels where !label.passed || label.recorded {
            if let error = label.error {
                out += "\nERROR \(TextDiff.printable(label.name, limit: 200)): \(TextDiff.printable(error, limit: 2000))\n"
                continue
            }
            let failing = label.parts.filter(\.failed)
            if !failing.isEmpty { out += "\nFAIL \(TextDiff.printable(label.name, limit: 200))\n" }
            for part in failing {
                out += indent(part.failure!.message(rerecord: nil)) + "\n"
            }
            let recorded = label.parts.filter(\.recorded).map(\.fileName)
            if !recorded.isEmpty { out += "recorded \(TextDiff.printable(recorded.joined(separator: ", ")))\n" }
        }
        if run.failedCount > 0 {
            out += run.decision.refusal == nil
                ? "\nTo accept the actual files as the new references, \(rerecordHint).\n"
                : "\nTo accept them, download the actual files from \(SnapshotStore.absolute(run.options.failuresDirectory)) and commit them "
                    + "over the references (dropping .actual from the names), or \(rerecordHint) on a workstation.\n"
        }
        return out
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }
}
