import ConsumerLabels
import Testing
import TappableSnapshotTesting

@Test func signUpLabel() throws {
    assertSnapshot(of: try Labels.signUp(), as: .image(scale: 2))
}

@Test func signUpTapAreas() throws {
    assertSnapshot(of: try Labels.signUp(), as: .label())
}
