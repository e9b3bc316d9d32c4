import Foundation
import TappableSpec
import TappableTestSupport

/// The login label of the examples, with optional extra SPEC fields.
func loginSpec(_ extra: String = "") throws -> LabelSpec {
    try LabelSpec.parse(Data(LoginSentence.spec(extra).utf8))
}
