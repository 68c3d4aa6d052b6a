import CX11
import XKitCore

extension Window {
    /// The window's current back buffer as an image (device pixels), after a layout and draw pass.
    ///
    /// The back buffer is never larger than the screen, so a window bigger than the screen gives
    /// its top-left screen-sized part.
    public func snapshot() -> RGBImage? {
        captureBackBuffer()
    }

    /// Renders the window and writes it as a PNG.
    public func writeScreenshot(to path: String) throws {
        guard let image = snapshot() else { throw FileIO.Failure(path: path, reason: "the window has nothing drawn") }
        try FileIO.write(PNGCodec.encode(image), to: path)
    }
}

/// Reads a drawable into RGB, whatever the server's pixel layout.
@MainActor
enum DrawableReader {
    static func read(display: OpaquePointer, drawable: Drawable, width: Int, height: Int) -> RGBImage? {
        guard width > 0, height > 0,
              let image = XGetImage(display, drawable, 0, 0, UInt32(width), UInt32(height), UInt(~0 as UInt32), ZPixmap)
        else { return nil }
        defer { _ = image.pointee.f.destroy_image?(image) }
        var ximage = image.pointee
        // Images of pixmaps carry no colour masks; take them from the screen's visual.
        if ximage.red_mask == 0, let visual = XDefaultVisual(display, XDefaultScreen(display)) {
            ximage.red_mask = visual.pointee.red_mask
            ximage.green_mask = visual.pointee.green_mask
            ximage.blue_mask = visual.pointee.blue_mask
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let redShift = shift(ximage.red_mask), greenShift = shift(ximage.green_mask), blueShift = shift(ximage.blue_mask)
        let direct = ximage.bits_per_pixel == 32 && ximage.byte_order == LSBFirst
        let rowBytes = Int(ximage.bytes_per_line)
        let data = UnsafeRawPointer(ximage.data)
        for y in 0..<height {
            for x in 0..<width {
                let pixel: UInt
                if direct, let data {
                    pixel = UInt(data.loadUnaligned(fromByteOffset: y * rowBytes + x * 4, as: UInt32.self))
                } else {
                    pixel = ximage.f.get_pixel?(image, Int32(x), Int32(y)) ?? 0
                }
                let i = (y * width + x) * 3
                pixels[i] = UInt8(truncatingIfNeeded: (pixel & ximage.red_mask) >> redShift)
                pixels[i + 1] = UInt8(truncatingIfNeeded: (pixel & ximage.green_mask) >> greenShift)
                pixels[i + 2] = UInt8(truncatingIfNeeded: (pixel & ximage.blue_mask) >> blueShift)
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    private static func shift(_ mask: UInt) -> UInt {
        guard mask != 0 else { return 0 }
        return UInt(mask.trailingZeroBitCount)
    }
}
