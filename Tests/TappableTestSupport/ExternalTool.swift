import Foundation
import Testing

/// What a finished process wrote and how it ended.
public struct ProcessOutput: Sendable {
    /// Its standard output (with standard error too when they were merged).
    public var standardOutput: Data
    /// Its standard error (empty when merged into the output).
    public var standardError: Data
    /// Its exit status (or the signal that ended it).
    public var status: Int32

    /// The standard output as UTF-8 text.
    public var stdout: String { String(decoding: standardOutput, as: UTF8.self) }
    /// The standard error as UTF-8 text.
    public var stderr: String { String(decoding: standardError, as: UTF8.self) }
}

/// A program a spec runs: a Debian tool found on the PATH (`qpdf`, `chromium`) or an executable
/// SwiftPM built next to the tests (`tappable`, `tappable-fuzz`).
public struct ExternalTool: Sendable {
    /// The program's name.
    public let name: String
    /// Its path; nil when it is not installed (or not built).
    public let path: String?

    /// `name` as found in the folders of `$PATH` (or `/usr/bin:/bin`), the first executable file.
    public static func onPath(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> ExternalTool {
        ExternalTool(name: name, path: firstExecutable(named: [name], environment: environment))
    }

    /// The first executable file named one of `names` in the folders of `$PATH`.
    public static func firstExecutable(named names: [String], environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in names {
            for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") { return "\(folder)/\(name)" }
        }
        return nil
    }

    /// The executable `name` SwiftPM built beside the running test bundle; nil path when absent.
    public static func built(_ name: String) -> ExternalTool {
        let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path
        return ExternalTool(name: name, path: FileManager.default.isExecutableFile(atPath: path) ? path : nil)
    }

    /// A program at a known `path`.
    public init(name: String, path: String?) {
        self.name = name
        self.path = path
    }

    /// Whether the program can be run.
    public var isAvailable: Bool { path != nil }

    /// Why a spec needing this Debian tool is skipped: it names the package and how to install it.
    public func notInstalled(package: String? = nil, orSet variable: String? = nil) -> Comment {
        let alternative = variable.map { ", or set \($0)" } ?? ""
        return Comment(rawValue: "\(name) is not installed (Debian package \(package ?? name); `scripts/bootstrap test` installs it\(alternative))")
    }

    /// Why a spec needing this built executable is skipped.
    public var notBuilt: Comment { Comment(rawValue: "the \(name) executable was not built next to the tests") }

    /// Runs the program with `arguments` (the variadic form of `run(_:environment:mergingErrors:)`).
    public func run(_ arguments: String...) throws -> ProcessOutput { try run(arguments) }

    /// Runs the program with `arguments` and waits for it; both pipes are read while it runs, so
    /// a large output cannot block it.
    /// - Parameters:
    ///   - environment: its environment; nil inherits the tests'.
    ///   - mergingErrors: standard error goes into `standardOutput`, interleaved as written.
    /// - Throws: `ToolError.notAvailable` when the program is absent; `Process`'s launch error.
    public func run(_ arguments: [String], environment: [String: String]? = nil, mergingErrors: Bool = false) throws -> ProcessOutput {
        guard let path else { throw ToolError(description: "\(name) is not available") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        let output = Pipe(), errors = mergingErrors ? output : Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let errorText = PipeReader(mergingErrors ? nil : errors)
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errorText.wait()
        process.waitUntilExit()
        return ProcessOutput(standardOutput: out, standardError: err, status: process.terminationStatus)
    }
}

/// A program that could not be run.
public struct ToolError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let description: String
}

/// Reads a pipe to its end on another thread.
private final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe?) {
        guard let pipe else { done.signal(); return }
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Everything read, once the pipe has ended.
    func wait() -> Data {
        done.wait()
        return data
    }
}
