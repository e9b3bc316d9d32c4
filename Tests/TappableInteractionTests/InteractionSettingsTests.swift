import Foundation
import Testing
import TappableInteraction
import TappableLayout
import TappableTestSupport
import TappableText

@Suite("Interaction settings: iOS's defaults; bad values rejected with the value at fault")
struct InteractionSettingsTests {
    @Test("defaults: iOS's 0.5 s, 10 pt, insets -5, no minimum target; Tappable's light grey highlight with 4 pt corners")
    func defaults() {
        let s = InteractionSettings()
        #expect(s.longPressDuration == 0.5)
        #expect(s.allowableMovement == 10)
        #expect(s.tapAreaInsets == EdgeInsets(top: -5, left: -5, bottom: -5, right: -5))
        #expect(s.highlightStyle == HighlightStyle(backgroundColor: Color(hex: "#aaaaaa"), textColor: nil, cornerRadius: 4))
        #expect(s.minimumTapTargetSize == nil)
    }

    @Test("bad settings are rejected with the value at fault; layout errors pass through")
    func badInput() throws {
        let text = AttributedText("x")
        #expect(throws: InteractionSettingsError.invalidLongPressDuration(-1)) {
            try TappableLabel(text: text, settings: InteractionSettings(longPressDuration: -1))
        }
        #expect(throws: InteractionSettingsError.self) { try TappableLabel(text: text, settings: InteractionSettings(longPressDuration: .nan)) }
        #expect(throws: InteractionSettingsError.self) { try TappableLabel(text: text, settings: InteractionSettings(allowableMovement: -0.1)) }
        #expect(throws: InteractionSettingsError.self) {
            try TappableLabel(text: text, settings: InteractionSettings(tapAreaInsets: EdgeInsets(top: .infinity, left: 0, bottom: 0, right: 0)))
        }
        #expect(throws: InteractionSettingsError.self) { try TappableLabel(text: text, settings: InteractionSettings(highlightStyle: HighlightStyle(cornerRadius: -2))) }
        #expect(throws: InteractionSettingsError.self) {
            try TappableLabel(text: text, settings: InteractionSettings(minimumTapTargetSize: Size(width: .nan, height: 44)))
        }
        #expect(throws: LayoutError.invalidWidth(-3)) { try TappableLabel(text: text, width: -3) }
        // Infinity disables long presses and is accepted.
        #expect(throws: Never.self) { try TappableLabel(text: text, settings: InteractionSettings(longPressDuration: .infinity)) }
    }
}
