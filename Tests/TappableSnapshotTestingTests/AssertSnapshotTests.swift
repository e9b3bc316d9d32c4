import Foundation
import Testing
import TappableSnapshotTesting
import TappableTestSupport

/// The login label every assertion here snapshots.
func loginLabel(_ word: String = "agree") throws -> TappableLabel {
    let text = LoginSentence.text.replacingOccurrences(of: "agree", with: word)
    return try linkedLabel(text, links: [(LoginSentence.termsLink, LoginSentence.terms), (LoginSentence.privacyLink, LoginSentence.privacy)],
                           width: 320)
}

/// The folder of this file's references.
let referenceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__/AssertSnapshotTests").path

@Suite("assertSnapshot: one import, one call, references beside the test")
struct AssertSnapshotTests {
    @Test("an image snapshot is named after the test and kept in __Snapshots__/<TestFile>/")
    func loginImage() throws {
        #expect(assertSnapshot(of: try loginLabel(), as: .image(scale: 2)).isEmpty)
        #expect(FileManager.default.fileExists(atPath: referenceFolder + "/loginImage.1.png"))
    }

    @Test("unnamed snapshots are numbered in call order; a name replaces the number")
    func numbering() throws {
        let label = try loginLabel()
        #expect(assertSnapshot(of: label, as: .hitMap).isEmpty)
        #expect(assertSnapshot(of: label, as: .layout).isEmpty)
        #expect(assertSnapshot(of: label, as: .image(highlighting: 1), named: "privacy pressed").isEmpty)
        for file in ["numbering.1.json", "numbering.2.json", "numbering.privacy-pressed.png"] {
            #expect(FileManager.default.fileExists(atPath: referenceFolder + "/" + file), "\(file)")
        }
    }

    @Test("a label-aware snapshot checks the image, the hit map and the layout in one call")
    func labelAware() throws {
        #expect(assertSnapshot(of: try loginLabel(), as: .label(scale: 1)).isEmpty)
        for file in ["labelAware.1.png", "labelAware.1.hitmap.json", "labelAware.1.layout.json"] {
            #expect(FileManager.default.fileExists(atPath: referenceFolder + "/" + file), "\(file)")
        }
    }

    @Test("a SPEC value snapshots with its own style and scale")
    func specValue() throws {
        let spec = try LabelSpec.parse(Data(##"{"text": "Read the Terms", "width": 160, "scale": 2, "background": "#f2f2f7", "runs": [{"range": [9, 5], "link": "https://e.com"}]}"##.utf8))
        #expect(assertSnapshot(of: spec, as: .image).isEmpty)
    }

    @Test("a mismatch is one issue with absolute paths, the figures and how to re-record; the reference stays untouched")
    func mismatch() throws {
        let temporary = try TemporaryFolder(prefix: "assert")
        defer { temporary.cleanup() }
        let folder = temporary.path
        withKnownIssue { _ = assertSnapshot(of: try loginLabel(), as: .image, named: "login", snapshotDirectory: folder) }
        // The reference as that recording writes it, written here too: CI=true forbids recording, and this spec runs there.
        try Snapshotting<TappableLabel, RGBAImage>.image.prepare(try loginLabel()).data()
            .write(to: URL(fileURLWithPath: folder + "/mismatch.login.png"))
        let reference = try Data(contentsOf: URL(fileURLWithPath: folder + "/mismatch.login.png"))
        var failures: [SnapshotFailure] = []
        try withKnownIssue {
            failures = assertSnapshot(of: try loginLabel("swear"), as: .image, named: "login", snapshotDirectory: folder)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains(folder + "/mismatch.login.png") && text.contains("pixels differ")
                && text.contains("TAPPABLE_RECORD=failed") && text.contains("record: .failed")
        }
        let failure = try #require(failures.first)
        #expect(failures.count == 1 && failure.kind == .mismatch)
        #expect(failure.actualPath?.hasSuffix("/.build/snapshot-failures/AssertSnapshotTests/mismatch.login.actual.png") == true
                || ProcessInfo.processInfo.environment["TAPPABLE_FAILURES_DIR"] != nil)
        #expect(failure.actualPath.map { FileManager.default.fileExists(atPath: $0) } == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/mismatch.login.png")) == reference)
    }

    @Test("a value that throws fails the assertion with the error", arguments: ["throws"])
    func throwingValue(name: String) {
        struct NotALabel: Error {}
        withKnownIssue {
            let failures = assertSnapshot(of: try { () throws -> TappableLabel in throw NotALabel() }(), as: .image, named: name)
            #expect(failures.first?.kind == .snapshotFailed)
        }
    }

    @Test("a parameterised test must name its snapshots: each argument needs its own reference", arguments: [1, 2])
    func parameterised(region: Int) throws {
        withKnownIssue {
            #expect(assertSnapshot(of: try loginLabel(), as: .image(highlighting: region - 1)).first?.kind == .invalidName)
        }
        #expect(assertSnapshot(of: try loginLabel(), as: .image(highlighting: region - 1), named: "region-\(region)").isEmpty)
    }
}

@Suite("SnapshotNaming: where references and failures go")
struct SnapshotNamingTests {
    @Test("test functions and names become file names")
    func names() {
        #expect(SnapshotNaming.testName("testLogin()") == "testLogin")
        #expect(SnapshotNaming.testName("parameterised(region:)") == "parameterised")
        #expect(SnapshotNaming.testName("") == "snapshot")
        #expect(SnapshotNaming.fileNamePart("privacy pressed/../x") == "privacy-pressed-..-x")
        #expect(SnapshotNaming.fileNamePart("..") == nil)
        #expect(SnapshotNaming.fileNamePart(".hidden") == nil)
        #expect(SnapshotNaming.fileNamePart("登录") == "登录")
        #expect(SnapshotNaming.fileNamePart(String(repeating: "a", count: 300))?.count == 100)
    }

    @Test("references live beside the test file; failures under the package's .build or TAPPABLE_FAILURES_DIR")
    func folders() {
        #expect(SnapshotNaming.referenceDirectory(filePath: "/p/Tests/T/LoginTests.swift") == "/p/Tests/T/__Snapshots__/LoginTests")
        let here = #filePath
        let package = URL(fileURLWithPath: here).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        #expect(SnapshotNaming.failuresDirectory(filePath: here, environment: [:]) == package + "/.build/snapshot-failures/AssertSnapshotTests")
        #expect(SnapshotNaming.failuresDirectory(filePath: here, environment: ["TAPPABLE_FAILURES_DIR": "/ci/out"]) == "/ci/out/AssertSnapshotTests")
        #expect(SnapshotNaming.failuresDirectory(filePath: "/nonexistent/T.swift", environment: [:]).hasSuffix("tappable-snapshot-failures/T"))
    }
}
