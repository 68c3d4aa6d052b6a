// MARK: Colours of the standard controls

extension Color {
    /// The tint of active control parts (a switch that is on, a slider's fill, the selected segment).
    public static let tint = Color(light: 0x0A64D8, dark: 0x3D8BFF, highContrastLight: 0x0040A0, highContrastDark: 0x6AA9FF)
    /// The fill of inactive control parts (a switch that is off, a slider's and a progress view's track).
    public static let systemFill = Color(light: Color(hex: 0x787880, alpha: 0.2), dark: Color(hex: 0x787880, alpha: 0.36),
                                         highContrastLight: Color(hex: 0x787880, alpha: 0.35), highContrastDark: Color(hex: 0x8E8E93, alpha: 0.5))
    /// A lighter fill for larger shapes (a segmented control's background).
    public static let secondarySystemFill = Color(light: Color(hex: 0x787880, alpha: 0.16), dark: Color(hex: 0x787880, alpha: 0.32))
    /// The fill of a control's raised parts (a slider's knob, the selected segment).
    public static let controlKnob = Color(light: 0xFFFFFF, dark: 0x636366, highContrastDark: 0x8E8E93)
}

extension Color {
    /// The edge of an unchecked check box or radio button: stronger than `.separator`, so the shape reads.
    public static let separatorStrong = Color(light: 0x8E8E93, dark: 0x8E8E93, highContrastLight: 0x3A3A3F, highContrastDark: 0xD8D8DC)
}

extension Color {
    /// A tag chip's fill.
    public static let chipBackground = Color(light: 0xE4ECF7, dark: 0x2A3A52, highContrastLight: 0xD0DDF0, highContrastDark: 0x1F3A66)
    /// The scroll bar's track.
    public static let scrollTrack = Color(light: Color.black.withAlpha(0.04), dark: Color.white.withAlpha(0.06))
    /// The scroll bar's thumb, before its alpha.
    public static let scrollThumb = Color(light: Color.black, dark: Color.white)
}
