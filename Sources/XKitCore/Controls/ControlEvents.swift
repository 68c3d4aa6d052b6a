/// Control events that handlers can be added for, as a set.
public struct ControlEvents: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The primary button went down inside the control.
    public static let touchDown = ControlEvents(rawValue: 1 << 0)
    /// The button was released inside (or within the slop).
    public static let touchUpInside = ControlEvents(rawValue: 1 << 1)
    /// The button was released after dragging out.
    public static let touchUpOutside = ControlEvents(rawValue: 1 << 2)
    /// A drag came back inside.
    public static let touchDragEnter = ControlEvents(rawValue: 1 << 3)
    /// A drag left the control.
    public static let touchDragExit = ControlEvents(rawValue: 1 << 4)
    /// Tracking ended without a release (a gesture or popup took the pointer).
    public static let touchCancel = ControlEvents(rawValue: 1 << 5)
    /// The control's value changed (tags, text).
    public static let valueChanged = ControlEvents(rawValue: 1 << 6)
    /// The control's main action: a click released inside, or Space/Enter with focus.
    public static let primaryActionTriggered = ControlEvents(rawValue: 1 << 7)
    /// Every event.
    public static let allEvents = ControlEvents(rawValue: 0xFF)

    static let names: [(ControlEvents, String)] = [
        (.touchDown, "touchDown"), (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"),
        (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"), (.touchCancel, "touchCancel"),
        (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primaryActionTriggered"),
    ]

    public var description: String {
        ControlEvents.names.filter { contains($0.0) }.map { $0.1 }.joined(separator: "|")
    }
}

/// Look-affecting states of a control.
public struct ControlState: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// No state: enabled, not pressed, not selected, not focused.
    public static let normal: ControlState = []
    /// Pressed, with the pointer inside.
    public static let highlighted = ControlState(rawValue: 1 << 0)
    /// Not enabled: takes no input and draws dimmed.
    public static let disabled = ControlState(rawValue: 1 << 1)
    /// Selected (a toggled control).
    public static let selected = ControlState(rawValue: 1 << 2)
    /// The keyboard focus.
    public static let focused = ControlState(rawValue: 1 << 3)
}

/// Identifies one added handler, for `removeAction(_:)`.
public struct ActionToken: Hashable, Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}
