/// An sRGB colour with straight (non-premultiplied) alpha, each component 0...1.
public struct Color: Hashable, Sendable {
    public var red: Double, green: Double, blue: Double, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// A colour from a 0xRRGGBB literal.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    /// The same colour with a different alpha.
    public func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }

    /// This colour mixed toward another by `fraction` (0 = self, 1 = other).
    public func blended(with other: Color, fraction: Double) -> Color {
        let t = min(1, max(0, fraction))
        return Color(red: red + (other.red - red) * t, green: green + (other.green - green) * t,
                     blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(hex: 0x000000)
    public static let white = Color(hex: 0xFFFFFF)
    public static let label = Color(hex: 0x1C1C1E)
    public static let secondaryLabel = Color(hex: 0x6B6B73)
    public static let tertiaryLabel = Color(hex: 0xA1A1A8)
    public static let separator = Color(hex: 0xD1D1D6)
    public static let windowBackground = Color(hex: 0xF4F4F6)
    public static let controlBackground = Color(hex: 0xFFFFFF)
    public static let accent = Color(hex: 0x0A64D8)
    public static let red = Color(hex: 0xD70015)
    public static let green = Color(hex: 0x248A3D)
    public static let orange = Color(hex: 0xC93400)
    public static let purple = Color(hex: 0x8944AB)
    public static let gray = Color(hex: 0x8E8E93)
    public static let menuBackground = Color(hex: 0x2C2C2E)
    public static let selection = Color(hex: 0xB3D4FF)
}
