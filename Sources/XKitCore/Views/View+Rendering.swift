/// Drawing a view's subtree: background, content, subviews, overlay, then the menu tint, focus ring and border.
extension View {
    /// Draws the view and its subtree; the context's origin is the top-left of the frame.
    ///
    /// The context must be clipped to `dirty` (frame coordinates): what would fall outside it may
    /// be left out, such as the border of a view redrawn only inside it.
    public func render(in context: GraphicsContext, dirty: Rect) {
        if isHidden { return }
        if isCompositedLayer, window?.compositedLayer === self { return renderOpaque(in: context, dirty: dirty) }
        if alpha <= 0 { return }
        if alpha < 1 { return renderOpaque(in: AlphaGraphicsContext(base: context, alpha: alpha), dirty: dirty) }
        renderOpaque(in: context, dirty: dirty)
    }

    private func renderOpaque(in context: GraphicsContext, dirty: Rect) {
        // A view that forces light or dark draws its subtree with its own traits.
        if let own = ownInterfaceStyle, TraitCollection.current.userInterfaceStyle != own {
            return TraitCollection.current.overriding(own).performAsCurrent { renderResolved(in: context, dirty: dirty) }
        }
        renderResolved(in: context, dirty: dirty)
    }

    private func renderResolved(in context: GraphicsContext, dirty: Rect) {
        context.saveState()
        defer { context.restoreState() }
        let local = Rect(origin: .zero, size: frame.size)
        // Drawing is clipped to `dirty`: inside the rounded interior, the corners, the border and
        // the focus ring (outside the bounds) would all be clipped away.
        let interior = dirty.liesWithin(roundedRect: local, radius: cornerRadius, margin: max(0, borderWidth) + 1)
        if let bg = backgroundColor, bg.alpha > 0 {
            if cornerRadius > 0 && !interior { context.fillRoundedRect(local, radius: cornerRadius, color: bg) }
            else { context.fill(local, color: bg) }
        }
        if clipsToBounds { context.clip(to: local) }
        context.translate(by: Point(x: -boundsOrigin.x, y: -boundsOrigin.y))
        let dirtyHere = dirty.offsetBy(dx: boundsOrigin.x, dy: boundsOrigin.y)
        draw(in: context)
        for sub in subviews where !sub.isHidden && sub.frame.intersects(dirtyHere) {
            context.saveState()
            context.translate(by: sub.frame.origin)
            sub.render(in: context, dirty: dirtyHere.offsetBy(dx: -sub.frame.x, dy: -sub.frame.y))
            context.restoreState()
        }
        drawOverlay(in: context)
        context.translate(by: boundsOrigin)
        if isMenuTarget {
            context.fillRoundedRect(local, radius: max(cornerRadius, 3), color: View.menuTargetTint)
        }
        if interior { return }
        if drawsFocusRing && isFirstResponder && (window?.eventRouter.showsFocusRing ?? true) {
            // Just outside the bounds, as on other desktops; setNeedsDisplay pads its rect to cover it.
            context.strokeRoundedRect(local.insetBy(dx: -3, dy: -3), radius: cornerRadius + 3,
                                      color: focusRingColor, lineWidth: 2.5)
        }
        if let border = borderColor, borderWidth > 0 {
            context.strokeRoundedRect(local, radius: cornerRadius, color: border, lineWidth: borderWidth)
        }
    }
}
