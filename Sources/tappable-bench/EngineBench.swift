import Foundation
import TappableInteraction
import TappableLayout
import TappableRendering
import TappableShaping
import TappableSnapshot
import TappableText

// One operation on one input, for running interleaved with another engine (bench/pango-bench.c
// takes the same options and prints the same JSON shape; bench/compare.py alternates them):
//
//   tappable-bench --font FILE (--text TEXT | --text-file F) --size PT --width PT --scale S
//                  --iterations N --mode layout|render|png|hit|diff [--png-compression fast|best]
//                  [--out FILE.png]
//
// layout: a label of that width (wrapping, no line limit) laid out from the text, again and
// again ("layout": HarfBuzz's runs come from the faces' shape caches after the first) and from
// nothing ("layoutCold": the caches emptied before each layout, untimed); render: the
// laid-out label painted at the scale, pixels only; png: painted and PNG-encoded; hit: strict
// hit-tests at pseudo-random points over the label (ns per test); diff: two PNG files of the
// label (normal, and with the first word highlighted) compared, with and without writing the
// diff image. Nanoseconds of the thread's CPU time per operation (the machine's other load does
// not count): median, min and max over the iterations, after a warm-up of a tenth of them (at
// least one).

/// The options of a `--mode` run.
struct EngineOptions {
    enum Mode: String, CaseIterable { case layout, render, png, hit, diff }
    var font = ""
    var text = ""
    var size = 17.0
    var width = 320.0
    var scale = 2.0
    var iterations = 100
    var mode = Mode.layout
    var compression = PNG.Compression.fast
    var out: String?

    struct Invalid: Error, CustomStringConvertible { var description: String }

    init(_ arguments: [String]) throws {
        var i = 0
        func value(_ name: String) throws -> String {
            guard i + 1 < arguments.count else { throw Invalid(description: "\(name) needs a value") }
            i += 1
            return arguments[i]
        }
        func positive(_ name: String) throws -> Double {
            let raw = try value(name)
            guard let d = Double(raw), d.isFinite, d > 0 else { throw Invalid(description: "\(name) takes a positive number, got \(raw)") }
            return d
        }
        var hasText = false
        while i < arguments.count {
            let name = arguments[i]
            switch name {
            case "--font": font = try value(name)
            case "--text": text = try value(name); hasText = true
            case "--text-file":
                let path = try value(name)
                guard let data = FileManager.default.contents(atPath: path) else { throw Invalid(description: "cannot read \(path)") }
                text = String(decoding: data, as: UTF8.self)
                hasText = true
            case "--size": size = try positive(name)
            case "--width": width = try positive(name)
            case "--scale": scale = try positive(name)
            case "--iterations":
                let raw = try value(name)
                guard let n = Int(raw), n > 0, n <= 10_000_000 else { throw Invalid(description: "--iterations takes 1...10000000, got \(raw)") }
                iterations = n
            case "--mode":
                let raw = try value(name)
                guard let m = Mode(rawValue: raw) else { throw Invalid(description: "--mode takes layout, render, png, hit or diff, got \(raw)") }
                mode = m
            case "--png-compression":
                let raw = try value(name)
                guard let c = PNG.Compression(rawValue: raw) else { throw Invalid(description: "--png-compression takes fast or best, got \(raw)") }
                compression = c
            case "--out": out = try value(name)
            default: throw Invalid(description: "unknown option \(name)")
            }
            i += 1
        }
        guard !font.isEmpty, hasText else { throw Invalid(description: "--font and --text (or --text-file) are required") }
    }
}

/// Median, min and max of a list of nanosecond timings.
struct Timing {
    var median: UInt64, min: UInt64, max: UInt64
    init(_ samples: [UInt64]) {
        let sorted = samples.sorted()
        median = sorted[sorted.count / 2]; min = sorted[0]; max = sorted[sorted.count - 1]
    }
    var json: String { "{\"median\":\(median),\"min\":\(min),\"max\":\(max)}" }
}

/// Times `body` `iterations` times after a warm-up; each sample is divided by `per` (operations
/// per call). `prepare` runs untimed before each call.
func sample(iterations: Int, per: Int = 1, prepare: () -> Void = {}, _ body: () throws -> Void) rethrows -> Timing {
    for _ in 0..<max(1, iterations / 10) { prepare(); try body() }
    var samples: [UInt64] = []
    samples.reserveCapacity(iterations)
    for _ in 0..<iterations {
        prepare()
        let start = threadCPUNanoseconds()
        try body()
        samples.append((threadCPUNanoseconds() - start) / UInt64(per))
    }
    return Timing(samples)
}

/// The CPU time the calling thread has used, in nanoseconds: what the other processes on a
/// busy machine take does not count (bench/pango-bench.c measures the same way).
func threadCPUNanoseconds() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

/// splitmix64 from a fixed seed: the same points as bench/pango-bench.c's hit mode.
struct SplitMix {
    var state: UInt64 = 0x5441_5050_4142_4C45
    mutating func unit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / 9_007_199_254_740_992
    }
}

/// Runs one `--mode` measurement and returns its JSON line.
func engineBench(_ o: EngineOptions) throws -> String {
    let shaper = TextShaper()
    let font = Font.file(o.font, size: o.size)
    let text = AttributedText(o.text, attributes: TextAttributes(font: font))
    let properties = LabelProperties(font: font, numberOfLines: 0, lineBreakMode: .wordWrap)
    func makeLayout() throws -> LabelLayout { try LabelLayout(text: text, width: o.width, properties: properties, shaper: shaper) }
    // Layout mode keeps no layout besides the one being made: its peak memory is one layout's.
    let kept = o.mode == .layout ? nil : try makeLayout()
    var lines = kept?.textLayout.lines.count ?? 0
    var fields: [(String, String)] = [("engine", "\"tappable\""), ("mode", "\"\(o.mode.rawValue)\""), ("iterations", "\(o.iterations)")]
    // Painted once (to report its size and PNG bytes) only where painting is measured: a
    // megabyte of text is taller than any image.
    var png = Data()
    if let layout = kept, [.render, .png, .diff].contains(o.mode) {
        let image = try LabelRenderer.image(layout, scale: o.scale)
        png = try image.pngData(compression: o.compression)
        if let out = o.out { try AtomicFile.write(png, to: out) }
        fields += [("pixels", "[\(image.width),\(image.height)]"), ("pngBytes", "\(png.count)")]
    }
    var timings: [(String, Timing)] = []
    switch o.mode {
    case .layout:
        // Again and again, as a label is laid out again (shaped runs come from the faces' caches),
        // and from nothing (the caches emptied before each layout), as Pango always works.
        timings.append(("layout", try sample(iterations: o.iterations) { lines = try makeLayout().textLayout.lines.count }))
        timings.append(("layoutCold", try sample(iterations: o.iterations, prepare: { shaper.cache.removeShapedRuns() }) {
            _ = try makeLayout()
        }))
    case .render:
        let layout = kept!
        timings.append(("render", try sample(iterations: o.iterations) { _ = try LabelRenderer.image(layout, scale: o.scale) }))
    case .png:
        let layout = kept!
        timings.append(("renderPNG", try sample(iterations: o.iterations) {
            _ = try LabelRenderer.image(layout, scale: o.scale).pngData(compression: o.compression)
        }))
    case .hit:
        let layout = kept!
        let hits = 100
        var rng = SplitMix(), found = 0
        timings.append(("hit", sample(iterations: o.iterations, per: hits) {
            for _ in 0..<hits {
                let x = rng.unit() * (o.width + 20), y = rng.unit() * layout.size.height
                if layout.hitTest(at: Point(x: x, y: y)) != nil { found += 1 }
            }
        }))
        fields.append(("hitsFound", "\(found)"))
    case .diff:
        let layout = kept!
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tappable-bench-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let firstWord = TextRange(location: 0, length: min(text.length, max(1, o.text.utf16.prefix { $0 != 0x20 }.count)))
        let highlight = Highlight(range: firstWord, rects: layout.rects(for: firstWord), cornerRadius: 3,
                                  backgroundColor: Color(hex: "#d0d0d0")!, foregroundColor: nil)
        let pressed = try LabelRenderer.image(layout, state: .highlighted(highlight), scale: o.scale)
        let a = folder + "/a.png", b = folder + "/b.png", d = folder + "/diff.png"
        try AtomicFile.write(png, to: a)
        try AtomicFile.write(try pressed.pngData(compression: o.compression), to: b)
        var report = try diffFiles(a, b, output: nil)
        timings.append(("diff", try sample(iterations: o.iterations) { report = try diffFiles(a, b, output: nil) }))
        timings.append(("diffWithOutput", try sample(iterations: o.iterations) { _ = try diffFiles(a, b, output: d) }))
        fields.append(("differentPixels", "\(report.differentPixels)"))
        fields.append(("diffImageBytes", "\((try? FileManager.default.attributesOfItem(atPath: d)[.size] as? Int) ?? 0)"))
    }
    fields.append(("lines", "\(lines)"))
    fields.append(("peakRSSBytes", "\(Int(peakMemory()))"))
    fields += timings.map { ($0.0, $0.1.json) }
    return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
}
