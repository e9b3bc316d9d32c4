import Foundation
import Testing
import TappableLayout
import TappableShaping
import TappableTestSupport
import TappableText

@Suite("Range geometry: rects and shown clusters of many ranges in one pass")
struct RangeGeometryTests {
    /// The brute-force answer for one range: every line, every box, left to right.
    static func oracle(_ range: TextRange, in layout: TextLayout) -> RangeGeometry {
        var rects: [Rect] = [], clusters: [ClusterRect] = []
        guard range.length > 0 else { return .empty }
        for line in layout.lines {
            var piece: (Double, Double)?
            func close() {
                if let p = piece, p.1 > p.0 {
                    rects.append(Rect(x: line.origin.x + p.0, y: line.origin.y, width: p.1 - p.0, height: line.height))
                }
                piece = nil
            }
            for box in line.boxes {
                let touches = !box.isEllipsis && box.characterRange.intersection(range) != nil
                if touches, box.width > 0 {
                    clusters.append(ClusterRect(index: box.characterRange.location,
                                                rect: Rect(x: line.origin.x + box.minX, y: line.origin.y, width: box.width, height: line.height)))
                }
                if touches, line.isWithinContent(box) {
                    piece = piece.map { ($0.0, box.maxX) } ?? (box.minX, box.maxX)
                } else {
                    close()
                }
            }
            close()
        }
        return RangeGeometry(rects: rects, clusters: clusters)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var width: Double?
        var lines: Int
        var mode: LineBreakMode
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "login, wrapped", text: LoginSentence.text, width: 120, lines: 0, mode: .wordWrap),
        Case(name: "login, tail-truncated", text: LoginSentence.text, width: 150, lines: 1, mode: .truncateTail),
        Case(name: "login, middle-truncated", text: LoginSentence.text, width: 180, lines: 1, mode: .truncateMiddle),
        Case(name: "Hebrew with Latin, wrapped", text: "שלום וברוכים הבאים, קראו את Terms of Service לפני ההרשמה לשירות",
             width: 180, lines: 0, mode: .wordWrap),
        Case(name: "Arabic with Latin, one line", text: "اقرأ سياسة الخصوصية Privacy Policy قبل التسجيل", width: nil, lines: 1, mode: .truncateTail),
        Case(name: "trailing spaces and paragraphs", text: "Terms   \nand  \n\nPrivacy   ", width: 60, lines: 0, mode: .wordWrap),
    ]

    /// Every window of `step` units over the text, plus single clusters and the whole text.
    static func ranges(in length: Int, step: Int) -> [TextRange] {
        stride(from: 0, to: length, by: step).map { TextRange(location: $0, length: min(step, length - $0)) }
    }

    @Test("the batch answer equals the brute-force answer, range by range", arguments: cases)
    func batchEqualsOracle(_ c: Case) throws {
        let layout = try Fixture.label(c.text, width: c.width, lines: c.lines, mode: c.mode).textLayout
        for step in [1, 2, 3, 7, 16] {
            let ranges = Self.ranges(in: layout.text.length, step: step)
            let batch = layout.geometry(of: ranges)
            #expect(batch.count == ranges.count)
            for (range, geometry) in zip(ranges, batch) {
                #expect(geometry == Self.oracle(range, in: layout), "step \(step), range \(range)")
            }
        }
        let whole = TextRange(location: 0, length: layout.text.length)
        #expect(layout.rects(for: whole) == Self.oracle(whole, in: layout).rects)
        #expect(!layout.rects(for: whole).isEmpty)
    }

    @Test("unsorted, overlapping, empty and negative ranges get the same answers as alone")
    func irregularLists() throws {
        let layout = try Fixture.label(LoginSentence.text, width: 120, lines: 0, mode: .wordWrap).textLayout
        let ranges = [LoginSentence.privacy, LoginSentence.terms, TextRange(location: 35, length: 20),
                      TextRange(location: 3, length: 0), TextRange(location: 5, length: -2)]
        let batch = layout.geometry(of: ranges)
        for (range, geometry) in zip(ranges, batch) {
            #expect(geometry == Self.oracle(range, in: layout), "\(range)")
        }
        #expect(batch[3] == .empty && batch[4] == .empty)
        #expect(layout.geometry(of: []).isEmpty)
    }

    @Test("label coordinates: the text origin is added once")
    func labelCoordinates() throws {
        let label = try Fixture.label(LoginSentence.text, width: 320, height: 200, lines: 0)
        #expect(label.textOrigin.y > 0, "the text is centred in the taller label")
        let inText = label.textLayout.geometry(of: [LoginSentence.terms])[0]
        let inLabel = label.geometry(of: [LoginSentence.terms])[0]
        #expect(inLabel == inText.offsetBy(dx: label.textOrigin.x, dy: label.textOrigin.y))
        #expect(label.rects(for: LoginSentence.terms) == inLabel.rects)
        #expect(label.lineOrigin(0).y == label.lineRect(0).minY)
    }

    @Test("ellipsis rects: where the ellipsis is drawn, nothing when nothing is truncated")
    func ellipsisRects() throws {
        let truncated = try Fixture.label(LoginSentence.text, width: 150, lines: 1)
        let rects = truncated.ellipsisRects
        #expect(rects.count == 1)
        #expect(rects[0].width > 0 && abs(rects[0].maxX - truncated.usedRect.maxX) < 1e-6, "the ellipsis ends the line")
        #expect(try Fixture.label(LoginSentence.text, width: 600, lines: 1).ellipsisRects.isEmpty)
    }

    @Test("right-to-left: a link split by bidi reordering gets one rect per visual piece")
    func bidiPieces() throws {
        // Hebrew inside an English link: in visual order the link is in one piece; a range
        // covering the end of the English and the start of the Hebrew is in two.
        let text = "Read שלום עולם now"
        let layout = try Fixture.label(text, width: 400, font: Font(family: "DejaVu Sans", size: 16))
        let rects = layout.rects(for: TextRange(location: 3, length: 3))
        #expect(rects.count == 2)
        let hebrew = TextRange(location: 5, length: 4)
        let first = layout.rects(for: TextRange(location: hebrew.location, length: 1))[0]
        let last = layout.rects(for: TextRange(location: hebrew.upperBound - 1, length: 1))[0]
        #expect(first.minX > last.minX)
        #expect(layout.hitTest(at: first.centre) == 5)
    }
}
