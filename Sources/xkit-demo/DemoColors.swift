import XKit

/// The demo's own colours, each with a dark form, so its samples stay readable in dark mode.
extension Color {
    /// The tint behind alignment and tappable-text samples, which shows their frames.
    static let sampleBackground = Color(light: Color(hex: 0xEEF3FB), dark: Color(hex: 0x25324A))
    /// The band behind a contacts section's letter.
    static let sectionHeaderBackground = Color(light: Color(hex: 0xEEEEF2), dark: Color(hex: 0x2A2A2E))
}
