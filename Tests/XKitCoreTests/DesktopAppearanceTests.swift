import Testing
@testable import XKitCore

/// Which appearance the desktop's theme name and XKIT_APPEARANCE ask for.
struct DesktopAppearanceTests {
    @Test func aThemeNameEndingInDarkIsDarkAndOthersLight() {
        #expect(DesktopAppearance.traits(forced: nil, themeName: "Adwaita-dark").userInterfaceStyle == .dark)
        #expect(DesktopAppearance.traits(forced: nil, themeName: "Arc-Dark").userInterfaceStyle == .dark)
        #expect(DesktopAppearance.traits(forced: nil, themeName: "Adwaita").userInterfaceStyle == .light)
        #expect(DesktopAppearance.traits(forced: nil, themeName: "Darkroom").userInterfaceStyle == .light)
        #expect(DesktopAppearance.traits(forced: nil, themeName: nil).userInterfaceStyle == .light)
    }

    @Test func gnomesHighContrastThemesAskForHighContrast() {
        let plain = DesktopAppearance.traits(forced: nil, themeName: "HighContrast")
        #expect(plain == TraitCollection(userInterfaceStyle: .light, accessibilityContrast: .high))
        let inverse = DesktopAppearance.traits(forced: nil, themeName: "HighContrastInverse")
        #expect(inverse == TraitCollection(userInterfaceStyle: .dark, accessibilityContrast: .high))
        #expect(DesktopAppearance.traits(forced: nil, themeName: "Adwaita").accessibilityContrast == .normal)
    }

    @Test func aForcedAppearanceOutranksTheTheme() throws {
        #expect(try DesktopAppearance.forcedStyle("dark") == .dark)
        #expect(try DesktopAppearance.forcedStyle("Light") == .light)
        #expect(try DesktopAppearance.forcedStyle("") == nil)
        #expect(try DesktopAppearance.forcedStyle(nil) == nil)
        #expect(DesktopAppearance.traits(forced: .light, themeName: "Adwaita-dark").userInterfaceStyle == .light)
        #expect(DesktopAppearance.traits(forced: .dark, themeName: "Adwaita").userInterfaceStyle == .dark)
        #expect(throws: AppearanceSettingError(value: "dim")) { try DesktopAppearance.forcedStyle("dim") }
    }
}
