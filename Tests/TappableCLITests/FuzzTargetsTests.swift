import Foundation
import Testing
import TappableTestSupport

/// The fuzz harness stays runnable: every target takes its committed seeds and a few hundred
/// random mutations of them without a finding (the real campaign is `make fuzz`).
@Suite("tappable-fuzz: the fuzz targets run over their committed corpus",
       .enabled(if: fuzzBinary.isAvailable, fuzzBinary.notBuilt))
struct FuzzTargetsTests {
    @Test("each target survives its seeds and 300 mutations", arguments: ["spec", "markdown", "tagged", "detect", "png"])
    func target(name: String) throws {
        let corpus = Repository.url("Fuzz/corpus/\(name)")
        #expect(try !FileManager.default.contentsOfDirectory(atPath: corpus.path).isEmpty, "seeds are committed")
        let result = try fuzzBinary.run(name, "--runs", "300", "--seed", "7", corpus.path)
        #expect(result.status == 0, "\(result.stderr.suffix(500))")
        #expect(result.stderr.contains("tappable-fuzz \(name): 300 runs"))
    }
}
