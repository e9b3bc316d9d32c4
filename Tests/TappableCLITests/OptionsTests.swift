import Foundation
import Testing
import TappableCLI

/// The `tappable` executable built with the tests, run as a process: what users run.
enum Binary {
    static let url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tappable")

    /// Runs `tappable` with `arguments`; its standard output, standard error and exit status.
    static func run(_ arguments: String...) throws -> (stdout: String, stderr: String, status: Int32) { try run(arguments) }

    /// Runs `tappable` with `arguments` (see the variadic form).
    static func run(_ arguments: [String]) throws -> (stdout: String, stderr: String, status: Int32) {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes before waiting, so a large output cannot block the child.
        let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self), process.terminationStatus)
    }
}

@Suite("One option parser for every command, driven through the binary",
       .enabled(if: FileManager.default.isExecutableFile(atPath: Binary.url.path), "the tappable executable was not built next to the tests"))
struct OptionsTests {
    static let commands = ["layout", "hit", "regions", "simulate", "a11y", "render", "overlay", "diff", "examples", "detect", "markup"]

    @Test("--version prints the version; --help lists every command")
    func versionAndHelp() throws {
        let version = try Binary.run("--version")
        #expect(version.status == 0 && version.stdout == "tappable \(TappableCommand.version)\n")
        let help = try Binary.run("--help")
        #expect(help.status == 0)
        for name in Self.commands { #expect(help.stdout.contains("tappable \(name)"), "\(name)") }
        let none = try Binary.run()
        #expect(none.status == 2 && none.stderr.hasPrefix("usage: tappable COMMAND"))
        let unknown = try Binary.run("paint")
        #expect(unknown.status == 2 && unknown.stderr.hasPrefix("tappable: unknown command \"paint\""))
    }

    @Test("each command's --help (and -h, and tappable help COMMAND) lists every option with its default", arguments: commands)
    func commandHelp(name: String) throws {
        for help in [try Binary.run(name, "--help"), try Binary.run(name, "-h"), try Binary.run("help", name)] {
            #expect(help.status == 0 && help.stderr.isEmpty)
            #expect(help.stdout.hasPrefix("usage: tappable \(name)"))
            let optionLines = help.stdout.split(separator: "\n").filter { $0.hasPrefix("  -") && !$0.contains("--help") }
            for line in optionLines {
                #expect(line.contains("(default: ") || line.contains("(required)"), "\(name): \(line)")
            }
        }
    }

    @Test("--name value and --name=value mean the same, for every valued option", arguments: [
        ["--scale", "2"], ["--output", "X"],
    ])
    func equalsForm(option: [String]) throws {
        let folder = try SpecFolder()
        let spec = try folder.write(#"{"text": "Terms", "width": 100}"#)
        let a = folder.url.appendingPathComponent("a.png").path, b = folder.url.appendingPathComponent("b.png").path
        let args = option[0] == "--output" ? (["-o", a], ["--output=\(b)"]) : (["-o", a, "--scale", "2"], ["-o", b, "--scale=2"])
        #expect(try Binary.run(["render", spec] + args.0).status == 0)
        #expect(try Binary.run(["render", spec] + args.1).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)))
    }

    @Test("-- ends the options: a TEXT starting with - is text; negative numbers are positionals")
    func doubleDash() throws {
        let detected = try Binary.run("detect", "--types=link", "--", "--see google.com")
        #expect(detected.status == 0 && detected.stdout.contains("\"google.com\""))
        let folder = try SpecFolder()
        let spec = try folder.write(#"{"text": "Terms", "width": 100}"#)
        let hit = try Binary.run("hit", spec, "-5", "-.5")
        #expect(hit.status == 0 && hit.stdout.hasPrefix("{\"index\":null"))
    }

    @Test("bad command lines exit 2 with a message naming the option", arguments: [
        (["render", "s.json"], "-o OUT.png|.pdf|.svg is required"),
        (["render", "s.json", "-o", "x.png", "--scale", "0x10"], "--scale takes a number in 0.1...16, got \"0x10\""),
        (["render", "s.json", "-o", "x.png", "--scale=inf"], "--scale takes a number"),
        (["render", "s.json", "-o", "x.png", "--scale"], "--scale needs a value"),
        (["render", "s.json", "-o", "x.png", "-o", "y.png"], "--output given twice"),
        (["render", "s.json", "-o", "x.png", "--bogus"], "unknown option --bogus"),
        (["markup", "--pretty=yes", "--markdown", "x"], "--pretty takes no value"),
        (["detect", "--locale", "it", "x"], "--locale takes one of en, de, fr, es, got \"it\""),
        (["diff", "a.png", "b.png", "--max-diff-pixels", "-1"], "--max-diff-pixels takes a whole number, 0 or more"),
        (["layout"], "expected SPEC.json, got 0 arguments"),
        (["regions", "a.json", "b.json"], "expected SPEC.json, got 2 arguments"),
    ])
    func badLines(arguments: [String], message: String) throws {
        let result = try Binary.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains("usage: tappable \(arguments[0])"))
    }
}
