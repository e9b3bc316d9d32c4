import Foundation
import TappableCLI
import TappableJSON
import TappableSpec

/// Runs the command line in-process.
func run(_ arguments: String...) -> TappableCommand.Result { TappableCommand.run(arguments) }

/// The stdout lines of a result, without the final empty one.
func lines(_ result: TappableCommand.Result) -> [String] {
    result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
}

/// A temporary folder holding SPEC files, removed when released.
final class SpecFolder {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("tappable-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `json` as `name` and returns its path.
    func write(_ json: String, as name: String = "label.json") throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(json.utf8).write(to: file)
        return file.path
    }
}

/// Parses a JSON object printed by a command.
func object(_ line: String) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
    guard let dict = value as? [String: Any] else { throw CocoaError(.coderReadCorrupt) }
    return dict
}

/// The ZSWTappableLabel data-detector acceptance string.
let acceptance = "check google.com or call 415-555-5555? how about friday at 5pm?"
/// The login label of the layout specs.
let login = "By registering, I agree to the Terms of Service and Privacy Policy."
