/// Keyboard modifier state at the time of an event.
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// A Shift key is held.
    public static let shift = Modifiers(rawValue: 1 << 0)
    /// A Control key is held.
    public static let control = Modifiers(rawValue: 1 << 1)
    /// An Alt key is held (X's Mod1).
    public static let alt = Modifiers(rawValue: 1 << 2)
    /// A Super (logo) key is held (X's Mod4).
    public static let `super` = Modifiers(rawValue: 1 << 3)
}

/// A pointer button, numbered as X numbers them.
public enum PointerButton: Int, Hashable, Sendable {
    /// The three buttons: `primary` clicks and selects, `middle` pastes PRIMARY on X, `secondary`
    /// opens context menus (on a left-handed mouse the server has already swapped them).
    case primary = 1, middle = 2, secondary = 3
    /// One wheel click in a direction: X reports the wheel as buttons 4 to 7, pressed and released at once.
    case scrollUp = 4, scrollDown = 5, scrollLeft = 6, scrollRight = 7
    /// The side buttons that go back and forward in a history.
    case back = 8, forward = 9
}

/// A pointer event in window coordinates.
public struct PointerEvent: InputEvent {
    /// What happened to the pointer.
    public enum Kind: Sendable {
        /// A button went `down` or `up`; the pointer `moved`, `entered` the view or `exited` it; or a wheel or
        /// touchpad asked to `scroll`.
        case down, up, moved, entered, exited, scroll
    }
    /// Whether a button went down or up, the pointer moved, entered or left the view, or a wheel scrolled.
    public var kind: Kind
    /// Where the pointer is, in the window's logical coordinates.
    public var location: Point
    /// The button pressed or released (for `scroll`, the wheel direction).
    public var button: PointerButton?
    /// Buttons held down during the event (for `moved`, the drag buttons).
    public var buttonsDown: Set<PointerButton>
    /// The modifier keys held when the event happened.
    public var modifiers: Modifiers
    /// Monotonic seconds when the app read the event, the clock gesture deadlines are set on.
    public var time: Double
    /// The platform's timestamp (the X server time, when the event happened), for selections and
    /// grabs. Gesture recognizers measure the time between a sequence's events with it, since the
    /// app may read them late.
    public var timestamp: PlatformTimestamp?
    /// For a `scroll` from a smooth-scrolling device, the distance to scroll in points (positive y
    /// scrolls the content up, toward its end); nil for wheel clicks, which carry `button` instead.
    public var scrollDelta: Point?

    /// Creates a pointer event, as a platform or a test delivers it.
    public init(kind: Kind, location: Point, button: PointerButton? = nil, buttonsDown: Set<PointerButton> = [],
                modifiers: Modifiers = [], time: Double, timestamp: PlatformTimestamp? = nil, scrollDelta: Point? = nil) {
        self.kind = kind; self.location = location; self.button = button; self.buttonsDown = buttonsDown
        self.modifiers = modifiers; self.time = time; self.timestamp = timestamp; self.scrollDelta = scrollDelta
    }
}

/// A key, by meaning rather than by keycode.
public enum Key: Hashable, Sendable {
    /// A key that types a character (after the layout and Shift), such as "a", "A" or "ä"; with
    /// Control held, which types nothing, the key's lowercase letter ("c" for Ctrl+C).
    case character(Character)
    /// Return or keypad Enter, Tab (with Shift, ISO_Left_Tab arrives as `tab` too), Escape,
    /// Backspace, Delete and the space bar.
    case enter, tab, escape, backspace, delete, space
    /// The arrow keys, Home and End (on the main block or the keypad), Page Up and Page Down.
    case left, right, up, down, home, end, pageUp, pageDown
    /// The Menu key, which opens a context menu, and Insert.
    case menu, insert
    /// F1 to F35, by number.
    case function(Int)
    /// Any other key, by its X keysym.
    case other(UInt)
}

/// A key press or release, already mapped through the keyboard layout and input method.
public struct KeyEvent: InputEvent {
    /// Whether the key went down or up.
    public enum Kind: Sendable {
        /// The key was pressed (`down`, also for each auto-repeat) or released (`up`).
        case down, up
    }
    /// Whether the key went down or came back up.
    public var kind: Kind
    /// The key, after the keyboard layout.
    public var key: Key
    /// Text the key produced (after the input method), if any.
    public var text: String?
    /// The modifier keys held when the key went down, not counting the key itself.
    public var modifiers: Modifiers
    /// Monotonic seconds, as for pointer events.
    public var time: Double
    /// The platform's timestamp (the X server time), for selections.
    public var timestamp: PlatformTimestamp?
    /// Whether this press is the keyboard's auto-repeat of a key held down.
    public var isRepeat: Bool

    /// Creates a key event, as a platform or a test delivers it.
    public init(kind: Kind = .down, key: Key, text: String? = nil, modifiers: Modifiers = [],
                time: Double = 0, timestamp: PlatformTimestamp? = nil, isRepeat: Bool = false) {
        self.kind = kind; self.key = key; self.text = text; self.modifiers = modifiers
        self.time = time; self.timestamp = timestamp; self.isRepeat = isRepeat
    }
}
