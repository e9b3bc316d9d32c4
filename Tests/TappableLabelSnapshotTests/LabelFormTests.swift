import Testing
import TappableLabelSnapshot

@Suite("LabelForm: the forms a label is exported and checked in")
struct LabelFormTests {
    @Test("every form of a two-region label in file order, with its part name and extension")
    func all() {
        let forms = LabelForm.all(regionCount: 2)
        #expect(forms == [.normal, .highlighted(region: 0), .highlighted(region: 1), .overlay, .hitMap, .layout])
        #expect(forms.map(\.partName) == ["", "highlighted", "highlighted-2", "overlay", "hitmap", "layout"])
        #expect(forms.map(\.pathExtension) == ["png", "png", "png", "png", "json", "json"])
        #expect(LabelForm.all(regionCount: 0) == [.normal, .overlay, .hitMap, .layout])
        #expect(LabelForm.all(regionCount: -3) == [.normal, .overlay, .hitMap, .layout])
    }

    @Test("overlays are painted at scale 2 at least, the other images at the label's scale")
    func paintScale() {
        #expect(LabelForm.overlay.paintScale(labelScale: 1) == 2)
        #expect(LabelForm.overlay.paintScale(labelScale: 3) == 3)
        #expect(LabelForm.normal.paintScale(labelScale: 1) == 1)
        #expect(LabelForm.highlighted(region: 0).paintScale(labelScale: 0.5) == 0.5)
    }
}
