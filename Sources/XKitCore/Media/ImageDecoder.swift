/// Turns encoded image bytes into pixels; the platform provides one (`platform.imageDecoder`).
///
/// The X11 backend decodes PNG with libpng and JPEG with libjpeg-turbo, loaded on first use.
public protocol ImageDecoder: Sendable {
    /// Decodes PNG or JPEG bytes, refusing images over `limits` before allocating their pixels.
    func decode(_ data: [UInt8], limits: ImageLimits) throws(ImageError) -> ImageBitmap
}

/// The encoded formats, told apart by their signatures.
public enum ImageFormat: Sendable, Hashable {
/// PNG, which starts with the eight-byte PNG signature, or JPEG, which starts with FF D8 FF.
    case png, jpeg

    /// The format whose signature `data` starts with, or nil.
    public init?(sniffing data: [UInt8]) {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png }
        else if data.starts(with: [0xFF, 0xD8, 0xFF]) { self = .jpeg }
        else { return nil }
    }
}

/// The decoder of a platform that cannot decode images: every call reports why.
public struct UnavailableImageDecoder: ImageDecoder {
    /// A decoder that always fails with `reason`.
    public init(reason: String = "this platform has no image decoder") { self.reason = reason }
    let reason: String
    public func decode(_ data: [UInt8], limits: ImageLimits) throws(ImageError) -> ImageBitmap {
        throw .decoderUnavailable(reason)
    }
}

extension Platform {
    /// Platforms without images decode nothing (X11 and the headless test platform override it).
    public var imageDecoder: ImageDecoder { UnavailableImageDecoder() }
}
