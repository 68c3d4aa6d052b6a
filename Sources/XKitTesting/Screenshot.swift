import Foundation
import CX11
import XKit

/// Screen captures with XGetImage (ZPixmap, 24/32 bpp TrueColor).
public enum Screenshot {
    /// The whole root window of the test display (default: the shared Xvfb).
    public static func captureScreen(display: String? = nil) throws -> RGBImage {
        let conn = try sharedConnection(display)
        var attrs = XWindowAttributes()
        conn.lock.lock(); defer { conn.lock.unlock() }
        XGetWindowAttributes(conn.dpy, conn.root, &attrs)
        return try grab(conn, drawable: conn.root, x: 0, y: 0, width: Int(attrs.width), height: Int(attrs.height))
    }

    /// A rectangle of the screen, in root coordinates (clipped to the screen).
    public static func capture(rect: Rect, display: String? = nil) throws -> RGBImage {
        let conn = try sharedConnection(display)
        conn.lock.lock(); defer { conn.lock.unlock() }
        var attrs = XWindowAttributes()
        XGetWindowAttributes(conn.dpy, conn.root, &attrs)
        let x0 = max(0, Int(rect.minX.rounded(.down))), y0 = max(0, Int(rect.minY.rounded(.down)))
        let x1 = min(Int(attrs.width), Int(rect.maxX.rounded(.up))), y1 = min(Int(attrs.height), Int(rect.maxY.rounded(.up)))
        guard x1 > x0, y1 > y0 else { throw XKitTestingError("capture rect \(rect) is off screen") }
        return try grab(conn, drawable: conn.root, x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// A window's area. By default it is read from the root window at the window's position, which
    /// is what the user sees (popups and menus on top included, nothing undefined). With
    /// `fromWindow: true` it is XGetImage on the window itself (must be viewable; obscured parts are
    /// undefined without backing store).
    public static func capture(window: XWindowID, fromWindow: Bool = false, display: String? = nil) throws -> RGBImage {
        let conn = try sharedConnection(display)
        conn.lock.lock(); defer { conn.lock.unlock() }
        var attrs = XWindowAttributes()
        let (ok, errors) = conn.trappingErrors { XGetWindowAttributes(conn.dpy, window, &attrs) }
        guard ok != 0, errors.isEmpty else { throw XKitTestingError("window 0x\(String(window, radix: 16)) does not exist") }
        guard attrs.map_state == IsViewable else {
            throw XKitTestingError("window 0x\(String(window, radix: 16)) is not viewable (map state \(attrs.map_state)); wait for it to be mapped")
        }
        if fromWindow {
            return try grab(conn, drawable: window, x: 0, y: 0, width: Int(attrs.width), height: Int(attrs.height))
        }
        var rx: Int32 = 0, ry: Int32 = 0, child: UInt = 0
        XTranslateCoordinates(conn.dpy, window, conn.root, 0, 0, &rx, &ry, &child)
        var rootAttrs = XWindowAttributes()
        XGetWindowAttributes(conn.dpy, conn.root, &rootAttrs)
        let x0 = max(0, Int(rx)), y0 = max(0, Int(ry))
        let x1 = min(Int(rootAttrs.width), Int(rx) + Int(attrs.width)), y1 = min(Int(rootAttrs.height), Int(ry) + Int(attrs.height))
        guard x1 > x0, y1 > y0 else { throw XKitTestingError("window 0x\(String(window, radix: 16)) is off screen") }
        return try grab(conn, drawable: conn.root, x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    private static func grab(_ conn: XConnection, drawable: UInt, x: Int, y: Int, width: Int, height: Int) throws -> RGBImage {
        let (maybeImage, errors) = conn.trappingErrors {
            XGetImage(conn.dpy, drawable, Int32(x), Int32(y), UInt32(width), UInt32(height), UInt.max, ZPixmap)
        }
        guard let image = maybeImage, errors.isEmpty else {
            throw XKitTestingError("XGetImage failed (X errors \(errors)) for \(width)x\(height)+\(x)+\(y)")
        }
        defer { _ = image.pointee.f.destroy_image(image) }
        let img = image.pointee
        let bpp = Int(img.bits_per_pixel), stride = Int(img.bytes_per_line)
        guard bpp == 32 || bpp == 24, let data = img.data else {
            throw XKitTestingError("unsupported XImage format: \(bpp) bits per pixel (need a 24-bit TrueColor screen)")
        }
        let bytesPerPixel = bpp / 8
        let lsb = img.byte_order == LSBFirst
        let masks = [img.red_mask, img.green_mask, img.blue_mask].map { UInt32(truncatingIfNeeded: $0) }
        let shifts = masks.map { $0 == 0 ? 0 : UInt32($0.trailingZeroBitCount) }
        let maxes = zip(masks, shifts).map { $0 >> $1 }
        var out = [UInt8](repeating: 0, count: width * height * 3)
        data.withMemoryRebound(to: UInt8.self, capacity: stride * height) { src in
            out.withUnsafeMutableBufferPointer { dst in
                let fast = lsb && bytesPerPixel == 4 && masks == [0xff0000, 0xff00, 0xff]
                for row in 0..<height {
                    let line = src + row * stride
                    var o = row * width * 3
                    if fast {
                        for col in 0..<width {
                            let p = line + col * 4
                            dst[o] = p[2]; dst[o + 1] = p[1]; dst[o + 2] = p[0]
                            o += 3
                        }
                        continue
                    }
                    for col in 0..<width {
                        let p = line + col * bytesPerPixel
                        var v: UInt32 = 0
                        for k in 0..<bytesPerPixel {
                            v |= UInt32(p[k]) << (lsb ? UInt32(8 * k) : UInt32(8 * (bytesPerPixel - 1 - k)))
                        }
                        for c in 0..<3 {
                            let raw = (v & masks[c]) >> shifts[c]
                            dst[o + c] = maxes[c] == 0 ? 0 : UInt8(raw * 255 / maxes[c])
                        }
                        o += 3
                    }
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: out)
    }
}

/// Harness connections shared by Screenshot and WindowFinder, one per display name.
private let sharedConnections = Locked<[String: XConnection]>([:])

func sharedConnection(_ display: String?) throws -> XConnection {
    let name = try display ?? XvfbServer.shared().display
    return try sharedConnections.withLock { map in
        if let c = map[name] { return c }
        let c = try XConnection(displayName: name)
        map[name] = c
        return c
    }
}

/// Closes the shared harness connection to `display`, if one is open. A private server calls it
/// when it stops: a later server may get the same display number, and a cached connection to the
/// dead one would end the test process with an X I/O error on its first use.
func dropSharedConnection(_ display: String) {
    let connection = sharedConnections.withLock { $0.removeValue(forKey: display) }
    withExtendedLifetime(connection) {}
}
