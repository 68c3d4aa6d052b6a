import CX11
import XKitCore

/// A window's off-screen drawing surface, never larger than the screen: a bigger area is drawn
/// in buffer-sized tiles, each rendered and then copied to the window.
///
/// A full-size pixmap for a 32767×32767 window made the X server allocate gigabytes for pixels
/// nobody can see. Nothing is kept in the buffer between frames, so its size only bounds how much
/// one copy moves.
@MainActor
final class BackBuffer {
    private let connection: XConnection
    private let window: XID
    private let fonts: FontRegistry
    private var display: OpaquePointer { connection.display }
    /// The pixmap (0 until the first draw).
    private(set) var pixmap: Pixmap = 0
    /// The pixmap's size in device pixels.
    private(set) var pixelSize = (width: 0, height: 0)
    private var renderer: XftRenderer?
    private(set) var copyGC: GC?

    init(connection: XConnection, window: XID, fonts: FontRegistry) {
        self.connection = connection
        self.window = window
        self.fonts = fonts
    }

    /// The buffer size for a window: the window's size, cut to the screen's in each direction.
    nonisolated static func pixelSize(window: (width: Int, height: Int), screen: (width: Int, height: Int))
        -> (width: Int, height: Int) {
        (max(1, min(window.width, screen.width)), max(1, min(window.height, screen.height)))
    }

    /// Renders `area` (window coordinates, points) tile by tile; `render` draws the views clipped to
    /// the tile it is given, and each tile is copied to the window (unless `copy` is false).
    ///
    /// Returns the renderer that drew, nil if the buffer could not be made.
    @discardableResult
    func draw(_ area: Rect, windowSize: Size, scale: Double, copy: Bool = true,
              render: (XftRenderer, Rect) -> Void) -> XftRenderer? {
        guard let renderer = ensure(windowSize: windowSize, scale: scale) else { return nil }
        // The tolerance keeps a pixel-aligned area from growing a 1-pixel tile through rounding error.
        func lower(_ v: Double) -> Int { Int(max(-32768, min(32767, (v * scale + 1e-6).rounded(.down)))) }
        func upper(_ v: Double) -> Int { Int(max(-32768, min(32767, (v * scale - 1e-6).rounded(.up)))) }
        let x0 = lower(area.minX), y0 = lower(area.minY), x1 = upper(area.maxX), y1 = upper(area.maxY)
        var ty = y0
        while ty < y1 {
            let th = min(pixelSize.height, y1 - ty)
            var tx = x0
            while tx < x1 {
                let tw = min(pixelSize.width, x1 - tx)
                let tile = Rect(x: Double(tx) / scale, y: Double(ty) / scale, width: Double(tw) / scale, height: Double(th) / scale)
                renderer.begin(clip: tile, bufferOrigin: tile.origin)
                render(renderer, tile)
                if copy, let gc = copyGC {
                    XCopyArea(display, pixmap, window, gc, 0, 0, UInt32(tw), UInt32(th), Int32(tx), Int32(ty))
                }
                tx += tw
            }
            ty += th
        }
        return renderer
    }

    /// Makes sure the pixmap matches the window (cut to the screen); a new one starts empty.
    func ensure(windowSize: Size, scale: Double) -> XftRenderer? {
        let screen = (width: Int(XDisplayWidth(display, connection.screen)), height: Int(XDisplayHeight(display, connection.screen)))
        let windowPixels = (width: Int(max(1, min(32767, (windowSize.width * scale).rounded()))),
                            height: Int(max(1, min(32767, (windowSize.height * scale).rounded()))))
        let size = BackBuffer.pixelSize(window: windowPixels, screen: screen)
        if let renderer, pixelSize == size { return renderer }
        release()
        let depth = UInt32(XDefaultDepth(display, connection.screen))
        pixmap = XCreatePixmap(display, window, UInt32(size.width), UInt32(size.height), depth)
        pixelSize = size
        if copyGC == nil { copyGC = BackBuffer.makeCopyGC(display: display, window: window) }
        renderer = XftRenderer(display: display, drawable: pixmap, visual: XDefaultVisual(display, connection.screen),
                               colormap: XDefaultColormap(display, connection.screen), fonts: fonts,
                               size: Size(width: Double(size.width) / scale, height: Double(size.height) / scale),
                               limits: connection.requestLimits)
        Trace.emit("window.backBuffer", [("xid", .int(Int(window))), ("pixmap", .int(Int(pixmap))),
                                         ("width", .int(size.width)), ("height", .int(size.height))])
        return renderer
    }

    /// The GC for copying the buffer to the window, without graphics exposures.
    ///
    /// The copies come from our own pixmap, which nothing obscures, so no GraphicsExpose can come;
    /// with exposures on (the default) the server answers every copy with a NoExpose, which woke
    /// the event loop once more per frame, competing for the CPU just as the frame reached the screen.
    static func makeCopyGC(display: OpaquePointer, window: XID) -> GC? {
        var values = XGCValues()
        values.graphics_exposures = 0
        return XCreateGC(display, window, UInt(GCGraphicsExposures), &values)
    }

    /// Copies `width × height` device pixels of `source` from `(x, y)` to the buffer's top-left (the
    /// tile being drawn), under what the tile draws next.
    func copy(from source: Pixmap, x: Int, y: Int, width: Int, height: Int) {
        guard pixmap != 0, width > 0, height > 0, let gc = copyGC else { return }
        XCopyArea(display, source, pixmap, gc, Int32(x), Int32(y), UInt32(width), UInt32(height), 0, 0)
    }

    /// Frees the pixmap, renderer and GC (the window may already be gone: call inside a trap).
    func release() {
        renderer?.destroy()
        renderer = nil
        if pixmap != 0 { XFreePixmap(display, pixmap) }
        pixmap = 0
        pixelSize = (0, 0)
    }

    /// Frees everything, the copy GC included.
    func destroy() {
        release()
        if let gc = copyGC { XFreeGC(display, gc) }
        copyGC = nil
    }
}

extension BackBuffer {
    /// Renders the window's top-left buffer-sized part (all of it when the window fits on the
    /// screen) without copying it to the window, and reads it back.
    func capture(windowSize: Size, scale: Double, render: (XftRenderer, Rect) -> Void) -> RGBImage? {
        guard ensure(windowSize: windowSize, scale: scale) != nil else { return nil }
        let area = Rect(x: 0, y: 0, width: Double(pixelSize.width) / scale, height: Double(pixelSize.height) / scale)
        draw(area, windowSize: windowSize, scale: scale, copy: false, render: render)
        return DrawableReader.read(display: connection.display, drawable: pixmap, width: pixelSize.width, height: pixelSize.height)
    }
}
