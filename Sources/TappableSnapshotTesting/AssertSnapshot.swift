import Foundation
@_exported import Tappable
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Asserts that `value` matches its reference snapshot, in one call, from Swift Testing or XCTest.
///
/// ```swift
/// import Testing
/// import TappableSnapshotTesting
///
/// @Test func login() throws {
///     let label = try LabelSpec.load(path: "login.json").tappableLabel()
///     assertSnapshot(of: label, as: .image(scale: 2))
/// }
/// ```
///
/// The reference is `__Snapshots__/<TestFile>/<test>.<n>.<ext>` beside the test file (`n` counts
/// the test's unnamed snapshots from 1; `named:` replaces it; `snapshotDirectory:` replaces the
/// folder). A missing reference is recorded and the test fails once ("re-run to compare"). On
/// failure the message gives absolute paths of the reference, actual and diff files, the
/// figures, and how to re-record; reference, actual and diff are attached to the test result
/// (Swift Testing attachments: saved with `swift test --attachments-path DIR`) and always saved
/// under `<package>/.build/snapshot-failures/<TestFile>/` (or `$TAPPABLE_FAILURES_DIR/<TestFile>/`).
///
/// - Parameters:
///   - value: what to snapshot; a throw fails the assertion with the error.
///   - snapshotting: the strategy (`.image(scale:)`, `.overlay`, `.hitMap`, `.layout`, or your own).
///   - name: the snapshot's name instead of its number; required in parameterised Swift Testing
///     tests (each argument needs its own reference). Characters other than letters, digits,
///     `-`, `_` and `.` become `-`.
///   - record: the record mode (default `.missing`); `TAPPABLE_RECORD=missing|failed|all|never`
///     overrides it, and `CI=true` forces `.never` (the failure says so).
///   - snapshotDirectory: the folder of references instead of `__Snapshots__/<TestFile>`.
/// - Returns: the failures reported (empty when the snapshot matched).
@discardableResult
public func assertSnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as snapshotting: Snapshotting<Value, Format>,
    named name: String? = nil,
    record: RecordMode = .missing,
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) -> [SnapshotFailure] {
    assertSnapshot(of: try value(), as: SnapshotGroup(snapshotting), named: name, record: record, snapshotDirectory: snapshotDirectory,
                   fileID: fileID, filePath: filePath, testName: testName, line: line, column: column)
}

/// Asserts every part of a snapshot group in one call, e.g. a label's image, hit map and layout
/// (`as: .label(scale: 2)`): each part is its own file, `<test>.<n>.<part>.<ext>`, and each
/// failing part is reported. Parameters as for the single-strategy `assertSnapshot`.
@discardableResult
public func assertSnapshot<Value>(
    of value: @autoclosure () throws -> Value,
    as group: SnapshotGroup<Value>,
    named name: String? = nil,
    record: RecordMode = .missing,
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) -> [SnapshotFailure] {
    let site = AssertionSite(fileID: fileID, filePath: filePath, testName: testName, line: line, column: column)
    return SnapshotAssertion.run(site: site, name: name, record: record, snapshotDirectory: snapshotDirectory) {
        try group.parts(try value())
    }
}

/// Where an assertion was written.
struct AssertionSite {
    var fileID: StaticString
    var filePath: StaticString
    var testName: String
    var line: UInt
    var column: UInt
}

/// The assertion's steps: name the snapshot, verify each part through `SnapshotStore`, report.
enum SnapshotAssertion {
    /// How to re-record, as failure messages say it in tests.
    static let rerecordHint = "re-run with TAPPABLE_RECORD=failed (only what failed) or TAPPABLE_RECORD=all, or pass record: .failed"

    static func run(site: AssertionSite, name: String?, record: RecordMode, snapshotDirectory: String?,
                    parts makeParts: () throws -> [SnapshotPart]) -> [SnapshotFailure] {
        let environment = ProcessInfo.processInfo.environment
        let filePath = "\(site.filePath)"
        let directory = snapshotDirectory ?? SnapshotNaming.referenceDirectory(filePath: filePath)
        let failures = SnapshotNaming.failuresDirectory(filePath: filePath, environment: environment)
        let test = SnapshotNaming.testName(site.testName)
        let baseName: String
        if let name {
            guard let part = SnapshotNaming.fileNamePart(name) else {
                return report([invalid(directory, test, "snapshot name \"\(TextDiff.printable(name, limit: 100))\" has no usable characters")], site: site)
            }
            baseName = test + "." + part
        } else {
            if TestContext.isParameterized {
                return report([invalid(directory, test, "a parameterised test runs once per argument: pass named: (e.g. the argument's name) so that each has its own reference")], site: site)
            }
            baseName = test + ".\(SnapshotCounter.shared.next(filePath + "|" + site.testName + "|" + TestContext.caseKey))"
        }
        let parts: [SnapshotPart]
        do { parts = try makeParts() } catch {
            return report([SnapshotFailure(kind: .snapshotFailed, snapshot: baseName,
                                           referencePath: SnapshotStore.absolute(directory + "/" + baseName),
                                           recordMode: record, detail: "\(error)")], site: site)
        }
        var found: [SnapshotFailure] = []
        for part in parts {
            let location = SnapshotLocation(referenceDirectory: directory, failuresDirectory: failures, name: part.fileStem(baseName))
            if let failure = SnapshotStore.verify(part.snapshot, at: location, requested: record, environment: environment) {
                found.append(failure)
            }
        }
        return report(found, site: site)
    }

    private static func invalid(_ directory: String, _ test: String, _ detail: String) -> SnapshotFailure {
        SnapshotFailure(kind: .invalidName, snapshot: test, referencePath: SnapshotStore.absolute(directory), recordMode: .never, detail: detail)
    }

    /// Records each failure as a test issue (Swift Testing) or an XCTest failure, with its files attached.
    private static func report(_ failures: [SnapshotFailure], site: AssertionSite) -> [SnapshotFailure] {
        for failure in failures {
            TestContext.fail(failure.message(rerecord: rerecordHint), attaching: attachments(failure), site: site)
        }
        return failures
    }

    /// The failure's files, named `<snapshot>.reference.<ext>`, `.actual.<ext>`, `.diff.<ext>`.
    private static func attachments(_ failure: SnapshotFailure) -> [(name: String, path: String)] {
        var files: [(String, String)] = []
        let base = URL(fileURLWithPath: failure.referencePath)
        let stem = base.deletingPathExtension().lastPathComponent, ext = base.pathExtension
        if FileManager.default.fileExists(atPath: failure.referencePath) { files.append(("\(stem).reference.\(ext)", failure.referencePath)) }
        if let actual = failure.actualPath { files.append(("\(stem).actual.\(ext)", actual)) }
        if let diff = failure.diffPath { files.append(("\(stem).diff.\(URL(fileURLWithPath: diff).pathExtension)", diff)) }
        return files
    }
}

/// The test framework running the assertion: Swift Testing when a test is current, else XCTest.
enum TestContext {
    /// Whether the running Swift Testing test case has arguments.
    static var isParameterized: Bool {
        #if canImport(Testing)
        return Test.Case.current?.isParameterized ?? false
        #else
        return false
        #endif
    }

    /// Tells test cases apart for numbering (empty outside Swift Testing).
    static var caseKey: String {
        #if canImport(Testing)
        if let test = Test.current { return "\(test.id)" }
        #endif
        return ""
    }

    /// Reports a failure to the running framework, attaching files where the framework can.
    static func fail(_ message: String, attaching files: [(name: String, path: String)], site: AssertionSite) {
        #if canImport(Testing)
        if Test.current != nil {
            let location = SourceLocation(fileID: "\(site.fileID)", filePath: "\(site.filePath)",
                                          line: Int(site.line), column: Int(site.column))
            for file in files {
                if let data = FileManager.default.contents(atPath: file.path) {
                    Attachment.record([UInt8](data), named: file.name, sourceLocation: location)
                }
            }
            Issue.record(Comment(rawValue: message), sourceLocation: location)
            return
        }
        #endif
        #if canImport(XCTest)
        // swift-corelibs-xctest has no XCTAttachment: the files stay in the failures folder the message names.
        XCTFail(message, file: site.filePath, line: site.line)
        #else
        FileHandle.standardError.write(Data((message + "\n").utf8))
        #endif
    }
}
