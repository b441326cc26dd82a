import CRSVG
import PieRaster

/// Bytes written by a C library through a callback.
final class ByteSink {
    var bytes: [UInt8] = []
}

/// Why a library refused a frame.
struct RenderFailure: Error {
    var message: String
}

/// Static SVGs (one frame of `piec render`) drawn by librsvg on cairo surfaces: an image
/// surface for pixels and PNG, a PDF surface for vector output.
enum SVGRasterizer {
    /// The frame as straight RGBA pixels, `width` x `height`; on an opaque `page` colour when
    /// given (formats without transparency: painted first, so nothing needs compositing later).
    static func pixels(_ svg: [UInt8], width: Int, height: Int, page: (UInt8, UInt8, UInt8)? = nil) throws(RenderFailure) -> RGBAImage {
        let surface = try imageSurface(svg, width: width, height: height, page: page)
        defer { cairo_surface_destroy(surface) }
        return rgba(surface, width: width, height: height)
    }

    /// The palette samples of the frame on `page` (`PaletteHistogram`), every `stride`-th pixel
    /// read from cairo's surface as `pixels` would convert it: the GIF palette's first pass
    /// converts only the pixels it samples.
    static func samples(_ svg: [UInt8], width: Int, height: Int, page: (UInt8, UInt8, UInt8), stride: Int) throws(RenderFailure) -> [PaletteHistogram.Entry] {
        let surface = try imageSurface(svg, width: width, height: height, page: page)
        defer { cairo_surface_destroy(surface) }
        let rowBytes = Int(cairo_image_surface_get_stride(surface))
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
        return PaletteHistogram.sample(pixels: width * height, stride: stride) { k in
            let (r, g, b, _) = straight(data.load(fromByteOffset: (k / width) * rowBytes + (k % width) * 4, as: UInt32.self))
            return r << 16 | g << 8 | b
        }
    }

    /// A premultiplied ARGB32 pixel as straight r, g, b, a.
    @inline(__always) private static func straight(_ p: UInt32) -> (UInt32, UInt32, UInt32, UInt32) {
        let a = p >> 24
        var r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
        if a != 0 && a != 255 {
            r = min(255, (r * 255 + a / 2) / a)
            g = min(255, (g * 255 + a / 2) / a)
            b = min(255, (b * 255 + a / 2) / a)
        }
        return (r, g, b, a)
    }

    /// The frame as a PNG (cairo's writer: no time stamp).
    static func png(_ svg: [UInt8], width: Int, height: Int) throws(RenderFailure) -> [UInt8] {
        let surface = try imageSurface(svg, width: width, height: height)
        defer { cairo_surface_destroy(surface) }
        let sink = ByteSink()
        let status = cairo_surface_write_to_png_stream(surface, { closure, data, length in
            Unmanaged<ByteSink>.fromOpaque(closure!).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderFailure(message: "cairo could not write the PNG: " + String(cString: cairo_status_to_string(status))) }
        return sink.bytes
    }

    /// The frame as a one-page PDF of `width` x `height` CSS px (0.75 pt each): vector shapes and
    /// text. The creation date is fixed, so the same frame gives the same bytes.
    static func pdf(_ svg: [UInt8], width: Int, height: Int) throws(RenderFailure) -> [UInt8] {
        let sink = ByteSink()
        let surface = cairo_pdf_surface_create_for_stream({ closure, data, length in
            Unmanaged<ByteSink>.fromOpaque(closure!).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque(), Double(width) * 0.75, Double(height) * 0.75)!
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "piec")
        let cr = cairo_create(surface)!
        cairo_scale(cr, 0.75, 0.75)
        let drawn = draw(svg, on: cr, width: width, height: height)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        if let message = drawn { throw RenderFailure(message: message) }
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderFailure(message: "cairo could not write the PDF: " + String(cString: cairo_status_to_string(status))) }
        return sink.bytes
    }

    private static func imageSurface(_ svg: [UInt8], width: Int, height: Int, page: (UInt8, UInt8, UInt8)? = nil) throws(RenderFailure) -> OpaquePointer {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let cr = cairo_create(surface)!
        if let page {
            cairo_set_source_rgb(cr, Double(page.0) / 255, Double(page.1) / 255, Double(page.2) / 255)
            cairo_paint(cr)
        }
        let drawn = draw(svg, on: cr, width: width, height: height)
        cairo_destroy(cr)
        if let message = drawn {
            cairo_surface_destroy(surface)
            throw RenderFailure(message: message)
        }
        cairo_surface_flush(surface)
        return surface
    }

    /// Draws `svg` into the rectangle (0, 0, width, height) of `cr`; an error message, or nil.
    private static func draw(_ svg: [UInt8], on cr: OpaquePointer, width: Int, height: Int) -> String? {
        var error: UnsafeMutablePointer<GError>? = nil
        let handle = svg.withUnsafeBufferPointer { rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error) }
        guard let handle else { return "librsvg could not read the frame: " + message(error) }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        guard rsvg_handle_render_document(handle, cr, &viewport, &error) != 0 else {
            return "librsvg could not draw the frame: " + message(error)
        }
        return nil
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return String(cString: error.pointee.message)
    }

    /// cairo's premultiplied native-endian ARGB32 as straight RGBA bytes.
    private static func rgba(_ surface: OpaquePointer, width: Int, height: Int) -> RGBAImage {
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let (r, g, b, a) = straight(row[x])
                let k = 4 * (y * width + x)
                out[k] = UInt8(r)
                out[k + 1] = UInt8(g)
                out[k + 2] = UInt8(b)
                out[k + 3] = UInt8(a)
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }
}
