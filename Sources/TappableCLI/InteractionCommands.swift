import Foundation
import TappableInteraction
import TappableJSON
import TappableLayout
import TappableRendering
import TappableSnapshot
import TappableSpec
import TappableText

extension TappableCommand {
    /// `tappable regions SPEC` → `[region…]` (`JSON.region`).
    static func regionsCommand(_ a: Arguments) throws -> Result {
        let label = try loadSpec(a.positionals[0]).tappableLabel()
        return .ok(JSON.array(label.regions.map(JSON.region)).serialized() + "\n")
    }

    /// `tappable a11y SPEC` → the accessibility elements in reading order (`JSON.accessibilityElement`).
    static func accessibilityCommand(_ a: Arguments) throws -> Result {
        let label = try loadSpec(a.positionals[0]).tappableLabel()
        return .ok(JSON.array(label.accessibilityElements().map(JSON.accessibilityElement)).serialized() + "\n")
    }

    /// The most PNGs `simulate --frames` writes (one per highlight change); a script making more
    /// highlight changes is an error before any frame is painted.
    public static let maximumFrameCount = 1_000

    /// `tappable simulate SPEC --touches "down X,Y @T; move X,Y @T; up X,Y @T" [--frames DIR]`.
    /// DIR must be an existing folder.
    static func simulateCommand(_ a: Arguments) throws -> Result {
        let specPath = a.positionals[0], script = a.text("--touches")!, frames = a.text("--frames")
        if let frames {
            do { try AtomicFile.checkFolder(frames) } catch { throw OptionError("--frames: \(error.reason)") }
        }
        let inputs = try TouchScript.parse(script)
        let spec = try loadSpec(specPath)
        let label = try spec.tappableLabel()
        let events = TouchSession.events(for: inputs, on: label)
        let changes = events.filter { if case .highlightChanged = $0.kind { true } else { false } }.count
        if frames != nil, changes > maximumFrameCount {
            throw OptionError("--frames writes at most \(maximumFrameCount) frames; these touches change the highlight \(changes) times")
        }
        var out = ""
        var frame = 0
        for event in events {
            var json = JSON.event(event)
            if let frames, case let .highlightChanged(region) = event.kind {
                let state: RenderState = region.map { .highlighted(label.highlight(for: $0)) } ?? .normal
                let image = try LabelRenderer.image(label.layout, style: spec.style, state: state, scale: spec.scale)
                frame += 1
                let name = String(format: "frame-%03d.png", frame)
                try a.write(try image.pngData(compression: a.pngCompression), to: (frames as NSString).appendingPathComponent(name))
                // The event names its frame.
                if case let .object(pairs) = json { json = .object(pairs + [("frame", .string(name))]) }
            }
            out += json.serialized() + "\n"
        }
        return .ok(out)
    }
}

/// The `--touches` language: steps separated by `;`, each `VERB [X,Y] @T [#FINGER]`, where VERB is
/// `down`, `move`, `up`, `cancel` or `wait` (time passes), X,Y points in label coordinates, T
/// seconds. Example: `down 120,10 @0; move 125,12 @0.2; up 125,12 @0.3`.
enum TouchScript {
    struct ParseError: Error, CustomStringConvertible {
        var step: Int
        var text: String
        var message: String
        var description: String { "--touches step \(step) \"\(text)\": \(message)" }
    }

    static func parse(_ script: String) throws -> [TouchInput] {
        var inputs: [TouchInput] = []
        let steps = script.split(separator: ";").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        guard !steps.isEmpty else { throw ParseError(step: 0, text: script, message: "no steps") }
        for (n, step) in steps.enumerated() {
            func fail(_ message: String) -> ParseError { ParseError(step: n + 1, text: step, message: message) }
            let words = step.split(whereSeparator: \.isWhitespace).map(String.init)
            var point: Point?, time: Double?, finger = 0
            for word in words.dropFirst() {
                if word.hasPrefix("@") {
                    guard let t = Double(word.dropFirst()), t.isFinite, t >= 0, t <= 1e9 else { throw fail("time must be seconds in 0...1e9, got \(word)") }
                    time = t
                } else if word.hasPrefix("#") {
                    guard let f = Int(word.dropFirst()) else { throw fail("finger must be #N, got \(word)") }
                    finger = f
                } else {
                    let parts = word.split(separator: ",").map { Double($0) }
                    guard parts.count == 2, let x = parts[0], let y = parts[1], abs(x) <= 1e9, abs(y) <= 1e9 else {
                        throw fail("point must be X,Y in points, got \(word)")
                    }
                    point = Point(x: x, y: y)
                }
            }
            guard let time else { throw fail("missing @TIME") }
            func needPoint() throws -> Point {
                guard let point else { throw fail("missing X,Y") }
                return point
            }
            switch words.first?.lowercased() {
            case "down", "began": inputs.append(.began(try needPoint(), time: time, touch: finger))
            case "move", "moved": inputs.append(.moved(try needPoint(), time: time, touch: finger))
            case "up", "ended": inputs.append(.ended(try needPoint(), time: time, touch: finger))
            case "cancel", "cancelled": inputs.append(.cancelled(time: time, touch: finger))
            case "wait", "advance": inputs.append(.advance(to: time))
            default: throw fail("unknown verb (down, move, up, cancel, wait)")
            }
        }
        return inputs
    }
}
