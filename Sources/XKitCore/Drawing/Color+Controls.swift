// MARK: Colours of the standard controls

extension Color {
    /// The tint of active control parts (a switch that is on, a slider's fill, the selected segment).
    public static let tint = Color.systemBlue
    /// The fill of inactive control parts (a switch that is off, a slider's and a progress view's track).
    public static let systemFill = Color(hex: 0x787880, alpha: 0.2)
    /// A lighter fill for larger shapes (a segmented control's background).
    public static let secondarySystemFill = Color(hex: 0x787880, alpha: 0.16)
    /// The fill of a control's raised parts (a slider's knob, the selected segment).
    public static let controlKnob = Color(hex: 0xFFFFFF)
}

extension Color {
    /// The edge of an unchecked check box or radio button: stronger than `.separator`, so the shape reads.
    public static let separatorStrong = Color(hex: 0x8E8E93)
}
