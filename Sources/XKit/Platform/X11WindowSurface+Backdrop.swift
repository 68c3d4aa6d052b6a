import CX11
@_spi(Platform) import XKitCore

/// A popup's backdrop: the screen under it, copied server-side before it maps, drawn under each
/// frame so a menu fading in or out blends with what is behind it on a desktop with no compositor
/// (as Qt's menu fade does), and the input shape that lets clicks through while it fades out.
extension X11WindowSurface {
    func captureBackdrop() -> Bool {
        guard !isDestroyed, !hasBeenMapped, backdrop == 0 else { return false }
        let connection = platform.connection
        let s = platform.scale
        let width = DevicePixels.extent(size.width * s), height = DevicePixels.extent(size.height * s)
        let x = DevicePixels.coordinate(screenOrigin.x * s), y = DevicePixels.coordinate(screenOrigin.y * s)
        let depth = UInt32(XDefaultDepth(connection.display, connection.screen))
        var captured: Pixmap = 0
        let failed = connection.trapErrors {
            let pixmap = XCreatePixmap(connection.display, xid, width, height, depth)
            var values = XGCValues()
            // IncludeInferiors: the root's own pixels are only its background; the windows on it are its inferiors.
            values.subwindow_mode = IncludeInferiors
            values.graphics_exposures = 0
            guard let gc = XCreateGC(connection.display, pixmap, UInt(GCSubwindowMode | GCGraphicsExposures), &values) else {
                XFreePixmap(connection.display, pixmap)
                return
            }
            // Parts off the screen copy nothing (left as the pixmap's undefined contents; the menu is placed on screen).
            XCopyArea(connection.display, connection.root, pixmap, gc, x, y, width, height, 0, 0)
            XFreeGC(connection.display, gc)
            captured = pixmap
        }
        if failed != nil || captured == 0 {
            if captured != 0 { XFreePixmap(connection.display, captured) }
            Trace.warn("the screen behind a popup could not be copied; it opens without a fade")
            return false
        }
        backdrop = captured
        return true
    }

    /// Draws the backdrop under a tile about to be drawn (a tile is in window points).
    func copyBackdrop(under tile: Rect, into buffer: BackBuffer) {
        guard backdrop != 0 else { return }
        let s = platform.scale
        let x = Int((tile.minX * s).rounded()), y = Int((tile.minY * s).rounded())
        buffer.copy(from: backdrop, x: x, y: y, width: Int((tile.width * s).rounded()), height: Int((tile.height * s).rounded()))
    }

    /// Frees the backdrop (the window moved, so it no longer shows what is behind, or it is going).
    func releaseBackdrop() {
        compositor.release()
        guard backdrop != 0 else { return }
        XFreePixmap(platform.connection.display, backdrop)
        backdrop = 0
    }

    /// A popup on the screen with its backdrop can composite: its back buffer holds all of it.
    var canComposite: Bool {
        guard !isDestroyed, backdrop != 0 else { return false }
        let pixels = windowPixels(size)
        let screen = platform.connection.screenSize
        return Double(pixels.width) <= screen.width * platform.scale && Double(pixels.height) <= screen.height * platform.scale
    }

    private func windowPixels(_ size: Size) -> (width: Int, height: Int) {
        (Int(DevicePixels.extent(size.width * platform.scale)), Int(DevicePixels.extent(size.height * platform.scale)))
    }

    func presentComposited(dirty: Rect?, opacity: Double, size newSize: Size, draw: (GraphicsContext, Rect) -> Void) {
        let pixels = windowPixels(newSize)
        guard canComposite, backBuffer.ensure(windowSize: newSize, scale: platform.scale) != nil,
              backBuffer.pixelSize == pixels, let gc = backBuffer.copyGC,
              let isNew = compositor.prepare(width: pixels.width, height: pixels.height, buffer: backBuffer.pixmap, window: xid)
        else {
            if let dirty { present(dirty: dirty, size: newSize, draw: draw) }
            return
        }
        let whole = Rect(origin: .zero, size: newSize)
        // The layer: the window drawn opaque over its backdrop, so its anti-aliased edges and clear
        // corners blend as a translucent group would.
        if let area = isNew ? whole : dirty {
            let drawn = backBuffer.draw(area, windowSize: newSize, scale: platform.scale, copy: false) { renderer, tile in
                copyBackdrop(under: tile, into: backBuffer)
                draw(renderer, tile)
            }
            if drawn != nil {
                let s = platform.scale
                let x = Int((area.minX * s).rounded(.down)), y = Int((area.minY * s).rounded(.down))
                compositor.keep(from: backBuffer.pixmap, gc: gc, x: x, y: y,
                                width: Int((area.maxX * s).rounded(.up)) - x, height: Int((area.maxY * s).rounded(.up)) - y)
            }
        }
        let (width, height) = pixels
        backBuffer.copy(from: backdrop, x: 0, y: 0, width: width, height: height)
        compositor.composite(opacity: opacity)
        XCopyArea(platform.connection.display, backBuffer.pixmap, xid, gc, 0, 0, UInt32(width), UInt32(height), 0, 0)
        if !hasPresented { firstFramePresented() }
        platform.connection.flush()
    }

    func stopReceivingInput() {
        guard !isDestroyed else { return }
        releaseGrab()
        // An empty input shape, as a drag image has: the pointer reaches the window below.
        XShapeCombineRectangles(platform.connection.display, xid, ShapeInput, 0, 0, nil, 0, ShapeSet, Unsorted)
        platform.connection.flush()
    }
}
