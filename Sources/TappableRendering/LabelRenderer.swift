import CCairo
import Foundation
import TappableInteraction
import TappableLayout
import TappableText

/// A painted label: straight-alpha RGBA8 pixels, row-major, no padding, `width` x `height`
/// device pixels (the label's size in points times the scale, rounded up).
public struct RenderedImage: Sendable, Hashable {
    /// Width in device pixels.
    public let width: Int
    /// Height in device pixels.
    public let height: Int
    /// `width` x `height` x 4 bytes: R, G, B, A (straight alpha) per pixel, rows top to bottom.
    public let rgba: [UInt8]
    /// PNG file bytes (8-bit RGBA), from Cairo.
    public let png: Data
}

/// Paints labels with Cairo into images (PNG), PDF (with clickable link annotations) and SVG.
/// Deterministic: grey antialiasing, no hinting, unhinted metrics, so one label paints
/// byte-identical on every machine with the same libraries.
public enum LabelRenderer {
    /// The largest image painted, in pixels: 64 megapixels (8192 x 8192, 256 MB of pixels; a few
    /// seconds to paint). Larger requests are `RenderError.imageTooLarge`, before any painting.
    public static let maxPixels = 8192 * 8192

    /// The widest or tallest image painted, in pixels (Cairo's image surface limit); wider or
    /// taller requests are `RenderError.imageTooLarge`.
    public static let maxPixelSide = 32_767

    /// The widest or tallest PDF or SVG page, in points (PDF's page limit, 200 inches); larger
    /// labels are `RenderError.pageTooLarge`.
    public static let maxPageSide = 14_400.0

    /// Paints `layout` at `scale` device pixels per point (1, 2, 3 ...) in `state`.
    /// Throws for a scale outside 0.1...16, an empty or oversized image, or a Cairo failure.
    public static func image(_ layout: LabelLayout, style: RenderStyle = RenderStyle(), state: RenderState = .normal,
                             scale: Double = 1) throws -> RenderedImage {
        try image(size: layout.size, scale: scale) { cr in LabelPainter(layout: layout, style: style, state: state).paint(cr) }
    }

    /// The size in device pixels of an image of `size` points at `scale` (each side rounded up),
    /// checked against the limits without painting.
    /// - Throws: `RenderError.invalidScale` outside 0.1...16, `.emptyLabel` for a zero side,
    ///   `.imageTooLarge` past `maxPixelSide` or `maxPixels`.
    public static func pixelSize(of size: Size, scale: Double) throws(RenderError) -> (width: Int, height: Int) {
        guard scale.isFinite, scale >= 0.1, scale <= 16 else { throw .invalidScale(scale) }
        guard size.width > 0, size.height > 0 else { throw .emptyLabel(width: size.width, height: size.height) }
        let pixelWidth = (size.width * scale).rounded(.up), pixelHeight = (size.height * scale).rounded(.up)
        guard pixelWidth <= Double(maxPixelSide), pixelHeight <= Double(maxPixelSide), pixelWidth * pixelHeight <= Double(maxPixels) else {
            throw .imageTooLarge(width: pixelWidth, height: pixelHeight, limit: maxPixels)
        }
        return (Int(pixelWidth), Int(pixelHeight))
    }

    /// Paints with `draw` (in points) onto a transparent image of `size` points at `scale`.
    static func image(size: Size, scale: Double, _ draw: (OpaquePointer) throws -> Void) throws -> RenderedImage {
        let (w, h) = try pixelSize(of: size, scale: scale)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else { throw RenderError.cairo("no surface") }
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface))
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        configure(cr)
        cairo_scale(cr, scale, scale)
        try draw(cr)
        try check(cairo_status(cr))
        cairo_surface_flush(surface)
        let rgba = unpremultiplied(surface, width: w, height: h)
        let png = try stream { cairo_surface_write_to_png_stream(surface, $0, $1) }
        return RenderedImage(width: w, height: h, rgba: rgba, png: png)
    }

    /// A one-page PDF of the label (its size in points), each link region a clickable annotation
    /// over its rects (one per line fragment and bidi piece) with one URI action: the link as
    /// `LinkPolicy.documentURI(for:)` writes it (percent-encoded, and written as a hex string: no
    /// link can add a second action or break the file; see `PDFLinkAnnotations`). Links that are
    /// no URI (payloads, ISO dates) or that `linkPolicy` refuses get no annotation.
    public static func pdf(_ label: TappableLabel, style: RenderStyle = RenderStyle(), state: RenderState = .normal,
                           linkPolicy: LinkPolicy = .default) throws -> Data {
        let document = try vector(label, style: style, state: state) { write, closure, w, h in
            cairo_pdf_surface_create_for_stream(write, closure, w, h)
        }
        let links = label.regions.compactMap { region in
            region.link.flatMap(linkPolicy.documentURI(for:)).map { PDFLinkAnnotations.Link(uri: $0, rects: region.rects) }
        }
        do {
            return try PDFLinkAnnotations.appending(links, to: document, pageHeight: label.size.height)
        } catch {
            throw RenderError.cairo("\(error)")
        }
    }

    /// An SVG of the label, in points.
    public static func svg(_ label: TappableLabel, style: RenderStyle = RenderStyle(), state: RenderState = .normal) throws -> Data {
        try vector(label, style: style, state: state) { write, closure, w, h in
            cairo_svg_surface_create_for_stream(write, closure, w, h)
        }
    }

    private static func vector(_ label: TappableLabel, style: RenderStyle, state: RenderState,
                               create: (cairo_write_func_t, UnsafeMutableRawPointer, Double, Double) -> OpaquePointer?) throws -> Data {
        let layout = label.layout
        let size = layout.size
        guard size.width > 0, size.height > 0 else { throw RenderError.emptyLabel(width: size.width, height: size.height) }
        // PDF pages are at most 14,400 points a side; SVG has no such limit, but keep both sane.
        guard size.width <= maxPageSide, size.height <= maxPageSide else {
            throw RenderError.pageTooLarge(width: size.width, height: size.height, limit: maxPageSide)
        }
        let sink = DataSink()
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        guard let surface = create(DataSink.write, closure, size.width, size.height) else { throw RenderError.cairo("no surface") }
        let cr = cairo_create(surface)!
        configure(cr)
        LabelPainter(layout: layout, style: style, state: state).paint(cr)
        let status = cairo_status(cr)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        let surfaceStatus = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        try check(status)
        try check(surfaceStatus)
        return sink.data
    }

    /// Deterministic font rendering: grey antialiasing, no hinting, unhinted metrics.
    static func configure(_ cr: OpaquePointer) {
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY)
    }

    static func check(_ status: cairo_status_t) throws {
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError.cairo(String(cString: cairo_status_to_string(status))) }
    }

    /// Cairo's premultiplied native-endian ARGB32 as straight RGBA bytes.
    static func unpremultiplied(_ surface: OpaquePointer, width: Int, height: Int) -> [UInt8] {
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let p = row[x]
                let a = UInt32(p >> 24), i = (y * width + x) * 4
                guard a > 0 else { continue }
                func c(_ v: UInt32) -> UInt8 { UInt8(min(255, (v * 255 + a / 2) / a)) }
                out[i] = c((p >> 16) & 0xFF); out[i + 1] = c((p >> 8) & 0xFF); out[i + 2] = c(p & 0xFF); out[i + 3] = UInt8(a)
            }
        }
        return out
    }

    /// Collects what a Cairo stream writer produces.
    final class DataSink {
        var data = Data()
        static let write: cairo_write_func_t = { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<DataSink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }
    }

    static func stream(_ body: (cairo_write_func_t, UnsafeMutableRawPointer) -> cairo_status_t) throws -> Data {
        let sink = DataSink()
        try check(body(DataSink.write, Unmanaged.passUnretained(sink).toOpaque()))
        return sink.data
    }
}
