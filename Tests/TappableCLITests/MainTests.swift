import Foundation
import Glibc
import Testing
import TappableTestSupport

/// The `tappable` executable's main: interrupted, it removes the temporary files it was writing.
@Suite("tappable main: SIGINT and SIGTERM remove the temporary files being written",
       .enabled(if: binary.isAvailable, binary.notBuilt))
struct MainTests {
    @Test("a render interrupted while painting exits 128 + signal and leaves no temporary file and no output", arguments: [SIGTERM, SIGINT])
    func interrupted(signal: Int32) throws {
        let folder = try TemporaryFolder()
        // 64 megapixels, the most a render paints: seconds of work, so the signal arrives mid-way.
        let spec = try folder.write(#"{"text": "Terms", "width": 8192, "height": 8192}"#)
        let output = folder.file("big.png")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(binary.path))
        process.arguments = ["render", spec, "-o", output]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The temporary file is made before painting starts; wait for it (or for the end).
        func temporaries() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix(".") && $0.hasSuffix(".tmp") }
        }
        while process.isRunning && temporaries().isEmpty { usleep(2_000) }
        try #require(process.isRunning, "the render ended before it could be interrupted")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + signal)
        #expect(temporaries().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
