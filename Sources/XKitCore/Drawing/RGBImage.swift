/// An 8-bit RGB raster, row-major, for screenshots and image comparison.
public struct RGBImage: Equatable, Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// `width * height * 3` bytes: R, G, B per pixel.
    public var pixels: [UInt8]

    /// Creates an image from its pixels; pixel data of the wrong length gives an all-black image of that size.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels.count == width * height * 3 ? pixels : [UInt8](repeating: 0, count: width * height * 3)
    }

    /// The colour at a pixel (0...255 per channel).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let i = (y * width + x) * 3
        return (pixels[i], pixels[i + 1], pixels[i + 2])
    }

    /// A sub-rectangle, clamped to the image.
    public func cropped(x: Int, y: Int, width w: Int, height h: Int) -> RGBImage {
        let x0 = max(0, min(x, width)), y0 = max(0, min(y, height))
        let x1 = max(x0, min(x + w, width)), y1 = max(y0, min(y + h, height))
        var out: [UInt8] = []
        out.reserveCapacity((x1 - x0) * (y1 - y0) * 3)
        for row in y0..<y1 {
            let start = (row * width + x0) * 3
            out.append(contentsOf: pixels[start..<(start + (x1 - x0) * 3)])
        }
        return RGBImage(width: x1 - x0, height: y1 - y0, pixels: out)
    }
}
