import Foundation
import Testing

/// Drives Debian's `chromium` headless for the tests that need a real browser (the one place that
/// does; `scripts/bootstrap` installs the package). When no browser is installed the tests that
/// need one are skipped with `HeadlessChromium.skipMessage`.
enum HeadlessChromium {
    /// The browser's path: `$CHROMIUM` if set, else the first of chromium, chromium-browser on PATH.
    static let executable: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["CHROMIUM"], FileManager.default.isExecutableFile(atPath: path) { return path }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser"] {
            for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") { return "\(folder)/\(name)" }
        }
        return nil
    }()

    /// Why the browser tests are skipped.
    static let skipMessage: Comment = "headless Chromium not found: install Debian's chromium (scripts/bootstrap does) or set CHROMIUM"

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The page's DOM after its scripts ran.
    static func dom(of file: String) throws -> String {
        String(decoding: try run(["--dump-dom", URL(fileURLWithPath: file).absoluteString]), as: UTF8.self)
    }

    /// A PNG screenshot of the page (`fragment` appended to its address, e.g. `#mode=slider`),
    /// `width` x `height` CSS pixels, written to `output`.
    static func screenshot(of file: String, fragment: String = "", width: Int = 1200, height: Int = 1400, to output: String) throws {
        _ = try run(["--screenshot=\(output)", "--window-size=\(width),\(height)", URL(fileURLWithPath: file).absoluteString + fragment])
        guard FileManager.default.fileExists(atPath: output) else { throw Failure(description: "chromium wrote no screenshot to \(output)") }
    }

    /// Runs the browser headless with a throw-away profile; stops it after 90 seconds.
    private static func run(_ arguments: [String]) throws -> Data {
        guard let executable else { throw Failure(description: "\(skipMessage)") }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-profile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                             "--user-data-dir=\(profile.path)", "--virtual-time-budget=2000"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 90, execute: watchdog)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "chromium \(arguments.first ?? "") exited with \(process.terminationStatus)")
        }
        return data
    }
}
