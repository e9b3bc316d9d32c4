import Foundation
import Testing
import TappableTestSupport

/// Builds Tests/Fixtures/Consumer — a fresh package that depends on this one by path, imports
/// `Tappable` in its app module and `TappableSnapshotTesting` in its tests — and runs its Swift
/// Testing and XCTest snapshot tests, as a user would. Offline: the only dependency is this
/// repository. The package is copied to a temporary folder each run; its build folder is kept
/// next to this test bundle, so only the first run compiles Tappable again (later runs rebuild
/// the consumer's two small modules).
@Suite("A consumer package snapshot-tests a label in one call, from Swift Testing and XCTest", .serialized)
struct ConsumerPackageTests {
    static let repository = Repository.root
    static let fixture = Repository.url("Tests/Fixtures/Consumer")
    /// The consumer's SwiftPM scratch folder, beside the test bundle (so it survives between runs).
    static let scratch = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("consumer-fixture")

    /// Runs `swift ARGUMENTS` in `package` with the environment's CI and TAPPABLE_* variables replaced by `environment`;
    /// standard output and error interleaved in `stdout`.
    static func swift(_ arguments: [String], in package: URL, environment: [String: String] = [:]) throws -> ProcessOutput {
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("TAPPABLE_") && $0.key != "CI" }
        env.merge(environment) { $1 }
        return try ExternalTool(name: "swift", path: "/usr/bin/env")
            .run(["swift"] + arguments + ["--package-path", package.path, "--scratch-path", scratch.path], environment: env, mergingErrors: true)
    }

    /// A copy of the fixture in `folder`, with its manifest pointing at this repository.
    static func copy(into folder: TemporaryFolder) throws -> URL {
        let package = folder.url.appendingPathComponent("Consumer")
        try FileManager.default.copyItem(at: fixture, to: package)
        let template = package.appendingPathComponent("Package.swift.template")
        let manifest = try String(contentsOf: template, encoding: .utf8)
            .replacingOccurrences(of: "@TAPPABLE_PATH@", with: repository.path)
            .replacingOccurrences(of: "@TAPPABLE_IDENTITY@", with: repository.lastPathComponent.lowercased())
        try Data(manifest.utf8).write(to: package.appendingPathComponent("Package.swift"))
        try FileManager.default.removeItem(at: template)
        return package
    }

    @Test("passes under CI, fails visibly after a one-word change with files attached, and re-records with TAPPABLE_RECORD=failed")
    func consumer() throws {
        let folder = try TemporaryFolder(prefix: "tappable-consumer")
        defer { folder.cleanup() }
        let package = try Self.copy(into: folder)
        let build = try Self.swift(["build", "--build-tests"], in: package)
        try #require(build.status == 0, "the consumer builds: \(build.stdout.suffix(3000))")

        let passing = try Self.swift(["test", "--skip-build"], in: package, environment: ["CI": "true"])
        #expect(passing.status == 0, "\(passing.stdout.suffix(3000))")
        #expect(passing.stdout.contains("Executed 2 tests, with 0 failures"), "XCTest ran both tests")
        #expect(passing.stdout.contains("Test run with 2 tests") && passing.stdout.contains("passed"), "Swift Testing ran both tests")

        let labels = package.appendingPathComponent("Sources/ConsumerLabels/Labels.swift")
        try Data(try String(contentsOf: labels, encoding: .utf8).replacingOccurrences(of: "I agree", with: "I swear").utf8).write(to: labels)
        try #require(try Self.swift(["build", "--build-tests"], in: package).status == 0)
        let attachments = package.appendingPathComponent("attachments")
        try FileManager.default.createDirectory(at: attachments, withIntermediateDirectories: true)
        let failing = try Self.swift(["test", "--skip-build", "--attachments-path", attachments.path], in: package, environment: ["CI": "true"])
        #expect(failing.status != 0)
        let snapshots = package.appendingPathComponent("Tests/ConsumerTests/__Snapshots__").path
        let failures = package.appendingPathComponent(".build/snapshot-failures").path
        for needle in ["SignUpXCTests.testSignUpLabel : failed - Snapshot \"SignUpXCTests/testSignUpLabel.1.png\" does not match its reference.",
                       "reference: \(snapshots)/SignUpXCTests/testSignUpLabel.1.png",
                       "actual:    \(failures)/SignUpXCTests/testSignUpLabel.1.actual.png",
                       "Snapshot \"SignUpTests/signUpLabel.1.png\" does not match its reference.",
                       "diff:      \(failures)/SignUpTests/signUpLabel.1.diff.png",
                       "Snapshot \"SignUpTests/signUpTapAreas.1.hitmap.json\" does not match its reference.",
                       "Not recorded: CI=true forces record mode never", "pixels differ"] {
            #expect(failing.stdout.contains(needle), "the failure says \(needle)")
        }
        #expect(FileManager.default.fileExists(atPath: "\(failures)/SignUpXCTests/testSignUpLabel.1.actual.png"), "XCTest's files stay in the failures folder")
        let attached = Set((try? FileManager.default.contentsOfDirectory(atPath: attachments.path)) ?? [])
        for name in ["signUpLabel.1.reference.png", "signUpLabel.1.actual.png", "signUpLabel.1.diff.png", "signUpTapAreas.1.hitmap.diff.txt"] {
            #expect(attached.contains(name), "Swift Testing attached \(name)")
        }

        let rerecording = try Self.swift(["test", "--skip-build"], in: package, environment: ["TAPPABLE_RECORD": "failed"])
        #expect(rerecording.status != 0, "a recording fails the test once")
        #expect(rerecording.stdout.contains("recorded the reference (record mode failed)"))
        let after = try Self.swift(["test", "--skip-build"], in: package, environment: ["CI": "true"])
        #expect(after.status == 0, "\(after.stdout.suffix(3000))")
    }
}
