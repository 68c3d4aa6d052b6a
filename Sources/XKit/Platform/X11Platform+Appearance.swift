import Glibc
@_spi(Platform) import XKitCore

/// The desktop's appearance on X11: `XKIT_APPEARANCE`, else the XSETTINGS theme name, followed live.
extension X11Platform {
    /// The style `XKIT_APPEARANCE` forces, read once; a bad value is warned about and ignored.
    static let forcedAppearance: UserInterfaceStyle? = {
        let value = getenv("XKIT_APPEARANCE").map { String(cString: $0) }
        do throws(AppearanceSettingError) {
            return try DesktopAppearance.forcedStyle(value)
        } catch {
            Trace.warnOnce("appearance.forced", error.description)
            return nil
        }
    }()

    /// Applies the theme name the XSETTINGS manager reports (`Net/ThemeName`): every window that
    /// follows the desktop redraws in its appearance, with no restart.
    func applyAppearanceSettings(_ values: [String: XSettingValue]) {
        var themeName: String?
        if case .string(let name)? = values["Net/ThemeName"] { themeName = name }
        desktopTraits = DesktopAppearance.traits(forced: X11Platform.forcedAppearance, themeName: themeName)
        application?.desktopTraitCollectionDidChange(desktopTraits)
    }
}
