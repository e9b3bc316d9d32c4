import Foundation

/// The files `tappable examples` writes for each SPEC `NAME.json`, and the SPECs whose files
/// would overwrite each other's (`a.json`'s first highlighted image is `a.highlighted.png`, which
/// a SPEC `a.highlighted.json` writes as its normal image).
enum ExampleOutputs {
    /// What every SPEC writes, after its name: layout JSON, normal image, the first region's
    /// highlighted image, overlay and hit map.
    static let suffixes = [".layout.json", ".png", ".highlighted.png", ".overlay.png", ".hitmap.json"]

    /// The suffix of the highlighted image of region `index` (from 0): `.highlighted.png`, then
    /// `.highlighted-2.png`, `.highlighted-3.png`…
    static func highlightedSuffix(region index: Int) -> String { index == 0 ? ".highlighted.png" : ".highlighted-\(index + 1).png" }

    /// Two SPECs and a file both would write.
    struct Collision: Equatable, CustomStringConvertible {
        var first: String
        var second: String
        var file: String
        var description: String { "\(first).json and \(second).json would both write \(file) (rename one of them)" }
    }

    /// Every pair of SPEC `names` (without `.json`) whose outputs may collide, in name order.
    /// Numbered highlighted images count whatever the number of regions, so a SPEC that gains a
    /// link never starts overwriting another's files: `a.highlighted-7.json` collides with
    /// `a.json` even while `a.json` has fewer than 7 regions.
    static func collisions(among names: [String]) -> [Collision] {
        let known = Set(names)
        var owner: [String: String] = [:]
        var found: [Collision] = []
        for name in names.sorted() {
            for suffix in suffixes {
                let file = name + suffix
                if let other = owner[file], other != name { found.append(Collision(first: other, second: name, file: file)) }
                owner[file] = name
                if let other = numberedHighlightOwner(file), other != name, known.contains(other) {
                    found.append(Collision(first: other, second: name, file: file))
                }
            }
        }
        return found
    }

    /// `X` when `file` is `X.highlighted-N.png` with N a whole number from 2 up (as written, no
    /// leading zero), else nil.
    static func numberedHighlightOwner(_ file: String) -> String? {
        guard file.hasSuffix(".png"), let marker = file.range(of: ".highlighted-", options: .backwards) else { return nil }
        let digits = file[marker.upperBound..<file.index(file.endIndex, offsetBy: -4)]
        guard let first = digits.first, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              first != "0", digits.count > 1 || first != "1" else { return nil }
        return String(file[..<marker.lowerBound])
    }
}
