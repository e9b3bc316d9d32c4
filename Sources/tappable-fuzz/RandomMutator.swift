import Foundation

/// A small mutation fuzzer for builds without libFuzzer: inputs from the corpus folders, each
/// mutated by a few random byte edits (flip, insert, delete, duplicate a slice, splice another
/// input), run through the target. No coverage guidance; `--runs N` (default 10,000) and
/// `--seed S` (default 1) make a run repeatable.
enum RandomMutator {
    static func run(_ target: FuzzTarget, arguments: [String]) -> Int32 {
        var runs = 10_000, seed: UInt64 = 1
        var folders: [String] = []
        var i = 0
        while i < arguments.count {
            switch arguments[i] {
            case "--runs" where i + 1 < arguments.count: runs = Int(arguments[i + 1]) ?? runs; i += 2
            case "--seed" where i + 1 < arguments.count: seed = UInt64(arguments[i + 1]) ?? seed; i += 2
            default: folders.append(arguments[i]); i += 1
            }
        }
        var corpus: [[UInt8]] = folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().compactMap {
                FileManager.default.contents(atPath: (folder as NSString).appendingPathComponent($0)).map { [UInt8]($0) }
            }
        }
        if corpus.isEmpty { corpus = [[]] }
        var random = SplitMix(state: seed)
        for n in 0..<runs {
            var input = corpus[random.below(corpus.count)]
            for _ in 0..<(1 + random.below(4)) { mutate(&input, &random, corpus: corpus) }
            target.run(Data(input))
            if n % 1000 == 999 { FileHandle.standardError.write(Data("#\(n + 1) runs\n".utf8)) }
        }
        FileHandle.standardError.write(Data("tappable-fuzz \(target.name): \(runs) runs, \(corpus.count) corpus inputs, no finding\n".utf8))
        return 0
    }

    static func mutate(_ input: inout [UInt8], _ random: inout SplitMix, corpus: [[UInt8]]) {
        let interesting: [UInt8] = Array("{}[]\",:0123456789-.eE\\u<>/&#*_~()@!?\n\t ".utf8) + [0x00, 0x7F, 0x80, 0xC3, 0xE2, 0xF0, 0xFF]
        switch random.below(6) {
        case 0 where !input.isEmpty: input[random.below(input.count)] ^= UInt8(1 << random.below(8))
        case 1: input.insert(interesting[random.below(interesting.count)], at: random.below(input.count + 1))
        case 2 where !input.isEmpty: input.remove(at: random.below(input.count))
        case 3 where !input.isEmpty:
            let start = random.below(input.count), length = min(1 + random.below(64), input.count - start)
            if input.count < 1 << 20 { input.insert(contentsOf: input[start..<(start + length)], at: random.below(input.count + 1)) }
        case 4:
            let other = corpus[random.below(corpus.count)]
            if !other.isEmpty { input.insert(contentsOf: other[random.below(other.count)...], at: random.below(input.count + 1)) }
        default: if !input.isEmpty { input[random.below(input.count)] = interesting[random.below(interesting.count)] }
        }
    }
}

/// SplitMix64: a tiny, well-mixed generator for repeatable runs.
struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : Int(next() % UInt64(n)) }
}
