/// The desktop's light or dark appearance, from the sources XKit follows, strongest first.
///
/// `XKIT_APPEARANCE` (for tests and screenshots) outranks the desktop. Without it, the GTK theme
/// name that the XSETTINGS manager publishes (`Net/ThemeName`) decides, as GTK apps on X11 do: a
/// name ending in `-dark` (`Adwaita-dark`, `Arc-Dark`) is dark, and GNOME's `HighContrast` /
/// `HighContrastInverse` themes ask for high contrast (the inverse one dark). Anything else is light.
public enum DesktopAppearance {
    /// The traits for a forced appearance (`XKIT_APPEARANCE`'s value, if any) and a GTK theme name.
    public static func traits(forced: UserInterfaceStyle?, themeName: String?) -> TraitCollection {
        let name = themeName?.lowercased() ?? ""
        let highContrast = name.hasPrefix("highcontrast")
        let themeIsDark = name.hasSuffix("-dark") || name.hasSuffix("_dark") || name == "highcontrastinverse"
        let style = forced ?? (themeIsDark ? .dark : .light)
        return TraitCollection(userInterfaceStyle: style, accessibilityContrast: highContrast ? .high : .normal)
    }

    /// The style `XKIT_APPEARANCE` forces: `dark` or `light`; nil when unset or empty.
    ///
    /// Throws, with the reason, for any other value, so a typo is reported instead of ignored silently.
    public static func forcedStyle(_ value: String?) throws(AppearanceSettingError) -> UserInterfaceStyle? {
        guard let value, !value.isEmpty else { return nil }
        switch value.lowercased() {
        case "dark": return .dark
        case "light": return .light
        default: throw AppearanceSettingError(value: value)
        }
    }
}

/// An `XKIT_APPEARANCE` value that is neither `dark` nor `light`.
public struct AppearanceSettingError: Error, Equatable, CustomStringConvertible {
    /// The value as given.
    public let value: String
    public var description: String { "XKIT_APPEARANCE=\(value) is not dark or light; following the desktop" }
}
