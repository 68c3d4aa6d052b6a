/// Turns pixels into PNG bytes for the pasteboard; the platform provides one (`platform.imageEncoder`).
public protocol ImageEncoder: Sendable {
    /// The largest images encoded; bigger ones are refused before any work.
    var limits: ImageLimits { get }
    /// PNG file bytes (8-bit RGBA, straight alpha) for `bitmap`.
    ///
    /// - Throws: `PasteboardError` with the reason when the image is over `limits` or cannot be encoded.
    func pngData(_ bitmap: ImageBitmap) throws -> [UInt8]
    /// Writes the same PNG file as `pngData` in pieces, in order, as they are made.
    ///
    /// `write` may be called from any thread, never two calls at once. An encoder that makes the file
    /// in parts (slices coded in parallel) lets a requestor be sent the first parts while later ones
    /// are still being made.
    ///
    /// - Throws: as `pngData`, before anything is written when the image is over `limits`.
    func writePNG(_ bitmap: ImageBitmap, to write: @escaping @Sendable ([UInt8]) -> Void) throws
}

extension ImageEncoder {
    /// The whole file in one piece: for encoders that do not make it in parts.
    public func writePNG(_ bitmap: ImageBitmap, to write: @escaping @Sendable ([UInt8]) -> Void) throws {
        write(try pngData(bitmap))
    }
}

extension ImageEncoder {
    /// Throws a `PasteboardError` naming the size and the limit unless a `width × height` PNG may be made.
    ///
    /// A 30000×30000 image would be 3.4 GiB of pixels before compression: far past what any requestor
    /// reads or the X server carries, so it is refused with the reason instead of being attempted.
    public func checkEncodable(width: Int, height: Int) throws {
        let pixels = width.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0 else { throw PasteboardError("an empty \(width)×\(height) image has no PNG form") }
        guard width <= limits.maximumSide, height <= limits.maximumSide,
              !pixels.overflow, pixels.partialValue <= limits.maximumPixels else {
            throw PasteboardError("a \(width)×\(height) image is too large to copy as PNG (at most \(limits.maximumSide) "
                + "pixels a side and \(limits.maximumPixels >> 20) megapixels)")
        }
    }
}

/// The encoder of a platform that cannot encode images: every call reports why.
public struct UnavailableImageEncoder: ImageEncoder {
    public let limits = ImageLimits()
    let reason: String
    /// An encoder that always fails with `reason`.
    public init(reason: String = "this platform has no PNG encoder") { self.reason = reason }
    public func pngData(_ bitmap: ImageBitmap) throws -> [UInt8] { throw PasteboardError(reason) }
}

extension Platform {
    /// Platforms without an encoder copy no images (X11 and the headless test platform override it).
    public var imageEncoder: ImageEncoder { UnavailableImageEncoder() }
}
