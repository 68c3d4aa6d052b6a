/// Whether the interface is light or dark, like UIUserInterfaceStyle.
public enum UserInterfaceStyle: Int, Sendable, Hashable {
    /// Follow the surroundings (the superview, the window, the desktop).
    case unspecified, light, dark
}

/// Whether the desktop asks for high contrast, like UIAccessibilityContrast.
public enum AccessibilityContrast: Int, Sendable, Hashable {
    /// Unspecified follows the surroundings; normal and high are the desktop's contrast.
    case unspecified, normal, high
}

/// Which way the interface reads, like UIUserInterfaceLayoutDirection.
public enum UserInterfaceLayoutDirection: Int, Sendable, Hashable {
    /// Leading edge on the left: Latin, Cyrillic, CJK, Hangul.
    case leftToRight
    /// Leading edge on the right: Arabic, Hebrew, Persian, Urdu.
    case rightToLeft
}

extension UserInterfaceLayoutDirection {
    /// "ltr" or "rtl": how the trace writes it.
    public var traceName: String { self == .rightToLeft ? "rtl" : "ltr" }
}

/// The environment a view draws in, like UITraitCollection: its appearance, contrast and layout direction.
public struct TraitCollection: Hashable, Sendable, CustomStringConvertible {
    /// Light or dark.
    public var userInterfaceStyle: UserInterfaceStyle
    /// Normal or high contrast.
    public var accessibilityContrast: AccessibilityContrast
    /// Left to right or right to left: which end of a row is leading.
    public var layoutDirection: UserInterfaceLayoutDirection

    /// Traits with a style, a contrast and a layout direction (light, normal, left to right by default).
    public init(userInterfaceStyle: UserInterfaceStyle = .light, accessibilityContrast: AccessibilityContrast = .normal,
                layoutDirection: UserInterfaceLayoutDirection = .leftToRight) {
        self.userInterfaceStyle = userInterfaceStyle
        self.accessibilityContrast = accessibilityContrast
        self.layoutDirection = layoutDirection
    }

    /// The traits semantic colours resolve with while a view draws.
    ///
    /// Its style and contrast are the drawing view's; ask a view for its `traitCollection` or
    /// `effectiveUserInterfaceLayoutDirection` for its layout direction.
    ///
    /// The toolkit sets it around each window's and each overriding view's drawing, as UIKit does;
    /// drawing only happens on the main thread, so one slot is enough.
    public static var current: TraitCollection {
        get { currentStorage }
        set { currentStorage = newValue }
    }
    /// Static as UIKit's `UITraitCollection.current` is: set around drawing (`performAsCurrent`) for
    /// colours that resolve while drawing, which have no view to ask. Written on the main thread only.
    nonisolated(unsafe) private static var currentStorage = TraitCollection()

    /// Runs `body` with `current` set to these traits, then puts the old ones back.
    public func performAsCurrent(_ body: () throws -> Void) rethrows {
        let saved = TraitCollection.current
        TraitCollection.current = self
        defer { TraitCollection.current = saved }
        try body()
    }

    /// "dark", "light", with "-high-contrast" when it applies: the trace's `appearance` field.
    public var description: String {
        (userInterfaceStyle == .dark ? "dark" : "light") + (accessibilityContrast == .high ? "-high-contrast" : "")
    }

    /// These traits with the style replaced, unless `style` is unspecified.
    func overriding(_ style: UserInterfaceStyle) -> TraitCollection {
        guard style != .unspecified else { return self }
        var t = self
        t.userInterfaceStyle = style
        return t
    }
}
