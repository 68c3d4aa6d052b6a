import XKitCore

/// AT-SPI2's numbers and names: roles (`AtspiRole`), states (`AtspiStateType`), interfaces and paths.
enum Atspi {
    static let rootPath = "/org/a11y/atspi/accessible/root"
    static let nullPath = "/org/a11y/atspi/null"
    static let objectPathPrefix = "/org/a11y/atspi/accessible/"
    static let registryName = "org.a11y.atspi.Registry"
    static let cachePath = "/org/a11y/atspi/cache"
    /// One item of `org.a11y.atspi.Cache.GetItems` (at-spi2-core 2.46).
    static let cacheItemSignature = "((so)(so)(so)iiassusau)"

    enum Interface {
        static let accessible = "org.a11y.atspi.Accessible"
        static let application = "org.a11y.atspi.Application"
        static let component = "org.a11y.atspi.Component"
        static let action = "org.a11y.atspi.Action"
        static let text = "org.a11y.atspi.Text"
        static let editableText = "org.a11y.atspi.EditableText"
        static let selection = "org.a11y.atspi.Selection"
        static let hypertext = "org.a11y.atspi.Hypertext"
        static let hyperlink = "org.a11y.atspi.Hyperlink"
        static let value = "org.a11y.atspi.Value"
        static let socket = "org.a11y.atspi.Socket"
        static let properties = "org.freedesktop.DBus.Properties"
        static let introspectable = "org.freedesktop.DBus.Introspectable"
        static let objectEvents = "org.a11y.atspi.Event.Object"
        static let focusEvents = "org.a11y.atspi.Event.Focus"
        static let windowEvents = "org.a11y.atspi.Event.Window"
    }

    enum ErrorName {
        static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
        static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
        static let unknownProperty = "org.freedesktop.DBus.Error.UnknownProperty"
        static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
    }

    /// `AtspiRole` values.
    enum Role: UInt32 {
        case filler = 20, frame = 23, label = 29, list = 31, listItem = 32, menu = 33, menuItem = 35
        case panel = 39, pushButton = 43, window = 69, application = 75, entry = 79, link = 88
        case alert = 2, animation = 3, checkBox = 7, dialog = 16, pageTab = 37, pageTabList = 38, progressBar = 42
        case radioButton = 44, slider = 51, spinButton = 52, toggleButton = 62

        init(_ role: AccessibilityNode.Role) {
            switch role {
            case .window: self = .window
            case .panel: self = .panel
            case .filler: self = .filler
            case .label: self = .label
            case .link: self = .link
            case .pushButton: self = .pushButton
            case .entry: self = .entry
            case .list: self = .list
            case .listItem: self = .listItem
            case .menu: self = .menu
            case .menuItem: self = .menuItem
            case .toggleButton: self = .toggleButton
            case .checkBox: self = .checkBox
            case .radioButton: self = .radioButton
            case .slider: self = .slider
            case .spinButton: self = .spinButton
            case .progressBar: self = .progressBar
            case .animation: self = .animation
            case .pageTabList: self = .pageTabList
            case .pageTab: self = .pageTab
            case .dialog: self = .dialog
            case .alert: self = .alert
            }
        }

        /// The name `GetRoleName` returns (AT-SPI's English role names).
        var name: String {
            switch self {
            case .filler: "filler"
            case .frame: "frame"
            case .label: "label"
            case .list: "list"
            case .listItem: "list item"
            case .menu: "menu"
            case .menuItem: "menu item"
            case .panel: "panel"
            case .pushButton: "push button"
            case .window: "window"
            case .application: "application"
            case .entry: "entry"
            case .link: "link"
            case .alert: "alert"
            case .animation: "animation"
            case .checkBox: "check box"
            case .dialog: "dialog"
            case .pageTab: "page tab"
            case .pageTabList: "page tab list"
            case .progressBar: "progress bar"
            case .radioButton: "radio button"
            case .slider: "slider"
            case .spinButton: "spin button"
            case .toggleButton: "toggle button"
            }
        }
    }

    /// `AtspiStateType` values.
    enum State: Int {
        case active = 1, checked = 4, editable = 7, enabled = 8, focusable = 11, focused = 12, modal = 16, multiLine = 17
        case multiselectable = 18, indeterminate = 32
        case selectable = 22, selected = 23, sensitive = 24, showing = 25, singleLine = 26
        case visible = 30, selectableText = 38

        /// The detail string of a `StateChanged` event for this state.
        var eventName: String {
            switch self {
            case .active: "active"
            case .checked: "checked"
            case .modal: "modal"
            case .indeterminate: "indeterminate"
            case .editable: "editable"
            case .enabled: "enabled"
            case .focusable: "focusable"
            case .focused: "focused"
            case .multiselectable: "multiselectable"
            case .multiLine: "multi-line"
            case .selectable: "selectable"
            case .selected: "selected"
            case .sensitive: "sensitive"
            case .showing: "showing"
            case .singleLine: "single-line"
            case .visible: "visible"
            case .selectableText: "selectable-text"
            }
        }
    }

    /// A state set as AT-SPI sends it: two 32-bit words of bits.
    static func stateWords(_ states: Set<State>) -> DBusValue {
        var words: [UInt32] = [0, 0]
        for state in states { words[state.rawValue / 32] |= 1 << UInt32(state.rawValue % 32) }
        return .array(elementSignature: "u", words.map { .uint32($0) })
    }
}
