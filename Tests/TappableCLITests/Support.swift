import Foundation
import TappableCLI
import TappableTestSupport

/// Runs the command line in-process.
func run(_ arguments: String...) -> TappableCommand.Result { TappableCommand.run(arguments) }

/// The stdout lines of a result, without the final empty one.
func lines(_ result: TappableCommand.Result) -> [String] {
    result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
}

/// Parses a JSON object printed by a command.
func object(_ line: String) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
    guard let dict = value as? [String: Any] else { throw CocoaError(.coderReadCorrupt) }
    return dict
}

/// The `tappable` executable built with the tests, run as a process: what users run.
let binary = ExternalTool.built("tappable")

/// The `tappable-fuzz` executable built with the tests.
let fuzzBinary = ExternalTool.built("tappable-fuzz")
