import Foundation
import TappableLabelSnapshot

/// The files `tappable examples` writes for each SPEC `NAME.json`, and the SPECs whose files
/// would overwrite each other's (`a.json`'s first highlighted image is `a.highlighted.png`, which
/// a SPEC `a.highlighted.json` writes as its normal image).
enum ExampleOutputs {
    /// What every SPEC writes, after its name (`LabelForm.fileSuffix`): normal image, the first
    /// region's highlighted image, overlay, hit map and layout JSON; further regions' images are
    /// numbered (see `numberedHighlightOwner`).
    static let suffixes = LabelForm.all(regionCount: 1).map(\.fileSuffix)

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

    /// The first JSON output (`NAME.layout.json`, `NAME.hitmap.json`) of SPECs `names` already
    /// in `folder` that `tappable examples` did not write: a regular file that does not start as
    /// its layout (`{"lines":`) or hit map (`{"size":`) does. Nil when there is none.
    static func foreignJSON(for names: [String], in folder: String) -> String? {
        for name in names.sorted() {
            for (suffix, start) in [(".layout.json", #"{"lines":"#), (".hitmap.json", #"{"size":"#)] {
                let path = (folder as NSString).appendingPathComponent(name + suffix)
                let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
                guard type == .typeRegular, let handle = FileHandle(forReadingAtPath: path) else { continue }
                let head = (try? handle.read(upToCount: start.utf8.count)) ?? Data()
                try? handle.close()
                if head != Data(start.utf8) { return path }
            }
        }
        return nil
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
