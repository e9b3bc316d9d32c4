import CICU

/// Unicode segmentation and bidi from ICU: UAX #14 line breaks, UAX #29 grapheme clusters and
/// UAX #9 embedding levels, over UTF-16 code units. Pure functions; empty input gives empty output.
public enum UnicodeAlgorithms {
    /// What may happen at a boundary position.
    public enum BreakKind: UInt8, Sendable {
        case none = 0, allowed = 1, mandatory = 2
    }

    /// UAX #14 line-break opportunities: element i (0...count) says whether a line may or must break
    /// before unit i. Position 0 is always `.none`. On an ICU failure every position is `.none`.
    public static func lineBreaks(_ text: [UInt16]) -> [BreakKind] {
        var out = [UInt8](repeating: 0, count: text.count + 1)
        let status = text.withUnsafeBufferPointer { buf in
            out.withUnsafeMutableBufferPointer { tp_line_breaks(buf.baseAddress, Int32(text.count), $0.baseAddress) }
        }
        guard status == 0 else { return [BreakKind](repeating: .none, count: text.count + 1) }
        return out.map { BreakKind(rawValue: $0) ?? .none }
    }

    /// UAX #29 extended grapheme cluster boundaries: element i (0...count) is true when a cluster
    /// starts (or the text ends) at unit i. On an ICU failure every code-point boundary counts.
    public static func graphemeBoundaries(_ text: [UInt16]) -> [Bool] {
        // ASCII has no extenders, marks, joiners or prepends: a cluster starts at every unit but
        // the LF of CR LF (GB3; GB4 and GB5 break around the other controls; GB999 elsewhere).
        if text.allSatisfy({ $0 < 0x80 }) {
            var out = [Bool](repeating: true, count: text.count + 1)
            for i in text.indices.dropFirst() where text[i] == 0x0A && text[i - 1] == 0x0D { out[i] = false }
            return out
        }
        var out = [UInt8](repeating: 0, count: text.count + 1)
        let status = text.withUnsafeBufferPointer { buf in
            out.withUnsafeMutableBufferPointer { tp_grapheme_breaks(buf.baseAddress, Int32(text.count), $0.baseAddress) }
        }
        if status != 0 || text.isEmpty {
            return (0...text.count).map { $0 == text.count || !UTF16.isTrailSurrogate(text[$0]) }
        }
        return out.map { $0 != 0 }
    }

    /// Bidi embedding levels, one per unit, of one paragraph (`text` holds no paragraph separator),
    /// and the paragraph level (0 left-to-right, 1 right-to-left). `direction` nil: from the first
    /// strong character, left-to-right when there is none.
    public static func bidiLevels(_ text: ArraySlice<UInt16>, rightToLeft direction: Bool?) -> (levels: [UInt8], paragraphLevel: UInt8) {
        var levels = [UInt8](repeating: 0, count: text.count)
        let base: Int32 = direction.map { $0 ? 1 : 0 } ?? -1
        let result = text.withUnsafeBufferPointer { buf in
            levels.withUnsafeMutableBufferPointer { tp_bidi_levels(buf.baseAddress, Int32(text.count), base, $0.baseAddress) }
        }
        if result < 0 {
            let level: UInt8 = direction == true ? 1 : 0
            return ([UInt8](repeating: level, count: text.count), level)
        }
        return (levels, UInt8(result))
    }

    /// The visual order of items with these levels (rule L2): result[v] is the logical index shown
    /// at visual position v.
    public static func visualOrder(levels: [UInt8]) -> [Int] {
        guard let first = levels.first else { return [] }
        // One level throughout (most lines): rule L2 reverses it once per level down to 1, so an
        // odd level reads backwards and an even one forwards.
        if levels.allSatisfy({ $0 == first }) { return first & 1 == 1 ? Array(levels.indices.reversed()) : Array(levels.indices) }
        var map = [Int32](repeating: 0, count: levels.count)
        let status = levels.withUnsafeBufferPointer { buf in
            map.withUnsafeMutableBufferPointer { tp_bidi_reorder(buf.baseAddress, Int32(levels.count), $0.baseAddress) }
        }
        return status == 0 ? map.map(Int.init) : Array(levels.indices)
    }

    /// The ISO 15924 script tag of each unit, packed big-endian ('Latn' = 0x4C61746E); common and
    /// inherited characters resolve to the script around them (the previous one, or the next one at
    /// the start); text with no real script at all is 'Zyyy'.
    public static func resolvedScripts(_ text: ArraySlice<UInt16>) -> [UInt32] {
        var tags = [UInt32](repeating: 0, count: text.count)
        let status = text.withUnsafeBufferPointer { buf in
            tags.withUnsafeMutableBufferPointer { tp_scripts(buf.baseAddress, Int32(text.count), $0.baseAddress) }
        }
        guard status == 0 else { return [UInt32](repeating: common, count: text.count) }
        func isNeutral(_ tag: UInt32) -> Bool { tag == common || tag == inherited || tag == unknown }
        var current: UInt32? = tags.first { !isNeutral($0) }
        for i in tags.indices {
            if isNeutral(tags[i]) { tags[i] = current ?? common } else { current = tags[i] }
        }
        return tags
    }

    /// 'Zyyy', the common script.
    public static let common: UInt32 = 0x5A79_7979
    static let inherited: UInt32 = 0x5A69_6E68
    static let unknown: UInt32 = 0x5A7A_7A7A
}
