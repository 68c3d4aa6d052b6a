/// The desktop's settings that the toolkit follows (XSETTINGS on X), with GTK's defaults.
public struct DesktopSettings: Hashable, Sendable {
    /// The longest gap between the clicks of a double click, in seconds.
    public var doubleClickTime: Double
    /// How far the pointer moves, in logical points, before a press becomes a drag.
    public var dragThreshold: Double
    /// How long a press lasts before it is a long press, in seconds.
    public var longPressTime: Double
    /// Whether text carets blink.
    public var caretBlinks: Bool
    /// A full on-and-off caret blink cycle, in seconds.
    public var caretBlinkTime: Double
    /// How long after the last keystroke or click the caret stops blinking (and stays on), in seconds.
    public var caretBlinkTimeout: Double
    /// Whether views animate; false is the desktop's reduced-motion setting (`Gtk/EnableAnimations` 0).
    public var enablesAnimations: Bool
    /// Dots per inch of the screen (96 is a scale of 1).
    public var dpi: Double

    /// Creates settings; each default is GTK's, used until the desktop says otherwise.
    public init(doubleClickTime: Double = 0.4, dragThreshold: Double = 8, longPressTime: Double = 0.5,
                caretBlinks: Bool = true, caretBlinkTime: Double = 1.2, caretBlinkTimeout: Double = 10, dpi: Double = 96,
                enablesAnimations: Bool = true) {
        self.doubleClickTime = doubleClickTime
        self.dragThreshold = dragThreshold
        self.longPressTime = longPressTime
        self.caretBlinks = caretBlinks
        self.caretBlinkTime = caretBlinkTime
        self.caretBlinkTimeout = caretBlinkTimeout
        self.dpi = dpi
        self.enablesAnimations = enablesAnimations
    }

    /// GTK's defaults at 96 dpi.
    public static let standard = DesktopSettings()
}
