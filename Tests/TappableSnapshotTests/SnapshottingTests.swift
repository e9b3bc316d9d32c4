import Foundation
import Testing
@testable import TappableSnapshot
import TappableTestSupport

/// A user-defined value with a strategy of its own, built by pulling back a library strategy.
struct Invoice: Sendable {
    var lines: [String]
}

extension Snapshotting where Value == Invoice, Format == String {
    static let summary = Snapshotting<String, String>.lines(pathExtension: "txt").pullback { (invoice: Invoice) in
        invoice.lines.joined(separator: "\n") + "\n"
    }
}

@Suite("Snapshotting and SnapshotGroup: small values a user can extend")
struct SnapshottingTests {
    @Test("a pulled-back strategy snapshots the transformed value and compares it with its diffing")
    func pullback() throws {
        let tmp = try TemporaryFolder(prefix: "TappableSnapshotTests"); defer { tmp.cleanup() }
        let location = SnapshotLocation(referenceDirectory: tmp.file("refs"), failuresDirectory: tmp.file("f"), name: "invoice")
        let first = try Snapshotting<Invoice, String>.summary.prepare(Invoice(lines: ["tea 2", "cake 3"]))
        #expect(SnapshotStore.verify(first, at: location, requested: .missing, environment: [:])?.kind == .recorded)
        #expect(try String(contentsOfFile: tmp.file("refs/invoice.txt"), encoding: .utf8) == "tea 2\ncake 3\n")
        let changed = try Snapshotting<Invoice, String>.summary.prepare(Invoice(lines: ["tea 2", "cake 4"]))
        let failure = SnapshotStore.verify(changed, at: location, requested: .missing, environment: [:])
        #expect(failure?.kind == .mismatch)
        #expect(failure?.summary?.contains("line 2 was \"cake 3\", is \"cake 4\"") == true)
    }

    @Test("a throwing transform fails the preparation with its error")
    func throwingTransform() {
        struct NoLines: Error {}
        let strategy = Snapshotting<String, String>.lines().pullback { (invoice: Invoice) -> String in
            guard !invoice.lines.isEmpty else { throw NoLines() }
            return invoice.lines[0]
        }
        #expect(throws: NoLines.self) { try strategy.prepare(Invoice(lines: [])) }
    }

    @Test("a group's parts are files named <name>.<part>.<ext>, the part \"\" without a middle name")
    func groupNames() throws {
        let group = SnapshotGroup<String> { text in
            [SnapshotPart(name: "", snapshot: try Snapshotting<String, String>.lines().prepare(text)),
             SnapshotPart(name: "upper", snapshot: try Snapshotting<String, String>.lines().prepare(text.uppercased()))]
        }
        let parts = try group.parts("a")
        #expect(parts.map { $0.fileStem("login.1") } == ["login.1", "login.1.upper"])
        #expect(parts.map(\.snapshot.pathExtension) == ["txt", "txt"])
        #expect(try SnapshotGroup(Snapshotting<String, String>.lines()).parts("x").map(\.name) == [""])
    }

    @Test("an image reference whose PNG cannot be decoded is reported with the decoder's reason")
    func undecodableReference() throws {
        let prepared = try Snapshotting<RGBAImage, RGBAImage>.image().prepare(noise(width: 2, height: 2))
        #expect(throws: ReferenceError.self) { try prepared.compare(Data("nope".utf8)) }
    }
}
