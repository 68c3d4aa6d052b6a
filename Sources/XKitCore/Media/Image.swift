/// An immutable picture with a scale, like UIImage: `size` is in points, `bitmap` in pixels.
///
///     let avatar = try Image(data: bytes, scale: 2, decoder: window.platform.imageDecoder)
public final class Image: Sendable {
    /// The decoded pixels.
    public let bitmap: ImageBitmap
    /// Pixels per point: 2 for an `@2x` file.
    public let scale: Double

    /// An image of `bitmap` at `scale` pixels per point (values below 1 count as 1).
    public init(bitmap: ImageBitmap, scale: Double = 1) {
        self.bitmap = bitmap
        self.scale = scale.isFinite && scale >= 1 ? scale : 1
    }

    /// Decodes PNG or JPEG bytes.
    public convenience init(data: [UInt8], scale: Double = 1, decoder: ImageDecoder,
                            limits: ImageLimits = ImageLimits()) throws(ImageError) {
        self.init(bitmap: try decoder.decode(data, limits: limits), scale: scale)
    }

    /// The size in points (pixels divided by the scale).
    public var size: Size { Size(width: Double(bitmap.width) / scale, height: Double(bitmap.height) / scale) }
}
