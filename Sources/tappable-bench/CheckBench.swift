import Foundation
import TappableCheck
import TappableSnapshot

// `tappable check` throughput, in labels per second: a suite of the examples copied eight times
// (48 SPECs, 280 snapshots), references recorded first, then checked with one job against two
// jobs in the same run (best of three each); the ratio is what the second core adds. Beside each,
// the process's CPU seconds per wall-clock second (about 1 per busy job on an idle machine): on a
// machine shared with other work the speed-up is capped by the CPU the run gets, and this figure
// tells the two apart.

/// The repository's Examples/ folder.
let benchExamples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples")

func checkFigures() throws -> [(String, Double)] {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tappable-bench-check-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let specs = root.appendingPathComponent("specs")
    try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
    for file in try SnapshotCheck.specFiles(in: benchExamples.path) {
        for copy in 1...8 {
            try FileManager.default.copyItem(at: benchExamples.appendingPathComponent(file),
                                             to: specs.appendingPathComponent("\(copy)-\(file)"))
        }
    }
    func options(_ record: RecordMode, jobs: Int) -> CheckOptions {
        CheckOptions(specsDirectory: specs.path, snapshotsDirectory: root.appendingPathComponent("refs").path,
                     failuresDirectory: root.appendingPathComponent("failures").path, record: record, jobs: jobs, environment: [:])
    }
    let recording = try SnapshotCheck.run(options(.all, jobs: 2))
    precondition(recording.exitCode == 0 && recording.recordedCount == recording.snapshotCount, "the bench suite records")
    /// The fastest of three runs, and its CPU seconds per wall-clock second.
    func best(jobs: Int) throws -> (run: CheckRun, cpuPerSecond: Double) {
        var fastest: (run: CheckRun, cpuPerSecond: Double)?
        for _ in 0..<3 {
            let cpuBefore = processCPUSeconds()
            let run = try SnapshotCheck.run(options(.never, jobs: jobs))
            let cpu = processCPUSeconds() - cpuBefore
            precondition(run.exitCode == 0, "the bench suite passes")
            if fastest.map({ run.seconds < $0.run.seconds }) ?? true { fastest = (run, cpu / run.seconds) }
        }
        return fastest!
    }
    let (one, oneCPU) = try best(jobs: 1), (two, twoCPU) = try best(jobs: 2)
    return [
        ("checkLabels", Double(one.labels.count)),
        ("checkSnapshots", Double(one.snapshotCount)),
        ("checkRecordLabelsPerSecondJobs2", recording.labelsPerSecond),
        ("checkLabelsPerSecondJobs1", one.labelsPerSecond),
        ("checkLabelsPerSecondJobs2", two.labelsPerSecond),
        ("checkJobs2SpeedupOverJobs1", two.labelsPerSecond / one.labelsPerSecond),
        ("checkCPUSecondsPerSecondJobs1", oneCPU),
        ("checkCPUSecondsPerSecondJobs2", twoCPU),
        ("cores", Double(ProcessInfo.processInfo.activeProcessorCount)),
    ]
}

/// User and system CPU seconds the process has used so far, all threads.
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}
