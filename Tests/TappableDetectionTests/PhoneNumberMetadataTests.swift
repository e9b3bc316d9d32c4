import Testing
@testable import TappableDetection

@Suite("libphonenumber's metadata through CPhoneNumbers")
struct PhoneNumberMetadataTests {
    @Test("valid numbers come back in E.164 with their region", arguments: [
        ("+442079460958", "US", "+442079460958", "GB"),
        ("02079460958", "GB", "+442079460958", "GB"),
        ("4155555555", "US", "+14155555555", "US"),
        ("18005551234", "US", "+18005551234", "US"),
        ("+33123456789", "US", "+33123456789", "FR"),
        ("0123456789", "FR", "+33123456789", "FR"),
        ("0301234567", "DE", "+49301234567", "DE"),
        ("0612345678", "NL", "+31612345678", "NL"),
        ("0312345678", "JP", "+81312345678", "JP"),
    ])
    func valid(digits: String, region: String, e164: String, numberRegion: String) {
        let n = PhoneNumberMetadata.validNumber(digits, region: region)
        #expect(n?.e164 == e164)
        #expect(n?.region == numberRegion)
    }

    @Test("invalid, unparsable or oversized input gives nothing", arguments: [
        ("5555555", "US"), ("12042026", "DE"), ("+999123456789", "US"), ("", "US"), ("x", "US"), ("4155555555", "XX"),
        ("4155555555", "us"), ("4155555555", ""), ("+", "US"), ("++4155555555", "US"), ("415+5555555", "US"),
        (String(repeating: "1", count: 41), "US"), (String(repeating: "1", count: 40), "US"), ("0020 7946 0958", "GB"),
    ])
    func invalid(digits: String, region: String) {
        #expect(PhoneNumberMetadata.validNumber(digits, region: region) == nil)
    }

    @Test("calling codes and national prefixes per region; the metadata covers at least 240 regions")
    func regions() {
        #expect(PhoneNumberMetadata.countryCode(region: "GB") == 44)
        #expect(PhoneNumberMetadata.countryCode(region: "XX") == nil)
        #expect(PhoneNumberMetadata.countryCode(region: "G\u{0}B") == nil)
        #expect(PhoneNumberMetadata.nationalPrefix(region: "GB") == "0")
        #expect(PhoneNumberMetadata.nationalPrefix(region: "US") == "1")
        #expect(PhoneNumberMetadata.nationalPrefix(region: "IT") == "")
        #expect(PhoneNumberMetadata.nationalPrefix(region: "XX") == "")
        #expect(PhoneNumberMetadata.regionCount >= 240)
    }
}
