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

    private static func forced<Value>(_ variable: String, warning: String,
                                      _ parse: (String?) throws(AppearanceSettingError) -> Value?) -> Value? {
        let value = getenv(variable).map { String(cString: $0) }
        do throws(AppearanceSettingError) {
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
                                                 portal: portalAppearance, themeName: themeName)
        application?.desktopTraitCollectionDidChange(desktopTraits)
    }
}
