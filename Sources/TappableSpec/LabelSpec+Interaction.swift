import TappableInteraction
import TappableJSON
import TappableText

/// The SPEC's interaction fields: `interaction` {longPressDuration, allowableMovement,
/// minimumTapTarget}, completing the settings the `link` style began (tap-area insets and the
/// pressed look).
extension LabelSpec {
    static let interactionFields: Set<String> = ["interaction"]

    static func parseInteraction(_ object: JSONObject, linkSettings: InteractionSettings, baseDirectory: String) throws -> InteractionSettings {
        var settings = linkSettings
        guard let value = object["interaction"], value != .null else { return settings }
        guard case let .object(o) = value else {
            throw SpecError(field: "interaction", "must be an object {\"longPressDuration\",\"allowableMovement\",\"minimumTapTarget\"}")
        }
        let allowed: Set<String> = ["longPressDuration", "allowableMovement", "minimumTapTarget"]
        if let unknown = o.keys.first(where: { !allowed.contains($0) }) { throw SpecError(field: "interaction.\(unknown)", "unknown field") }
        let r = FieldReader(object: o, path: "interaction.", baseDirectory: baseDirectory)
        settings.longPressDuration = try r.number("longPressDuration", minimum: 0, maximum: 1e9) ?? settings.longPressDuration
        settings.allowableMovement = try r.number("allowableMovement", minimum: 0, maximum: LabelSpec.maximumLength) ?? settings.allowableMovement
        if let target = o["minimumTapTarget"], target != .null {
            guard case let .array(a) = target, a.count == 2, case let .number(w) = a[0], case let .number(h) = a[1],
                  w >= 0, h >= 0, w <= LabelSpec.maximumLength, h <= LabelSpec.maximumLength else {
                throw r.fail("minimumTapTarget", "must be [width, height] in points, e.g. [44, 44]")
            }
            settings.minimumTapTargetSize = Size(width: w, height: h)
        }
        do { try settings.validate() } catch { throw SpecError(field: "interaction", "\(error)") }
        return settings
    }

    /// The label with its regions and interaction settings, laid out once.
    public func tappableLabel() throws -> TappableLabel {
        try TappableLabel(text: text, width: width, height: height, properties: properties, settings: settings)
    }
}
