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
