/// What the freedesktop portal's `org.freedesktop.appearance` settings say, as last read.
///
/// The values are the portal's own numbers, kept as sent: a value the portal may add later reads as
/// "no preference" in `DesktopAppearance`, rather than being refused.
public struct PortalAppearance: Hashable, Sendable {
    /// `color-scheme`: 0 no preference, 1 prefer dark, 2 prefer light; nil when the portal has not said.
    public var colorScheme: UInt32?
    /// `contrast`: 0 no preference, 1 high contrast; nil when the portal has not said.
    public var contrast: UInt32?
    /// `reduced-motion`: 0 no preference, 1 reduce motion; nil when the portal has not said (older
    /// portals have no such key).
    public var reducedMotion: UInt32?

    /// Settings as the portal sent them (nil: not set).
    public init(colorScheme: UInt32? = nil, contrast: UInt32? = nil, reducedMotion: UInt32? = nil) {
        self.colorScheme = colorScheme
        self.contrast = contrast
        self.reducedMotion = reducedMotion
    }

    /// Whether the portal asks for reduced motion.
    public var reducesMotion: Bool { reducedMotion == 1 }

    /// The style the portal asks for, nil for no preference.
    public var style: UserInterfaceStyle? {
        switch colorScheme {
        case 1: .dark
        case 2: .light
        default: nil
        }
    }

    /// High contrast when the portal asks for it, nil for no preference.
    public var accessibilityContrast: AccessibilityContrast? { contrast == 1 ? .high : nil }
}
