import Foundation

/// The figures of one image comparison, as `tappable diff` prints them.
public struct DiffReport: Sendable, Hashable, CustomStringConvertible {
    /// Width in pixels of the compared area (the larger width when sizes differ).
    public let width: Int
    /// Height in pixels of the compared area (the larger height when sizes differ).
    public let height: Int
    /// Pixels counted as different (see `ImageDiff.Result.differentPixels`).
    public let differentPixels: Int
    /// `differentPixels / (width * height)`, 0...1 (1 when sizes differ).
    public let ratio: Double
    /// The reference image's size.
    public let referenceSize: RGBAImage.Size
    /// The actual image's size.
    public let actualSize: RGBAImage.Size
    /// Whether the comparison passed under its options (same size, within the tolerances).
    /// Not part of the JSON; use it for the exit status.
    public let matches: Bool

    /// A report from a comparison result.
    public init(_ result: ImageDiff.Result) {
        self.width = result.width
        self.height = result.height
        self.differentPixels = result.differentPixels
        self.ratio = result.ratio
        self.referenceSize = result.referenceSize
        self.actualSize = result.actualSize
        self.matches = result.matches
    }

    /// Exactly `{"width":W,"height":H,"differentPixels":N,"ratio":R,"sizes":{"reference":[w,h],"actual":[w,h]}}`:
    /// keys in this order, no spaces, no trailing newline; R is the shortest decimal that
    /// round-trips the Double (e.g. `0.0`, `1.0`, `0.0123`, `1e-05`), always a valid JSON number.
    /// `sizes` gives both images' own sizes (equal unless the images differ in size).
    public var json: String {
        "{\"width\":\(width),\"height\":\(height),\"differentPixels\":\(differentPixels),\"ratio\":\(ratio),"
            + "\"sizes\":{\"reference\":[\(referenceSize.width),\(referenceSize.height)],"
            + "\"actual\":[\(actualSize.width),\(actualSize.height)]}}"
    }

    /// Same as `json`.
    public var description: String { json }
}

/// Compares two PNG files (`a` the reference, `b` the actual) with pixelmatch's algorithm and,
/// when `output` is given and the images do not match (or always, with `alwaysWrite`), writes
/// the diff image there atomically (parent directories created); otherwise `output` is left as
/// it is. Images of different sizes are reported as entirely different (ratio 1), not as an error.
/// - Parameters:
///   - maxPixels: decode limit per image (default 100 megapixels), and the largest diff image
///     written, so `diffFiles` can always read its own diff images back.
///   - compression, sync: how the diff image is encoded and written (`PNG.write`).
/// - Throws: `PNGError` naming the file that could not be read, decoded or written;
///   `.diffImageTooLarge` when images of different sizes need a canvas over `maxPixels`.
public func diffFiles(_ a: String, _ b: String, output: String?,
                      options: ImageDiff.Options = ImageDiff.Options(), alwaysWrite: Bool = false,
                      maxPixels: Int = PNG.defaultMaxPixels, compression: PNG.Compression = .fast,
                      sync: Bool = false) throws(PNGError) -> DiffReport {
    let reference = try PNG.read(contentsOf: a, maxPixels: maxPixels)
    let actual = try PNG.read(contentsOf: b, maxPixels: maxPixels)
    let result = ImageDiff.compare(reference, actual, options: options, makeDiffImage: output != nil,
                                   maxDiffImagePixels: maxPixels)
    if let output, alwaysWrite || !result.matches {
        if let tooLarge = result.diffImageTooLarge { throw .diffImageTooLarge(destination: output, tooLarge) }
        if let diffImage = result.diffImage {
            // A diff image has few colours (greys, red, yellow): a palette stores a quarter of the
            // bytes, so it compresses in about a quarter of the time; else RGB when opaque.
            do {
                try PNG.write(diffImage, to: output, format: .palette, compression: compression, sync: sync)
            } catch .encodingFailed {
                try PNG.write(diffImage, to: output, format: diffImage.isOpaque ? .rgb : .rgba, compression: compression, sync: sync)
            }
        }
    }
    return DiffReport(result)
}
