/// A change of the display scale or of how the platform renders fonts, reaching every view.
///
/// Text measures differently afterwards (advances are whole device pixels, and hinting moves
/// them), so what views cached from measuring is dropped, everything lays out again and the
/// whole window redraws. Logical sizes stay: the platform resizes the native window instead.
extension Application {
    /// The platform's scale or font rendering changed: open menus close (they were placed and cut
    /// to shape with the old metrics) and every window measures, lays out and draws again.
    @_spi(Platform) public func displayMetricsDidChange() {
        if menuController.isMenuVisible { menuController.hideMenu() }
        for window in windows where !window.isClosed { window.displayMetricsDidChange() }
    }
}

extension Window {
    /// Drops every view's text measurements, then lays out and redraws the whole window.
    func displayMetricsDidChange() {
        contentView.forEachDescendant { $0.textMetricsDidChange() }
        // The input method's spot is in device pixels: tell it again on the next pass.
        textInputCaretShown = nil
        viewTreeDidChange()
        setNeedsDisplay(in: Rect(origin: .zero, size: size))
    }
}

