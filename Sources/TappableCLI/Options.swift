import Foundation
import TappableJSON
import TappableText

/// What an option takes after its name.
enum OptionValue: Sendable {
    /// Nothing: the option is on when given (`--pretty`).
    case flag
    /// Any text, e.g. a path (`-o PATH`); `placeholder` names it in the help.
    case text(placeholder: String)
    /// A decimal number in `range` (no hex, no exponent beyond what the range allows, no inf/NaN).
    case number(placeholder: String, range: ClosedRange<Double>)
    /// A whole decimal number in `range`.
    case integer(placeholder: String, range: ClosedRange<Int>)
    /// One of the listed words.
    case choice([String])
    /// Two decimal numbers `A,B`.
    case pair(placeholder: String)

    var placeholder: String? {
        switch self {
        case .flag: return nil
        case let .text(p), let .number(p, _), let .integer(p, _), let .pair(p): return p
        case let .choice(words): return words.joined(separator: "|")
        }
    }
}

/// One option of a command: its names (the long one first, an optional short one), what it takes,
/// its default (as the help shows it) and what it does.
struct OptionDefinition: Sendable {
    var name: String
    var short: String?
    var value: OptionValue
    var defaultValue: String?
    var help: String

    init(_ name: String, short: String? = nil, _ value: OptionValue, default defaultValue: String? = nil, _ help: String) {
        self.name = name; self.short = short; self.value = value; self.defaultValue = defaultValue; self.help = help
    }

    /// `-o, --output PATH` as the help shows it.
    var signature: String {
        let names = (short.map { "\($0), " } ?? "") + name
        return value.placeholder.map { "\(names) \($0)" } ?? names
    }

    /// The range or choices the value must be in, for the help and for errors.
    var rangeDescription: String? {
        switch value {
        case let .number(_, range): return "\(JSON.format(range.lowerBound))...\(JSON.format(range.upperBound))"
        case let .integer(_, range): return range.upperBound == Int.max ? "\(range.lowerBound) or more" : "\(range.lowerBound)...\(range.upperBound)"
        case let .choice(words): return "one of \(words.joined(separator: ", "))"
        default: return nil
        }
    }
}

/// An option's value as parsed.
enum ParsedValue: Sendable, Equatable {
    case flag, text(String), number(Double), integer(Int), pair(Double, Double)
}

/// A command line split into positionals and checked option values.
struct Arguments: Sendable {
    private(set) var positionals: [String] = []
    private var values: [String: ParsedValue] = [:]

    /// Parses `args` against `options`: `--name value` and `--name=value`, a short name with a
    /// separate value, `--` ends the options (for a positional starting with `-`); `-` alone and
    /// negative numbers (`-5`, `-.5`) are positionals. Errors name the option and what it takes.
    init(_ args: [String], options: [OptionDefinition]) throws {
        var i = 0
        var optionsEnded = false
        while i < args.count {
            let arg = args[i]
            i += 1
            if optionsEnded || !Self.looksLikeOption(arg) {
                positionals.append(arg)
                continue
            }
            if arg == "--" { optionsEnded = true; continue }
            var name = arg, inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            guard let option = options.first(where: { $0.name == name || $0.short == name }) else {
                let known = options.map(\.name).joined(separator: ", ")
                throw OptionError("unknown option \(name) (options: \(known.isEmpty ? "none" : known))")
            }
            guard values[option.name] == nil else { throw OptionError("\(option.name) given twice") }
            if case .flag = option.value {
                guard inline == nil else { throw OptionError("\(option.name) takes no value") }
                values[option.name] = .flag
                continue
            }
            let raw: String
            if let inline {
                raw = inline
            } else {
                guard i < args.count else { throw OptionError("\(option.name) needs a value (\(option.value.placeholder ?? ""))") }
                raw = args[i]
                i += 1
            }
            values[option.name] = try Self.parse(raw, for: option)
        }
    }

    /// Whether `arg` is an option (or `--`) rather than a positional.
    static func looksLikeOption(_ arg: String) -> Bool {
        guard arg.hasPrefix("-"), arg != "-" else { return false }
        let second = arg.dropFirst().first
        return !(second.map { $0.isASCII && ($0.isNumber || $0 == ".") } ?? false)
    }

    static func parse(_ raw: String, for option: OptionDefinition) throws -> ParsedValue {
        func bad(_ what: String) -> OptionError { OptionError("\(option.name) takes \(what), got \"\(raw)\"") }
        switch option.value {
        case .flag: return .flag
        case .text: return .text(raw)
        case let .number(_, range):
            guard let d = PlainDecimal.parse(raw), range.contains(d) else { throw bad("a number in \(option.rangeDescription!)") }
            return .number(d)
        case let .integer(_, range):
            guard let n = integer(raw), range.contains(n) else { throw bad("a whole number, \(option.rangeDescription!)") }
            return .integer(n)
        case let .choice(words):
            guard words.contains(raw) else { throw bad(option.rangeDescription!) }
            return .text(raw)
        case .pair:
            let parts = raw.split(separator: ",", omittingEmptySubsequences: false).map { PlainDecimal.parse($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, let a = parts[0], let b = parts[1] else { throw bad("two numbers A,B") }
            return .pair(a, b)
        }
    }

    /// A plain decimal whole number (`12`, `-3`).
    static func integer(_ s: String) -> Int? {
        guard !s.isEmpty, s.utf8.count <= 18, s.unicodeScalars.allSatisfy({ "0123456789-+".unicodeScalars.contains($0) }) else { return nil }
        return Int(s)
    }

    /// The value of a text (or choice) option, if given.
    func text(_ name: String) -> String? { if case let .text(s)? = values[name] { return s }; return nil }
    /// The value of a number option, if given.
    func number(_ name: String) -> Double? { if case let .number(d)? = values[name] { return d }; return nil }
    /// The value of an integer option, if given.
    func integer(_ name: String) -> Int? { if case let .integer(n)? = values[name] { return n }; return nil }
    /// The value of a pair option, if given.
    func pair(_ name: String) -> (Double, Double)? { if case let .pair(a, b)? = values[name] { return (a, b) }; return nil }
    /// Whether a flag was given.
    func flag(_ name: String) -> Bool { values[name] == .flag }
    /// Whether an option was given at all.
    func has(_ name: String) -> Bool { values[name] != nil }

    /// Throws when two of `files` (what names them, e.g. `--json`, and the path; nil: not given)
    /// are the same file once made absolute, standardised and with symbolic links resolved: one
    /// output would replace the other, or an output its own input.
    static func requireDistinct(_ files: [(name: String, path: String?)]) throws {
        var seen: [String: String] = [:]
        for case let (name, path?) in files {
            let key = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
            if let first = seen[key] {
                throw OptionError("\(first) and \(name) name the same file (\(MessageText.quoted(path))): one would replace the other")
            }
            seen[key] = name
        }
    }
}

/// A bad command line: the message names the option or argument at fault.
struct OptionError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A positional argument of a command, for the usage line and the help.
struct PositionalDefinition: Sendable {
    var name: String
    var help: String
    init(_ name: String, _ help: String) { self.name = name; self.help = help }
}

/// One subcommand: its name, arguments, options, what it does and how to run it.
struct CommandDefinition: Sendable {
    var name: String
    var positionals: [PositionalDefinition]
    var options: [OptionDefinition]
    var summary: String
    var run: @Sendable (Arguments) throws -> TappableCommand.Result

    /// `tappable render SPEC.json -o PATH [options]`: positionals, then the required options.
    var usage: String {
        let required = options.filter { $0.defaultValue == "required" }.map { o in
            ([o.short ?? o.name] + (o.value.placeholder.map { [$0] } ?? [])).joined(separator: " ")
        }
        let optional = options.contains { $0.defaultValue != "required" } ? ["[options]"] : []
        return (["tappable", name] + positionals.map(\.name) + required + optional).joined(separator: " ")
    }

    /// The command's help: usage, summary, each argument, each option with its default and range.
    var help: String {
        let width = (positionals.map(\.name.count) + options.map(\.signature.count) + [6]).max()! + 2
        func column(_ s: String) -> String { s + String(repeating: " ", count: width - s.count) }
        var s = "usage: \(usage)\n\n\(summary)\n"
        if !positionals.isEmpty {
            s += "\nArguments:\n"
            for p in positionals { s += "  \(column(p.name))\(p.help)\n" }
        }
        if !options.isEmpty {
            s += "\nOptions:\n"
            for o in options {
                var line = o.help
                if let range = o.rangeDescription { line += "; \(range)" }
                if let d = o.defaultValue { line += d == "required" ? " (required)" : " (default: \(d))" }
                s += "  \(column(o.signature))\(line)\n"
            }
        }
        s += "  \(column("--help"))print this help\n"
        return s
    }

    /// Parses `args` and checks the positional count and required options.
    func arguments(_ args: [String]) throws -> Arguments {
        let parsed = try Arguments(args, options: options)
        guard parsed.positionals.count == positionals.count else {
            let names = positionals.map(\.name).joined(separator: " ")
            throw OptionError(positionals.isEmpty ? "takes no arguments, got \(parsed.positionals.count)"
                                  : "expected \(names), got \(parsed.positionals.count) argument\(parsed.positionals.count == 1 ? "" : "s")")
        }
        for o in options where o.defaultValue == "required" && !parsed.has(o.name) {
            throw OptionError("\(([o.short ?? o.name] + (o.value.placeholder.map { [$0] } ?? [])).joined(separator: " ")) is required")
        }
        return parsed
    }
}
