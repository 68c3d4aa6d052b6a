/// Copyable labels: a long press opens the Copy callout pointing at the text; a right-click, the
/// Menu key or Shift+F10 open the context menu (the event router does that for any view that offers
/// Copy or has `menuItems`). Copy puts the text on the CLIPBOARD.
///
/// Built from gesture recognizers, key commands and the app's `MenuController`; Copy itself is the
/// label's one edit-command path (`Label+EditCommands`), shared with selectable labels. The state
/// lives in the label's `copyable` (created on first use); while it is installed the label takes
/// clicks and focus (`Label.needsPointer`), with nothing saved or restored.
extension Label {
    /// Whether the label offers Copy (default false, or the app's `copyableLabelsByDefault` for plain labels).
    ///
    /// A copyable label takes clicks and can become first responder.
    ///
    ///     price.isCopyable = true
    public var isCopyable: Bool {
        get { copyableState?.explicit ?? (application?.copyableLabelsByDefault == true && !isOwnedByControl) }
        set {
            ensureCopyableState().explicit = newValue
            applyCopyableState()
        }
    }

    /// Whether a long press opens the menu (default true); installs or removes the recognizer.
    public var usesLongPressGesture: Bool {
        get { copyableState?.usesLongPress ?? true }
        set {
            ensureCopyableState().usesLongPress = newValue
            applyCopyableState()
        }
    }

    /// The long-press recognizer of a copyable label, while it is installed.
    public var longPressGestureRecognizer: LongPressGestureRecognizer? { copyableState?.longPress }

    /// Whether a plain tap toggles the menu too (default false).
    public var showsMenuOnTap: Bool {
        get { copyableState?.showsMenuOnTap ?? false }
        set {
            ensureCopyableState().showsMenuOnTap = newValue
            applyCopyableState()
        }
    }

    /// What Copy puts on the clipboard instead of `text` (e.g. a price without its caption).
    ///
    ///     price.copyText = "250000"
    public var copyText: String? {
        get { copyableState?.copyText }
        set { ensureCopyableState().copyText = newValue }
    }

    /// Opens the copy menu pointing at the text, or closes it if it is already open for this label.
    ///
    /// `event` is the input that asked for it (the long press, the key).
    public func toggleCopyMenu(event: InputEvent? = nil) {
        guard let menu = window?.application.menuController else { return }
        if menu.isShowingMenu(for: self) {
            menu.hideMenu()
        } else {
            menu.showMenu(from: self, rect: menuTargetRect, event: event)
        }
    }

    // MARK: Installation

    private var copyableState: CopyableState? { copyable }

    private func ensureCopyableState() -> CopyableState {
        if let state = copyable { return state }
        let state = CopyableState()
        copyable = state
        return state
    }

    /// Re-applies the app-wide default after the label moved or the app changed it.
    func applyCopyableDefault() {
        if copyableState != nil || application?.copyableLabelsByDefault == true { applyCopyableState() }
    }

    /// Installs or removes the recognizers and keys to match `isCopyable`.
    func applyCopyableState() {
        let wanted = isCopyable
        let state = ensureCopyableState()
        if state.isInstalled {
            guard !wanted || state.installedLongPress != state.usesLongPress || state.installedTap != state.showsMenuOnTap else { return }
            uninstallCopyable(state)
        }
        guard wanted else { return }
        state.isInstalled = true
        state.installedLongPress = state.usesLongPress
        state.installedTap = state.showsMenuOnTap

        if state.usesLongPress {
            let press = LongPressGestureRecognizer { [weak self] recognizer in
                guard recognizer.state == .began else { return }
                self?.toggleCopyMenu(event: recognizer.lastEvent)
            }
            addGestureRecognizer(press)
            state.longPress = press
        }
        if state.showsMenuOnTap {
            let tap = TapGestureRecognizer { [weak self] recognizer in
                self?.toggleCopyMenu(event: recognizer.lastEvent)
            }
            if let press = state.longPress { tap.require(toFail: press) }
            addGestureRecognizer(tap)
            state.tap = tap
        }
        window?.viewTreeDidChange()
    }

    private func uninstallCopyable(_ state: CopyableState) {
        for recognizer in [state.longPress, state.tap].compactMap({ $0 }) {
            removeGestureRecognizer(recognizer)
        }
        state.longPress = nil
        state.tap = nil
        state.isInstalled = false
        if let menu = window?.application.menuController, menu.isShowingMenu(for: self) { menu.hideMenu() }
        resignFirstResponder()
        window?.viewTreeDidChange()
    }

    /// Tints the label briefly so the user sees what was copied.
    func flashCopied() {
        let state = ensureCopyableState()
        state.cancelFlash?.cancel()
        if !state.isFlashing { state.backgroundBeforeFlash = backgroundColor }
        state.isFlashing = true
        backgroundColor = Color.selection.withAlpha(0.7)
        state.cancelFlash = application?.schedule(after: 0.35) { [weak self, weak state] in
            guard let self, let state else { return }
            self.backgroundColor = state.backgroundBeforeFlash
            state.isFlashing = false
        }
    }
}

/// Per-label copyable state, kept in `Label.copyable`.
@MainActor
final class CopyableState {
    var explicit: Bool?
    var usesLongPress = true
    var showsMenuOnTap = false
    var copyText: String?
    var isInstalled = false
    var installedLongPress = true
    var installedTap = false
    var longPress: LongPressGestureRecognizer?
    var tap: TapGestureRecognizer?
    var isFlashing = false
    var backgroundBeforeFlash: Color?
    var cancelFlash: Cancellable?
}
