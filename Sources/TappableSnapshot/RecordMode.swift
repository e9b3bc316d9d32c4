import Foundation

/// When snapshot references may be written.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Write references that do not exist yet; compare the others. The workstation default.
    case missing
    /// Like `missing`, and also re-record every reference whose comparison fails (beyond the
    /// tolerances, or unreadable). References that pass, within tolerances too, stay untouched.
    case failed
    /// (Re-)record every reference that is not identical to the new snapshot (for images: not
    /// the same pixels); identical ones are left untouched. Use to accept intended changes.
    case all
    /// Never write references: a missing reference is a failure. Always the mode under CI.
    case never
}

/// The record mode a snapshot actually runs in, and why it differs from the one asked for.
public struct RecordDecision: Sendable, Hashable {
    /// The mode in effect.
    public let mode: RecordMode
    /// The mode asked for (in code, or by `TAPPABLE_RECORD`), before CI had its say.
    public let requested: RecordMode
    /// Set when running under CI: e.g. `CI=true forces record mode never (TAPPABLE_RECORD=all is not applied)`.
    /// Failure messages quote it so that a refused recording is never a mystery.
    public let refusal: String?

    /// A decision without CI or environment: `mode` as asked.
    public init(mode: RecordMode) {
        self.mode = mode
        self.requested = mode
        self.refusal = nil
    }

    private init(mode: RecordMode, requested: RecordMode, refusal: String?) {
        self.mode = mode
        self.requested = requested
        self.refusal = refusal
    }

    /// An invalid `TAPPABLE_RECORD` value.
    public struct InvalidEnvironment: Error, Sendable, Hashable, CustomStringConvertible {
        /// The value found.
        public let value: String
        /// `TAPPABLE_RECORD=<value> is not one of missing, failed, all, never`.
        public var description: String {
            "TAPPABLE_RECORD=\(value) is not one of \(RecordMode.allCases.map(\.rawValue).joined(separator: ", "))"
        }
    }

    /// Whether `environment` says we run under CI: `CI` is `true`, `1` or `yes` (any case).
    public static func isCI(_ environment: [String: String]) -> Bool {
        guard let ci = environment["CI"]?.lowercased() else { return false }
        return ["true", "1", "yes"].contains(ci)
    }

    /// The mode in effect given the mode asked for in code and the environment:
    /// `TAPPABLE_RECORD` (`missing`, `failed`, `all`, `never`, any case; empty = unset) overrides
    /// `requested`, and CI (see `isCI`) forces `.never`, saying so in `refusal`.
    /// - Throws: `InvalidEnvironment` when `TAPPABLE_RECORD` holds anything else (even under CI,
    ///   so a typo in a CI script is seen).
    public static func resolve(requested: RecordMode, environment: [String: String]) throws(InvalidEnvironment) -> RecordDecision {
        var asked = requested
        var source = "the code asks for \(requested.rawValue)"
        if let value = environment["TAPPABLE_RECORD"], !value.isEmpty {
            guard let mode = RecordMode(rawValue: value.lowercased()) else { throw InvalidEnvironment(value: value) }
            asked = mode
            source = "TAPPABLE_RECORD=\(value) is not applied"
        }
        guard isCI(environment) else { return RecordDecision(mode: asked, requested: asked, refusal: nil) }
        let reason = asked == .never ? "CI=\(environment["CI"]!) forces record mode never"
                                     : "CI=\(environment["CI"]!) forces record mode never (\(source))"
        return RecordDecision(mode: .never, requested: asked, refusal: reason)
    }
}
