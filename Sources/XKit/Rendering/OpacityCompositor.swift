import CX11

/// A window's pixels kept opaque in a layer pixmap and put over its backdrop at any opacity with
/// one XRender composite: a fading popup costs a few requests per frame instead of a redraw.
@MainActor
final class OpacityCompositor {
    private let display: OpaquePointer
    private let visual: UnsafeMutablePointer<Visual>
    private let depth: UInt32
    private var layer: Pixmap = 0
    private var layerPicture: Picture = 0
    /// A picture of the back buffer of our own, so the renderer's clip never applies to the composite.
    private var targetPicture: Picture = 0
    private var target: Pixmap = 0
    private(set) var pixelSize = (width: 0, height: 0)

    init(display: OpaquePointer, visual: UnsafeMutablePointer<Visual>, depth: UInt32) {
        self.display = display
        self.visual = visual
        self.depth = depth
    }

    /// Makes sure the layer is `width × height` and composites into `buffer`. Returns nil if the
    /// server has no Render format for the visual, true if the layer is new (its pixels undefined).
    func prepare(width: Int, height: Int, buffer: Pixmap, window: XID) -> Bool? {
        if layer != 0, pixelSize == (width, height), target == buffer { return false }
        release()
        guard width > 0, height > 0, let format = XRenderFindVisualFormat(display, visual) else { return nil }
        layer = XCreatePixmap(display, window, UInt32(width), UInt32(height), depth)
        layerPicture = XRenderCreatePicture(display, layer, format, 0, nil)
        targetPicture = XRenderCreatePicture(display, buffer, format, 0, nil)
        target = buffer
        pixelSize = (width, height)
        return true
    }

    /// Keeps the buffer's pixels in `x, y, width, height` (device pixels) as the layer's.
    func keep(from buffer: Pixmap, gc: GC, x: Int, y: Int, width: Int, height: Int) {
        guard layer != 0, width > 0, height > 0 else { return }
        XCopyArea(display, buffer, layer, gc, Int32(x), Int32(y), UInt32(width), UInt32(height), Int32(x), Int32(y))
    }

    /// Draws the layer at `opacity` over what the buffer holds (the backdrop).
    func composite(opacity: Double) {
        guard layer != 0 else { return }
        var color = XRenderColor(red: 0, green: 0, blue: 0, alpha: UInt16((min(1, max(0, opacity)) * 65535).rounded()))
        let mask = XRenderCreateSolidFill(display, &color)
        XRenderComposite(display, Int32(PictOpOver), layerPicture, mask, targetPicture, 0, 0, 0, 0, 0, 0,
                         UInt32(pixelSize.width), UInt32(pixelSize.height))
        XRenderFreePicture(display, mask)
    }

    /// Frees the layer and the pictures (the window may already be gone: call inside a trap).
    func release() {
        if layerPicture != 0 { XRenderFreePicture(display, layerPicture) }
        if targetPicture != 0 { XRenderFreePicture(display, targetPicture) }
        if layer != 0 { XFreePixmap(display, layer) }
        layer = 0
        layerPicture = 0
        targetPicture = 0
        target = 0
        pixelSize = (0, 0)
    }
}
