import Glibc
@_spi(Platform) import XKitCore

/// The desktop's appearance on X11: `XKIT_APPEARANCE` / `XKIT_CONTRAST`, else the portal, else the
/// XSETTINGS theme name, all followed live (`DesktopAppearance` decides).
extension X11Platform {
    /// The style `XKIT_APPEARANCE` forces, read once; a bad value is warned about and ignored.
    static let forcedAppearance: UserInterfaceStyle? = forced("XKIT_APPEARANCE", warning: "appearance.forced",
                                                              DesktopAppearance.forcedStyle)

    /// The contrast `XKIT_CONTRAST` forces, read once; a bad value is warned about and ignored.
    static let forcedContrast: AccessibilityContrast? = forced("XKIT_CONTRAST", warning: "appearance.contrast",
                                                               DesktopAppearance.forcedContrast)

    /// The interface's direction: `XKIT_LAYOUT_DIRECTION`, else the locale's; read once, as the
    /// locale is. A bad value is warned about and ignored.
    static let layoutDirection: UserInterfaceLayoutDirection = {
        func env(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        let forced = X11Platform.forced("XKIT_LAYOUT_DIRECTION", warning: "layout.direction", LocaleLayoutDirection.forced)
        return forced ?? LocaleLayoutDirection.direction(lcAll: env("LC_ALL"), lcMessages: env("LC_MESSAGES"),
                                                         lang: env("LANG"), language: env("LANGUAGE"))
    }()

    private static func forced<Value, Failure: Error & CustomStringConvertible>(
        _ variable: String, warning: String, _ parse: (String?) throws(Failure) -> Value?
    ) -> Value? {
        let value = getenv(variable).map { String(cString: $0) }
        do throws(Failure) {
            return try parse(value)
        } catch {
            Trace.warnOnce(warning, error.description)
            return nil
        }
    }

    /// Applies the theme name the XSETTINGS manager reports (`Net/ThemeName`): every window that
    /// follows the desktop redraws in its appearance, with no restart.
    func applyAppearanceSettings(_ values: [String: XSettingValue]) {
        themeName = nil
        if case .string(let name)? = values["Net/ThemeName"] { themeName = name }
        updateDesktopTraits()
    }

    /// Starts following the portal's appearance settings when there is a session bus and something
    /// left to follow (not all of appearance, contrast and reduced motion forced); the answer comes later, so the first frame never waits for it.
    ///
    /// Without `DBUS_SESSION_BUS_ADDRESS` this is one `getenv`: no thread, no library is loaded.
    func startPortalIfNeeded() {
        guard portalReader == nil, X11Platform.forcedAppearance == nil || X11Platform.forcedContrast == nil || !X11Platform.reducedMotion,
              let address = getenv("DBUS_SESSION_BUS_ADDRESS").map({ String(cString: $0) }), !address.isEmpty else { return }
        let reader = PortalSettingsReader { [weak self] appearance in
            self?.portalAppearance = appearance
            self?.updateDesktopTraits()
            self?.portalMotionDidChange()
        }
        portalReader = reader
        reader.start(sessionAddress: address)
    }

    private func updateDesktopTraits() {
        desktopTraits = DesktopAppearance.traits(forced: X11Platform.forcedAppearance, forcedContrast: X11Platform.forcedContrast,
                                                 portal: portalAppearance, themeName: themeName,
                                                 layoutDirection: X11Platform.layoutDirection)
        application?.desktopTraitCollectionDidChange(desktopTraits)
    }
}
