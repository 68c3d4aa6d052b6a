import Testing
@testable import XKitCore

/// Which appearance XKIT_APPEARANCE / XKIT_CONTRAST, the portal and the desktop's theme name ask for, strongest first.
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

    @Test func thePortalsColorSchemeOutranksTheThemeNameAndNoPreferenceFallsThrough() {
        let dark = PortalAppearance(colorScheme: 1), light = PortalAppearance(colorScheme: 2)
        #expect(DesktopAppearance.traits(forced: nil, portal: dark, themeName: "Adwaita").userInterfaceStyle == .dark)
        #expect(DesktopAppearance.traits(forced: nil, portal: light, themeName: "Adwaita-dark").userInterfaceStyle == .light)
        #expect(DesktopAppearance.traits(forced: nil, portal: dark, themeName: nil).userInterfaceStyle == .dark)
        for none in [PortalAppearance(colorScheme: 0), PortalAppearance(), PortalAppearance(colorScheme: 7)] {
            #expect(DesktopAppearance.traits(forced: nil, portal: none, themeName: "Adwaita-dark").userInterfaceStyle == .dark)
            #expect(DesktopAppearance.traits(forced: nil, portal: none, themeName: "Adwaita").userInterfaceStyle == .light)
        }
    }

    @Test func xkitAppearanceOutranksThePortal() {
        let dark = PortalAppearance(colorScheme: 1, contrast: 1)
        let traits = DesktopAppearance.traits(forced: .light, portal: dark, themeName: "Adwaita-dark")
        #expect(traits == TraitCollection(userInterfaceStyle: .light, accessibilityContrast: .high))
        #expect(DesktopAppearance.traits(forced: .dark, portal: PortalAppearance(colorScheme: 2), themeName: nil).userInterfaceStyle == .dark)
    }

    @Test func thePortalsContrastAsksForHighContrastAndXkitContrastForcesEither() throws {
        let high = PortalAppearance(contrast: 1)
        #expect(DesktopAppearance.traits(forced: nil, portal: high, themeName: "Adwaita").accessibilityContrast == .high)
        #expect(DesktopAppearance.traits(forced: nil, portal: PortalAppearance(contrast: 0), themeName: "Adwaita").accessibilityContrast == .normal)
        // No preference from the portal leaves GNOME's HighContrast theme in charge.
        #expect(DesktopAppearance.traits(forced: nil, portal: PortalAppearance(contrast: 0), themeName: "HighContrast").accessibilityContrast == .high)
        #expect(DesktopAppearance.traits(forced: nil, forcedContrast: .normal, portal: high, themeName: "HighContrast").accessibilityContrast == .normal)
        #expect(DesktopAppearance.traits(forced: nil, forcedContrast: .high, themeName: nil).accessibilityContrast == .high)
        #expect(try DesktopAppearance.forcedContrast("high") == .high)
        #expect(try DesktopAppearance.forcedContrast("Normal") == .normal)
        #expect(try DesktopAppearance.forcedContrast("") == nil)
        #expect(try DesktopAppearance.forcedContrast(nil) == nil)
        #expect(throws: AppearanceSettingError(value: "more", variable: "XKIT_CONTRAST")) { try DesktopAppearance.forcedContrast("more") }
        #expect(AppearanceSettingError(value: "more", variable: "XKIT_CONTRAST").description.contains("high or normal"))
    }

    @Test func highContrastStrengthensTheSecondaryInkSeparatorsAndBorders() {
        for style in [UserInterfaceStyle.light, .dark] {
            let normal = TraitCollection(userInterfaceStyle: style, accessibilityContrast: .normal)
            let high = TraitCollection(userInterfaceStyle: style, accessibilityContrast: .high)
            for color in [Color.secondaryLabel, .separator, .separatorStrong, .label] {
                let before = color.resolvedColor(with: normal), after = color.resolvedColor(with: high)
                #expect(before != after)
                #expect(distance(after, Color.systemBackground.resolvedColor(with: high)) > distance(before, Color.systemBackground.resolvedColor(with: normal)),
                        "\(color) stands out more from the background in high contrast (\(style))")
            }
        }
    }

    private func distance(_ a: Color, _ b: Color) -> Double {
        let x = a.light, y = b.light
        return abs(x.red - y.red) + abs(x.green - y.green) + abs(x.blue - y.blue)
    }
}
