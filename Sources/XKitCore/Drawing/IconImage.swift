/// A small RGBA image for a window's icon (what a taskbar, a pager or Alt+Tab shows).
public struct IconImage: Equatable, Sendable {
    /// The largest side accepted: icons are small, and a bigger one would only bloat the X request.
    public static let maximumSide = 1024

    /// The width in pixels, 1 to `maximumSide`.
    public let width: Int
    /// The height in pixels, 1 to `maximumSide`.
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A per pixel, row-major, alpha not premultiplied.
    public let rgba: [UInt8]

    /// What is wrong with the pixels given to `IconImage`.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        /// A side is zero, negative or larger than `maximumSide`.
        case badSize(width: Int, height: Int)
        /// The pixel data is not `width * height * 4` bytes long.
        case wrongByteCount(expected: Int, actual: Int)

        public var description: String {
            switch self {
            case let .badSize(width, height):
                return "an icon must be 1...\(IconImage.maximumSide) pixels on each side, not \(width)×\(height)"
            case let .wrongByteCount(expected, actual):
                return "an icon's RGBA pixels must be width × height × 4 = \(expected) bytes, not \(actual)"
            }
        }
    }

    /// An icon from RGBA bytes; throws when the size is out of range or the bytes do not match it.
    public init(width: Int, height: Int, rgba: [UInt8]) throws {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw Problem.badSize(width: width, height: height)
        }
        guard rgba.count == width * height * 4 else {
            throw Problem.wrongByteCount(expected: width * height * 4, actual: rgba.count)
        }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// An opaque icon from an RGB image.
    public init(_ image: RGBImage) throws {
        var rgba: [UInt8] = []
        rgba.reserveCapacity(image.width * image.height * 4)
        for i in stride(from: 0, to: image.pixels.count, by: 3) {
            rgba += [image.pixels[i], image.pixels[i + 1], image.pixels[i + 2], 255]
        }
        try self.init(width: image.width, height: image.height, rgba: rgba)
    }

    /// The pixel at `x`, `y` packed as EWMH wants it: 0xAARRGGBB.
    public func argb(x: Int, y: Int) -> UInt32 {
        let i = (y * width + x) * 4
        return UInt32(rgba[i + 3]) << 24 | UInt32(rgba[i]) << 16 | UInt32(rgba[i + 1]) << 8 | UInt32(rgba[i + 2])
    }
}
