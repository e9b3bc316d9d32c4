import Foundation
import TappableInteraction
import TappableCheck
import TappableJSON
import TappableLabelSnapshot
import TappableLayout
import TappableRendering
import TappableSnapshot
import TappableSpec
import TappableText

extension TappableCommand {
    static func renderCommand(_ a: Arguments) throws -> Result {
        let output = a.text("--output")!
        if a.has("--highlight") && a.has("--touch") { throw OptionError("--highlight and --touch exclude each other") }
        try Arguments.requireDistinct([("the SPEC", a.positionals[0]), ("--output", output)])
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
        let format = (output as NSString).pathExtension.lowercased()
        for option in ["--html-image", "--lang"] where a.has(option) && format != "html" {
            throw OptionError("\(option) applies to an .html output only")
        }
        let paint: () throws -> Data
        switch format {
        case "png": paint = { try LabelRenderer.image(layout, style: spec.style, state: state, scale: a.number("--scale") ?? spec.scale)
                                .pngData(compression: a.pngCompression) }
        case "pdf": paint = { try LabelRenderer.pdf(label, style: spec.style, state: state, linkPolicy: spec.linkPolicy) }
        case "svg": paint = { try LabelRenderer.svg(label, style: spec.style, state: state, linkPolicy: spec.linkPolicy) }
        case "html":
            let image = a.text("--html-image").flatMap(HTMLImageFormat.init(rawValue:)) ?? .png
            let language = a.text("--lang") ?? "und"
            paint = {
                do {
                    return try LabelRenderer.html(label, style: spec.style, state: state, linkPolicy: spec.linkPolicy, image: image,
                                                  language: language)
                } catch let error as RenderError {
                    if case .invalidLanguageTag = error { throw OptionError("--lang: \(error)") }
                    throw error
                }
            }
        default: throw OptionError("--output \(output) must end in .png, .pdf, .svg or .html")
        }
        // The destination is checked (and its temporary file made) before painting.
        try a.write(to: output, producing: paint)
        return .ok("")
    }

}

extension TappableCommand {
    static func overlayCommand(_ a: Arguments) throws -> Result {
        let output = a.text("--output")!
        guard (output as NSString).pathExtension.lowercased() == "png" else { throw OptionError("--output \(output) must end in .png") }
        try Arguments.requireDistinct([("the SPEC", a.positionals[0]), ("--output", output), ("--json", a.text("--json"))])
        let spec = try loadSpec(a.positionals[0])
        let label = try spec.tappableLabel()
        let paint = {
            try a.write(to: output) {
                try OverlayRenderer.image(label, style: spec.style, scale: a.number("--scale") ?? max(spec.scale, 2)).pngData(compression: a.pngCompression)
            }
        }
        if let json = a.text("--json") {
            // Both destinations are checked before painting: the hit map's temporary file is made first.
            try a.write(to: json) { try paint(); return Data((JSON.hitMap(label).serialized() + "\n").utf8) }
        } else {
            try paint()
        }
        return .ok("")
    }
}

extension TappableCommand {
    /// The main job: for every SPEC in a folder, every `LabelForm` (layout JSON, normal PNG,
    /// highlighted PNGs with each region pressed in turn: NAME.highlighted.png for the first,
    /// NAME.highlighted-N.png after; overlay PNG and hit-map JSON), written atomically into the
    /// output folder (made when missing; its parent folder must exist) — the same forms
    /// `tappable check` compares. SPECs whose files would overwrite each other's are refused
    /// before anything is written (`ExampleOutputs`). SPECs are done `--jobs` at a time (default:
    /// one per core); the report, the warnings and the files are the same whatever the number of
    /// jobs, in the SPECs' name order.
    static func examplesCommand(_ a: Arguments) throws -> Result {
        let folder = a.positionals[0]
        let output = a.text("--output") ?? "out"
        let specs: [String]
        do { specs = try SnapshotCheck.specFiles(in: folder) } catch { throw OptionError(error.description) }
        guard !specs.isEmpty else { throw OptionError("no SPEC (*.json) files in \(folder)") }
        // Before writing anything: no SPEC may overwrite another's files.
        let collisions = ExampleOutputs.collisions(among: specs.map { String($0.dropLast(5)) })
        guard collisions.isEmpty else { throw OptionError(collisions.map(\.description).joined(separator: "\n")) }
        // A JSON file in the way that tappable did not write (a SPEC named like an output) stays.
        if let foreign = ExampleOutputs.foreignJSON(for: specs.map { String($0.dropLast(5)) }, in: output) {
            throw OptionError("\(foreign) is in the way of an output of examples and was not written by it (a SPEC?): "
                              + "move it, or write elsewhere with -o")
        }
        // The output folder is made when missing; the folder it goes in must exist.
        try AtomicFile.checkFolder(output, missingFolder: .create)
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
            let scale = a.number("--scale") ?? spec.scale
            for form in LabelForm.all(regionCount: label.regions.count) {
                let data = form.isImage
                    ? try LabelRendering.painted(form, of: label, style: spec.style, scale: form.paintScale(labelScale: scale))
                        .pngData(compression: a.pngCompression)
                    : Data((try LabelRendering.json(form, of: label).serialized() + "\n").utf8)
                try a.write(data, to: out(form.fileSuffix))
            }
            let lines = label.layout.textLayout.lines.count, regions = label.regions.count
            // Names come from the folder: a line break in one must not start a line of its own.
            return ("\(TextDiff.printable(name)): \(lines) line\(lines == 1 ? "" : "s"), \(regions) region\(regions == 1 ? "" : "s") -> "
                    + "\(TextDiff.printable(out(".png")))\n", nil)
        } catch let error as SpecError {
            return ("", "tappable: \(TextDiff.printable(error.description))\n")
        } catch {
            return ("", "tappable: \(TextDiff.printable(path)): \(TextDiff.printable("\(error)"))\n")
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

    /// Writes an output file atomically (`AtomicFile`'s rules), flushed to disk first with `--sync`.
    func write(_ data: Data, to path: String) throws { try AtomicFile.write(data, to: path, sync: flag("--sync")) }

    /// Writes what `produce` returns to `path` atomically, the destination checked (and its
    /// temporary file made) before `produce` runs; flushed to disk first with `--sync`.
    func write(to path: String, producing produce: () throws -> Data) throws {
        try AtomicFile.write(to: path, sync: flag("--sync"), producing: produce)
    }
}
