import Foundation
import TappableText

/// Resolves a `Font` (family + weight + italic, or a file) to a face file among the bundled fonts
/// under `Fonts/`, and lists the fallback chain for characters a face lacks. Never reads system fonts.
public struct FontRegistry: Sendable {
    /// One face file of a family.
    struct Member: Sendable {
        var weight: Int
        var italic: Bool
        var file: String
    }

    /// The folder holding the bundled fonts.
    public let directory: String
    private let families: [String: [Member]]

    /// The bundled families, by name, with their files relative to `Fonts/`.
    static let bundled: [(name: String, members: [Member])] = [
        ("Inter", [
            Member(weight: 400, italic: false, file: "Inter/Inter-Regular.otf"),
            Member(weight: 500, italic: false, file: "Inter/Inter-Medium.otf"),
            Member(weight: 600, italic: false, file: "Inter/Inter-SemiBold.otf"),
            Member(weight: 700, italic: false, file: "Inter/Inter-Bold.otf"),
            Member(weight: 400, italic: true, file: "Inter/Inter-Italic.otf"),
            Member(weight: 700, italic: true, file: "Inter/Inter-BoldItalic.otf"),
        ]),
        ("DejaVu Sans", [
            Member(weight: 400, italic: false, file: "DejaVu/DejaVuSans.ttf"),
            Member(weight: 700, italic: false, file: "DejaVu/DejaVuSans-Bold.ttf"),
        ]),
        ("DejaVu Sans Mono", [Member(weight: 400, italic: false, file: "DejaVu/DejaVuSansMono.ttf")]),
        ("Noto Sans Mono", [Member(weight: 400, italic: false, file: "Noto/NotoSansMono-Regular.ttf")]),
        ("Noto Sans Arabic", [
            Member(weight: 400, italic: false, file: "Noto/NotoSansArabic-Regular.ttf"),
            Member(weight: 700, italic: false, file: "Noto/NotoSansArabic-Bold.ttf"),
        ]),
        ("Noto Sans Hebrew", [
            Member(weight: 400, italic: false, file: "Noto/NotoSansHebrew-Regular.ttf"),
            Member(weight: 700, italic: false, file: "Noto/NotoSansHebrew-Bold.ttf"),
        ]),
        ("Droid Sans Fallback", [Member(weight: 400, italic: false, file: "Droid/DroidSansFallbackFull.ttf")]),
        ("Noto Color Emoji", [Member(weight: 400, italic: false, file: "Noto/NotoColorEmoji.ttf")]),
    ]

    /// Names of the bundled families.
    public static var bundledFamilyNames: [String] { bundled.map(\.name) }

    /// The families tried, in order, for characters the requested face lacks: scripts first
    /// (Arabic, Hebrew), then a broad Latin/Greek/Cyrillic/symbol face, CJK, and colour emoji.
    public static let fallbackFamilies = ["Noto Sans Arabic", "Noto Sans Hebrew", "DejaVu Sans", "Droid Sans Fallback", "Noto Color Emoji"]
    /// The family used for emoji-presentation clusters before any other.
    public static let emojiFamily = "Noto Color Emoji"

    /// A registry over the bundled fonts in `directory`.
    public init(directory: String) {
        self.directory = directory
        var map: [String: [Member]] = [:]
        for family in Self.bundled { map[family.name.lowercased()] = family.members }
        families = map
    }

    /// The registry over the project's `Fonts/` folder: `$TAPPABLE_FONTS` when set, else the
    /// `Fonts/` folder of the source checkout this module was built from.
    public static let `default`: FontRegistry = FontRegistry(directory: defaultDirectory())

    static func defaultDirectory() -> String {
        if let env = ProcessInfo.processInfo.environment["TAPPABLE_FONTS"], !env.isEmpty { return env }
        // Sources/TappableShaping/FontRegistry.swift -> the package root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent("Fonts").path
    }

    /// The face file for `font`: its own file, or the family member nearest in weight (CSS font
    /// matching: heavier first for weights above 500, lighter first below) with the italic asked
    /// for when the family has one. Throws `unknownFamily` for names not bundled.
    public func file(for font: Font) throws -> String {
        if let file = font.file { return file }
        guard let members = families[font.family.lowercased()] else { throw FontError.unknownFamily(font.family) }
        let styled = members.filter { $0.italic == font.italic }
        let candidates = styled.isEmpty ? members : styled
        let want = font.weight.value
        let best = candidates.min { a, b in
            weightDistance(a.weight, want) < weightDistance(b.weight, want)
        }!
        return (directory as NSString).appendingPathComponent(best.file)
    }

    /// The fallback face files for `font`, bold members where the family has them for bold text.
    public func fallbackFiles(for font: Font) -> [String] {
        Self.fallbackFamilies.compactMap { family in
            try? file(for: Font(family: family, size: font.size, weight: font.weight, italic: false))
        }
    }

    private func weightDistance(_ candidate: Int, _ wanted: Int) -> Int {
        // Prefer the exact weight, then the side CSS prefers, then the other side.
        let d = abs(candidate - wanted)
        let preferredSide = wanted >= 500 ? candidate >= wanted : candidate <= wanted
        return d * 2 + (preferredSide ? 0 : 1)
    }
}

/// The process-wide cache of opened faces, one per font file, shared safely across threads.
/// A face is size-independent (metrics are scaled per use), so one entry serves every size.
public final class FontCache: @unchecked Sendable {
    /// The shared cache.
    public static let shared = FontCache()
    private let lock = NSLock()
    private var faces: [String: FontFace] = [:]
    private var failures: [String: FontError] = [:]
    private var chains: [ChainKey: FaceChain] = [:]

    /// An empty cache of its own (most callers use `shared`).
    public init() {}

    /// The face for `path`, opened on first use. Throws `FontError` for missing or corrupt files
    /// (and keeps throwing the same error without retrying the file).
    public func face(path: String) throws -> FontFace {
        lock.lock()
        defer { lock.unlock() }
        if let face = faces[path] { return face }
        if let failure = failures[path] { throw failure }
        do {
            let face = try FontFace(path: path)
            faces[path] = face
            return face
        } catch let error as FontError {
            failures[path] = error
            throw error
        }
    }

    /// What a face chain depends on: the fonts folder and the face asked for (never the size).
    public struct ChainKey: Hashable, Sendable {
        /// The registry's fonts folder.
        public var directory: String
        /// The family asked for.
        public var family: String
        /// The weight asked for (CSS scale).
        public var weight: Int
        /// Whether italic was asked for.
        public var italic: Bool
        /// The font file asked for instead of a family, if any.
        public var file: String?
    }

    /// The chain for `key`, built by `make` on first use (failures are not kept: `make` reports
    /// them through the face cache, which remembers them).
    public func chain(for key: ChainKey, make: () throws -> FaceChain) throws -> FaceChain {
        lock.lock()
        if let known = chains[key] { lock.unlock(); return known }
        lock.unlock()
        let chain = try make()
        lock.lock()
        defer { lock.unlock() }
        if let raced = chains[key] { return raced }
        chains[key] = chain
        return chain
    }

    /// Forgets the shaped runs every open face keeps (`TextShaper` shapes a run it has seen before
    /// from memory, exactly as HarfBuzz shaped it). Layouts are unaffected; for benchmarks that
    /// measure shaping from nothing, and for tests.
    public func removeShapedRuns() {
        lock.lock()
        let open = Array(faces.values)
        lock.unlock()
        for face in open { face.shapedRuns.removeAll() }
    }

    /// How many faces are open, for tests and diagnostics.
    public var count: Int { lock.lock(); defer { lock.unlock() }; return faces.count }
}

/// A face and its fallbacks, in order: the requested face, opened at once, and the fallback face
/// files, each opened the first time a character needs it (a file that cannot be opened is
/// skipped), so a process that never meets a character outside its fonts never opens the
/// fallbacks (the colour emoji face alone is 11 MB). Thread-safe; kept by `FontCache`, which it
/// refers to weakly (the cache keeps its chains: a strong reference back would keep a cache of
/// one's own, and every face it opened, alive forever). A chain that outlives its cache opens
/// the fallbacks it still needs on its own.
public final class FaceChain: @unchecked Sendable {
    /// The requested face.
    public let primary: FontFace
    private weak var cache: FontCache?
    private let fallbackPaths: [String]
    private let lock = NSLock()
    /// The fallbacks opened so far, by position in `fallbackPaths` (.some(nil): could not open).
    private var fallbacks: [FontFace??]

    /// A chain of `primary` then the faces at `fallbackPaths` (a path equal to the primary's is
    /// left out), opened through `cache` when first asked for.
    public init(primary: FontFace, fallbackPaths: [String], cache: FontCache) {
        self.primary = primary
        self.cache = cache
        self.fallbackPaths = fallbackPaths.filter { $0 != primary.path }
        fallbacks = Array(repeating: nil, count: self.fallbackPaths.count)
    }

    /// How many faces the chain may hold: the primary and every fallback file.
    var candidateCount: Int { 1 + fallbackPaths.count }

    /// The chain's `k`-th face (0: the primary), opening it on first use; nil when that fallback
    /// file cannot be opened.
    func face(at k: Int) -> FontFace? {
        if k == 0 { return primary }
        lock.lock()
        if let known = fallbacks[k - 1] { lock.unlock(); return known }
        lock.unlock()
        let path = fallbackPaths[k - 1]
        let face = try? cache.map { try $0.face(path: path) } ?? FontFace(path: path)
        lock.lock()
        fallbacks[k - 1] = .some(face)
        lock.unlock()
        return face
    }

    /// The first face satisfying `accept`, in chain order, opening fallbacks only as far as needed.
    func first(where accept: (FontFace) -> Bool) -> FontFace? {
        for k in 0..<candidateCount {
            if let face = face(at: k), accept(face) { return face }
        }
        return nil
    }

    /// Every face of the chain that opens, in order (opens all of them).
    public var faces: [FontFace] { (0..<candidateCount).compactMap(face(at:)) }
}
