import Foundation
import TappableInteraction
import TappableJSON
import TappableLayout
import TappableRendering
import TappableSnapshot
import TappableSpec
import TappableText

extension TappableCommand {
    /// Options after the SPEC: `-o PATH`, `--scale S`, `--highlight S,L`, `--touch X,Y`, `--json PATH`.
    struct OutputOptions {
        var output: String?
        var json: String?
        var scale: Double?
        var highlight: TextRange?
        var touch: Point?

        static func parse(_ args: ArraySlice<String>, allowed: Set<String>) throws -> OutputOptions {
            var o = OutputOptions()
            var i = args.startIndex
            func value(_ flag: String) throws -> String {
                guard i + 1 < args.endIndex else { throw UsageError(message: "\(flag) needs a value") }
                i += 1
                return args[i]
            }
            func pair(_ flag: String, _ s: String) throws -> (Double, Double) {
                let parts = s.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
                guard parts.count == 2, let a = parts[0], let b = parts[1], a.isFinite, b.isFinite else {
                    throw UsageError(message: "\(flag) takes two numbers A,B, got \"\(s)\"")
                }
                return (a, b)
            }
            while i < args.endIndex {
                let flag = args[i]
                guard allowed.contains(flag) else { throw UsageError(message: "unknown option \(flag)") }
                switch flag {
                case "-o": o.output = try value(flag)
                case "--json": o.json = try value(flag)
                case "--scale":
                    let s = try value(flag)
                    guard let d = Double(s), d.isFinite, d >= 0.1, d <= 16 else { throw UsageError(message: "--scale must be 0.1...16, got \(s)") }
                    o.scale = d
                case "--highlight":
                    let text = try value(flag)
                    let parts = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
                    guard parts.count == 2, let s = parts[0], let l = parts[1], s >= 0, l >= 0, s <= Int(Int32.max), l <= Int(Int32.max) else {
                        throw UsageError(message: "--highlight takes START,LENGTH in UTF-16 units (whole numbers), got \"\(text)\"")
                    }
                    o.highlight = TextRange(location: s, length: l)
                case "--touch":
                    let (x, y) = try pair(flag, try value(flag))
                    o.touch = Point(x: x, y: y)
                default: break
                }
                i += 1
            }
            if o.highlight != nil && o.touch != nil { throw UsageError(message: "--highlight and --touch exclude each other") }
            return o
        }
    }

    static func renderCommand(_ args: [String]) throws -> Result {
        guard let specPath = args.first else { throw UsageError(message: "expected a SPEC file") }
        let options = try OutputOptions.parse(args.dropFirst(), allowed: ["-o", "--scale", "--highlight", "--touch"])
        guard let output = options.output else { throw UsageError(message: "-o OUT.png|.pdf|.svg is required") }
        let spec = try loadSpec(specPath)
        let label = try spec.tappableLabel()
        let layout = label.layout
        var state = RenderState.normal
        if let range = options.highlight {
            guard range.upperBound <= layout.textLayout.text.length else {
                throw UsageError(message: "--highlight \(range) lies outside the text (UTF-16 length \(layout.textLayout.text.length))")
            }
            state = .highlighted(label.highlight(covering: range))
        } else if let point = options.touch, let region = label.region(at: point) {
            state = .highlighted(label.highlight(for: region))
        }
        let data: Data
        switch (output as NSString).pathExtension.lowercased() {
        case "png": data = try LabelRenderer.image(layout, style: spec.style, state: state, scale: options.scale ?? spec.scale).png
        case "pdf": data = try LabelRenderer.pdf(label, style: spec.style, state: state, linkPolicy: spec.linkPolicy)
        case "svg": data = try LabelRenderer.svg(label, style: spec.style, state: state)
        default: throw UsageError(message: "output \(output) must end in .png, .pdf or .svg")
        }
        try AtomicFile.write(data, to: output)
        return .ok("")
    }

}

extension TappableCommand {
    static func overlayCommand(_ args: [String]) throws -> Result {
        guard let specPath = args.first else { throw UsageError(message: "expected a SPEC file") }
        let options = try OutputOptions.parse(args.dropFirst(), allowed: ["-o", "--json", "--scale"])
        guard let output = options.output else { throw UsageError(message: "-o OUT.png is required") }
        guard (output as NSString).pathExtension.lowercased() == "png" else { throw UsageError(message: "overlay output \(output) must end in .png") }
        let spec = try loadSpec(specPath)
        let label = try spec.tappableLabel()
        let image = try OverlayRenderer.image(label, style: spec.style, scale: options.scale ?? max(spec.scale, 2))
        try AtomicFile.write(image.png, to: output)
        if let json = options.json {
            try AtomicFile.write(Data((JSON.hitMap(label).serialized() + "\n").utf8), to: json)
        }
        return .ok("")
    }
}

extension TappableCommand {
    /// The main job: for every SPEC in a folder, its layout JSON, normal PNG, highlighted PNG (each
    /// region pressed in turn: NAME.highlighted.png for the first, NAME.highlighted-N.png after),
    /// overlay PNG and hit-map JSON, written atomically into the output folder.
    static func examplesCommand(_ args: [String]) throws -> Result {
        guard let folder = args.first else { throw UsageError(message: "expected a folder of SPEC files") }
        let options = try OutputOptions.parse(args.dropFirst(), allowed: ["-o", "--scale"])
        let output = options.output ?? "out"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw UsageError(message: "cannot read folder \(folder)")
        }
        // SPECs only: not the layout and hit-map files an earlier run wrote next to them.
        let specs = names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".layout.json") && !$0.hasSuffix(".hitmap.json") }.sorted()
        guard !specs.isEmpty else { throw UsageError(message: "no SPEC (*.json) files in \(folder)") }
        var report = "", errors = "", failed = false
        for file in specs {
            let name = String(file.dropLast(5))
            let path = (folder as NSString).appendingPathComponent(file)
            func out(_ suffix: String) -> String { (output as NSString).appendingPathComponent(name + suffix) }
            do {
                let spec = try loadSpec(path)
                let label = try spec.tappableLabel()
                let layout = label.layout
                let scale = options.scale ?? spec.scale
                try AtomicFile.write(Data((JSON.layout(layout).serialized() + "\n").utf8), to: out(".layout.json"))
                try AtomicFile.write(try LabelRenderer.image(layout, style: spec.style, scale: scale).png, to: out(".png"))
                for (i, region) in label.regions.enumerated() {
                    let image = try LabelRenderer.image(layout, style: spec.style, state: .highlighted(label.highlight(for: region)), scale: scale)
                    try AtomicFile.write(image.png, to: out(i == 0 ? ".highlighted.png" : ".highlighted-\(i + 1).png"))
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
