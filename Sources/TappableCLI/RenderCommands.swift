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
        let data: Data
        switch (output as NSString).pathExtension.lowercased() {
        case "png": data = try LabelRenderer.image(layout, style: spec.style, state: state, scale: a.number("--scale") ?? spec.scale)
            .pngData(compression: a.pngCompression)
        case "pdf": data = try LabelRenderer.pdf(label, style: spec.style, state: state, linkPolicy: spec.linkPolicy)
        case "svg": data = try LabelRenderer.svg(label, style: spec.style, state: state)
        default: throw OptionError("--output \(output) must end in .png, .pdf or .svg")
        }
        try a.write(data, to: output)
        return .ok("")
    }

}

extension TappableCommand {
    static func overlayCommand(_ a: Arguments) throws -> Result {
        let output = a.text("--output")!
        guard (output as NSString).pathExtension.lowercased() == "png" else { throw OptionError("--output \(output) must end in .png") }
        let spec = try loadSpec(a.positionals[0])
        let label = try spec.tappableLabel()
        let image = try OverlayRenderer.image(label, style: spec.style, scale: a.number("--scale") ?? max(spec.scale, 2))
        try a.write(try image.pngData(compression: a.pngCompression), to: output)
        if let json = a.text("--json") {
            try a.write(Data((JSON.hitMap(label).serialized() + "\n").utf8), to: json)
        }
        return .ok("")
    }
}

extension TappableCommand {
    /// The main job: for every SPEC in a folder, its layout JSON, normal PNG, highlighted PNG (each
    /// region pressed in turn: NAME.highlighted.png for the first, NAME.highlighted-N.png after),
    /// overlay PNG and hit-map JSON, written atomically into the output folder. SPECs are done
    /// `--jobs` at a time (default: one per core); the report, the warnings and the files are the
    /// same whatever the number of jobs, in the SPECs' name order.
    static func examplesCommand(_ a: Arguments) throws -> Result {
        let folder = a.positionals[0]
        let output = a.text("--output") ?? "out"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw OptionError("cannot read folder \(folder)")
        }
        // SPECs only: not the layout and hit-map files an earlier run wrote next to them.
        let specs = names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".layout.json") && !$0.hasSuffix(".hitmap.json") }.sorted()
        guard !specs.isEmpty else { throw OptionError("no SPEC (*.json) files in \(folder)") }
        let outcomes = inParallel(specs.count, jobs: a.integer("--jobs") ?? ProcessInfo.processInfo.activeProcessorCount) { k in
            let log = WarningLog()
            let outcome = $warnings.withValue(log) { example(specs[k], folder: folder, output: output, a) }
            return (outcome, log.lines)
        }
        var report = "", errors = "", failed = false
        for ((line, error), lines) in outcomes {
            warnings?.add(lines)
            report += line
            if let error { failed = true; errors += error }
        }
        return Result(stdout: report, stderr: errors, exitCode: failed ? 2 : 0)
    }

    /// One SPEC of `examples`: its report line, or its error line.
    private static func example(_ file: String, folder: String, output: String, _ a: Arguments) -> (report: String, error: String?) {
        let name = String(file.dropLast(5))
        let path = (folder as NSString).appendingPathComponent(file)
        func out(_ suffix: String) -> String { (output as NSString).appendingPathComponent(name + suffix) }
        do {
            let spec = try loadSpec(path)
            let label = try spec.tappableLabel()
            let layout = label.layout
            let scale = a.number("--scale") ?? spec.scale
            try a.write(Data((JSON.layout(layout).serialized() + "\n").utf8), to: out(".layout.json"))
            try a.write(try LabelRenderer.image(layout, style: spec.style, scale: scale).pngData(compression: a.pngCompression), to: out(".png"))
            for (i, region) in label.regions.enumerated() {
                let image = try LabelRenderer.image(layout, style: spec.style, state: .highlighted(label.highlight(for: region)), scale: scale)
                try a.write(try image.pngData(compression: a.pngCompression), to: out(i == 0 ? ".highlighted.png" : ".highlighted-\(i + 1).png"))
            }
            let overlay = try OverlayRenderer.image(label, style: spec.style, scale: max(scale, 2))
            try a.write(try overlay.pngData(compression: a.pngCompression), to: out(".overlay.png"))
            try a.write(Data((JSON.hitMap(label).serialized() + "\n").utf8), to: out(".hitmap.json"))
            return ("\(name): \(layout.textLayout.lines.count) lines, \(label.regions.count) regions -> \(out(".png"))\n", nil)
        } catch let error as SpecError {
            return ("", "tappable: \(error)\n")
        } catch {
            return ("", "tappable: \(path): \(error)\n")
        }
    }
}

/// `work(0..<count)` on up to `jobs` threads at once, results in index order.
func inParallel<T: Sendable>(_ count: Int, jobs: Int, _ work: @Sendable (Int) -> T) -> [T] {
    let results = ParallelResults<T>(count)
    DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
        while let index = results.take() { results.store(work(index), at: index) }
    }
    return results.values.map { $0! }
}

/// The work queue and results of `inParallel`: indices handed out once each, results by index.
private final class ParallelResults<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private(set) var values: [T?]
    init(_ count: Int) { values = Array(repeating: nil, count: count) }
    /// The next index to work on, nil when all are taken.
    func take() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard next < values.count else { return nil }
        next += 1
        return next - 1
    }
    func store(_ value: T, at index: Int) { lock.lock(); values[index] = value; lock.unlock() }
}

extension Arguments {
    /// `--png-compression`: how PNG outputs are encoded (default fast).
    var pngCompression: PNG.Compression { text("--png-compression").flatMap(PNG.Compression.init(rawValue:)) ?? .fast }

    /// Writes an output file atomically, flushed to disk first with `--sync`.
    func write(_ data: Data, to path: String) throws { try AtomicFile.write(data, to: path, sync: flag("--sync")) }
}
