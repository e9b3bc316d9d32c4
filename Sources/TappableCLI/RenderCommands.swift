import Foundation
import TappableInteraction
import TappableJSON
import TappableLayout
import TappableRendering
import TappableSnapshot
import TappableSpec
import TappableText

extension TappableCommand {
    static func renderCommand(_ a: Arguments) throws -> Result {
        let output = a.text("--output")!
        if a.has("--highlight") && a.has("--touch") { throw OptionError("--highlight and --touch exclude each other") }
        let spec = try loadSpec(a.positionals[0])
        let label = try spec.tappableLabel()
        let layout = label.layout
        var state = RenderState.normal
        if let (start, length) = a.pair("--highlight") {
            let textLength = layout.textLayout.text.length
            guard start == start.rounded(), length == length.rounded(), start >= 0, length >= 0, start + length <= Double(textLength) else {
                throw OptionError("--highlight takes START,LENGTH in UTF-16 units (whole numbers) inside the text (length \(textLength)), got \(JSON.format(start)),\(JSON.format(length))")
            }
            state = .highlighted(label.highlight(covering: TextRange(location: Int(start), length: Int(length))))
        } else if let (x, y) = a.pair("--touch"), let region = label.region(at: Point(x: x, y: y)) {
            state = .highlighted(label.highlight(for: region))
        }
        let paint: () throws -> Data
        switch (output as NSString).pathExtension.lowercased() {
        case "png": paint = { try LabelRenderer.image(layout, style: spec.style, state: state, scale: a.number("--scale") ?? spec.scale).png }
        case "pdf": paint = { try LabelRenderer.pdf(label, style: spec.style, state: state, linkPolicy: spec.linkPolicy) }
        case "svg": paint = { try LabelRenderer.svg(label, style: spec.style, state: state) }
        default: throw OptionError("--output \(output) must end in .png, .pdf or .svg")
        }
        // The destination is checked (and its temporary file made) before painting.
        try AtomicFile.write(to: output, producing: paint)
        return .ok("")
    }

}

extension TappableCommand {
    static func overlayCommand(_ a: Arguments) throws -> Result {
        let output = a.text("--output")!
        guard (output as NSString).pathExtension.lowercased() == "png" else { throw OptionError("--output \(output) must end in .png") }
        let spec = try loadSpec(a.positionals[0])
        let label = try spec.tappableLabel()
        let paint = { try AtomicFile.write(to: output) { try OverlayRenderer.image(label, style: spec.style, scale: a.number("--scale") ?? max(spec.scale, 2)).png } }
        if let json = a.text("--json") {
            // Both destinations are checked before painting: the hit map's temporary file is made first.
            try AtomicFile.write(to: json) { try paint(); return Data((JSON.hitMap(label).serialized() + "\n").utf8) }
        } else {
            try paint()
        }
        return .ok("")
    }
}

extension TappableCommand {
    /// The main job: for every SPEC in a folder, its layout JSON, normal PNG, highlighted PNG (each
    /// region pressed in turn: NAME.highlighted.png for the first, NAME.highlighted-N.png after),
    /// overlay PNG and hit-map JSON, written atomically into the output folder (made when missing;
    /// its parent folder must exist). SPECs whose files would overwrite each other's are refused
    /// before anything is written (`ExampleOutputs`).
    static func examplesCommand(_ a: Arguments) throws -> Result {
        let folder = a.positionals[0]
        let output = a.text("--output") ?? "out"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw OptionError("cannot read folder \(folder)")
        }
        // SPECs only: not the layout and hit-map files an earlier run wrote next to them.
        let specs = names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".layout.json") && !$0.hasSuffix(".hitmap.json") }.sorted()
        guard !specs.isEmpty else { throw OptionError("no SPEC (*.json) files in \(folder)") }
        // Before writing anything: no SPEC may overwrite another's files.
        let collisions = ExampleOutputs.collisions(among: specs.map { String($0.dropLast(5)) })
        guard collisions.isEmpty else { throw OptionError(collisions.map(\.description).joined(separator: "\n")) }
        // The output folder is made when missing; the folder it goes in must exist.
        try AtomicFile.checkFolder(output, missingFolder: .create)
        var report = "", errors = "", failed = false
        for file in specs {
            let name = String(file.dropLast(5))
            let path = (folder as NSString).appendingPathComponent(file)
            func out(_ suffix: String) -> String { (output as NSString).appendingPathComponent(name + suffix) }
            do {
                let spec = try loadSpec(path)
                let label = try spec.tappableLabel()
                let layout = label.layout
                let scale = a.number("--scale") ?? spec.scale
                try AtomicFile.write(Data((JSON.layout(layout).serialized() + "\n").utf8), to: out(".layout.json"))
                try AtomicFile.write(try LabelRenderer.image(layout, style: spec.style, scale: scale).png, to: out(".png"))
                for (i, region) in label.regions.enumerated() {
                    let image = try LabelRenderer.image(layout, style: spec.style, state: .highlighted(label.highlight(for: region)), scale: scale)
                    try AtomicFile.write(image.png, to: out(ExampleOutputs.highlightedSuffix(region: i)))
                }
                let overlay = try OverlayRenderer.image(label, style: spec.style, scale: max(scale, 2))
                try AtomicFile.write(overlay.png, to: out(".overlay.png"))
                try AtomicFile.write(Data((JSON.hitMap(label).serialized() + "\n").utf8), to: out(".hitmap.json"))
                report += "\(name): \(layout.textLayout.lines.count) lines, \(label.regions.count) regions -> \(out(".png"))\n"
            } catch let error as SpecError {
                failed = true
                errors += "tappable: \(error)\n"
            } catch {
                failed = true
                errors += "tappable: \(path): \(error)\n"
            }
        }
        return Result(stdout: report, stderr: errors, exitCode: failed ? 2 : 0)
    }
}
