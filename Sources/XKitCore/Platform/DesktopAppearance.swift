/// The desktop's light or dark appearance, from the sources XKit follows, strongest first.
///
/// `XKIT_APPEARANCE` / `XKIT_CONTRAST` (for tests and screenshots) outrank the desktop. Next comes the
/// freedesktop portal (`org.freedesktop.appearance`: `color-scheme` 1 dark, 2 light; `contrast` 1
/// high), where "no preference" falls through. Last, the GTK theme name that the XSETTINGS manager
/// publishes (`Net/ThemeName`), as GTK apps on X11 follow it: a name ending in `-dark` (`Adwaita-dark`,
/// `Arc-Dark`) is dark, and GNOME's `HighContrast` / `HighContrastInverse` themes ask for high contrast
/// (the inverse one dark). Anything else is light with normal contrast.
public enum DesktopAppearance {
    /// The traits for the forced settings (`XKIT_APPEARANCE`, `XKIT_CONTRAST`), the portal's settings
    /// and the GTK theme name, strongest first, with the locale's layout direction (`LocaleLayoutDirection`).
    ///
    ///     DesktopAppearance.traits(forced: nil, portal: PortalAppearance(colorScheme: 1), themeName: "Adwaita")  // dark
    public static func traits(forced: UserInterfaceStyle?, forcedContrast: AccessibilityContrast? = nil,
                              portal: PortalAppearance = PortalAppearance(), themeName: String?,
                              layoutDirection: UserInterfaceLayoutDirection = .leftToRight) -> TraitCollection {
        let name = themeName?.lowercased() ?? ""
        let themeIsHighContrast = name.hasPrefix("highcontrast")
        let themeIsDark = name.hasSuffix("-dark") || name.hasSuffix("_dark") || name == "highcontrastinverse"
        let style = forced ?? portal.style ?? (themeIsDark ? .dark : .light)
        let contrast = forcedContrast ?? portal.accessibilityContrast ?? (themeIsHighContrast ? .high : .normal)
        return TraitCollection(userInterfaceStyle: style, accessibilityContrast: contrast, layoutDirection: layoutDirection)
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

    /// The contrast `XKIT_CONTRAST` forces: `high` or `normal`; nil when unset or empty.
    ///
    /// Throws, with the reason, for any other value.
    public static func forcedContrast(_ value: String?) throws(AppearanceSettingError) -> AccessibilityContrast? {
        guard let value, !value.isEmpty else { return nil }
        switch value.lowercased() {
        case "high": return .high
        case "normal": return .normal
        default: throw AppearanceSettingError(value: value, variable: "XKIT_CONTRAST")
        }
    }
}

/// An `XKIT_APPEARANCE` value that is neither `dark` nor `light`, or an `XKIT_CONTRAST` value that
/// is neither `high` nor `normal`.
public struct AppearanceSettingError: Error, Equatable, CustomStringConvertible {
    /// The value as given.
    public let value: String
    /// The environment variable it came from.
    public let variable: String

    init(value: String, variable: String = "XKIT_APPEARANCE") {
        self.value = value
        self.variable = variable
    }

    public var description: String {
        let choices = variable == "XKIT_CONTRAST" ? "high or normal" : "dark or light"
        return "\(variable)=\(value) is not \(choices); following the desktop"
    }
}
