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
    static func regionsCommand(_ args: [String]) throws -> Result {
        guard args.count == 1 else { throw UsageError(message: "expected one SPEC file") }
        let label = try loadSpec(args[0]).tappableLabel()
        return .ok(JSON.array(label.regions.map(JSON.region)).serialized() + "\n")
    }

    /// `tappable a11y SPEC` → the accessibility elements in reading order (`JSON.accessibilityElement`).
    static func accessibilityCommand(_ args: [String]) throws -> Result {
        guard args.count == 1 else { throw UsageError(message: "expected one SPEC file") }
        let label = try loadSpec(args[0]).tappableLabel()
        return .ok(JSON.array(label.accessibilityElements().map(JSON.accessibilityElement)).serialized() + "\n")
    }

    /// `tappable simulate SPEC --touches "down X,Y @T; move X,Y @T; up X,Y @T" [--frames DIR]`.
    static func simulateCommand(_ args: [String]) throws -> Result {
        guard let specPath = args.first else { throw UsageError(message: "expected a SPEC file") }
        var script: String?, frames: String?
        var i = 1
        while i < args.count {
            switch args[i] {
            case "--touches" where i + 1 < args.count: script = args[i + 1]; i += 2
            case "--frames" where i + 1 < args.count: frames = args[i + 1]; i += 2
            default: throw UsageError(message: "unknown or incomplete option \(args[i])")
            }
        }
        guard let script else { throw UsageError(message: "--touches \"down X,Y @T; move X,Y @T; up X,Y @T\" is required") }
        let inputs = try TouchScript.parse(script)
        let spec = try loadSpec(specPath)
        let label = try spec.tappableLabel()
        let events = TouchSession.events(for: inputs, on: label)
        var out = ""
        var frame = 0
        for event in events {
            var json = JSON.event(event)
            if let frames, case let .highlightChanged(region) = event.kind {
                let state: RenderState = region.map { .highlighted(label.highlight(for: $0)) } ?? .normal
                let image = try LabelRenderer.image(label.layout, style: spec.style, state: state, scale: spec.scale)
                frame += 1
                let name = String(format: "frame-%03d.png", frame)
                try AtomicFile.write(image.png, to: (frames as NSString).appendingPathComponent(name))
                // The event names its frame.
                if case let .object(pairs) = json { json = .object(pairs + [("frame", .string(name))]) }
            }
            out += json.serialized() + "\n"
        }
        return .ok(out)
    }
}
