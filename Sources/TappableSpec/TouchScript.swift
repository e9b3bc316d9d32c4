import TappableInteraction
import TappableText

/// A step of a touch script that cannot be read: which step (1-based; 0 for the script as a
/// whole), its text and what is wrong.
public struct TouchScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The step's number, from 1; 0 when the problem is the whole script (no steps, too many).
    public var step: Int
    /// The step as written, trimmed.
    public var text: String
    /// What is wrong, e.g. `time @0.1 is before the previous step's @0.2`.
    public var message: String

    /// An error about step `step` (its text `text`) saying `message`.
    public init(step: Int, text: String, message: String) { self.step = step; self.text = text; self.message = message }

    /// `touch script step N "TEXT": message`, or `touch script: message` for the whole script.
    public var description: String {
        step == 0 ? "touch script: \(message)" : "touch script step \(step) \(MessageText.quoted(text)): \(message)"
    }
}

/// The touch script language of `tappable simulate --touches`: steps separated by `;`, each a verb
/// and exactly the words it takes, in any order after the verb:
///
/// - `down X,Y @T [#N]`, `move X,Y @T [#N]`, `up X,Y @T [#N]`: a finger (number N, default 0)
///   touches, moves or lifts at X,Y (points, label coordinates) at T seconds;
/// - `cancel @T [#N]`: the system cancels the finger's touch;
/// - `wait @T`: time passes until T (a long press can fire).
///
/// Verbs are case-insensitive (`began`, `moved`, `ended`, `cancelled` and `advance` are
/// synonyms). Numbers are `PlainDecimal`s (`12`, `-3.5`, `+.5`, `1e3`; no hex, `inf` or `nan`);
/// coordinates and times lie within ±1e9 and times are never negative; N is 0...999. Times never
/// go backwards from one step to the next. A script has 1...10,000 steps; one `;` may end it.
/// Example: `down 120,10 @0; move 125,12 @0.2; up 125,12 @0.3`.
public enum TouchScript {
    /// The most steps a script may have.
    public static let maximumSteps = 10_000
    /// The largest finger number.
    public static let maximumFinger = 999
    /// The largest magnitude of a coordinate (points) or a time (seconds).
    public static let maximumMagnitude = 1e9

    /// What a verb takes besides `@T`.
    private enum Verb {
        case down, move, up, cancel, wait

        init?(_ word: Substring) {
            switch word.lowercased() {
            case "down", "began": self = .down
            case "move", "moved": self = .move
            case "up", "ended": self = .up
            case "cancel", "cancelled": self = .cancel
            case "wait", "advance": self = .wait
            default: return nil
            }
        }

        var takesPoint: Bool { self == .down || self == .move || self == .up }
        var takesFinger: Bool { self != .wait }
        var name: String { "\(self)" }
    }

    /// The touch inputs a script describes, in order. Throws `TouchScriptError` naming the step
    /// at fault (see the type's comment for the language).
    public static func parse(_ script: String) throws(TouchScriptError) -> [TouchInput] {
        var inputs: [TouchInput] = []
        var previous: (time: Double, word: Substring)?
        var start = script.startIndex
        var number = 0
        while true {
            let end = script[start...].firstIndex(of: ";") ?? script.endIndex
            let text = script[start..<end].trimmingWhitespace()
            let isLast = end == script.endIndex
            number += 1
            if text.isEmpty {
                // Only the end of the script may be empty (after a last ';'), and not the whole script.
                guard isLast, number > 1 else {
                    throw TouchScriptError(step: isLast ? 0 : number, text: "", message: isLast ? "no steps" : "empty step (two ';' in a row?)")
                }
                return inputs
            }
            guard number <= maximumSteps else { throw TouchScriptError(step: 0, text: "", message: "more than \(maximumSteps) steps") }
            let (input, time) = try step(text, number: number, after: previous)
            inputs.append(input)
            previous = time
            if isLast { return inputs }
            start = script.index(after: end)
        }
    }

    /// One step's input and its time (as a number and as written).
    private static func step(_ text: Substring, number: Int, after previous: (time: Double, word: Substring)?)
        throws(TouchScriptError) -> (TouchInput, (time: Double, word: Substring)) {
        func fail(_ message: String) -> TouchScriptError { TouchScriptError(step: number, text: String(text), message: message) }
        let words = text.split(whereSeparator: \.isWhitespace)
        guard let verb = Verb(words[0]) else {
            throw fail("unknown verb \(MessageText.quoted(String(words[0]))) (down, move, up, cancel, wait)")
        }
        var point: Point?, time: (value: Double, word: Substring)?, finger: Int?
        for word in words.dropFirst() {
            if word.hasPrefix("@") {
                guard time == nil else { throw fail("a second time \(MessageText.quoted(String(word))) (a step has one @TIME)") }
                guard let t = PlainDecimal.parse(word.dropFirst()), t >= 0, t <= maximumMagnitude else {
                    throw fail("time must be decimal seconds in 0...1000000000, e.g. @0.25, got \(MessageText.quoted(String(word)))")
                }
                time = (t, word)
            } else if word.hasPrefix("#") {
                guard verb.takesFinger else { throw fail("\(verb.name) takes no finger: \(MessageText.quoted(String(word)))") }
                guard finger == nil else { throw fail("a second finger \(MessageText.quoted(String(word))) (a step has at most one #N)") }
                let digits = word.dropFirst()
                guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let f = Int(digits) else {
                    throw fail("finger must be #N with N a whole number 0...\(maximumFinger), got \(MessageText.quoted(String(word)))")
                }
                finger = f
            } else {
                guard verb.takesPoint else {
                    throw fail("\(verb.name) takes only @TIME\(verb.takesFinger ? " and #N" : ""), not \(MessageText.quoted(String(word)))")
                }
                let parts = word.split(separator: ",", omittingEmptySubsequences: false)
                guard parts.count == 2, let x = PlainDecimal.parse(parts[0]), let y = PlainDecimal.parse(parts[1]),
                      abs(x) <= maximumMagnitude, abs(y) <= maximumMagnitude else {
                    throw fail("expected X,Y in points (decimal numbers within ±1000000000, e.g. 120,10.5), got \(MessageText.quoted(String(word)))")
                }
                guard point == nil else { throw fail("a second point \(MessageText.quoted(String(word))) (a step has one X,Y)") }
                point = Point(x: x, y: y)
            }
        }
        guard let time else { throw fail("missing @TIME (seconds, e.g. @0.5)") }
        if let previous, time.value < previous.time {
            throw fail("time \(time.word) is before the previous step's \(previous.word) (times never go backwards)")
        }
        let touch = finger ?? 0
        let input: TouchInput
        switch verb {
        case .wait: input = .advance(to: time.value)
        case .cancel: input = .cancelled(time: time.value, touch: touch)
        case .down, .move, .up:
            guard let point else { throw fail("missing X,Y (the point in label coordinates, e.g. 120,10)") }
            switch verb {
            case .down: input = .began(point, time: time.value, touch: touch)
            case .move: input = .moved(point, time: time.value, touch: touch)
            default: input = .ended(point, time: time.value, touch: touch)
            }
        }
        return (input, (time.value, time.word))
    }
}

private extension Substring {
    /// The substring without leading and trailing whitespace.
    func trimmingWhitespace() -> Substring {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return self[endIndex...] }
        return self[first...last]
    }
}
