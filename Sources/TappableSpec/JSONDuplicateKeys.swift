import Foundation
import TappableJSON

/// Foundation's JSON decoder keeps one of two equal keys in an object without a word; a SPEC
/// with `"width"` twice would silently lose one. This scan finds such keys first.
enum JSONDuplicateKeys {
    /// The path of the first key that appears twice in one object (e.g. `runs[0].link`), nil when
    /// none does. Linear; malformed JSON is left to the decoder to report.
    static func first(in data: Data) -> String? {
        struct Frame {
            var isObject: Bool
            var keys: Set<[UInt8]> = []
            var expectsKey = true
            var key: String?
            var index = 0
        }
        let bytes = [UInt8](data)
        var stack: [Frame] = []
        var i = 0
        func path(ending key: String) -> String {
            var parts = ""
            for frame in stack.dropLast() {
                if frame.isObject, let k = frame.key { parts += (parts.isEmpty ? "" : ".") + k } else if !frame.isObject { parts += "[\(frame.index)]" }
            }
            return parts.isEmpty ? key : parts + "." + key
        }
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "{"): stack.append(Frame(isObject: true))
            case UInt8(ascii: "["): stack.append(Frame(isObject: false))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): if !stack.isEmpty { stack.removeLast() }
            case UInt8(ascii: ","):
                if stack.last?.isObject == true { stack[stack.count - 1].expectsKey = true } else if !stack.isEmpty { stack[stack.count - 1].index += 1 }
            case UInt8(ascii: "\""):
                let start = i + 1
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
                let raw = Array(bytes[start..<min(i, bytes.count)])
                if stack.last?.isObject == true, stack[stack.count - 1].expectsKey {
                    let key = String(decoding: raw, as: UTF8.self)
                    if stack[stack.count - 1].keys.contains(raw) { return path(ending: key) }
                    stack[stack.count - 1].keys.insert(raw)
                    stack[stack.count - 1].expectsKey = false
                    stack[stack.count - 1].key = key
                }
            default: break
            }
            i += 1
        }
        return nil
    }
}
