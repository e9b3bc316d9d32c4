import CPhoneNumbers

/// libphonenumber's metadata (Debian libphonenumber-dev, through CPhoneNumbers): which numbers
/// are valid, their E.164 form, each region's calling code and national prefix.
enum PhoneNumberMetadata {
    /// A number libphonenumber accepted: E.164 (`+442079460958`) and its region (`GB`).
    struct Number: Equatable {
        var e164: String
        var region: String
        var countryCode: Int
    }

    /// The number `digits` (ASCII digits, a leading `+` for international form) stands for when it
    /// is valid; a national number is read in `region`. Nil when invalid, unparsable or over 40 bytes.
    static func validNumber(_ digits: String, region: String) -> Number? {
        guard digits.utf8.count <= 40, !digits.utf8.contains(0), !region.utf8.contains(0) else { return nil }
        var out = TappablePhoneNumber()
        guard tappable_phone_parse(digits, region, &out) == 1, out.valid == 1 else { return nil }
        let e164 = withUnsafeBytes(of: out.e164) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
        let code = withUnsafeBytes(of: out.region) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
        return Number(e164: e164, region: code, countryCode: Int(out.countryCode))
    }

    /// The calling code of a region (`GB` gives 44), nil for a region the metadata does not know.
    static func countryCode(region: String) -> Int? {
        guard !region.utf8.contains(0) else { return nil }
        let code = tappable_phone_country_code(region)
        return code > 0 ? Int(code) : nil
    }

    /// The region's national (trunk) prefix (`0` for GB, `1` for US), empty when it has none.
    static func nationalPrefix(region: String) -> String {
        guard !region.utf8.contains(0) else { return "" }
        var buffer = [CChar](repeating: 0, count: 16)
        tappable_phone_national_prefix(region, &buffer, buffer.count)
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// How many regions the metadata covers.
    static var regionCount: Int { Int(tappable_phone_region_count()) }
}
