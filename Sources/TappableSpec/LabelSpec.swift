import Foundation
import TappableDetection
import TappableInteraction
import TappableJSON
import TappableLayout
import TappableMarkup
import TappableRendering
import TappableShaping
import TappableText

/// A problem in a SPEC file: the field at fault and what is wrong with it.
public struct SpecError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field's path, e.g. `width` or `runs[1].range`; empty for the whole file.
    public var field: String
    /// What is wrong with the field, in words.
    public var message: String
    /// An error about `field` (its path, or empty for the whole file) saying `message`.
    public init(field: String, _ message: String) { self.field = field; self.message = message }
    /// `field "NAME": message`, or just the message when no field is named.
    public var description: String { field.isEmpty ? message : "field \"\(field)\": \(message)" }
}

/// How a SPEC's `text` is read: as it stands, as Markdown, or as a ZSWTaggedString-style tagged string.
enum SpecMarkup: String, CaseIterable, Sendable {
    case plain, markdown, tagged
}

/// A label described by a SPEC JSON file (see README: "Label description"): its attributed text,
/// size and UILabel properties. Parsing is strict: unknown fields and bad values are errors
/// naming the field.
///
/// The text is built in order: `text` read with its `markup` (`plain`, `markdown`, `tagged`),
/// then `detectors` make what they find tappable links (never over a link the markup made), then
/// `runs` apply, with ranges into the resulting text.
public struct LabelSpec: Sendable {
    /// The label's attributed text, after markup, detectors and runs.
    public var text: AttributedText
    /// Width in points; nil fits the text.
    public var width: Double?
    /// Height in points; nil fits the text.
    public var height: Double?
    /// The UILabel properties (font, lines, line break mode, alignment, spacing, auto-shrink).
    public var properties: LabelProperties
    /// How the label is painted: text colour, background, link style.
    public var style: RenderStyle
    /// Device pixels per point when painting (SPEC `scale`, default 1).
    public var scale: Double
    /// Touch handling: long press, movement, tap areas, minimum tap target.
    public var settings: InteractionSettings
    /// Which link schemes may be tappable (SPEC `linkSchemes`; default: all but javascript,
    /// vbscript, data and file). PDF link annotations follow it too.
    public var linkPolicy: LinkPolicy
    /// What the SPEC asked for but did not get, one line each, e.g. a `javascript:` link left
    /// plain: `field "runs[2].link": link "javascript:…" is not tappable: scheme "javascript" is
    /// not allowed`. The command line prints them on standard error.
    public var warnings: [String]

    /// The fields a SPEC may have.
    static let fields: Set<String> = ["text", "markup", "detectors", "font", "width", "height", "numberOfLines", "lineBreakMode",
                                      "alignment", "lineSpacing", "adjustsFontSizeToFitWidth", "minimumScaleFactor", "color", "runs",
                                      "linkSchemes"]

    /// The largest width, height, font size or spacing a SPEC may give, in points (a million
    /// points is over 350 m): larger values are errors, not silently overflowing numbers.
    public static let maximumLength = 1_000_000.0

    /// The largest font size a SPEC may give, in points (4,000). At the largest scale (16) a
    /// glyph is then 64,000 pixels per em, inside FreeType's 65,535; larger sizes are errors
    /// naming the `font.size` field.
    public static let maximumFontSize = 4_000.0

    /// The most entries `runs` may have (100,000); more is an error naming `runs`, before any
    /// entry is read.
    public static let maximumRunCount = 100_000

    /// The largest SPEC file read, in bytes: 16 MiB (`JSONReader.defaultMaximumLength`). A larger
    /// file is refused from its size, before it is read.
    public static let maximumFileSize = JSONReader.defaultMaximumLength

    /// Reads a SPEC file; relative font paths resolve against the file's folder. A directory or a
    /// file over `maximumFileSize` is an error; a FIFO or device is read up to that size.
    public static func load(path: String) throws -> LabelSpec {
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(path: path, limit: maximumFileSize, accepting: .anythingButDirectories) } catch {
            throw SpecError(field: "", "cannot read SPEC file \(path): \(error.reason)")
        }
        return try parse(Data(bytes), baseDirectory: (path as NSString).deletingLastPathComponent)
    }

    /// Parses SPEC JSON, read strictly by `JSONReader` (RFC 8259: no trailing commas, comments or
    /// duplicate keys; UTF-8 only). Throws `SpecError`: for JSON errors with an empty field and the
    /// message `line L, column C: SPEC is not valid JSON [at PATH]: …`; for a key given twice, naming its
    /// path; otherwise naming the field at fault.
    public static func parse(_ data: Data, baseDirectory: String = ".") throws -> LabelSpec {
        guard data.count <= maximumFileSize else {
            throw SpecError(field: "", "SPEC is \(data.count) bytes, larger than \(BoundedFile.describe(bytes: maximumFileSize))")
        }
        let root: JSONValue
        do { root = try JSONReader(maximumLength: maximumFileSize).read(data) } catch {
            if error.kind == .duplicateKey { throw SpecError(field: error.path, "given twice (one would be silently lost)") }
            let place = error.path.isEmpty ? "" : " at \(error.path)"
            throw SpecError(field: "", "line \(error.line), column \(error.column): SPEC is not valid JSON\(place): \(error.message)")
        }
        guard case let .object(object) = root else { throw SpecError(field: "", "SPEC must be a JSON object") }
        let known = fields.union(styleFields).union(interactionFields)
        if let unknown = object.keys.first(where: { !known.contains($0) }) {
            throw SpecError(field: unknown, "unknown field (known: \(known.sorted().joined(separator: ", ")))")
        }
        let reader = FieldReader(object: object, path: "", baseDirectory: baseDirectory)
        guard let string = try reader.string("text") else { throw SpecError(field: "text", "missing (the label's text)") }
        // As written, before markup: markup only shortens it.
        let length = string.utf16.count
        guard length <= TextLayout.maximumTextLength else {
            throw SpecError(field: "text", "is \(length) UTF-16 code units long, more than the \(TextLayout.maximumTextLength) a label takes")
        }
        let linkPolicy = try reader.linkPolicy("linkSchemes")
        var warnings: [String] = []
        /// Refused links: a control character is an error, a refused scheme a warning.
        func note(_ refused: [RefusedLink], field: String) throws {
            for link in refused {
                let message = "\(link)" + (link.reason.isScheme ? " (allow it with \"linkSchemes\")" : "")
                guard link.reason.isScheme else { throw SpecError(field: field, message) }
                warnings.append(SpecError(field: field, message).description)
            }
        }

        var properties = LabelProperties()
        if let font = try reader.font("font") { properties.font = font }
        properties.numberOfLines = try reader.integer("numberOfLines", minimum: 0) ?? properties.numberOfLines
        properties.lineBreakMode = try reader.enumeration("lineBreakMode", LineBreakMode.self) ?? properties.lineBreakMode
        properties.textAlignment = try reader.enumeration("alignment", TextAlignment.self) ?? properties.textAlignment
        properties.lineSpacing = try reader.number("lineSpacing", minimum: 0, maximum: maximumLength) ?? 0
        properties.adjustsFontSizeToFitWidth = try reader.bool("adjustsFontSizeToFitWidth") ?? false
        properties.minimumScaleFactor = try reader.number("minimumScaleFactor", minimum: 0, maximum: 1) ?? 0

        // The label's colour is its text colour (RenderStyle.textColor), not an attribute, so links
        // keep their link colour.
        var base = TextAttributes()
        var text: AttributedText
        switch try reader.enumeration("markup", SpecMarkup.self) ?? .plain {
        case .plain:
            text = AttributedText(string, attributes: base)
        case .markdown:
            // The label's font is the face emphasis, strong and code vary.
            base.font = properties.font
            // Links carry only their destination: the SPEC's `link` style paints them.
            let result = Markdown.parse(string, options: MarkdownOptions(baseAttributes: base, linkAttributes: TextAttributes(),
                                                                         linkPolicy: linkPolicy))
            text = result.text
            try note(result.refusedLinks, field: "text")
        case .tagged:
            base.font = properties.font
            var options = TaggedStringOptions.standard(baseAttributes: base, linkAttributes: TextAttributes())
            options.linkPolicy = linkPolicy
            let result: MarkupResult
            do { result = try TaggedString(string).parse(with: options) } catch {
                throw SpecError(field: "text", "tagged string error at \(error.description)")
            }
            text = result.text
            try note(result.refusedLinks, field: "text")
        }
        if let settings = try reader.detectorSettings("detectors") {
            let detector: DataDetector
            do { detector = try DataDetector(settings: settings) } catch { throw SpecError(field: "detectors", "\(error)") }
            // Links the markup made win over what the detectors find inside them.
            let found = detector.detections(in: text.string).filter { d in
                !text.runs(in: d.range).contains { $0.attributes.link != nil }
            }
            // Each match is a region: more than a label takes is an error now, before a run per
            // match is made (a megabyte of "5pm " is 260,000 of them).
            guard found.count <= TappableLabel.maximumRegionCount else {
                throw SpecError(field: "detectors", "found \(found.count) matches, more than the \(TappableLabel.maximumRegionCount) tappable regions a label takes")
            }
            text = DataDetector.apply(found, to: text, linkStyle: TextAttributes())
        }
        if let runs = object["runs"] {
            guard case let .array(list) = runs else { throw SpecError(field: "runs", "must be an array of {\"range\":[start,length], ...}") }
            guard list.count <= maximumRunCount else {
                throw SpecError(field: "runs", "has \(list.count) entries, more than the \(maximumRunCount) a SPEC may give")
            }
            var patches: [AttributePatch] = []
            for (i, item) in list.enumerated() {
                let path = "runs[\(i)]"
                guard case let .object(run) = item else { throw SpecError(field: path, "must be an object") }
                let r = FieldReader(object: run, path: path + ".", baseDirectory: baseDirectory)
                let range = try r.range("range", textLength: text.length)
                try r.checkNotSplittingCharacters("range", range, in: text)
                var attributes = try r.runAttributes(labelFont: properties.font)
                if let link = attributes.link, let refusal = linkPolicy.refusal(of: link) {
                    try note([RefusedLink(destination: link, reason: refusal)], field: path + ".link")
                    attributes.link = nil
                }
                patches.append(AttributePatch(attributes, over: range))
            }
            // All at once: merging run by run rewrites every run each time (quadratic).
            try text.addAttributes(patches)
        }
        let (style, scale, linkSettings) = try parseStyle(reader, object: object)
        let settings = try parseInteraction(object, linkSettings: linkSettings,
                                            baseDirectory: baseDirectory)
        return LabelSpec(text: text, width: try reader.number("width", minimum: 0, maximum: maximumLength),
                         height: try reader.number("height", minimum: 0, maximum: maximumLength), properties: properties, style: style, scale: scale,
                         settings: settings, linkPolicy: linkPolicy, warnings: warnings)
    }

    /// Lays the label out.
    public func layout(shaper: TextShaper = TextShaper()) throws -> LabelLayout {
        try LabelLayout(text: text, width: width, height: height, properties: properties, shaper: shaper)
    }
}

/// Typed, validated access to one JSON object's fields, with errors naming `path + key`.
struct FieldReader {
    let object: JSONObject
    let path: String
    let baseDirectory: String

    func fail(_ key: String, _ message: String) -> SpecError { SpecError(field: path + key, message) }

    private func value(_ key: String) -> JSONValue? {
        guard let v = object[key], v != .null else { return nil }
        return v
    }

    func string(_ key: String) throws -> String? {
        guard let v = value(key) else { return nil }
        guard case let .string(s) = v else { throw fail(key, "must be a string") }
        return s
    }

    func bool(_ key: String) throws -> Bool? {
        guard let v = value(key) else { return nil }
        guard case let .bool(b) = v else { throw fail(key, "must be true or false") }
        return b
    }

    func number(_ key: String, minimum: Double? = nil, maximum: Double? = nil) throws -> Double? {
        guard let v = value(key) else { return nil }
        guard case let .number(d) = v else { throw fail(key, "must be a number") }
        guard d.isFinite else { throw fail(key, "must be a finite number, got \(d)") }
        if let minimum, d < minimum { throw fail(key, "must be at least \(JSON.format(minimum)), got \(JSON.format(d))") }
        if let maximum, d > maximum { throw fail(key, "must be at most \(JSON.format(maximum)), got \(JSON.format(d))") }
        return d
    }

    func integer(_ key: String, minimum: Int) throws -> Int? {
        guard let d = try number(key) else { return nil }
        guard d == d.rounded(), abs(d) < 1e9 else { throw fail(key, "must be a whole number, got \(JSON.format(d))") }
        guard Int(d) >= minimum else { throw fail(key, "must be at least \(minimum), got \(Int(d))") }
        return Int(d)
    }

    func enumeration<E: RawRepresentable & CaseIterable>(_ key: String, _: E.Type) throws -> E? where E.RawValue == String {
        guard let s = try string(key) else { return nil }
        guard let e = E(rawValue: s) else {
            throw fail(key, "unknown value \"\(s)\" (one of: \(E.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return e
    }

    /// The `linkSchemes` field: the list of schemes links may have (then nothing else is refused),
    /// or the default policy when absent. `javascript` and `vbscript` are errors: a SPEC is
    /// untrusted and cannot make script links tappable.
    func linkPolicy(_ key: String) throws -> LinkPolicy {
        guard let v = value(key) else { return .default }
        guard case let .array(items) = v, items.count <= 100 else {
            throw fail(key, "must be a list of at most 100 scheme names, e.g. [\"https\", \"mailto\"]")
        }
        var schemes: Set<String> = []
        for (i, item) in items.enumerated() {
            guard case let .string(name) = item, LinkPolicy.scheme(of: name + ":") == name.lowercased() else {
                throw SpecError(field: "\(path)\(key)[\(i)]", "must be a scheme name (a letter, then letters, digits, +, - or .), e.g. \"https\"")
            }
            guard !LinkPolicy.scriptSchemes.contains(name.lowercased()) else {
                throw SpecError(field: "\(path)\(key)[\(i)]", "\"\(name.lowercased())\" links run script when followed and are never tappable from a SPEC")
            }
            schemes.insert(name.lowercased())
        }
        return LinkPolicy(allowedSchemes: schemes, blockedSchemes: [])
    }

    /// A colour as `Color(_:)` reads it: a CSS colour name or `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`.
    func color(_ key: String) throws -> Color? {
        guard let s = try string(key) else { return nil }
        guard let c = Color(s) else { throw fail(key, "\(MessageText.quoted(s)) is not a colour (\(Color.acceptedForms))") }
        return c
    }

    /// A font object; fields it leaves out come from `base`.
    func font(_ key: String, base: Font = Font()) throws -> Font? {
        guard let v = value(key) else { return nil }
        guard case let .object(o) = v else { throw fail(key, "must be an object {\"family\",\"size\",\"weight\",\"italic\"} or {\"file\",\"size\"}") }
        let allowed: Set<String> = ["family", "size", "weight", "italic", "file"]
        if let unknown = o.keys.first(where: { !allowed.contains($0) }) { throw SpecError(field: "\(path)\(key).\(unknown)", "unknown field") }
        let r = FieldReader(object: o, path: "\(path)\(key).", baseDirectory: baseDirectory)
        var font = base
        if let size = try r.number("size", maximum: LabelSpec.maximumFontSize) {
            guard size > 0 else { throw r.fail("size", "must be a positive number of points, got \(JSON.format(size))") }
            font.size = size
        }
        if let family = try r.string("family") {
            guard FontRegistry.bundledFamilyNames.contains(where: { $0.lowercased() == family.lowercased() }) else {
                throw r.fail("family", "unknown family \"\(family)\" (bundled: \(FontRegistry.bundledFamilyNames.joined(separator: ", ")))")
            }
            font.family = family
            font.file = nil
        }
        if let italic = try r.bool("italic") { font.italic = italic }
        if case let .string(name)? = o["weight"] {
            let names = ["regular": 400, "medium": 500, "semibold": 600, "bold": 700]
            guard let value = names[name.lowercased()] else { throw r.fail("weight", "unknown weight \"\(name)\" (regular, medium, semibold, bold or 1...1000)") }
            font.weight = .init(value)
        } else if let value = try r.integer("weight", minimum: 1) {
            guard value <= 1000 else { throw r.fail("weight", "must be 1...1000, got \(value)") }
            font.weight = .init(value)
        }
        if let file = try r.string("file") {
            // A C path ends at a NUL: "a.ttf\u0000x" would open a.ttf.
            guard !file.isEmpty, !file.utf8.contains(0) else { throw r.fail("file", file.isEmpty ? "is empty" : "contains a NUL character") }
            let path = file.hasPrefix("/") ? file : (baseDirectory as NSString).appendingPathComponent(file)
            do { _ = try FontCache.shared.face(path: path) } catch { throw r.fail("file", "\(error)") }
            font.file = path
        }
        return font
    }

    /// The `detectors` field: a list of type names, or `{"types":[…], "referenceDate":"ISO",
    /// "timeZone":"Europe/Paris", "region":"GB", "locale":"de"}`, mapped onto `DetectorSettings`
    /// (whose errors come back naming the field). Nil when absent.
    func detectorSettings(_ key: String) throws -> DetectorSettings? {
        guard let v = value(key) else { return nil }
        let names: [String]?
        var strings: [String: String] = [:]
        var typesPath = path + key
        func typeNames(_ list: [JSONValue], at listPath: String) throws -> [String] {
            try list.enumerated().map { i, item in
                guard case let .string(name) = item else {
                    throw SpecError(field: "\(listPath)[\(i)]", "must be a type name string (\(DetectorSettings.typeNames))")
                }
                return name
            }
        }
        let stringFields: [DetectorSetting] = [.referenceDate, .timeZone, .region, .locale]
        switch v {
        case let .array(list):
            names = try typeNames(list, at: typesPath)
        case let .object(o):
            let allowed = Set(["types"] + stringFields.map(\.field))
            if let unknown = o.keys.first(where: { !allowed.contains($0) }) {
                throw SpecError(field: "\(path)\(key).\(unknown)", "unknown field (known: \(allowed.sorted().joined(separator: ", ")))")
            }
            let r = FieldReader(object: o, path: "\(path)\(key).", baseDirectory: baseDirectory)
            typesPath = "\(path)\(key).types"
            switch o["types"] {
            case nil, .null?: names = nil
            case let .array(list)?: names = try typeNames(list, at: typesPath)
            default: throw SpecError(field: typesPath, "must be an array of type names (\(DetectorSettings.typeNames))")
            }
            for setting in stringFields { strings[setting.field] = try r.string(setting.field) }
        default:
            throw fail(key, "must be an array of type names or {\"types\",\"referenceDate\",\"timeZone\",\"region\",\"locale\"}")
        }
        do {
            return try DetectorSettings(typeNames: names, referenceDate: strings["referenceDate"], timeZone: strings["timeZone"],
                                        region: strings["region"], locale: strings["locale"])
        } catch {
            if case let .types(index) = error.setting {
                throw SpecError(field: typesPath + (index.map { "[\($0)]" } ?? ""), error.message)
            }
            throw SpecError(field: "\(path)\(key).\(error.setting.field)", error.message)
        }
    }

    func range(_ key: String, textLength: Int) throws -> TextRange {
        guard case let .array(a)? = value(key), a.count == 2, case let .number(s) = a[0], case let .number(l) = a[1],
              s == s.rounded(), l == l.rounded(), abs(s) < 1e12, abs(l) < 1e12 else {
            throw fail(key, "must be [start, length] in UTF-16 units")
        }
        let range = TextRange(location: Int(s), length: Int(l))
        guard range.location >= 0, range.length >= 0, range.upperBound <= textLength else {
            throw fail(key, "\(range) lies outside the text (UTF-16 length \(textLength))")
        }
        return range
    }

    /// Throws when `range` starts or ends between the two halves of a surrogate pair.
    func checkNotSplittingCharacters(_ key: String, _ range: TextRange, in text: AttributedText) throws {
        for edge in [range.location, range.upperBound] where edge > 0 && edge < text.length {
            if UTF16.isTrailSurrogate(text.utf16[edge]) && UTF16.isLeadSurrogate(text.utf16[edge - 1]) {
                throw fail(key, "\(range) splits the character at UTF-16 offset \(edge - 1) (a surrogate pair)")
            }
        }
    }

    /// The attributes of a `runs` entry; a partial `font` there changes the label's font.
    func runAttributes(labelFont: Font) throws -> TextAttributes {
        let allowed: Set<String> = ["range", "link", "tappable", "color", "backgroundColor", "highlightedColor",
                                    "highlightedBackground", "underline", "strikethrough", "font", "kern", "baselineOffset"]
        if let unknown = object.keys.first(where: { !allowed.contains($0) }) { throw fail(unknown, "unknown field") }
        var a = TextAttributes()
        a.link = try string("link")
        a.isTappableRegion = try bool("tappable") ?? false
        a.foregroundColor = try color("color")
        a.backgroundColor = try color("backgroundColor")
        a.highlightedForegroundColor = try color("highlightedColor")
        a.highlightedBackgroundColor = try color("highlightedBackground")
        if try bool("underline") == true { a.underline = .single }
        if try bool("strikethrough") == true { a.strikethrough = .single }
        a.font = try font("font", base: labelFont)
        a.kern = try number("kern", minimum: -LabelSpec.maximumLength, maximum: LabelSpec.maximumLength)
        a.baselineOffset = try number("baselineOffset", minimum: -LabelSpec.maximumLength, maximum: LabelSpec.maximumLength)
        return a
    }
}

extension DetectorSetting {
    /// The field of a SPEC's `detectors` object that sets it (`types[2]` for a type in the list).
    var field: String {
        switch self {
        case let .types(index): return "types" + (index.map { "[\($0)]" } ?? "")
        case .referenceDate: return "referenceDate"
        case .timeZone: return "timeZone"
        case .region: return "region"
        case .locale: return "locale"
        }
    }
}
