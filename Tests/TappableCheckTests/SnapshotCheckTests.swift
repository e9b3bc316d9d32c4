import Foundation
import Testing
import TappableCheck
import TappableSnapshot

@Suite("SnapshotCheck: a folder of SPECs against its references, on several threads")
struct SnapshotCheckTests {
    @Test("recording writes every form of every SPEC; the next run passes and writes nothing")
    func recordThenPass() throws {
        let folder = try CheckFolder(); defer { folder.cleanup() }
        let first = try SnapshotCheck.run(folder.options())
        #expect(first.exitCode == 0)
        #expect(first.recordedCount == first.snapshotCount)
        #expect(first.labels.map(\.name) == ["arabic-link", "login", "markdown-terms", "privacy-policy", "tagged-detected", "truncated"])
        #expect(folder.contents("refs").filter { $0.hasPrefix("login.") }
                == ["login.highlighted-2.png", "login.highlighted.png", "login.hitmap.json", "login.layout.json", "login.overlay.png", "login.png"])
        let second = try SnapshotCheck.run(folder.options(record: .never))
        #expect(second.exitCode == 0)
        #expect(second.passedCount == 6 && second.recordedCount == 0)
        #expect(folder.contents("failures").isEmpty, "no failure artefacts for passing snapshots")
    }

    @Test("a one-word change fails that label's snapshots, and only its failing forms leave artefacts")
    func oneWordChange() throws {
        let folder = try CheckFolder(); defer { folder.cleanup() }
        try folder.record()
        try folder.edit("login", "I agree", "I swear")
        let run = try SnapshotCheck.run(folder.options(record: .never))
        #expect(run.exitCode == 1)
        #expect(run.labels.filter(\.failed).map(\.name) == ["login"])
        let login = try #require(run.labels.first { $0.name == "login" })
        #expect(login.parts.filter(\.failed).map(\.fileName) == ["login.png", "login.highlighted.png", "login.highlighted-2.png", "login.overlay.png",
                                                                   "login.hitmap.json", "login.layout.json"],
                "a wider word moves the links: the hit map and layout fail too")
        #expect(folder.contents("failures") == ["login.actual.png", "login.diff.png", "login.highlighted-2.actual.png", "login.highlighted-2.diff.png",
                                                "login.highlighted.actual.png", "login.highlighted.diff.png", "login.hitmap.actual.json", "login.hitmap.diff.txt",
                                                "login.layout.actual.json", "login.layout.diff.txt", "login.overlay.actual.png", "login.overlay.diff.png"])
        #expect(login.actualHitMap?.contains("\"regions\"") == true, "kept for the report's tap areas")
        let summary = CheckSummary.text(run)
        #expect(summary.contains("FAIL login"))
        #expect(summary.contains(folder.file("refs/login.png")))
        #expect(summary.contains(folder.file("failures/login.diff.png")))
        #expect(summary.contains("re-run tappable check with --record failed"))
    }

    @Test("record mode failed re-records only the failing label; under CI nothing is recorded and the refusal is reported")
    func recordFailedAndCI() throws {
        let folder = try CheckFolder(); defer { folder.cleanup() }
        try folder.record()
        try folder.edit("truncated", "Please read", "Do read")
        var ci = folder.options(record: .failed)
        ci.environment = ["CI": "true"]
        let refused = try SnapshotCheck.run(ci)
        #expect(refused.exitCode == 1)
        #expect(refused.decision.refusal == "CI=true forces record mode never (the code asks for failed)")
        #expect(CheckSummary.text(refused).contains("download the actual files from \(folder.file("failures"))"))
        let rerecorded = try SnapshotCheck.run(folder.options(record: .failed))
        #expect(rerecorded.exitCode == 0)
        #expect(rerecorded.labels.filter(\.recorded).map(\.name) == ["truncated"])
        #expect(try SnapshotCheck.run(folder.options(record: .never)).exitCode == 0)
    }

    @Test("one job and two jobs give the same results in the same order")
    func jobs() throws {
        let folder = try CheckFolder(); defer { folder.cleanup() }
        try folder.record()
        try folder.edit("privacy-policy", "View our", "Read our")
        let one = try SnapshotCheck.run(folder.options(record: .never, jobs: 1))
        let two = try SnapshotCheck.run(folder.options(record: .never, jobs: 2))
        #expect(one.jobs == 1 && two.jobs == 2)
        #expect(one.labels.map(\.name) == two.labels.map(\.name))
        #expect(one.labels.map { $0.parts.map(\.failure) } == two.labels.map { $0.parts.map(\.failure) })
    }

    @Test("two shards check disjoint halves that together are the suite")
    func shards() throws {
        let folder = try CheckFolder(); defer { folder.cleanup() }
        let first = try SnapshotCheck.run(folder.options(shard: Shard(index: 1, count: 2)))
        let second = try SnapshotCheck.run(folder.options(shard: Shard(index: 2, count: 2)))
        #expect(first.suiteSize == 6 && second.suiteSize == 6)
        #expect(first.labels.map(\.name) == ["arabic-link", "markdown-terms", "tagged-detected"])
        #expect(second.labels.map(\.name) == ["login", "privacy-policy", "truncated"])
    }

    @Test("a bad SPEC is an error for that label (exit 2) while the others are still checked")
    func badSpec() throws {
        let folder = try CheckFolder(); defer { folder.cleanup() }
        try Data(#"{"text": "x", "width": -1}"#.utf8).write(to: URL(fileURLWithPath: folder.file("specs/broken.json")))
        let run = try SnapshotCheck.run(folder.options())
        #expect(run.exitCode == 2)
        #expect(run.errorCount == 1)
        let broken = try #require(run.labels.first { $0.name == "broken" })
        #expect(broken.error?.contains("width") == true)
        #expect(run.labels.filter(\.passed).count == 6)
    }

    @Test("a run that cannot start says why", arguments: ["missing folder", "empty folder", "bad TAPPABLE_RECORD", "no jobs"])
    func cannotStart(problem: String) throws {
        let folder = try CheckFolder(examples: problem != "empty folder"); defer { folder.cleanup() }
        var options = folder.options()
        switch problem {
        case "missing folder": options.specsDirectory = folder.file("nowhere")
        case "bad TAPPABLE_RECORD": options.environment = ["TAPPABLE_RECORD": "maybe"]
        case "no jobs": options.jobs = 0
        default: break
        }
        #expect(throws: CheckError.self) { try SnapshotCheck.run(options) }
    }

    @Test("progress is reported once per label, counting up to the total")
    func progress() throws {
        let folder = try CheckFolder(); defer { folder.cleanup() }
        let seen = Seen()
        _ = try SnapshotCheck.run(folder.options()) { seen.add($0.done, $0.total) }
        #expect(seen.values.map(\.0) == Array(1...6))
        #expect(seen.values.allSatisfy { $0.1 == 6 })
    }
}

/// Progress calls collected in order.
final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [(Int, Int)] = []
    func add(_ done: Int, _ total: Int) { lock.lock(); collected.append((done, total)); lock.unlock() }
    var values: [(Int, Int)] { lock.lock(); defer { lock.unlock() }; return collected }
}
