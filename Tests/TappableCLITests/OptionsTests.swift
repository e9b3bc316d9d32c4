import Foundation
import Testing
@testable import TappableCLI
import TappableJSON
import TappableSnapshot
@testable import TappableSpec
import TappableTestSupport
import TappableText

@Suite("One option parser for every command, driven through the binary",
       .enabled(if: binary.isAvailable, binary.notBuilt))
struct OptionsTests {
    static let commands = ["layout", "hit", "regions", "simulate", "a11y", "render", "overlay", "diff", "examples", "check", "detect", "markup"]

    @Test("--version prints the version; --help lists every command")
    func versionAndHelp() throws {
        let version = try binary.run("--version")
        #expect(version.status == 0 && version.stdout == "tappable \(TappableCommand.version)\n")
        let help = try binary.run("--help")
        #expect(help.status == 0)
        for name in Self.commands { #expect(help.stdout.contains("tappable \(name)"), "\(name)") }
        let none = try binary.run()
        #expect(none.status == 2 && none.stderr.hasPrefix("usage: tappable COMMAND"))
        let unknown = try binary.run("paint")
        #expect(unknown.status == 2 && unknown.stderr.hasPrefix("tappable: unknown command \"paint\""))
    }

    @Test("--version and --help with arguments they do not take are errors, not ignored")
    func versionAndHelpArguments() throws {
        let version = try binary.run("--version", "x")
        #expect(version.status == 2 && version.stdout == "" && version.stderr == "tappable: --version takes no arguments, got \"x\"\n")
        let help = try binary.run("help", "paint")
        #expect(help.status == 2 && help.stdout == "" && help.stderr.hasPrefix("tappable: help takes one command name, got \"paint\"\n"))
        let two = try binary.run("--help", "render", "x")
        #expect(two.status == 2 && two.stderr.hasPrefix("tappable: --help takes one command name, got \"render\" \"x\"\n"))
    }

    @Test("each command's --help (and -h, and tappable help COMMAND) lists every option with its default", arguments: commands)
    func commandHelp(name: String) throws {
        for help in [try binary.run(name, "--help"), try binary.run(name, "-h"), try binary.run("help", name)] {
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
        let folder = try TemporaryFolder()
        let spec = try folder.write(#"{"text": "Terms", "width": 100}"#)
        let a = folder.file("a.png"), b = folder.file("b.png")
        let args = option[0] == "--output" ? (["-o", a], ["--output=\(b)"]) : (["-o", a, "--scale", "2"], ["-o", b, "--scale=2"])
        #expect(try binary.run(["render", spec] + args.0).status == 0)
        #expect(try binary.run(["render", spec] + args.1).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)))
    }

    @Test("-- ends the options: a TEXT starting with - is text; negative numbers are positionals")
    func doubleDash() throws {
        let detected = try binary.run("detect", "--types=link", "--", "--see google.com")
        #expect(detected.status == 0 && detected.stdout.contains("\"google.com\""))
        let folder = try TemporaryFolder()
        let spec = try folder.write(#"{"text": "Terms", "width": 100}"#)
        let hit = try binary.run("hit", spec, "-5", "-.5")
        #expect(hit.status == 0 && hit.stdout.hasPrefix("{\"index\":null"))
    }

    @Test("bad command lines exit 2 with a message naming the option", arguments: [
        (["render", "s.json"], "-o OUT.png|.pdf|.svg|.html is required"),
        (["render", "s.json", "-o", "x.html", "--html-image", "gif"], "--html-image takes one of png, svg, got \"gif\""),
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
        let result = try binary.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains("usage: tappable \(arguments[0])"))
    }
}

@Suite("Option values: numbers are whole decimal numbers")
struct OptionValueTests {
    @Test("--highlight takes whole decimal numbers only")
    func highlightNumbers() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(#"{"text": "hello"}"#)
        let out = folder.file("h.png")
        #expect(run("render", spec, "-o", out, "--highlight", "0x1,1").exitCode == 2)
        #expect(run("render", spec, "-o", out, "--highlight", "1.5,1").exitCode == 2)
        #expect(run("render", spec, "-o", out, "--highlight", "1,2").exitCode == 0)
    }
}
