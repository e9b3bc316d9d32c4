import Foundation
import TappableInteraction
import TappableJSON
import TappableLayout
import TappableRendering
import TappableSpec
import TappableText

/// The `tappable` command line, as a function: arguments in, output text and exit code out, so
/// tests run it without a process. Exit codes: 0 ok, 1 a negative answer, 2 bad input.
public enum TappableCommand {
    /// What a run printed and its exit code.
    public struct Result: Sendable, Equatable {
        /// Text for standard output (JSON, usage or other results).
        public var stdout: String
        /// Text for standard error: the usage or what went wrong; empty on success.
        public var stderr: String
        /// The exit code: 0 ok, 1 a negative answer, 2 bad input.
        public var exitCode: Int32
        static func ok(_ out: String) -> Result { Result(stdout: out, stderr: "", exitCode: 0) }
        static func badInput(_ message: String) -> Result { Result(stdout: "", stderr: "tappable: \(message)\n", exitCode: 2) }
    }

    /// The version `tappable --version` prints.
    public static let version = "0.2.0"

    static let scaleOption = OptionDefinition("--scale", .number(placeholder: "S", range: 0.1...16), default: "the SPEC's scale",
                                              "device pixels per point")
    static let pngCompressionOption = OptionDefinition("--png-compression", .choice(["fast", "best"]), default: "fast",
                                                       "PNG speed against size, same pixels: fast (zlib level 1, for snapshots and checks) or best (level 9, every filter: smaller, many times slower, for publishing)")
    static let syncOption = OptionDefinition("--sync", .flag, default: "off",
                                             "flush each file to disk (fsync) before renaming it into place, so it survives a crash of the machine")

    /// The subcommands, in the order the help lists them.
    static let commands: [CommandDefinition] = [
        CommandDefinition(name: "layout", positionals: [spec], options: [],
                          summary: "Lay out a label; print its lines, used rect and text origin as JSON (points, label coordinates).",
                          run: layoutCommand),
        CommandDefinition(name: "hit", positionals: [spec, PositionalDefinition("X", "x in points, label coordinates"),
                                                     PositionalDefinition("Y", "y in points, label coordinates (y down)")],
                          options: [],
                          summary: "Hit-test a point; print {\"index\",\"nearestIndex\",\"line\",\"region\"}.",
                          run: hitCommand),
        CommandDefinition(name: "regions", positionals: [spec], options: [],
                          summary: "The tappable regions in text order, each as the one region object: index, range, text, value, rects, tap areas, frame (points).",
                          run: regionsCommand),
        CommandDefinition(name: "simulate", positionals: [spec], options: [
                            OptionDefinition("--touches", .text(placeholder: "SCRIPT"), default: "required",
                                             "the touches: \"down X,Y @T; move X,Y @T; up X,Y @T\" (also cancel @T, wait @T, #N for another finger)"),
                            OptionDefinition("--frames", .text(placeholder: "DIR"), default: "none",
                                             "write a PNG at each highlight change into the existing folder DIR (at most \(maximumFrameCount))"),
                            pngCompressionOption, syncOption,
                          ],
                          summary: "Feed scripted touches; print one JSON event per line.",
                          run: simulateCommand),
        CommandDefinition(name: "a11y", positionals: [spec], options: [],
                          summary: "The accessibility elements in reading order, split at region boundaries: text, frame, rects, traits, actions.",
                          run: accessibilityCommand),
        CommandDefinition(name: "render", positionals: [spec], options: [
                            OptionDefinition("--output", short: "-o", .text(placeholder: "OUT.png|.pdf|.svg|.html"), default: "required",
                                             "where to write; the extension picks the format"),
                            OptionDefinition("--scale", .number(placeholder: "S", range: 0.1...16), default: "the SPEC's scale",
                                             "device pixels per point (PNG only; an HTML page carries 1x and 2x)"),
                            OptionDefinition("--html-image", .choice(HTMLImageFormat.allCases.map(\.rawValue)), default: "png",
                                             "how an HTML page shows the label: PNG at 1x and 2x with an image map, or inline SVG with <a> links"),
                            OptionDefinition("--lang", .text(placeholder: "TAG"), default: "und",
                                             "the HTML page's language, a BCP 47 tag (en, en-GB ...)"),
                            OptionDefinition("--highlight", .pair(placeholder: "START,LENGTH"), default: "none",
                                             "paint this UTF-16 range pressed"),
                            OptionDefinition("--touch", .pair(placeholder: "X,Y"), default: "none",
                                             "paint the region a finger at X,Y presses (points)"),
                            pngCompressionOption, syncOption,
                          ],
                          summary: "Paint the label, normal or highlighted, as PNG, PDF or SVG (with links), or a self-contained HTML page whose links are clickable. Written atomically.",
                          run: renderCommand),
        CommandDefinition(name: "overlay", positionals: [spec], options: [
                            OptionDefinition("--output", short: "-o", .text(placeholder: "OUT.png"), default: "required", "where to write the overlay PNG"),
                            OptionDefinition("--json", .text(placeholder: "OUT.json"), default: "none", "also write the hit map"),
                            OptionDefinition("--scale", .number(placeholder: "S", range: 0.1...16), default: "the SPEC's scale, at least 2",
                                             "device pixels per point"),
                            pngCompressionOption, syncOption,
                          ],
                          summary: "Debug overlay: tap areas, glyph rects, line boxes, baselines and a legend.",
                          run: overlayCommand),
        CommandDefinition(name: "diff", positionals: [PositionalDefinition("A.png", "the reference"), PositionalDefinition("B.png", "the actual image")],
                          options: [
                            OptionDefinition("--output", short: "-o", .text(placeholder: "DIFF.png"), default: "none",
                                             "write pixelmatch's diff image when the images differ"),
                            OptionDefinition("--always-write", .flag, default: "off", "write the diff image even when they match"),
                            pngCompressionOption, syncOption,
                          ] + comparisonOptions,
                          summary: "Compare two PNGs (pixelmatch 5.3); print {\"width\",\"height\",\"differentPixels\",\"ratio\",\"sizes\"}; exit 0 match, 1 differ, 2 bad input.",
                          run: diffCommand),
        CommandDefinition(name: "examples", positionals: [PositionalDefinition("FOLDER", "a folder of SPEC files (*.json)")], options: [
                            OptionDefinition("--output", short: "-o", .text(placeholder: "OUT_FOLDER"), default: "out", "where to write"),
                            scaleOption,
                            OptionDefinition("--jobs", .integer(placeholder: "N", range: 1...256), default: "the number of cores",
                                             "SPECs done at once; the output is the same for any N"),
                            pngCompressionOption, syncOption,
                          ],
                          summary: "The main job: every SPEC in FOLDER to layout JSON, normal, highlighted and overlay PNGs and a hit map.",
                          run: examplesCommand),
        checkDefinition,
        CommandDefinition(name: "detect", positionals: [PositionalDefinition("TEXT", "the text to search (quote it; -- before a TEXT starting with -)")],
                          options: [
                            OptionDefinition("--types", .text(placeholder: "LIST"), default: "all",
                                             "comma-separated: link, email, phoneNumber, date, address, hashtag, mention"),
                            OptionDefinition("--reference-date", .text(placeholder: "ISO"), default: "now",
                                             "what relative dates resolve against: YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM]"),
                            OptionDefinition("--time-zone", .text(placeholder: "TZ"), default: "UTC", "an IANA time zone name, e.g. Europe/Paris"),
                            OptionDefinition("--region", .text(placeholder: "CC"), default: "US", "the ISO 3166 region national phone numbers are read in"),
                            OptionDefinition("--locale", .choice(["en", "de", "fr", "es"]), default: "en", "the language of month and day names"),
                          ],
                          summary: "Find links, e-mails, phone numbers, dates, addresses, hashtags and mentions; print one JSON line per match (none: no output).",
                          run: detectCommand),
        CommandDefinition(name: "markup", positionals: [PositionalDefinition("TEXT", "the marked-up text (quote it)")], options: [
                            OptionDefinition("--markdown", .flag, default: "off", "read CommonMark with GitHub's autolinks and strikethrough"),
                            OptionDefinition("--tagged", .flag, default: "off",
                                             "read tagged text: <b> <i> <u> <s> <code> <a href> <link href> <span color background>"),
                            OptionDefinition("--pretty", .flag, default: "off", "indent the JSON"),
                          ],
                          summary: "Parse Markdown or a tagged string (one of --markdown, --tagged); print the text and its attribute runs as JSON (UTF-16 ranges); refused links are warnings, links with control characters errors.",
                          run: markupCommand),
    ]

    static let spec = PositionalDefinition("SPEC.json", "the label description (see README)")

    static var usage: String {
        var s = "usage: tappable COMMAND [ARGS]\n\nCommands:\n"
        for c in commands { s += "  \(c.usage)\n      \(c.summary)\n" }
        s += "\nSPEC is a JSON label description (see README). Exit codes: 0 ok, 1 negative answer, 2 bad input.\n"
        s += "Options take --name VALUE or --name=VALUE; -- ends the options.\n"
        s += "`tappable COMMAND --help` lists a command's options with their defaults; `tappable --version` prints the version.\n"
        return s
    }

    /// Runs the command line `arguments` (without the program name). Warnings (e.g. a link a
    /// SPEC asked for but the link policy refused) go to standard error as
    /// `tappable: warning: …` lines, whatever the exit code. `progress` receives progress while
    /// a long command runs (`check`); nil shows none. Both outputs are `MessageText.terminalSafe`:
    /// names from input (files, links) cannot drive the terminal.
    public static func run(_ arguments: [String], progress: ProgressOutput? = nil) -> Result {
        let log = WarningLog()
        var result = $progressOutput.withValue(progress) { $warnings.withValue(log) { dispatch(arguments) } }
        result.stderr = MessageText.terminalSafe(log.lines.map { "tappable: warning: \($0)\n" }.joined() + result.stderr)
        result.stdout = MessageText.terminalSafe(result.stdout)
        return result
    }

    private static func dispatch(_ arguments: [String]) -> Result {
        guard let name = arguments.first else { return Result(stdout: "", stderr: usage, exitCode: 2) }
        if ["--help", "-h", "help"].contains(name) {
            guard arguments.count > 1 else { return .ok(usage) }
            guard arguments.count == 2, let command = commands.first(where: { $0.name == arguments[1] }) else {
                return .badInput("\(name) takes one command name, got \(arguments.dropFirst().map { MessageText.quoted($0) }.joined(separator: " "))\n\n" + usage)
            }
            return .ok(command.help)
        }
        if name == "--version" {
            guard arguments.count == 1 else { return .badInput("--version takes no arguments, got \(MessageText.quoted(arguments[1]))") }
            return .ok("tappable \(version)\n")
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            return .badInput("unknown command \(MessageText.quoted(name))\n\n" + usage)
        }
        let rest = Array(arguments.dropFirst())
        // --help anywhere before `--` asks for the command's help.
        if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) { return .ok(command.help) }
        do {
            return try command.run(try command.arguments(rest))
        } catch let error as SpecError {
            return .badInput(error.description)
        } catch let error as OptionError {
            return .badInput("\(command.name): \(error)\nusage: \(command.usage)\n(see tappable \(command.name) --help)")
        } catch {
            return .badInput("\(error)")
        }
    }

    /// Where the command being run collects its warnings.
    @TaskLocal static var warnings: WarningLog?

    /// Where the command being run shows its progress, if anywhere.
    @TaskLocal static var progressOutput: ProgressOutput?

    static func loadSpec(_ path: String) throws -> LabelSpec {
        do {
            let spec = try LabelSpec.load(path: path)
            warnings?.add(spec.warnings.map { "\(path): \($0)" })
            return spec
        } catch let error as SpecError {
            throw SpecError(field: error.field, error.message.contains(path) ? error.message : "\(path): \(error.message)")
        }
    }

    static func layoutCommand(_ a: Arguments) throws -> Result {
        .ok(JSON.layout(try loadSpec(a.positionals[0]).layout()).serialized() + "\n")
    }

    static func hitCommand(_ a: Arguments) throws -> Result {
        guard let x = PlainDecimal.parse(a.positionals[1]), let y = PlainDecimal.parse(a.positionals[2]) else {
            throw OptionError("X and Y must be decimal numbers (points), got \(a.positionals[1]) \(a.positionals[2])")
        }
        let label = try loadSpec(a.positionals[0]).tappableLabel()
        let layout = label.layout
        let point = Point(x: x, y: y)
        let json = JSON.object([
            ("index", layout.hitTest(at: point).map(JSON.int) ?? .null),
            ("nearestIndex", layout.characterIndex(at: point).map { JSON.int($0.index) } ?? .null),
            ("line", layout.lineIndex(at: point).map(JSON.int) ?? .null),
            ("region", label.region(at: point).map(JSON.region) ?? .null),
        ])
        return .ok(json.serialized() + "\n")
    }
}

/// Warning lines collected while a command runs; thread-safe.
final class WarningLog: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []
    /// Adds lines.
    func add(_ lines: [String]) { lock.lock(); collected += lines; lock.unlock() }
    /// Every line so far, in order.
    var lines: [String] { lock.lock(); defer { lock.unlock() }; return collected }
}
