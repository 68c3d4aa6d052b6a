/// One node of a window's accessibility tree: what a screen reader, a UI test or the trace sees of a view.
///
/// The tree mirrors the view tree. It is free of trace and X details, so the `XKIT_TRACE` `views`
/// event and the AT-SPI bridge serialise the same nodes.
@MainActor
public struct AccessibilityNode {
    /// The node's role, as accessibility APIs name them.
    public enum Role: String, Sendable {
        /// Roles of windows, containers and the basic views: a `window`, a `panel` that groups views, a
        /// `filler` with nothing of its own, a `label`, a `link`, a `pushButton`, an `entry` for text, a
        /// `list` and its `listItem`s, a `menu` and its `menuItem`s.
        case window, panel, filler, label, link, pushButton, entry, list, listItem, menu, menuItem
        /// Roles of the standard controls.
        case toggleButton, checkBox, radioButton, slider, spinButton, progressBar, animation, pageTabList, pageTab
        /// Roles of dialog windows and alerts.
        case dialog, alert
    }

    /// States a node can be in.
    public struct States: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// It can take keyboard focus.
        public static let focusable = States(rawValue: 1 << 0)
        /// It has keyboard focus.
        public static let focused = States(rawValue: 1 << 1)
        /// It is selected: a control whose `isSelected` is set, such as a chosen tag chip.
        public static let selected = States(rawValue: 1 << 2)
        /// It does not respond to input: a control whose `isEnabled` is false.
        public static let disabled = States(rawValue: 1 << 3)
        /// Its text can be copied from a context menu (a copyable label).
        public static let copyable = States(rawValue: 1 << 4)
        /// Its text can be selected with the pointer or the keyboard.
        public static let selectable = States(rawValue: 1 << 5)
        /// It is not shown: its view's `isHidden` is set.
        public static let hidden = States(rawValue: 1 << 6)
        /// Its text can be edited (a text field).
        public static let editable = States(rawValue: 1 << 7)
        /// Its text is one line (a text field, a one-line label).
        public static let singleLine = States(rawValue: 1 << 8)
        /// Its text may wrap onto several lines.
        public static let multiLine = States(rawValue: 1 << 9)
        /// It is on (a switch, a check box, a chosen radio button).
        public static let checked = States(rawValue: 1 << 10)
        /// Its value is unknown (an indeterminate progress view, a mixed check box).
        public static let indeterminate = States(rawValue: 1 << 11)
    }

    /// The view the node describes.
    public unowned let view: View
    /// What kind of element it is.
    public var role: Role
    /// The accessible name (a label's text, a button's title).
    public var name: String?
    /// The longer description (`accessibilityHint`).
    public var hint: String?
    /// The identifier apps and tests find the view by.
    public var identifier: String?
    /// The frame in screen coordinates, logical points.
    public var frame: Rect
    /// Its states.
    public var states: States
    /// The actions it supports (`.copy`, a button's press).
    public var actions: [Action]
    /// The value of a slider, stepper, progress view or switch, with its range; nil for other views.
    public var value: AccessibilityValue?

    /// The node for one view.
    public init(view: View) {
        self.view = view
        role = view.effectiveAccessibilityRole
        name = view.accessibilityLabel
        hint = view.accessibilityHint
        identifier = view.accessibilityIdentifier
        frame = view.convertToScreen(view.bounds)
        var states: States = []
        if view.canBecomeFirstResponder { states.insert(.focusable) }
        if view.isFirstResponder { states.insert(.focused) }
        if view.isHidden || view.isLeaving { states.insert(.hidden) }
        if let control = view as? Control {
            if !control.isEnabled { states.insert(.disabled) }
            if control.isSelected { states.insert(.selected) }
        }
        if let label = view as? Label {
            if label.isCopyable { states.insert(.copyable) }
            if label.isSelectable { states.insert(.selectable) }
            states.insert(label.numberOfLines == 1 ? .singleLine : .multiLine)
        }
        if view is TextField { states.formUnion([.editable, .singleLine]) }
        if let textView = view as? TextView {
            states.insert(.multiLine)
            if textView.isEditable { states.insert(.editable) }
            if textView.isSelectable { states.insert(.selectable) }
        }
        if let valued = view as? AccessibilityValueProviding {
            value = valued.accessibilityValue
            states.formUnion(valued.accessibilityValueStates)
        }
        self.states = states
        actions = AccessibilityNode.standardActions(of: view)
    }

    /// The standard edit actions `view` can perform now, as the trace and AT-SPI's Action list them.
    public static func standardActions(of view: View) -> [Action] {
        [Action.copy, .cut, .paste, .selectAll, .delete].filter { view.canPerformAction($0, sender: nil) }
    }

    /// The node's children: its subviews' nodes, in drawing order.
    public var children: [AccessibilityNode] { view.subviews.map(AccessibilityNode.init(view:)) }

    /// The views assistive technologies see as `view`'s children: shown subviews that are
    /// accessibility elements, with the children of those that are not lifted into their place.
    /// Hidden views and a control's own parts are left out.
    public static func exposedChildren(of view: View) -> [View] {
        var result: [View] = []
        // A control's own parts (a button's title label) are the control's name, not children.
        for sub in view.subviews where !sub.isHidden && !sub.isLeaving && sub.owningControl == nil {
            if sub.isAccessibilityElement { result.append(sub) } else { result += exposedChildren(of: sub) }
        }
        return result
    }

    /// The nearest ancestor that is an accessibility element; nil when only the window is above.
    ///
    /// The window's content view stands for the window itself, so it is never a parent.
    public static func exposedParent(of view: View) -> View? {
        var current = view.superview
        while let v = current, v.superview != nil {
            if v.isAccessibilityElement && !v.isHidden && !v.isLeaving { return v }
            current = v.superview
        }
        return nil
    }
}
