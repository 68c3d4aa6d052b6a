/// An sRGB colour with straight (non-premultiplied) alpha, each component 0...1.
///
/// Named colours are static members, so a colour parameter takes `.blue`, `.systemRed` or
/// `.label`; the components are `redComponent`, `greenComponent`, `blueComponent` and `alpha`.
///
///     view.backgroundColor = .systemBlue
///     label.textColor = Color(hex: 0x336699)
public struct Color: Hashable, Sendable {
    /// The components in the light appearance (all a plain colour has).
    var light: RGBA
    /// The other appearances' components, for semantic colours; nil for a plain colour.
    var variants: ColorVariants?

    /// The red component, 0...1: `Color.orange.redComponent`; a semantic colour gives the current appearance's.
    public var redComponent: Double {
        get { resolvedRGBA.red }
        set { var c = resolvedRGBA; c.red = newValue; self = Color(rgba: c) }
    }
    /// The green component, 0...1.
    public var greenComponent: Double {
        get { resolvedRGBA.green }
        set { var c = resolvedRGBA; c.green = newValue; self = Color(rgba: c) }
    }
    /// The blue component, 0...1.
    public var blueComponent: Double {
        get { resolvedRGBA.blue }
        set { var c = resolvedRGBA; c.blue = newValue; self = Color(rgba: c) }
    }
    /// The opacity, 0 (transparent) ... 1 (opaque).
    public var alpha: Double {
        get { resolvedRGBA.alpha }
        set { var c = resolvedRGBA; c.alpha = newValue; self = Color(rgba: c) }
    }

    init(rgba: RGBA, variants: ColorVariants? = nil) {
        light = rgba
        self.variants = variants
    }

    /// A colour from components in 0...1: `Color(red: 1, green: 0.5, blue: 0)`.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.init(rgba: RGBA(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// A grey of a brightness in 0...1: `Color(white: 0.9)`.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from a 0xRRGGBB literal: `Color(hex: 0x0A64D8)`.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    /// The components as a tuple: `let (r, g, b, a) = color.components`.
    public var components: (red: Double, green: Double, blue: Double, alpha: Double) {
        (redComponent, greenComponent, blueComponent, alpha)
    }

    /// The same colour with a different alpha: `Color.black.withAlpha(0.3)` (in every appearance).
    public func withAlpha(_ alpha: Double) -> Color {
        map { var c = $0; c.alpha = alpha; return c }
    }

    /// This colour mixed toward another by `fraction` (0 = self, 1 = other): `a.blended(with: .white, fraction: 0.5)`.
    ///
    /// Two semantic colours blend appearance by appearance, so the result is semantic too.
    public func blended(with other: Color, fraction: Double) -> Color {
        let t = min(1, max(0, fraction.isFinite ? fraction : 0))
        func mix(_ a: RGBA, _ b: RGBA) -> RGBA {
            RGBA(red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t,
                 blue: a.blue + (b.blue - a.blue) * t, alpha: a.alpha + (b.alpha - a.alpha) * t)
        }
        guard variants != nil || other.variants != nil else { return Color(rgba: mix(light, other.light)) }
        return Color(light: Color(rgba: mix(light, other.light)),
                     dark: Color(rgba: mix(rgba(for: .dark), other.rgba(for: .dark))),
                     highContrastLight: Color(rgba: mix(rgba(for: .highContrastLight), other.rgba(for: .highContrastLight))),
                     highContrastDark: Color(rgba: mix(rgba(for: .highContrastDark), other.rgba(for: .highContrastDark))))
    }
}

// MARK: Plain colours

extension Color {
    /// Fully transparent: `view.backgroundColor = .clear`.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Black, #000000.
    public static let black = Color(hex: 0x000000)
    /// White, #FFFFFF.
    public static let white = Color(hex: 0xFFFFFF)
    /// Mid grey, #808080 (UIKit's `.gray`).
    public static let gray = Color(white: 0.5)
    /// Light grey, #AAAAAA (UIKit's `.lightGray`).
    public static let lightGray = Color(white: 2.0 / 3.0)
    /// Dark grey, #555555 (UIKit's `.darkGray`).
    public static let darkGray = Color(white: 1.0 / 3.0)
    /// Pure red, #FF0000.
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// Pure green, #00FF00.
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// Pure blue, #0000FF.
    public static let blue = Color(red: 0, green: 0, blue: 1)
    /// Orange, #FF8000.
    public static let orange = Color(red: 1, green: 0.5, blue: 0)
    /// Yellow, #FFFF00.
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    /// Purple, #800080.
    public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
    /// Cyan, #00FFFF.
    public static let cyan = Color(red: 0, green: 1, blue: 1)
    /// Magenta, #FF00FF.
    public static let magenta = Color(red: 1, green: 0, blue: 1)
    /// Brown, #996633.
    public static let brown = Color(red: 0.6, green: 0.4, blue: 0.2)
}

// MARK: System colours (tuned for text and fills on the light window background)

extension Color {
    /// The toolkit's blue, for links and prominent controls: `button.tintColor = .systemBlue`.
    public static let systemBlue = Color(hex: 0x0A64D8)
    /// A red readable as text on light backgrounds, for errors and destructive actions.
    public static let systemRed = Color(hex: 0xD70015)
    /// A green readable as text, for success.
    public static let systemGreen = Color(hex: 0x248A3D)
    /// An orange readable as text, for warnings.
    public static let systemOrange = Color(hex: 0xC93400)
    /// A yellow for fills and highlights.
    public static let systemYellow = Color(hex: 0xFFCC00)
    /// A purple readable as text.
    public static let systemPurple = Color(hex: 0x8944AB)
    /// A pink readable as text.
    public static let systemPink = Color(hex: 0xD30F45)
    /// A teal readable as text.
    public static let systemTeal = Color(hex: 0x0071A4)
    /// An indigo readable as text.
    public static let systemIndigo = Color(hex: 0x3634A3)
    /// The neutral grey of secondary glyphs and inactive fills.
    public static let systemGray = Color(hex: 0x8E8E93)
}

// MARK: Semantic colours (what the toolkit's own views use)

extension Color {
    /// Primary text: `Label`'s default `textColor`.
    public static let label = Color(light: 0x1C1C1E, dark: 0xF2F2F7, highContrastLight: 0x000000, highContrastDark: 0xFFFFFF)
    /// Secondary text such as captions and hints: `Label(text: "2 min ago", textColor: .secondaryLabel)`.
    public static let secondaryLabel = Color(light: 0x6B6B73, dark: 0xAEAEB2, highContrastLight: 0x3A3A3F, highContrastDark: 0xD8D8DC)
    /// Tertiary text such as placeholders.
    public static let tertiaryLabel = Color(light: 0xA1A1A8, dark: 0x6E6E73, highContrastLight: 0x6B6B73, highContrastDark: 0xAEAEB2)
    /// Thin lines and borders between content: `view.borderColor = .separator`.
    public static let separator = Color(light: 0xD1D1D6, dark: 0x3A3A3C, highContrastLight: 0x8E8E93, highContrastDark: 0x8E8E93)
    /// The window's background (a `Window`'s content view uses it).
    public static let windowBackground = Color(light: 0xF4F4F6, dark: 0x1E1E20, highContrastLight: 0xFFFFFF, highContrastDark: 0x000000)
    /// The background of controls and cards that sit on the window background (fields, tag inputs).
    public static let controlBackground = Color(light: 0xFFFFFF, dark: 0x2C2C2E, highContrastLight: 0xFFFFFF, highContrastDark: 0x1C1C1E)
    /// The accent of focus, selection and prominent buttons: `Button`'s default background.
    public static let accent = Color.tint
    /// The dark background of the popup menu.
    public static let menuBackground = Color(light: 0x2C2C2E, dark: 0x3A3A3C, highContrastLight: 0x000000, highContrastDark: 0x1C1C1E)
    /// The highlight behind selected text.
    public static let selection = Color(light: 0xB3D4FF, dark: 0x264F78, highContrastLight: 0x99C2FF, highContrastDark: 0x1F5FAF)
}

// MARK: More semantic colours, as UIKit names them

extension Color {
    /// The background of a screen's content (white in light, near black in dark).
    public static let systemBackground = Color(light: 0xFFFFFF, dark: 0x1C1C1E, highContrastLight: 0xFFFFFF, highContrastDark: 0x000000)
    /// The background of grouped content on `systemBackground`.
    public static let secondarySystemBackground = Color(light: 0xF2F2F7, dark: 0x2C2C2E, highContrastLight: 0xEBEBF0, highContrastDark: 0x242426)
    /// A third level of background.
    public static let tertiarySystemBackground = Color(light: 0xFFFFFF, dark: 0x3A3A3C, highContrastLight: 0xFFFFFF, highContrastDark: 0x2C2C2E)
    /// Text of links (a label's tappable ranges).
    public static let link = Color(light: 0x0A64D8, dark: 0x4DA3FF, highContrastLight: 0x0040A0, highContrastDark: 0x80BFFF)
    /// Placeholder text in fields.
    public static let placeholderText = Color.tertiaryLabel
}
