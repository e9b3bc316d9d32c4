import Foundation
import TappableCheck
import TappableSnapshot

extension TappableCommand {
    static let checkDefinition = CommandDefinition(
        name: "check", positionals: [PositionalDefinition("SPECS_DIR", "a folder of SPEC files (*.json)")],
        options: [
            OptionDefinition("--snapshots", .text(placeholder: "DIR"), default: "required",
                             "the references: NAME.png, NAME.highlighted[-N].png, NAME.overlay.png, NAME.hitmap.json, NAME.layout.json"),
            OptionDefinition("--failures", .text(placeholder: "DIR"), default: "snapshot-failures",
                             "where failing snapshots write NAME….actual.EXT and NAME….diff.EXT"),
            OptionDefinition("--record", .choice(RecordMode.allCases.map(\.rawValue)), default: "missing",
                             "write missing references (missing), also re-record failing ones (failed), every changed one (all), or none (never); TAPPABLE_RECORD overrides, CI=true forces never"),
            OptionDefinition("--report", .text(placeholder: "REPORT.html"), default: "none",
                             "write a self-contained HTML report: failures with expected, actual and diff, slider, onion skin, tap areas"),
            OptionDefinition("--junit", .text(placeholder: "RESULTS.xml"), default: "none", "write JUnit XML, one test case per label"),
            OptionDefinition("--shard", .text(placeholder: "I/N"), default: "1/1",
                             "check only shard I of N (every Nth SPEC by sorted name, from the Ith); N in 1...\(Shard.maxCount)"),
            OptionDefinition("--jobs", .integer(placeholder: "N", range: 1...CheckOptions.maxJobs), default: "the number of cores",
                             "labels checked at once"),
            OptionDefinition("--scale", .number(placeholder: "S", range: 0.1...16), default: "each SPEC's scale",
                             "device pixels per point (overlays at least 2)"),
        ] + comparisonOptions,
        summary: "Render every SPEC (normal, each region highlighted, overlay, hit map, layout), compare with the references, "
            + "write failures; print a summary. Exit 0 all pass (recordings included), 1 a snapshot failed, 2 bad input or a SPEC that cannot be checked.",
        run: checkCommand)

    /// `tappable check SPECS_DIR --snapshots DIR [options]`.
    static func checkCommand(_ a: Arguments) throws -> Result {
        try Arguments.requireDistinct([("--report", a.text("--report")), ("--junit", a.text("--junit"))])
        let shard: Shard
        do { shard = try a.text("--shard").map { try Shard(parsing: $0) } ?? .whole } catch { throw OptionError("--shard: \(error)") }
        var options = CheckOptions(specsDirectory: a.positionals[0], snapshotsDirectory: a.text("--snapshots")!,
                                   failuresDirectory: a.text("--failures") ?? "snapshot-failures", shard: shard,
                                   scale: a.number("--scale"), diff: comparison(a))
        if let record = a.text("--record") { options.record = RecordMode(rawValue: record)! }
        if let jobs = a.integer("--jobs") { options.jobs = jobs }

        let printer = progressOutput.map { CheckProgressPrinter(output: $0) }
        var progress: (@Sendable (CheckProgress) -> Void)?
        if let printer { progress = { printer.update($0) } }
        let run: CheckRun
        do { run = try SnapshotCheck.run(options, progress: progress) } catch {
            throw OptionError(error.description)
        }
        printer?.finish()
        var out = CheckSummary.text(run)
        if let report = a.text("--report") {
            try AtomicFile.write(Data(HTMLReport.html(run).utf8), to: report)
            out += "report: \(SnapshotStore.absolute(report))\n"
        }
        if let junit = a.text("--junit") {
            try AtomicFile.write(Data(JUnitReport.xml(run).utf8), to: junit)
            out += "junit: \(SnapshotStore.absolute(junit))\n"
        }
        let warnings = run.labels.flatMap { label in label.warnings.map { "\(label.specPath): \($0)" } }
        TappableCommand.warnings?.add(warnings)
        return Result(stdout: out, stderr: "", exitCode: run.exitCode)
    }
}

/// Where a command may show progress while it runs (standard error of the real process); tests
/// run commands without one.
public final class ProgressOutput: @unchecked Sendable {
    private let write: @Sendable (String) -> Void
    /// Whether the output is a terminal (progress redraws one line) or not (plain lines).
    public let isTerminal: Bool

    /// Progress written through `write`.
    public init(isTerminal: Bool, write: @escaping @Sendable (String) -> Void) {
        self.isTerminal = isTerminal
        self.write = write
    }

    /// The process's standard error; a terminal when `isatty(2)` says so.
    public static func standardError() -> ProgressOutput {
        ProgressOutput(isTerminal: isatty(STDERR_FILENO) == 1) { FileHandle.standardError.write(Data($0.utf8)) }
    }

    func callAsFunction(_ text: String) { write(text) }
}

/// `tappable check`'s progress: on a terminal one line redrawn (n/N, failures so far, pace, ETA)
/// at most ten times a second; otherwise a plain line per failing label and one per tenth of the run.
final class CheckProgressPrinter: @unchecked Sendable {
    private let output: ProgressOutput
    private let lock = NSLock()
    private var lastDraw = 0.0
    private var lastStep = 0
    private var drawn = false

    init(output: ProgressOutput) { self.output = output }

    func update(_ p: CheckProgress) {
        lock.lock()
        defer { lock.unlock() }
        var parts = ["[\(p.done)/\(p.total)] \(p.failed) failed"]
        if p.elapsed > 0 { parts.append(String(format: "%.1f labels/s", Double(p.done) / p.elapsed)) }
        if let remaining = p.remaining { parts.append("ETA " + Self.clock(remaining)) }
        let line = parts.joined(separator: " · ")
        if output.isTerminal {
            guard p.done == p.total || p.elapsed - lastDraw >= 0.1 else { return }
            lastDraw = p.elapsed
            drawn = true
            output("\r\u{1B}[2K" + line)
            return
        }
        if !p.last.passed {
            output("\(p.last.error == nil ? "FAIL" : "ERROR") \(TextDiff.printable(p.last.name, limit: 200))\n")
        }
        let step = p.done * 10 / max(p.total, 1)
        if step > lastStep {
            lastStep = step
            output(line + "\n")
        }
    }

    /// Ends the redrawn line on a terminal.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { output("\n") }
    }

    /// `m:ss`, or `h:mm:ss` from an hour.
    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.isFinite ? min(max(seconds, 0), 359_999) : 0)
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }
}
