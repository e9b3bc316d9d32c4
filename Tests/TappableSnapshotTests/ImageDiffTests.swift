import Foundation
import PNGFixtures
import Testing
@testable import TappableSnapshot

@Suite("ImageDiff: pixelmatch's perceptual comparison")
struct ImageDiffTests {
    @Test("identical images have no different pixels and match")
    func identical() throws {
        let a = noise(width: 16, height: 9)
        let result = ImageDiff.compare(a, a)
        #expect(result.differentPixels == 0)
        #expect(result.ratio == 0)
        #expect(result.matches)
        #expect(result.sizesMatch)
    }

    @Test("one pixel off is one different pixel, drawn red")
    func onePixelOff() throws {
        let a = try RGBAImage(width: 10, height: 10, fill: grey(100))
        var b = a
        b[3, 4] = Pixel(255, 0, 0)
        let result = ImageDiff.compare(a, b)
        #expect(result.differentPixels == 1)
        #expect(result.ratio == 0.01)
        #expect(!result.matches)
        let diff = try #require(result.diffImage)
        #expect(diff[3, 4] == Pixel(255, 0, 0, 255))
        // equal pixels: the reference's luma faded to 10 % towards white, truncated like pixelmatch's
        // Uint8Array: 255 + (100 - 255) * 0.1 = 239.5 -> 239
        #expect(diff[0, 0] == Pixel(239, 239, 239, 255))
    }

    @Test("maxDiffRatio accepts up to that share of different pixels")
    func maxDiffRatio() throws {
        let a = try RGBAImage(width: 10, height: 10, fill: white)
        var b = a
        b[0, 0] = black
        #expect(ImageDiff.compare(a, b, options: .init(maxDiffRatio: 0.01)).matches)
        #expect(!ImageDiff.compare(a, b, options: .init(maxDiffRatio: 0.009)).matches)
        #expect(!ImageDiff.compare(a, b).matches, "the default tolerates nothing")
    }

    @Test("maxDiffPixels accepts up to that many different pixels; with maxDiffRatio both must hold")
    func maxDiffPixels() throws {
        let a = try RGBAImage(width: 10, height: 10, fill: white)
        var b = a
        for x in 0..<3 { b[x * 3, 5] = black }   // 3 of 100 pixels: ratio 0.03
        #expect(ImageDiff.compare(a, b, options: .init(maxDiffPixels: 3)).matches, "no ratio limit when only pixels are given")
        #expect(!ImageDiff.compare(a, b, options: .init(maxDiffPixels: 2)).matches)
        #expect(ImageDiff.compare(a, b, options: .init(maxDiffRatio: 0.03, maxDiffPixels: 3)).matches)
        #expect(!ImageDiff.compare(a, b, options: .init(maxDiffRatio: 0.05, maxDiffPixels: 2)).matches, "the count fails")
        #expect(!ImageDiff.compare(a, b, options: .init(maxDiffRatio: 0.02, maxDiffPixels: 5)).matches, "the ratio fails")
        #expect(!ImageDiff.compare(a, b, options: .init(maxDiffPixels: -4)).matches, "negative counts as 0")
        #expect(ImageDiff.compare(a, a, options: .init(maxDiffPixels: -4)).matches)
        #expect(ImageDiff.compare(a, b, options: .init(maxDiffRatio: 1, maxDiffPixels: 1_000)).matches)
    }

    @Test("an anti-aliased edge moved by one pixel is not counted unless includeAA")
    func antiAliasedEdgeShift() throws {
        // black | black | grey (AA) | white | white, then the same edge one pixel to the right
        let before = columns([0, 0, 128, 255, 255, 255], height: 5)
        let after = columns([0, 0, 0, 128, 255, 255], height: 5)
        let tolerant = ImageDiff.compare(before, after)
        #expect(tolerant.differentPixels == 0)
        #expect(tolerant.matches)
        let diff = try #require(tolerant.diffImage)
        for y in 0..<5 {
            #expect(diff[2, y] == Pixel(255, 255, 0, 255), "AA pixels are drawn yellow")
            #expect(diff[3, y] == Pixel(255, 255, 0, 255))
        }
        let strict = ImageDiff.compare(before, after, options: .init(includeAA: true))
        #expect(strict.differentPixels == 10)
        #expect(try #require(strict.diffImage)[2, 0] == Pixel(255, 0, 0, 255))
    }

    @Test("a hard edge (no anti-aliasing) moved by one pixel is counted")
    func hardEdgeShift() {
        let before = columns([0, 0, 255, 255, 255], height: 5)
        let after = columns([0, 0, 0, 255, 255], height: 5)
        #expect(ImageDiff.compare(before, after).differentPixels == 5)
    }

    @Test("threshold: grey 200 vs 190 differs by 0.5053 * 10² ≈ 50.5, i.e. threshold ≈ 0.0379")
    func thresholdBoundary() {
        let a = columns([200], height: 1), b = columns([190], height: 1)
        #expect(ImageDiff.compare(a, b, options: .init(threshold: 0.037)).differentPixels == 1)
        #expect(ImageDiff.compare(a, b, options: .init(threshold: 0.038)).differentPixels == 0)
        #expect(ImageDiff.compare(a, b).differentPixels == 0, "the default 0.1 tolerates it")
    }

    @Test("threshold 0 flags the smallest change; black vs white (0.5053 * 255² = 32857) needs 0.97")
    func thresholdExtremes() {
        let a = columns([200], height: 1)
        #expect(ImageDiff.compare(a, columns([201], height: 1), options: .init(threshold: 0)).differentPixels == 1)
        #expect(ImageDiff.compare(columns([0], height: 1), columns([255], height: 1), options: .init(threshold: 0.97)).differentPixels == 0)
        #expect(ImageDiff.compare(columns([0], height: 1), columns([255], height: 1), options: .init(threshold: 0.96)).differentPixels == 1)
    }

    @Test("translucent pixels are blended onto white before comparing")
    func alphaBlendedOnWhite() {
        let transparentRed = image([[Pixel(255, 0, 0, 0)]])
        let opaqueRed = image([[Pixel(255, 0, 0, 255)]])
        #expect(ImageDiff.compare(transparentRed, opaqueRed, options: .init(threshold: 0)).differentPixels == 1,
                "transparent red looks white, opaque red looks red")
        let transparentWhite = image([[Pixel(255, 255, 255, 0)]])
        #expect(ImageDiff.compare(transparentWhite, image([[white]]), options: .init(threshold: 0)).differentPixels == 0,
                "transparent white and opaque white both look white")
        #expect(ImageDiff.compare(image([[Pixel(0, 0, 0, 0)]]), transparentRed, options: .init(threshold: 0)).differentPixels == 0,
                "fully transparent pixels look alike whatever their colour")
        // 50 % black over white is mid grey (127.5): not equal to grey 128 at threshold 0, but close
        let halfBlack = image([[Pixel(0, 0, 0, 128)]])
        #expect(ImageDiff.compare(halfBlack, image([[grey(127)]]), options: .init(threshold: 0.01)).differentPixels == 0)
        #expect(ImageDiff.compare(halfBlack, image([[grey(100)]]), options: .init(threshold: 0.01)).differentPixels == 1)
    }

    @Test("different sizes are a full difference over the union canvas, not a crash")
    func differentSizes() throws {
        let a = try RGBAImage(width: 4, height: 3, fill: white)
        let b = try RGBAImage(width: 3, height: 5, fill: white)
        let result = ImageDiff.compare(a, b)
        #expect(result.width == 4 && result.height == 5)
        #expect(result.referenceSize == .init(width: 4, height: 3) && result.actualSize == .init(width: 3, height: 5))
        #expect(result.differentPixels == 20)
        #expect(result.ratio == 1)
        #expect(!result.sizesMatch)
        #expect(!result.matches)
        #expect(!ImageDiff.compare(a, b, options: .init(maxDiffRatio: 1)).matches, "size changes never match")
        let diff = try #require(result.diffImage)
        #expect(diff.width == 4 && diff.height == 5)
        #expect(diff[3, 0] == Pixel(255, 0, 0, 255), "only in the reference")
        #expect(diff[0, 4] == Pixel(255, 0, 0, 255), "only in the actual image")
        #expect(diff[3, 4] == Pixel(255, 0, 0, 255), "in neither")
        #expect(diff[1, 1] == Pixel(255, 255, 255, 255), "the equal overlap shows the faded reference")
        #expect(result.diffImageTooLarge == nil)
    }

    @Test("different sizes whose union canvas exceeds the limit make no diff image, and say why")
    func differentSizesOverLimit() throws {
        let a = try RGBAImage(width: 4, height: 3, fill: white), b = try RGBAImage(width: 3, height: 5, fill: white)
        #expect(ImageDiff.compare(a, b, maxDiffImagePixels: 20).diffImage?.size == .init(width: 4, height: 5), "the limit is inclusive")
        let over = ImageDiff.compare(a, b, maxDiffImagePixels: 19)
        #expect(over.diffImage == nil)
        #expect(over.diffImageTooLarge == .init(reference: a.size, actual: b.size, limit: 19))
        #expect(over.differentPixels == 20 && over.ratio == 1 && !over.matches)
        #expect(ImageDiff.compare(a, b, makeDiffImage: false, maxDiffImagePixels: 19).diffImageTooLarge == nil, "nothing was asked for")
        // The case: a 4 TB canvas was allocated (and the process aborted).
        let wide = try RGBAImage(width: 1_000_000, height: 1), tall = try RGBAImage(width: 1, height: 1_000_000)
        let huge = ImageDiff.compare(wide, tall)
        #expect(huge.diffImage == nil)
        #expect(huge.diffImageTooLarge?.limit == PNG.defaultMaxPixels)
        #expect(huge.differentPixels == 1_000_000_000_000)
    }

    @Test("diffMask draws only counted differences over transparency")
    func diffMask() throws {
        let before = columns([0, 0, 128, 255, 255, 255], height: 5)
        var after = columns([0, 0, 0, 128, 255, 255], height: 5)
        after[5, 2] = Pixel(0, 0, 255)
        let result = ImageDiff.compare(before, after, options: .init(diffMask: true))
        #expect(result.differentPixels == 1)
        let diff = try #require(result.diffImage)
        #expect(diff[5, 2] == Pixel(255, 0, 0, 255))
        #expect(diff[2, 0] == Pixel(0, 0, 0, 0), "anti-aliasing is left out of the mask")
        #expect(diff[0, 0] == Pixel(0, 0, 0, 0), "equal pixels are transparent")
        let identical = ImageDiff.compare(before, before, options: .init(diffMask: true))
        #expect(try #require(identical.diffImage).bytes.allSatisfy { $0 == 0 })
    }

    @Test("the diff image's background fades the reference with pixelmatch's alpha")
    func grayBackground() throws {
        let a = image([[black, Pixel(0, 0, 0, 0), grey(100)]])
        let diff = try #require(ImageDiff.compare(a, a).diffImage)
        #expect(diff[0, 0] == grey(229), "255 - 255 * 0.1 = 229.5, truncated")
        #expect(diff[1, 0] == grey(255), "transparent reference pixels fade to white")
        let stronger = try #require(ImageDiff.compare(a, a, options: .init(alpha: 0.5)).diffImage)
        #expect(stronger[2, 0] == grey(177), "255 + (100 - 255) * 0.5 = 177.5, truncated")
    }

    @Test("no diff image is built unless asked")
    func noDiffImage() {
        let a = columns([1, 2, 3], height: 2)
        #expect(ImageDiff.compare(a, a, makeDiffImage: false).diffImage == nil)
    }

    @Test("counts and diff images agree with pixelmatch 5.3.0 on anti-aliased fixtures",
          arguments: pixelmatchFixtures.map(\.name))
    func agreesWithPixelmatch(name: String) throws {
        let fixture = try #require(pixelmatchFixtures.first { $0.name == name })
        let a = try PNG.decode(try #require(Data(base64Encoded: fixture.a)))
        let b = try PNG.decode(try #require(Data(base64Encoded: fixture.b)))
        for e in fixture.expectations {
            let result = ImageDiff.compare(a, b, options: .init(threshold: e.threshold, includeAA: e.includeAA, diffMask: e.diffMask))
            #expect(result.differentPixels == e.count, "threshold \(e.threshold), includeAA \(e.includeAA)")
            #expect(crc32(try #require(result.diffImage).bytes) == e.diffCRC, "diff image, threshold \(e.threshold), diffMask \(e.diffMask)")
        }
    }
}
