import Testing
@testable import TappableSnapshot

@Suite("RecordDecision: the code asks, TAPPABLE_RECORD overrides, CI refuses and says why")
struct RecordModeTests {
    @Test("TAPPABLE_RECORD overrides the mode asked for in code, in any case; empty means unset")
    func environmentOverrides() throws {
        #expect(try RecordDecision.resolve(requested: .missing, environment: [:]).mode == .missing)
        #expect(try RecordDecision.resolve(requested: .missing, environment: ["TAPPABLE_RECORD": "Failed"]).mode == .failed)
        #expect(try RecordDecision.resolve(requested: .all, environment: ["TAPPABLE_RECORD": "never"]).mode == .never)
        #expect(try RecordDecision.resolve(requested: .failed, environment: ["TAPPABLE_RECORD": ""]).mode == .failed)
        #expect(try RecordDecision.resolve(requested: .failed, environment: [:]).refusal == nil)
    }

    @Test("under CI every mode becomes never, and the refusal names what was not applied")
    func ciRefuses() throws {
        let fromEnvironment = try RecordDecision.resolve(requested: .missing, environment: ["CI": "true", "TAPPABLE_RECORD": "all"])
        #expect(fromEnvironment.mode == .never)
        #expect(fromEnvironment.requested == .all)
        #expect(fromEnvironment.refusal == "CI=true forces record mode never (TAPPABLE_RECORD=all is not applied)")
        let fromCode = try RecordDecision.resolve(requested: .failed, environment: ["CI": "1"])
        #expect(fromCode.refusal == "CI=1 forces record mode never (the code asks for failed)")
        #expect(try RecordDecision.resolve(requested: .never, environment: ["CI": "YES"]).refusal == "CI=YES forces record mode never")
        #expect(try RecordDecision.resolve(requested: .all, environment: ["CI": "false"]).mode == .all)
    }

    @Test("an unknown TAPPABLE_RECORD value is an error naming it and the modes, under CI too")
    func invalidValue() {
        for environment in [["TAPPABLE_RECORD": "sometimes"], ["TAPPABLE_RECORD": "sometimes", "CI": "true"]] {
            #expect(throws: RecordDecision.InvalidEnvironment(value: "sometimes")) {
                try RecordDecision.resolve(requested: .missing, environment: environment)
            }
        }
        #expect(RecordDecision.InvalidEnvironment(value: "x").description == "TAPPABLE_RECORD=x is not one of missing, failed, all, never")
    }
}
