import Foundation
import TappableInteraction
import TappableJSON
import TappableLayout
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

    /// One subcommand: its name, usage text and what it does.
    struct Subcommand: Sendable {
        var name: String
        var usage: String
        var summary: String
        var run: @Sendable ([String]) throws -> Result
    }

    static let subcommands: [Subcommand] = [
        Subcommand(name: "layout", usage: "tappable layout SPEC.json",
                   summary: "Lay out a label; print its lines, used rect and text origin as JSON (points, label coordinates).",
                   run: layoutCommand),
        Subcommand(name: "hit", usage: "tappable hit SPEC.json X Y",
                   summary: "Hit-test a point (points, label coordinates); print {\"index\",\"nearestIndex\",\"line\",\"region\"}.",
                   run: hitCommand),
        Subcommand(name: "regions", usage: "tappable regions SPEC.json",
                   summary: "The tappable regions in text order: range, text, value, rects, tap areas, frame (points).",
                   run: regionsCommand),
        Subcommand(name: "simulate", usage: "tappable simulate SPEC.json --touches \"down X,Y @T; move X,Y @T; up X,Y @T\" [--frames DIR]",
                   summary: "Feed scripted touches (also: cancel @T, wait @T, #N for another finger); print one JSON event per line; --frames writes a PNG at each highlight change.",
                   run: simulateCommand),
        Subcommand(name: "a11y", usage: "tappable a11y SPEC.json",
                   summary: "The accessibility elements in reading order, split at region boundaries: text, frame, rects, traits, actions.",
                   run: accessibilityCommand),
        Subcommand(name: "render", usage: "tappable render SPEC.json -o OUT.png|.pdf|.svg [--scale S] [--highlight START,LENGTH | --touch X,Y]",
                   summary: "Paint the label, normal or highlighted (--touch: the region a finger at X,Y presses). Written atomically.",
                   run: renderCommand),
        Subcommand(name: "overlay", usage: "tappable overlay SPEC.json -o OUT.png [--json OUT.json] [--scale S]",
                   summary: "Debug overlay: tap areas, glyph rects, line boxes, baselines and a legend; --json writes the hit map.",
                   run: overlayCommand),
        Subcommand(name: "diff", usage: "tappable diff A.png B.png [-o DIFF.png] [--always-write] [--threshold T] [--max-diff-ratio R] [--max-diff-pixels N] [--include-aa]",
                   summary: "Compare two PNGs (pixelmatch): prints {\"width\",\"height\",\"differentPixels\",\"ratio\",\"sizes\"}; -o writes the diff image when they differ; exit 0 match, 1 differ, 2 bad input.",
                   run: diffCommand),
        Subcommand(name: "examples", usage: "tappable examples FOLDER [-o OUT_FOLDER] [--scale S]",
                   summary: "The main job: every SPEC in FOLDER to layout JSON, normal, highlighted and overlay PNGs and a hit map (default out/).",
                   run: examplesCommand),
        Subcommand(name: "detect", usage: "tappable detect \"TEXT\" [--types link,email,phoneNumber,date,address,hashtag,mention] [--reference-date ISO] [--time-zone TZ] [--region CC] [--locale en|de|fr|es]",
                   summary: "Find links, e-mails, phone numbers, dates, addresses, hashtags and mentions; print one JSON line per match (none: no output). Types default to all; dates resolve against --reference-date (default now) in --time-zone (default UTC) and read in --locale (default en); national phone numbers read in --region (default US).",
                   run: detectCommand),
        Subcommand(name: "markup", usage: "tappable markup --markdown|--tagged \"TEXT\" [--pretty]",
                   summary: "Parse Markdown or a tagged string (<b> <i> <u> <s> <code> <a href> <link href> <span color background>); print the text and its attribute runs as JSON (UTF-16 ranges).",
                   run: markupCommand),
    ]

    static var usage: String {
        var s = "usage: tappable COMMAND [ARGS]\n\nCommands:\n"
        for c in subcommands { s += "  \(c.usage)\n      \(c.summary)\n" }
        s += "\nSPEC is a JSON label description (see README). Exit codes: 0 ok, 1 negative answer, 2 bad input.\n"
        s += "`tappable COMMAND --help` prints one command's usage.\n"
        return s
    }

    /// Runs the command line `arguments` (without the program name). Warnings (e.g. a link a
    /// SPEC asked for but the link policy refused) go to standard error as
    /// `tappable: warning: …` lines, whatever the exit code.
    public static func run(_ arguments: [String]) -> Result {
        let log = WarningLog()
        var result = $warnings.withValue(log) { dispatch(arguments) }
        result.stderr = log.lines.map { "tappable: warning: \($0)\n" }.joined() + result.stderr
        return result
    }

    private static func dispatch(_ arguments: [String]) -> Result {
        guard let name = arguments.first else { return Result(stdout: "", stderr: usage, exitCode: 2) }
        if name == "--help" || name == "-h" || name == "help" { return .ok(usage) }
        guard let command = subcommands.first(where: { $0.name == name }) else {
            return .badInput("unknown command \"\(name)\"\n\n" + usage)
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") { return .ok("usage: \(command.usage)\n\(command.summary)\n") }
        do {
            return try command.run(rest)
        } catch let error as SpecError {
            return .badInput(error.description)
        } catch let error as UsageError {
            return .badInput("\(error.message)\nusage: \(command.usage)")
        } catch {
            return .badInput("\(error)")
        }
    }

    /// Where the command being run collects its warnings.
    @TaskLocal static var warnings: WarningLog?

    struct UsageError: Error { var message: String }

    static func loadSpec(_ path: String) throws -> LabelSpec {
        do {
            let spec = try LabelSpec.load(path: path)
            warnings?.add(spec.warnings.map { "\(path): \($0)" })
            return spec
        } catch let error as SpecError {
            throw SpecError(field: error.field, error.message.contains(path) ? error.message : "\(path): \(error.message)")
        }
    }

    static func layoutCommand(_ args: [String]) throws -> Result {
        guard args.count == 1 else { throw UsageError(message: "expected one SPEC file") }
        let layout = try loadSpec(args[0]).layout()
        return .ok(JSON.layout(layout).serialized() + "\n")
    }

    static func hitCommand(_ args: [String]) throws -> Result {
        guard args.count == 3 else { throw UsageError(message: "expected SPEC X Y") }
        guard let x = Double(args[1]), let y = Double(args[2]), x.isFinite, y.isFinite else {
            throw UsageError(message: "X and Y must be finite numbers (points), got \(args[1]) \(args[2])")
        }
        let label = try loadSpec(args[0]).tappableLabel()
        let layout = label.layout
        let point = Point(x: x, y: y)
        let index = layout.hitTest(at: point)
        let region = label.region(at: point)
        let nearest = layout.characterIndex(at: point)?.index
        let line = layout.lineIndex(at: point)
        let json = JSON.object([
            ("index", index.map(JSON.int) ?? .null),
            ("nearestIndex", nearest.map(JSON.int) ?? .null),
            ("line", line.map(JSON.int) ?? .null),
            ("region", region.map(JSON.region) ?? .null),
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
