import CX11
@_spi(Platform) import XKitCore

/// What the desktop's settings change on screen while the app runs: the scale (`Xft/DPI`), the
/// font rendering (`Xft/Antialias`, `Xft/Hinting`, `Xft/HintStyle`, `Xft/RGBA`) and the cursor
/// theme (`Gtk/CursorThemeName`, `Gtk/CursorThemeSize`).
extension X11Platform {
    /// Applies the DPI and font rendering the manager reports: fonts reopen at the new pixel size
    /// with the new options, each window's X window takes its logical size at the new scale with a
    /// new back buffer, and every window lays out and redraws.
    ///
    /// `XKIT_SCALE` outranks the desktop's DPI; a manager without `Xft/DPI` keeps `Xft.dpi`'s scale.
    func applyDisplaySettings(_ values: [String: XSettingValue]) {
        var newScale = resourceScale
        if !connection.scaleIsFixed, case .integer(let raw)? = values["Xft/DPI"], raw > 0 {
            let dpi = Double(raw) / 1024
            if let scale = DisplayScale.scale(dpi: dpi) {
                newScale = scale
            } else {
                Trace.warnOnce("xsettings.dpi.\(raw)", "ignoring Xft/DPI \(raw) (\(dpi) dpi): it must be from "
                               + "\(Int(DisplayScale.dpiRange.lowerBound)) to \(Int(DisplayScale.dpiRange.upperBound)) dpi")
            }
        }
        let scaleChanged = newScale != connection.scale
        guard fonts.reconfigure(scale: newScale, desktopOptions: FontRenderingOptions(xsettings: values)) else { return }
        if scaleChanged {
            connection.scale = newScale
            translator.scale = newScale
        }
        Trace.emit("display.changed", [("scale", .double(newScale))] + fonts.effectiveOptions().traceFields)
        guard let application else { return }
        if scaleChanged {
            for window in application.windows {
                (window.surface as? X11WindowSurface)?.displayScaleDidChange()
            }
        }
        application.displayMetricsDidChange()
        setNeedsDisplayPass()
    }

    /// Applies the cursor theme and size the manager reports; cursors already shown are made
    /// again from the new theme and put back on their windows.
    func applyCursorSettings(_ values: [String: XSettingValue]) {
        var theme: String?
        var size: Int?
        if case .string(let name)? = values["Gtk/CursorThemeName"], !name.isEmpty { theme = name }
        if case .integer(let pixels)? = values["Gtk/CursorThemeSize"], pixels != 0 {
            if (1...CursorShapes.maxSize).contains(Int(pixels)) {
                size = Int(pixels)
            } else {
                Trace.warnOnce("xsettings.cursorsize.\(pixels)", "ignoring Gtk/CursorThemeSize \(pixels): it must be from 1 to \(CursorShapes.maxSize)")
            }
        }
        guard cursors.setDesktopTheme(name: theme, size: size) else { return }
        for window in application?.windows ?? [] {
            (window.surface as? X11WindowSurface)?.cursorThemeDidChange()
        }
        cursors.freeRetired()
        connection.flush()
    }
}
