import Foundation
import Testing
import TappableInteraction
import TappableLayout
import TappableTestSupport
import TappableText

@Suite("Accessibility elements and region info")
struct AccessibilityTests {
    @Test("the seed string splits into \"View our \", \"Privacy Policy\" (link), \" or \", \"Terms of Service\" (link)")
    func seedElements() throws {
        let label = try Fixture.seedLabel()
        let elements = label.accessibilityElements()
        #expect(elements.map(\.text) == ["View our ", "Privacy Policy", " or ", "Terms of Service"])
        #expect(elements.map(\.label) == elements.map(\.text))
        #expect(elements.map(\.range) == [TextRange(location: 0, length: 9), SeedSentence.privacy, TextRange(location: 23, length: 4), SeedSentence.terms])
        #expect(elements.map(\.traits) == [.staticText, [.link, .staticText], .staticText, [.link, .staticText]])
        #expect(elements.map { $0.region?.index } == [nil, 0, nil, 1])
        #expect(elements[1].region == label.regions[0] && elements[3].region == label.regions[1])
        #expect(elements.map(\.activationIndex) == [nil, 9, nil, 27])
        for element in elements {
            let rects = label.layout.rects(for: element.range)
            #expect(element.rects == rects)
            #expect(element.frame == rects.dropFirst().reduce(rects[0]) { $0.union($1) })
            #expect(element.customActions.isEmpty)
        }
        #expect(elements[1].frame == label.regions[0].frame)
    }

    @Test("a wrapped link's element has one rect per line and their union as frame")
    func wrappedElement() throws {
        let label = try Fixture.label(LoginSentence.text, links: [LoginSentence.terms], width: 320)
        let elements = label.accessibilityElements()
        #expect(elements.map(\.text) == ["By registering, I agree to the ", "Terms of Service", " and Privacy Policy."])
        let terms = elements[1]
        #expect(terms.rects.count == 2)
        #expect(terms.frame == terms.rects[0].union(terms.rects[1]))
        #expect(terms.frame.minX == 0, "the second line starts at the left edge")
    }

    @Test("long-press action on links only, named \"Open Menu\" by default or as configured; custom labels and actions per range")
    func actionsAndLabels() throws {
        let label = try Fixture.seedLabel()
        let plain = label.accessibilityElements(options: AccessibilityOptions(includesLongPressAction: true))
        #expect(plain.map { $0.customActions.map(\.name) } == [[], ["Open Menu"], [], ["Open Menu"]])
        #expect(plain[3].customActions[0].kind == .longPress(TappableRegionInfo(region: label.regions[1], index: 27, attributes: label.attributes(at: 27))))
        let options = AccessibilityOptions(
            includesLongPressAction: true, longPressActionName: "Share",
            label: { range, attributes in attributes.link != nil ? "Link \(range.location)" : nil },
            customActions: { range, attributes in
                attributes.link.map { [AccessibilityCustomAction(name: "View Link Address", kind: .custom(identifier: $0))] } ?? []
            })
        let custom = label.accessibilityElements(options: options)
        #expect(custom.map(\.label) == ["View our ", "Link 9", " or ", "Link 27"])
        #expect(custom.map(\.text) == ["View our ", "Privacy Policy", " or ", "Terms of Service"])
        let privacy = TappableRegionInfo(region: label.regions[0], index: 9, attributes: label.attributes(at: 9))
        #expect(custom[1].customActions == [AccessibilityCustomAction(name: "Share", kind: .longPress(privacy)),
                                            AccessibilityCustomAction(name: "View Link Address", kind: .custom(identifier: "https://example.com/9"))])
    }

    @Test("truncated text: elements only for the shown part; a hidden tail has none")
    func truncatedElements() throws {
        let string = "Please read the Terms of Service before you continue"
        let label = try Fixture.label(string, links: [TextRange(location: 16, length: 16)], width: 200, lines: 1, mode: .truncateTail)
        let cut = try #require(label.layout.textLayout.lines[0].truncatedRange)
        let elements = label.accessibilityElements()
        #expect(elements.map(\.range) == [TextRange(location: 0, length: 16), TextRange(16..<cut.location)])
        #expect(elements.map(\.text) == ["Please read the ", label.text.substring(TextRange(16..<cut.location))])
        #expect(elements[1].traits.contains(.link))
        #expect(elements.allSatisfy { !$0.rects.isEmpty })
    }

    @Test("middle truncation: a span shown on both sides of the ellipsis gives one element per shown part")
    func middleTruncation() throws {
        let string = "Start of a long sentence that will not fit in the label at all, end"
        let label = try Fixture.label(string, links: [], width: 200, lines: 1, mode: .truncateMiddle)
        let cut = try #require(label.layout.textLayout.lines[0].truncatedRange)
        let elements = label.accessibilityElements()
        #expect(elements.map(\.range) == [TextRange(0..<cut.location), TextRange(cut.upperBound..<label.text.length)])
        #expect(elements.allSatisfy { $0.traits == .staticText })
    }

    @Test("empty text has no elements")
    func empty() throws {
        #expect(try TappableLabel(text: AttributedText(""), width: 100).accessibilityElements().isEmpty)
    }
}
