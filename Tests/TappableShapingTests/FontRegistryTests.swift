import TappableShaping
import TappableTestSupport
import TappableText
import Testing

@Suite("Font caches: a cache of one's own is freed with its faces; its chains never keep it alive")
struct FontRegistryTests {
    @Test("a cache of one's own, its chains and its faces are freed once nothing uses them")
    func ownCacheIsFreed() throws {
        weak let weakCache: FontCache?
        weak var weakFace: FontFace?
        do {
            let cache = FontCache()
            let shaper = TextShaper(cache: cache)
            // Resolving a font makes a chain, which the cache keeps; the chain refers back to the cache.
            let face = try shaper.primaryFace(for: .bundled())
            #expect(try shaper.faceChain(for: .bundled()).count > 1, "the chain has fallbacks, opened through the cache")
            #expect(cache.count > 1)
            weakCache = cache
            weakFace = face
        }
        #expect(weakCache == nil, "the cache is freed (no reference cycle through its chains)")
        #expect(weakFace == nil, "its faces (font files held in memory) go with it")
    }

    @Test("a chain that outlives its cache still opens its fallbacks, on its own")
    func chainOutlivesCache() throws {
        let registry = FontRegistry.default
        let font = Font.bundled()
        var cache: FontCache? = FontCache()
        let chain = FaceChain(primary: try cache!.face(path: try registry.file(for: font)),
                              fallbackPaths: registry.fallbackFiles(for: font), cache: cache!)
        weak let weakCache = cache
        cache = nil
        #expect(weakCache == nil)
        let faces = chain.faces
        #expect(faces.count == 1 + registry.fallbackFiles(for: font).count, "every fallback file opens without the cache")
        #expect(Set(faces.map(\.path)).count == faces.count)
    }
}
