/// A subtree shown at its alpha by the surface compositing it over the screen behind the window
/// (a fading popup), so a change of alpha alone redraws nothing.
extension Window {
    /// Has the surface show `layer` (a subtree covering the window, over a clear background) at
    /// its alpha by compositing it over the captured backdrop, so changing the alpha redraws
    /// nothing; returns false, and changes nothing, when the surface cannot.
    package func compositeOpacity(of layer: View) -> Bool {
        guard surface.canComposite, layer.window === self else { return false }
        compositedLayer?.isCompositedLayer = false
        layer.isCompositedLayer = true
        compositedLayer = layer
        setNeedsDisplay(in: Rect(origin: .zero, size: size))
        Trace.emit("window.composited", [("title", .string(title))])
        return true
    }

    /// The composited layer's alpha changed: the next pass composites again.
    func compositedOpacityDidChange() {
        compositedOpacityChanged = true
        platform.setNeedsDisplayPass()
    }

    /// Presents through the surface's compositing while it lasts; once it cannot (the window
    /// moved off its backdrop) the layer goes back to drawing itself translucent.
    func presentComposited(_ layer: View) -> Bool {
        guard surface.canComposite, layer.window === self else {
            layer.isCompositedLayer = false
            compositedLayer = nil
            setNeedsDisplay(in: Rect(origin: .zero, size: size))
            return presentDirtyRect()
        }
        let dirty = takeDirtyClip()
        guard dirty != nil || compositedOpacityChanged else { return false }
        compositedOpacityChanged = false
        surface.presentComposited(dirty: dirty, opacity: layer.alpha, size: size, draw: contentRenderer())
        return true
    }
}
