import ConsumerLabels
import TappableSnapshotTesting
import XCTest

final class SignUpXCTests: XCTestCase {
    func testSignUpLabel() throws {
        assertSnapshot(of: try Labels.signUp(), as: .image(scale: 2))
    }

    func testPressedPrivacyPolicy() throws {
        assertSnapshot(of: try Labels.signUp(), as: .image(highlighting: 1), named: "privacy")
    }
}
