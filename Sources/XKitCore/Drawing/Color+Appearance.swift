/// Components of one colour in one appearance.
struct RGBA: Hashable, Sendable {
    var red: Double
    var green: Double
    var blue: Double
    var alpha: Double
}

/// The components of a semantic colour in the appearances other than light.
final class ColorVariants: Hashable, Sendable {
    let dark: RGBA
    let highContrastLight: RGBA
    let highContrastDark: RGBA

    init(dark: RGBA, highContrastLight: RGBA, highContrastDark: RGBA) {
        self.dark = dark; self.highContrastLight = highContrastLight; self.highContrastDark = highContrastDark
    }

    static func == (a: ColorVariants, b: ColorVariants) -> Bool {
        a.dark == b.dark && a.highContrastLight == b.highContrastLight && a.highContrastDark == b.highContrastDark
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(dark); hasher.combine(highContrastLight); hasher.combine(highContrastDark)
    }
}

/// The four appearances a semantic colour has a value for.
enum ColorAppearance: Sendable {
    case light, dark, highContrastLight, highContrastDark

    init(_ traits: TraitCollection) {
        let dark = traits.userInterfaceStyle == .dark
        let high = traits.accessibilityContrast == .high
        self = high ? (dark ? .highContrastDark : .highContrastLight) : (dark ? .dark : .light)
    }
}

extension Color {
    /// A semantic colour: one value per appearance, resolved when it is drawn.
    ///
    ///     let cardBorder = Color(light: Color(hex: 0xDDDDDD), dark: Color(hex: 0x444444))
    ///
    /// Without high-contrast values the normal ones are used.
    public init(light: Color, dark: Color, highContrastLight: Color? = nil, highContrastDark: Color? = nil) {
        let l = light.light
        let d = dark.rgba(for: .dark)
        self.init(rgba: l, variants: ColorVariants(dark: d, highContrastLight: highContrastLight?.light ?? l,
                                                    highContrastDark: highContrastDark?.rgba(for: .highContrastDark) ?? d))
    }

    /// A semantic colour from 0xRRGGBB literals for light and dark (and optionally high contrast).
    init(light: UInt32, dark: UInt32, highContrastLight: UInt32? = nil, highContrastDark: UInt32? = nil, alpha: Double = 1) {
        self.init(light: Color(hex: light, alpha: alpha), dark: Color(hex: dark, alpha: alpha),
                  highContrastLight: highContrastLight.map { Color(hex: $0, alpha: alpha) },
                  highContrastDark: highContrastDark.map { Color(hex: $0, alpha: alpha) })
    }

    /// Whether the colour changes with the appearance.
    public var isSemantic: Bool { variants != nil }

    /// The plain colour this one is in the appearance `traits` describe (a plain colour is itself).
    ///
    ///     let ink = Color.label.resolvedColor(with: TraitCollection(userInterfaceStyle: .dark))
    public func resolvedColor(with traits: TraitCollection) -> Color {
        guard variants != nil else { return self }
        return Color(rgba: rgba(for: ColorAppearance(traits)))
    }

    func rgba(for appearance: ColorAppearance) -> RGBA {
        guard let variants else { return light }
        switch appearance {
        case .light: return light
        case .dark: return variants.dark
        case .highContrastLight: return variants.highContrastLight
        case .highContrastDark: return variants.highContrastDark
        }
    }

    /// The components in the appearance being drawn (`TraitCollection.current`).
    var resolvedRGBA: RGBA {
        guard variants != nil else { return light }
        return rgba(for: ColorAppearance(TraitCollection.current))
    }

    /// The colour with `transform` applied to its components in every appearance.
    func map(_ transform: (RGBA) -> RGBA) -> Color {
        guard let variants else { return Color(rgba: transform(light)) }
        return Color(rgba: transform(light), variants: ColorVariants(dark: transform(variants.dark),
                                                                     highContrastLight: transform(variants.highContrastLight),
                                                                     highContrastDark: transform(variants.highContrastDark)))
    }
}
