import Foundation
import TappableInteraction
import TappableJSON
import TappableLabelSnapshot
import TappableSnapshot
import TappableSpec

/// What `SnapshotCheck.run` checks and how.
public struct CheckOptions: Sendable {
    /// The folder of SPEC files (`*.json`, not `*.layout.json` or `*.hitmap.json`).
    public var specsDirectory: String
    /// The folder of references: `<name>.png`, `<name>.highlighted[-n].png`, `<name>.overlay.png`,
    /// `<name>.hitmap.json`, `<name>.layout.json` (what `tappable examples -o` writes, JSON pretty-printed).
    public var snapshotsDirectory: String
    /// Where failures write `<file>.actual.<ext>` and `<file>.diff.<ext>`.
    public var failuresDirectory: String
    /// The record mode asked for; `TAPPABLE_RECORD` overrides it and CI forces `.never`.
    public var record: RecordMode
    /// The slice of the suite to check.
    public var shard: Shard
    /// Worker threads, 1...256 (default: the active processor count).
    public var jobs: Int
    /// Device pixels per point for every label; nil: each SPEC's own scale.
    public var scale: Double?
    /// How images are compared (threshold, tolerances).
    public var diff: ImageDiff.Options
    /// Where `CI` and `TAPPABLE_RECORD` are read.
    public var environment: [String: String]

    /// The most worker threads.
    public static let maxJobs = 256

    /// Options for checking `specsDirectory` against `snapshotsDirectory`, failures into
    /// `failuresDirectory`; the rest defaults to record `.missing`, the whole suite, one job per
    /// core, each SPEC's scale, exact image comparison, the process environment.
    public init(specsDirectory: String, snapshotsDirectory: String, failuresDirectory: String,
                record: RecordMode = .missing, shard: Shard = .whole, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                scale: Double? = nil, diff: ImageDiff.Options = ImageDiff.Options(),
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.specsDirectory = specsDirectory
        self.snapshotsDirectory = snapshotsDirectory
        self.failuresDirectory = failuresDirectory
        self.record = record
        self.shard = shard
        self.jobs = jobs
        self.scale = scale
        self.diff = diff
        self.environment = environment
    }
}

/// A run's progress, as each label finishes.
public struct CheckProgress: Sendable {
    /// Labels finished.
    public let done: Int
    /// Labels in the shard.
    public let total: Int
    /// Labels failed (or in error) so far.
    public let failed: Int
    /// Seconds since the run started.
    public let elapsed: Double
    /// The label just finished.
    public let last: LabelResult

    /// Seconds left at the pace so far; nil before the first label.
    public var remaining: Double? { done > 0 ? elapsed / Double(done) * Double(total - done) : nil }
}

/// Why a check could not run at all.
public struct CheckError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, naming the folder or setting.
    public let description: String
}

/// `tappable check`'s engine: every SPEC of a folder (or of one shard of it) rendered in all its
/// forms and compared with its references, on several threads.
public enum SnapshotCheck {
    /// The SPEC files of `directory`, sorted by name: `*.json` except the `X.layout.json` and
    /// `X.hitmap.json` files `tappable examples` writes beside a SPEC `X.json` (without `X.json`
    /// they are SPECs like any other).
    /// - Throws: `CheckError` when the folder cannot be read, or when a `*.json` entry is not a
    ///   regular file (or a link to one): a FIFO would block the check, a device never end it.
    public static func specFiles(in directory: String) throws(CheckError) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            throw CheckError(description: "cannot read folder \(directory)")
        }
        let json = Set(names.filter { $0.hasSuffix(".json") })
        func isOutput(_ name: String) -> Bool {
            [".layout.json", ".hitmap.json"].contains { name.hasSuffix($0) && json.contains(String(name.dropLast($0.count)) + ".json") }
        }
        let specs = json.filter { !isOutput($0) }.sorted()
        for name in specs {
            let path = URL(fileURLWithPath: directory).appendingPathComponent(name).resolvingSymlinksInPath().path
            let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
            guard type == .typeRegular else {
                throw CheckError(description: "\((directory as NSString).appendingPathComponent(name)) is not a regular file (a SPEC must be one)")
            }
        }
        return specs
    }

    /// Checks the shard's SPECs on `options.jobs` threads. `progress` is called after each label
    /// (one call at a time, from worker threads).
    /// - Throws: `CheckError` for an unreadable SPEC folder, a folder without SPECs, jobs out of
    ///   range, or an invalid `TAPPABLE_RECORD`. Problems of single SPECs are results, not throws.
    public static func run(_ options: CheckOptions, progress: (@Sendable (CheckProgress) -> Void)? = nil) throws(CheckError) -> CheckRun {
        for (name, folder) in [("snapshots", options.snapshotsDirectory), ("failures", options.failuresDirectory)] {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw CheckError(description: "the \(name) folder \(folder) is not a folder")
            }
        }
        guard options.jobs >= 1, options.jobs <= CheckOptions.maxJobs else {
            throw CheckError(description: "jobs must be in 1...\(CheckOptions.maxJobs), got \(options.jobs)")
        }
        let decision: RecordDecision
        do { decision = try RecordDecision.resolve(requested: options.record, environment: options.environment) } catch {
            throw CheckError(description: error.description)
        }
        let suite = try specFiles(in: options.specsDirectory)
        guard !suite.isEmpty else { throw CheckError(description: "no SPEC (*.json) files in \(options.specsDirectory)") }
        let files = options.shard.select(suite)
        let start = DispatchTime.now().uptimeNanoseconds
        @Sendable func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

        let state = RunState(count: files.count)
        let jobs = min(options.jobs, max(files.count, 1))
        let work: @Sendable () -> Void = {
            while let i = state.claim() {
                let result = check(file: files[i], options: options, decision: decision)
                state.finish(i, result) { done, failed in
                    progress?(CheckProgress(done: done, total: files.count, failed: failed, elapsed: elapsed(), last: result))
                }
            }
        }
        Workers.run(jobs, work)
        return CheckRun(labels: state.results.map { $0! }, suiteSize: suite.count, shard: options.shard, jobs: jobs,
                        decision: decision, seconds: elapsed(), options: options)
    }

    /// One SPEC in all its forms.
    static func check(file: String, options: CheckOptions, decision: RecordDecision) -> LabelResult {
        let start = DispatchTime.now().uptimeNanoseconds
        let name = String(file.dropLast(5))
        let path = SnapshotStore.absolute((options.specsDirectory as NSString).appendingPathComponent(file))
        func seconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        let spec: LabelSpec, label: TappableLabel
        do {
            spec = try LabelSpec.load(path: path)
            label = try spec.tappableLabel()
        } catch {
            return LabelResult(name: name, specPath: path, parts: [], error: "\(error)", warnings: [], seconds: seconds(), actualHitMap: nil)
        }
        let scale = options.scale ?? spec.scale
        var parts: [PartResult] = []
        for form in LabelForm.all(regionCount: label.regions.count) {
            let stem = form.partName.isEmpty ? name : name + "." + form.partName
            let location = SnapshotLocation(referenceDirectory: options.snapshotsDirectory, failuresDirectory: options.failuresDirectory, name: stem)
            let failure: SnapshotFailure?
            do {
                failure = SnapshotStore.verify(try form.snapshot(of: label, style: spec.style, scale: scale, diff: options.diff),
                                               at: location, decision: decision)
            } catch {
                failure = SnapshotFailure(kind: .snapshotFailed, snapshot: stem + "." + form.pathExtension,
                                          referencePath: location.referencePath(form.pathExtension), recordMode: decision.mode,
                                          detail: "\(error)")
            }
            parts.append(PartResult(form: form, fileName: stem + "." + form.pathExtension, failure: failure))
        }
        let failed = parts.contains(where: \.failed)
        return LabelResult(name: name, specPath: path, parts: parts, error: nil, warnings: spec.warnings, seconds: seconds(),
                           actualHitMap: failed ? LabelRendering.snapshotText(JSON.hitMap(label)) : nil)
    }
}

/// The shared state of a run's workers: the next label to claim, the results, the counts.
final class RunState: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var done = 0
    private var failed = 0
    private(set) var results: [LabelResult?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    /// The next label's index, nil when none is left.
    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < results.count else { return nil }
        next += 1
        return next - 1
    }

    /// Stores a result and reports the counts, under the lock (so progress lines never interleave).
    func finish(_ index: Int, _ result: LabelResult, report: (_ done: Int, _ failed: Int) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        results[index] = result
        done += 1
        if !result.passed { failed += 1 }
        report(done, failed)
    }
}

/// Runs a body on a number of threads at once and waits for all of them.
enum Workers {
    /// Runs `body` on `count` threads (this one and `count - 1` new ones, 8 MiB stacks each).
    static func run(_ count: Int, _ body: @escaping @Sendable () -> Void) {
        let group = DispatchGroup()
        for _ in 1..<max(count, 1) {
            group.enter()
            let thread = Thread {
                body()
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        body()
        group.wait()
    }
}
