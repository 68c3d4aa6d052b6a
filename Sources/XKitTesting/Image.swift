
import Foundation
import XKit

/// Test conveniences on XKit's RGB raster: pixels, counting, bounding boxes and PNG files.
extension RGBImage {
    /// One pixel's colour.
    public struct Pixel: Equatable, Sendable, CustomStringConvertible {
        public var r: UInt8, g: UInt8, b: UInt8
        public init(r: UInt8, g: UInt8, b: UInt8) { self.r = r; self.g = g; self.b = b }
        /// From 0xRRGGBB.
        public init(hex: UInt32) { self.init(r: UInt8(hex >> 16 & 0xff), g: UInt8(hex >> 8 & 0xff), b: UInt8(hex & 0xff)) }
        public var description: String { String(format: "#%02x%02x%02x", r, g, b) }
        public static let black = Pixel(r: 0, g: 0, b: 0)
        public static let white = Pixel(r: 255, g: 255, b: 255)
    }

    /// An image filled with one colour.
    public init(width: Int, height: Int, fill: Pixel = .black) {
        var pixels = [UInt8](repeating: 0, count: max(0, width) * max(0, height) * 3)
        if fill != .black {
            for i in 0..<(pixels.count / 3) { pixels[3 * i] = fill.r; pixels[3 * i + 1] = fill.g; pixels[3 * i + 2] = fill.b }
        }
        self.init(width: max(0, width), height: max(0, height), pixels: pixels)
    }

    public subscript(x: Int, y: Int) -> Pixel {
        get {
            let i = (y * width + x) * 3
            return Pixel(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2])
        }
        set {
            let i = (y * width + x) * 3
            pixels[i] = newValue.r; pixels[i + 1] = newValue.g; pixels[i + 2] = newValue.b
        }
    }

    /// How many pixels equal `pixel` exactly.
    public func count(of pixel: Pixel) -> Int {
        var n = 0
        var i = 0
        while i < pixels.count {
            if pixels[i] == pixel.r && pixels[i + 1] == pixel.g && pixels[i + 2] == pixel.b { n += 1 }
            i += 3
        }
        return n
    }

    /// The bounding box (x, y, w, h) of pixels that differ from `background` by more than `tolerance`
    /// in some channel, or nil if there are none — handy to find drawn text.
    public func boundingBox(ofPixelsDifferingFrom background: Pixel, tolerance: Int = 0) -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                if abs(Int(pixels[i]) - Int(background.r)) > tolerance || abs(Int(pixels[i + 1]) - Int(background.g)) > tolerance
                    || abs(Int(pixels[i + 2]) - Int(background.b)) > tolerance {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }
}

// MARK: - PNG

extension RGBImage {
    /// Encodes as an 8-bit RGB PNG with XKit's codec.
    public func pngData() throws -> Data { Data(PNGCodec.encode(self)) }

    /// Writes a PNG file, creating parent directories.
    public func writePNG(to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try pngData().write(to: url)
    }

    public func writePNG(to path: String) throws { try writePNG(to: URL(fileURLWithPath: path)) }

    /// Reads an 8-bit RGB or RGBA (alpha dropped), non-interlaced PNG — the kind XKit writes.
    public static func readPNG(from url: URL) throws -> RGBImage {
        try decodePNG(Data(contentsOf: url), name: url.path)
    }

    public static func readPNG(from path: String) throws -> RGBImage { try readPNG(from: URL(fileURLWithPath: path)) }

    /// Decodes PNG bytes, naming the source in errors.
    public static func decodePNG(_ data: Data, name: String = "PNG data") throws -> RGBImage {
        do {
            return try PNGDecoder.decode([UInt8](data))
        } catch {
            throw XKitTestingError("\(name): cannot decode PNG (\(error))")
        }
    }
}
