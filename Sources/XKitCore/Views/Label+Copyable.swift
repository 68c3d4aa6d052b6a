/// Copyable labels: a long press, right-click, the Menu key or Shift+F10 opens a Copy menu pointing
/// at the text, and Copy puts the text on the CLIPBOARD.
///
/// Built only from public extension points — the associated-value store, gesture recognizers,
/// action handlers, key commands and `MenuController` — to show they are enough for app features.
extension Label {
    /// Makes every plain label copyable; labels that belong to a control (a button title, a menu
    /// item, a tag chip) are never affected, and their clicks keep going to the control.
    public static var copyableByDefault: Bool {
        get { CopyableDefaults.enabled }
        set {
            guard newValue != CopyableDefaults.enabled else { return }
            CopyableDefaults.enabled = newValue
            CopyableDefaults.observeInsertions()
            for host in ViewHosts.all {
                host.rootView.forEachDescendant { ($0 as? Label)?.applyCopyableState() }
            }
        }
    }

    /// Whether the label offers Copy (default false, or `copyableByDefault` for plain labels).
    ///
    /// A copyable label takes clicks and can become first responder.
    public var isCopyable: Bool {
        get { copyableState.explicit ?? (Label.copyableByDefault && !isOwnedByControl) }
        set {
            copyableState.explicit = newValue
            applyCopyableState()
        }
    }

    /// Whether a long press opens the menu (default true); installs or removes the recognizer.
    public var usesLongPressGesture: Bool {
        get { copyableState.usesLongPress }
        set {
            copyableState.usesLongPress = newValue
            applyCopyableState()
        }
    }

    /// The long-press recognizer of a copyable label, while it is installed.
    public var longPressGestureRecognizer: LongPressGestureRecognizer? { copyableState.longPress }

    /// Whether a plain tap toggles the menu too (default false).
    public var showsMenuOnTap: Bool {
        get { copyableState.showsMenuOnTap }
        set {
            copyableState.showsMenuOnTap = newValue
            applyCopyableState()
        }
    }

    /// What Copy puts on the clipboard instead of `text` (e.g. a price without its caption).
    public var copyText: String? {
        get { copyableState.copyText }
        set { copyableState.copyText = newValue }
    }

    /// Opens the copy menu pointing at the text, or closes it if it is already open for this label.
    public func toggleCopyMenu(time: UInt32? = nil) {
        let menu = MenuController.shared
        if menu.isShowingMenu(for: self) {
            menu.hideMenu()
        } else {
            menu.showMenu(from: self, rect: textRect(forBounds: bounds, limitedToNumberOfLines: numberOfLines), time: time)
        }
    }

    /// Puts the label's selection, else `copyText`, else its text on the CLIPBOARD and flashes the label.
    public func copyToClipboard(time: UInt32? = nil) {
        let text = selectedText ?? copyText ?? text ?? ""
        Clipboards.service?.setString(text, selection: .clipboard, time: time)
        Trace.emit("copied", [("id", identifier.map { JSON.string($0) } ?? .null), ("bytes", .int(text.utf8.count))])
        flashCopied()
    }

    // MARK: Installation

    private var copyableState: CopyableState {
        if let state = associatedValues[CopyableDefaults.key] { return state }
        let state = CopyableState()
        associatedValues[CopyableDefaults.key] = state
        CopyableDefaults.registerTraceField()
        CopyableDefaults.observeInsertions()
        return state
    }

    /// Installs or removes the recognizers, actions and keys to match `isCopyable`.
    func applyCopyableState() {
        let state = copyableState
        let wanted = isCopyable
        if state.isInstalled { uninstallCopyable(state) }
        guard wanted else { return }
        state.isInstalled = true
        state.savedInteraction = isUserInteractionEnabled
        state.savedFocusable = isFocusable
        isUserInteractionEnabled = true
        isFocusable = true

        let secondary = TapGestureRecognizer { [weak self] recognizer in
            self?.toggleCopyMenu(time: recognizer.lastEvent?.serverTime)
        }
        secondary.buttons = [.secondary]
        addGestureRecognizer(secondary)
        state.secondaryTap = secondary

        if state.usesLongPress {
            let press = LongPressGestureRecognizer { [weak self] recognizer in
                guard recognizer.state == .began else { return }
                self?.toggleCopyMenu(time: recognizer.lastEvent?.serverTime)
            }
            addGestureRecognizer(press)
            state.longPress = press
        }
        if state.showsMenuOnTap {
            let tap = TapGestureRecognizer { [weak self] recognizer in
                self?.toggleCopyMenu(time: recognizer.lastEvent?.serverTime)
            }
            if let press = state.longPress { tap.require(toFail: press) }
            addGestureRecognizer(tap)
            state.tap = tap
        }
        state.tokens = [
            addActionHandler(.copy) { [weak self] sender in
                self?.copyToClipboard(time: (sender as? MenuController)?.lastChoiceTime)
            },
            addKeyCommand(KeyCommand(.menu)) { [weak self] event in self?.toggleCopyMenu(time: event.serverTime); return true },
            addKeyCommand(KeyCommand(.function(10), modifiers: .shift)) { [weak self] event in
                self?.toggleCopyMenu(time: event.serverTime); return true
            },
            addKeyCommand(KeyCommand(.character("c"), modifiers: .control)) { [weak self] event in
                self?.copyToClipboard(time: event.serverTime); return true
            },
        ]
        windowHost?.viewTreeDidChange()
    }

    private func uninstallCopyable(_ state: CopyableState) {
        for recognizer in [state.secondaryTap, state.longPress, state.tap].compactMap({ $0 }) {
            removeGestureRecognizer(recognizer)
        }
        state.secondaryTap = nil
        state.longPress = nil
        state.tap = nil
        state.tokens.forEach(removeResponderHandler)
        state.tokens = []
        isUserInteractionEnabled = state.savedInteraction
        isFocusable = state.savedFocusable
        state.isInstalled = false
        if MenuController.shared.isShowingMenu(for: self) { MenuController.shared.hideMenu() }
        resignFirstResponder()
        windowHost?.viewTreeDidChange()
    }

    private func flashCopied() {
        let state = copyableState
        state.cancelFlash?()
        if !state.isFlashing { state.backgroundBeforeFlash = backgroundColor }
        state.isFlashing = true
        backgroundColor = Color.selection.withAlpha(0.7)
        state.cancelFlash = Scheduler.after(0.35) { [weak self, weak state] in
            guard let self, let state else { return }
            self.backgroundColor = state.backgroundBeforeFlash
            state.isFlashing = false
        }
    }
}

/// Per-label copyable state, kept in the label's associated-value store.
@MainActor
final class CopyableState {
    var explicit: Bool?
    var usesLongPress = true
    var showsMenuOnTap = false
    var copyText: String?
    var isInstalled = false
    var savedInteraction = false
    var savedFocusable = false
    var longPress: LongPressGestureRecognizer?
    var secondaryTap: TapGestureRecognizer?
    var tap: TapGestureRecognizer?
    var tokens: [ResponderHandlerToken] = []
    var isFlashing = false
    var backgroundBeforeFlash: Color?
    var cancelFlash: (() -> Void)?
}

/// The app-wide switch and the hooks that make it reach labels created later.
@MainActor
enum CopyableDefaults {
    static var enabled = false
    private static var observing = false
    private static var tracing = false

    static func observeInsertions() {
        guard !observing else { return }
        observing = true
        View.insertionObservers.append { view in
            guard let label = view as? Label else { return }
            // Re-evaluate on every insertion: moving a label into a control makes it owned.
            if enabled || label.associatedValues.contains(key) { label.applyCopyableState() }
        }
    }

    static func registerTraceField() {
        guard !tracing else { return }
        tracing = true
        View.traceContributors.append { view in
            guard let label = view as? Label, label.isCopyable else { return [] }
            return [("copyable", .bool(true))]
        }
    }

    /// Where a label keeps its copyable state.
    static let key = AssociatedKey<CopyableState?>("xkit.label.copyable", default: nil)
}
