import CX11
@_spi(Platform) import XKitCore

/// WM_NORMAL_HINTS: the place the app asked for, and a fixed size (min = max), which makes a
/// window manager offer no resize and no maximise (openbox drops both from `_NET_WM_ALLOWED_ACTIONS`).
extension X11WindowSurface {
    func setFixedSize(_ size: Size?) {
        fixedSize = size
        writeNormalHints()
    }

    func writeNormalHints() {
        guard !isDestroyed, let hints = XAllocSizeHints() else { return }
        let display = platform.connection.display
        let scale = platform.scale
        hints.pointee.flags = hintsPosition ? Int(USPosition | PPosition) : 0
        hints.pointee.x = DevicePixels.coordinate(screenOrigin.x * scale)
        hints.pointee.y = DevicePixels.coordinate(screenOrigin.y * scale)
        if let fixed = fixedSize {
            let width = DevicePixels.extent(fixed.width * scale), height = DevicePixels.extent(fixed.height * scale)
            hints.pointee.flags |= Int(PMinSize | PMaxSize)
            hints.pointee.min_width = Int32(width); hints.pointee.max_width = Int32(width)
            hints.pointee.min_height = Int32(height); hints.pointee.max_height = Int32(height)
        }
        XSetWMNormalHints(display, xid, hints)
        XFree(hints)
    }
}
