import Foundation
import CX11
import CXTest
import XKit

/// The cursor the X server shows now, read with XFixes: what the user sees under the pointer.
public struct PointerCursorImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let xHotspot: Int
    public let yHotspot: Int
    /// The name the client gave it (libXcursor names themed cursors, e.g. "xterm"); nil for core cursors.
    public let name: String?
    /// Premultiplied ARGB, row by row.
    public let pixels: [UInt32]

    /// Reads the current cursor from `display` (XFixesGetCursorImage).
    public static func current(display: String) throws -> PointerCursorImage {
        let connection = try XConnection(displayName: display)
        let dpy = connection.dpy
        var event: Int32 = 0, error: Int32 = 0
        guard XFixesQueryExtension(dpy, &event, &error) != 0 else {
            throw XKitTestingError("the X server at \(display) has no XFIXES extension")
        }
        var major: Int32 = 6, minor: Int32 = 0
        XFixesQueryVersion(dpy, &major, &minor)
        guard let image = XFixesGetCursorImage(dpy) else { throw XKitTestingError("XFixesGetCursorImage failed") }
        defer { XFree(image) }
        let c = image.pointee
        let count = Int(c.width) * Int(c.height)
        // The pixels are C longs (8 bytes here) holding 32-bit ARGB.
        let pixels = (0..<count).map { UInt32(truncatingIfNeeded: c.pixels[$0]) }
        let name = c.name.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        return PointerCursorImage(width: Int(c.width), height: Int(c.height), xHotspot: Int(c.xhot), yHotspot: Int(c.yhot),
                                  name: name, pixels: pixels)
    }

    /// Polls until the cursor satisfies `condition` (the server changes it when the app has handled
    /// the motion), returning the last one read either way.
    public static func wait(display: String, timeout: TimeInterval = 5,
                            until condition: (PointerCursorImage) -> Bool) throws -> PointerCursorImage {
        let end = Date().addingTimeInterval(timeout)
        var last = try current(display: display)
        while !condition(last) && Date() < end {
            Thread.sleep(forTimeInterval: 0.02)
            last = try current(display: display)
        }
        return last
    }
}
