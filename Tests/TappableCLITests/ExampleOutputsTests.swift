import Testing
@testable import TappableCLI

@Suite("ExampleOutputs: which SPECs of `examples` would overwrite each other's files")
struct ExampleOutputsTests {
    @Test("highlighted images are NAME.highlighted.png, then NAME.highlighted-2.png, -3…")
    func highlightedNames() {
        #expect((0..<3).map { ExampleOutputs.highlightedSuffix(region: $0) } == [".highlighted.png", ".highlighted-2.png", ".highlighted-3.png"])
    }

    @Test("names that cannot collide pass", arguments: [
        ["a", "b"], ["a", "ab"], ["a", "a.highlighted-1"], ["a", "a.highlighted-02"], ["a", "a.highlighted-x"], ["a.layout", "b"], ["a", "a.png"],
    ])
    func noCollision(names: [String]) {
        #expect(ExampleOutputs.collisions(among: names).isEmpty)
    }

    @Test("a SPEC named after another's highlighted or overlay image collides, whatever the number of regions", arguments: [
        (["a", "a.highlighted"], "a.highlighted.png"),
        (["a", "a.overlay"], "a.overlay.png"),
        (["a", "a.highlighted-2"], "a.highlighted-2.png"),
        (["a.highlighted-7", "a"], "a.highlighted-7.png"),
        (["x", "x.highlighted-123456789012345678901234567890"], "x.highlighted-123456789012345678901234567890.png"),
    ])
    func collision(names: [String], file: String) {
        let found = ExampleOutputs.collisions(among: names)
        #expect(found.map(\.file) == [file])
        #expect(found.first.map { Set([$0.first, $0.second]) } == Set(names))
    }

    @Test("the message names both SPEC files and the file")
    func message() {
        #expect(ExampleOutputs.collisions(among: ["a.highlighted", "a"]).map(\.description)
                == ["a.json and a.highlighted.json would both write a.highlighted.png (rename one of them)"])
    }
}
