import Foundation
import Testing
@testable import TappableCLI
import TappableJSON
import TappableSnapshot
@testable import TappableSpec
import TappableTestSupport
import TappableText

@Suite("tappable check: the examples against their references, failures made visible")
struct CheckCommandTests {
    /// A copy of Examples/ in a temporary folder, with a place for failures and reports.
    func copyOfExamples() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(at: Repository.url("Examples"), to: folder.url.appendingPathComponent("Examples"))
        return folder
    }

    @Test("bad folders and outputs are bad input (exit 2), not failed snapshots: --snapshots a file, --report and --junit one file")
    func badFolders() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("x", as: "file.txt")
        let snapshots = run("check", Repository.path("Examples"), "--snapshots", file, "--failures", folder.file("f"))
        #expect(snapshots.exitCode == 2)
        #expect(snapshots.stderr.contains("the snapshots folder \(file) is not a folder"), "\(snapshots.stderr)")
        let same = run("check", Repository.path("Examples"), "--snapshots", Repository.path("Snapshots/Examples"),
                       "--failures", folder.file("f"), "--report", folder.file("r.out"), "--junit", folder.file("r.out"))
        #expect(same.exitCode == 2)
        #expect(same.stderr.contains("--report and --junit name the same file"), "\(same.stderr)")
        #expect(folder.contents() == ["file.txt"])
    }

    @Test("Examples/ passes against Snapshots/Examples, recording nothing")
    func examplesPass() throws {
        let folder = try TemporaryFolder()
        let result = run("check", Repository.path("Examples"),
                         "--snapshots", Repository.path("Snapshots/Examples"),
                         "--failures", folder.file("failures"), "--record", "never")
        #expect(result.exitCode == 0, "\(result.stdout)")
        #expect(result.stdout.hasPrefix("tappable check: 6 of 6 labels (shard 1/1), 35 snapshots"))
        #expect(result.stdout.contains("passed 6, failed 0, errors 0; recorded 0 snapshots"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("failures")))
    }

    @Test("a one-word change fails visibly: exit 1, the label and its files named, a report and JUnit XML written")
    func oneWordChange() throws {
        let folder = try copyOfExamples()
        let spec = folder.url.appendingPathComponent("Examples/login.json")
        try Data(try String(contentsOf: spec, encoding: .utf8).replacingOccurrences(of: "I agree", with: "I swear").utf8).write(to: spec)
        let failures = folder.file("failures")
        let report = folder.file("report.html"), junit = folder.file("results.xml")
        let result = run("check", folder.file("Examples"),
                         "--snapshots", Repository.path("Snapshots/Examples"),
                         "--failures", failures, "--record", "never", "--report", report, "--junit", junit, "--jobs", "2")
        #expect(result.exitCode == 1)
        for needle in ["passed 5, failed 1", "FAIL login", Repository.path("Snapshots/Examples/login.png"),
                       failures + "/login.diff.png", "report: \(report)", "junit: \(junit)", "--record failed"] {
            #expect(result.stdout.contains(needle), "the summary says \(needle)")
        }
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains("data-status=\"failed\""))
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("<failure message=\"6 of 6 snapshots failed"))
    }

    @Test("through the binary, progress goes to standard error as plain lines when it is not a terminal",
          .enabled(if: binary.isAvailable, binary.notBuilt))
    func plainProgress() throws {
        let folder = try copyOfExamples()
        let refs = folder.file("refs")
        // It records into an empty folder: run without CI=true (which forbids recording) or TAPPABLE_RECORD.
        let environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("TAPPABLE_") && $0.key != "CI" }
        let result = try binary.run(["check", folder.file("Examples"), "--snapshots", refs, "--failures", folder.file("failures"), "--jobs", "1"],
                                    environment: environment)
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 6 && lines.first?.hasPrefix("[1/6] 0 failed · ") == true && lines.last?.hasPrefix("[6/6] 0 failed") == true)
        #expect(!result.stderr.contains("\r") && !result.stderr.contains("\u{1B}"), "no terminal control characters in a log")
        #expect(result.stdout.contains("recorded 35 snapshots"))
    }

    @Test("on a terminal, progress is one line redrawn in place (n/N, failures, pace, ETA) and ended by a newline")
    func terminalProgress() throws {
        let folder = try copyOfExamples()
        let written = Written()
        let output = ProgressOutput(isTerminal: true) { written.add($0) }
        // Against the committed references: nothing to record, so CI=true changes nothing.
        let result = TappableCommand.run(["check", folder.file("Examples"), "--snapshots",
                                          Repository.path("Snapshots/Examples"), "--failures",
                                          folder.file("failures")], progress: output)
        #expect(result.exitCode == 0)
        let text = written.text
        #expect(text.hasPrefix("\r\u{1B}[2K[") && text.hasSuffix("\n"))
        #expect(text.contains("[6/6] 0 failed · ") && text.contains(" · ETA 0:00"))
        #expect(text.filter { $0 == "\n" }.count == 1, "one line, redrawn")
    }

    @Test("bad command lines exit 2 naming the option", arguments: [
        (["--shard", "3/2"], "--shard: shard 3/2: the index must be in 1...2"),
        (["--shard", "x"], "--shard: shard \"x\" must be I/N"),
        (["--jobs", "0"], "--jobs takes a whole number, 1...256"),
        (["--record", "sometimes"], "--record takes one of missing, failed, all, never"),
    ])
    func badOptions(extra: [String], message: String) throws {
        let folder = try copyOfExamples()
        let result = TappableCommand.run(["check", folder.file("Examples"), "--snapshots", folder.path] + extra)
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("--help documents every option with its default and range")
    func help() {
        let help = run("check", "--help").stdout
        for needle in ["--snapshots DIR", "(required)", "--failures DIR", "(default: snapshot-failures)", "--record missing|failed|all|never",
                       "(default: missing)", "--report REPORT.html", "--junit RESULTS.xml", "--shard I/N", "(default: 1/1)", "--jobs N",
                       "1...256 (default: the number of cores)", "--max-diff-pixels N"] {
            #expect(help.contains(needle), "help has \(needle)")
        }
    }
}

/// Text written by a progress output (thread-safe).
final class Written: @unchecked Sendable {
    private let lock = NSLock()
    private var collected = ""
    func add(_ s: String) { lock.lock(); collected += s; lock.unlock() }
    var text: String { lock.lock(); defer { lock.unlock() }; return collected }
}
