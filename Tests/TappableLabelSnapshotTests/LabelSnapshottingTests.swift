import Foundation
import Testing
import TappableInteraction
import TappableLabelSnapshot
import TappableSnapshot
import TappableSpec
import TappableTestSupport

@Suite("Label strategies: image, overlay, hit map, layout, and label-aware groups")
struct LabelSnapshottingTests {
    func verify(_ parts: [SnapshotPart], in tmp: TemporaryFolder, name: String = "login", mode: RecordMode = .missing) -> [SnapshotFailure] {
        parts.compactMap { part in
            SnapshotStore.verify(part.snapshot, at: SnapshotLocation(referenceDirectory: tmp.file("refs"), failuresDirectory: tmp.file("failures"),
                                                                      name: part.fileStem(name)),
                                 requested: mode, environment: [:])
        }
    }

    @Test("a label snapshot is its image, hit map and layout: three files recorded, then verified")
    func labelGroup() throws {
        let tmp = try TemporaryFolder(); defer { tmp.cleanup() }
        let label = try loginSpec().tappableLabel()
        let recorded = verify(try SnapshotGroup<TappableLabel>.label(scale: 2).parts(label), in: tmp)
        #expect(recorded.map(\.kind) == [.recorded, .recorded, .recorded])
        #expect(tmp.contents() == ["refs", "refs/login.hitmap.json", "refs/login.layout.json", "refs/login.png"])
        #expect(try PNG.read(contentsOf: tmp.file("refs/login.png")).width == 640)
        #expect(verify(try SnapshotGroup<TappableLabel>.label(scale: 2).parts(label), in: tmp).isEmpty)
    }

    @Test("tap areas that grow fail the hit map while the image stays the same: what only a label-aware snapshot sees")
    func labelAware() throws {
        let tmp = try TemporaryFolder(); defer { tmp.cleanup() }
        _ = verify(try SnapshotGroup<LabelSpec>.label().parts(loginSpec()), in: tmp)
        let grown = try loginSpec(#", "link": {"tapAreaInsets": -12}"#)
        let failures = verify(try SnapshotGroup<LabelSpec>.label().parts(grown), in: tmp)
        #expect(failures.map(\.kind) == [.mismatch])
        #expect(failures.first?.referencePath == tmp.file("refs/login.hitmap.json"))
        #expect(failures.first?.summary?.contains("\"tapAreas\"") == true)
    }

    @Test("all forms of a SPEC: normal, a highlighted image per region, overlay, hit map and layout")
    func allForms() throws {
        let tmp = try TemporaryFolder(); defer { tmp.cleanup() }
        #expect(verify(try SnapshotGroup<LabelSpec>.allForms().parts(loginSpec()), in: tmp).count == 6)
        #expect(tmp.contents().filter { $0.hasPrefix("refs/") } == ["refs/login.highlighted-2.png", "refs/login.highlighted.png", "refs/login.hitmap.json",
                                                                    "refs/login.layout.json", "refs/login.overlay.png", "refs/login.png"])
        let overlay = try PNG.read(contentsOf: tmp.file("refs/login.overlay.png"))
        let direct = try LabelRendering.image(.overlay, of: loginSpec().tappableLabel(), style: loginSpec().style, scale: 2)
        #expect(overlay == direct, "the overlay is painted at scale 2 for a scale-1 SPEC")
    }

    @Test("single strategies: a highlighted image, the overlay, the hit map and the layout of a label")
    func strategies() throws {
        let label = try loginSpec().tappableLabel()
        let tmp = try TemporaryFolder(); defer { tmp.cleanup() }
        let parts = [
            SnapshotPart(name: "pressed", snapshot: try Snapshotting<TappableLabel, RGBAImage>.image(scale: 1, highlighting: 0).prepare(label)),
            SnapshotPart(name: "overlay", snapshot: try Snapshotting<TappableLabel, RGBAImage>.overlay.prepare(label)),
            SnapshotPart(name: "hitmap", snapshot: try Snapshotting<TappableLabel, String>.hitMap.prepare(label)),
            SnapshotPart(name: "layout", snapshot: try Snapshotting<TappableLabel, String>.layout.prepare(label)),
        ]
        #expect(verify(parts, in: tmp).allSatisfy { $0.kind == .recorded })
        #expect(try PNG.read(contentsOf: tmp.file("refs/login.pressed.png"))
                == LabelRendering.image(.highlighted(region: 0), of: label, style: .init(), scale: 1))
        #expect(try String(contentsOfFile: tmp.file("refs/login.layout.json"), encoding: .utf8).contains("\"fontScale\": 1"))
        #expect(throws: LabelRendering.FormError.self) {
            try Snapshotting<TappableLabel, RGBAImage>.image(highlighting: 5).prepare(label)
        }
    }
}
