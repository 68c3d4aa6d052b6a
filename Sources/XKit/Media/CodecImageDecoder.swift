import CImageCodecs
import XKitCore

/// Decodes PNG through libpng's simplified API and JPEG through TurboJPEG.
///
/// Both libraries are opened with dlopen when the platform's decoder is first asked for, which
/// happens on the first image load, so apps that show no image never map them. Neither API
/// longjmps across Swift frames: both report errors as return values.
public final class CodecImageDecoder: ImageDecoder, @unchecked Sendable {
    // Immutable after init; the function pointers are safe to call from any thread.
    private let png: xk_png_api?
    private let jpeg: xk_jpeg_api?

    /// Opens libpng and TurboJPEG (a missing one makes its format fail with `decoderUnavailable`).
    public init() {
        var png = xk_png_api()
        self.png = xk_png_load(&png) != 0 ? png : nil
        var jpeg = xk_jpeg_api()
        self.jpeg = xk_jpeg_load(&jpeg) != 0 ? jpeg : nil
    }

    public func decode(_ data: [UInt8], limits: ImageLimits) throws(ImageError) -> ImageBitmap {
        switch ImageFormat(sniffing: data) {
        case .png?:
            guard let png else { throw .decoderUnavailable("libpng16.so.16 could not be loaded (install libpng16-16)") }
            return try decodePNG(data, limits: limits, api: png)
        case .jpeg?:
            guard let jpeg else { throw .decoderUnavailable("libturbojpeg.so.0 could not be loaded (install libturbojpeg0)") }
            return try decodeJPEG(data, limits: limits, api: jpeg)
        case nil:
            throw .notAnImage
        }
    }

    private func decodePNG(_ data: [UInt8], limits: ImageLimits, api: xk_png_api) throws(ImageError) -> ImageBitmap {
        // The size is in the IHDR chunk that must come first: refuse a huge image before libpng
        // reads further (its begin_read already allocates row buffers as wide as the image).
        if data.count >= 24, data[12..<16].elementsEqual("IHDR".utf8) {
            func word(_ at: Int) -> Int { data[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
            try limits.check(width: word(16), height: word(20))
        }
        var image = xk_png_image_new()
        defer { api.free(&image) }
        let begun = data.withUnsafeBytes { api.begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw .malformed("PNG: " + Self.message(of: image)) }
        // Only the header has been read: refuse huge images before allocating their pixels.
        try limits.check(width: Int(image.width), height: Int(image.height))
        let width = Int(image.width), height = Int(image.height)
        image.format = xk_png_format_bgra()
        var pixels = [UInt32](repeating: 0, count: width * height)
        let finished = pixels.withUnsafeMutableBytes { api.finish_read(&image, nil, $0.baseAddress, 0, nil) }
        guard finished != 0 else { throw .malformed("PNG: " + Self.message(of: image)) }
        Self.premultiply(&pixels)
        guard let bitmap = ImageBitmap(width: width, height: height, pixels: pixels) else { throw .malformed("PNG: empty image") }
        return bitmap
    }

    private func decodeJPEG(_ data: [UInt8], limits: ImageLimits, api: xk_jpeg_api) throws(ImageError) -> ImageBitmap {
        guard let handle = api.init_decompress() else { throw .decoderUnavailable("TurboJPEG could not start") }
        defer { _ = api.destroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = data.withUnsafeBufferPointer {
            api.decompress_header3(handle, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw .malformed("JPEG: " + Self.message(api, handle)) }
        try limits.check(width: Int(width), height: Int(height))
        var pixels = [UInt32](repeating: 0, count: Int(width) * Int(height))
        let status = data.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBytes { target in
                api.decompress2(handle, source.baseAddress, UInt(source.count),
                                target.baseAddress?.assumingMemoryBound(to: UInt8.self), width, 0, height,
                                xk_tj_pixel_format_bgra(), xk_tj_flag_stop_on_warning())
            }
        }
        // With STOPONWARNING a truncated file is an error instead of a grey-padded picture.
        guard status == 0 else { throw .malformed("JPEG: " + Self.message(api, handle)) }
        guard let bitmap = ImageBitmap(width: Int(width), height: Int(height), pixels: pixels) else {
            throw .malformed("JPEG: empty image")
        }
        return bitmap
    }

    /// Straight BGRA from libpng → premultiplied, which XRender composites.
    private static func premultiply(_ pixels: inout [UInt32]) {
        for i in pixels.indices {
            let p = pixels[i]
            let a = p >> 24
            if a == 255 { continue }
            func scaled(_ shift: UInt32) -> UInt32 { ((((p >> shift) & 0xFF) * a + 127) / 255) << shift }
            pixels[i] = a << 24 | scaled(16) | scaled(8) | scaled(0)
        }
    }

    private static func message(of image: png_image) -> String {
        var copy = image.message
        let text = withUnsafeBytes(of: &copy) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "unreadable data" : text
    }

    private static func message(_ api: xk_jpeg_api, _ handle: tjhandle) -> String {
        guard let text = api.get_error_str2(handle) else { return "unreadable data" }
        return String(cString: text)
    }
}
