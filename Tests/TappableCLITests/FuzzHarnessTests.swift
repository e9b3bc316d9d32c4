import Foundation
import Testing

/// The fuzz harness stays runnable: every target takes its committed seeds and a few hundred
/// random mutations of them without a finding (the real campaign is `make fuzz`).
@Suite("tappable-fuzz: the fuzz targets run over their committed corpus",
       .enabled(if: FileManager.default.isExecutableFile(atPath: FuzzBinary.url.path), "tappable-fuzz was not built next to the tests"))
struct FuzzHarnessTests {
    @Test("each target survives its seeds and 300 mutations", arguments: ["spec", "markdown", "tagged", "detect", "png"])
    func target(name: String) throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/corpus/\(name)")
        #expect(try !FileManager.default.contentsOfDirectory(atPath: corpus.path).isEmpty, "seeds are committed")
        let process = Process()
        process.executableURL = FuzzBinary.url
        process.arguments = [name, "--runs", "300", "--seed", "7", corpus.path]
        let err = Pipe()
        process.standardError = err
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(stderr.suffix(500))")
        #expect(stderr.contains("tappable-fuzz \(name): 300 runs"))
    }
}

enum FuzzBinary {
    static let url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tappable-fuzz")
}
