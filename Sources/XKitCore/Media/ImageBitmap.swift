/// Decoded pixels: premultiplied ARGB, one native 32-bit word per pixel (`0xAARRGGBB`), row-major.
///
/// Premultiplied because XRender composites premultiplied colours; decoders convert once.
public struct ImageBitmap: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height` premultiplied ARGB words.
    public let pixels: [UInt32]

    /// A bitmap of `width × height` premultiplied ARGB pixels; nil when the count does not match.
    public init?(width: Int, height: Int, pixels: [UInt32]) {
        guard width > 0, height > 0, pixels.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The straight (not premultiplied) colour of one pixel, 0...255 per channel.
    public func rgba(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let p = pixels[y * width + x]
        let a = UInt8(p >> 24)
        func straight(_ shift: UInt32) -> UInt8 {
            let c = Int((p >> shift) & 0xFF)
            return a == 0 ? 0 : UInt8(min(255, (c * 255 + Int(a) / 2) / Int(a)))
        }
        return (straight(16), straight(8), straight(0), a)
    }
}

/// The largest images a decoder accepts; checked against the header before any pixel memory is allocated.
public struct ImageLimits: Sendable, Hashable {
    /// The longest side, in pixels.
    public var maximumSide: Int
    /// The most pixels (4 bytes each once decoded).
    public var maximumPixels: Int
    /// The largest encoded file read, in bytes.
    public var maximumFileBytes: Int

    /// Limits; the defaults allow a 16384-pixel side and 32 megapixels (128 MiB decoded).
    public init(maximumSide: Int = 16_384, maximumPixels: Int = 32 << 20, maximumFileBytes: Int = 64 << 20) {
        self.maximumSide = maximumSide
        self.maximumPixels = maximumPixels
        self.maximumFileBytes = maximumFileBytes
    }

    /// Throws `tooLarge` unless a `width × height` image fits.
    public func check(width: Int, height: Int) throws(ImageError) {
        guard width > 0, height > 0 else { throw .malformed("the header gives an empty size \(width)×\(height)") }
        guard width <= maximumSide, height <= maximumSide, width.multipliedReportingOverflow(by: height).partialValue <= maximumPixels
        else { throw .tooLarge(width: width, height: height) }
    }
}

/// Why an image could not be loaded; every bad input ends here rather than in a crash.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file for the name or path (`name` as asked).
    case notFound(String)
    /// The file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The bytes are not PNG or JPEG.
    case notAnImage
    /// The header announces more pixels than `ImageLimits` allow (refused before allocating).
    case tooLarge(width: Int, height: Int)
    /// The data is PNG or JPEG but damaged or cut short; the decoder's reason.
    case malformed(String)
    /// The platform cannot decode images (the codec library is missing).
    case decoderUnavailable(String)

    public var description: String {
        switch self {
        case .notFound(let name): "no image file for \(name)"
        case .unreadable(let path, let reason): "\(path): \(reason)"
        case .notAnImage: "not a PNG or JPEG image"
        case .tooLarge(let w, let h): "image of \(w)×\(h) pixels is larger than allowed"
        case .malformed(let reason): "damaged image: \(reason)"
        case .decoderUnavailable(let reason): "no image decoder: \(reason)"
        }
    }
}
