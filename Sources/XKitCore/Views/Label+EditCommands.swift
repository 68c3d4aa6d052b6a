/// The label's one Copy path, shared by copyable and selectable labels.
///
/// Whether Copy comes from the menu, Ctrl+C or an app's `sendAction(.copy, …)`, it arrives here
/// through the responder chain, so a label that is both copyable and selectable behaves the same
/// whichever property was set first: it copies its selection when it has one, else `copyText`,
/// else its text.
extension Label {
    /// What Copy puts on the clipboard now: the selection, else `copyText`, else the text.
    public var textToCopy: String {
        selectedText ?? copyText ?? text ?? ""
    }

    /// Whether Copy is offered: the label is copyable or selectable and has something to copy.
    var canCopy: Bool {
        (isCopyable || isSelectable) && !textToCopy.isEmpty
    }

    /// Puts `textToCopy` on the CLIPBOARD, traces `copied` and flashes a copyable label.
    ///
    /// `event` is the input that asked for the copy (the menu click, the key); the selection is
    /// owned from its time, as ICCCM wants.
    ///
    ///     label.copyToClipboard()
    public func copyToClipboard(event: InputEvent? = nil) {
        let copied = textToCopy
        guard !copied.isEmpty else { return }
        guard let pasteboard = application?.platform.pasteboard(.clipboard) else {
            Trace.warn("copy: the label is in no application")
            return
        }
        pasteboard.setItems([itemToCopy], event: event)
        Trace.emit("copied", [("id", accessibilityIdentifier.map { JSON.string($0) } ?? .null), ("bytes", .int(copied.utf8.count))])
        if isCopyable { flashCopied() }
    }

    /// What Copy puts on the clipboard as an item: the selected (or whole) attributed text as `text/html`
    /// and plain text; `copyText`, which has no attributes, as plain text only.
    public var itemToCopy: PasteboardItem {
        guard let attributed = attributedText else { return PasteboardItem(string: textToCopy) }
        if let range = selectedTextRange, selectedText != nil {
            return PasteboardItem(attributedText: attributed.slice(range), direction: baseWritingDirection)
        }
        if copyText != nil { return PasteboardItem(string: textToCopy) }
        return PasteboardItem(attributedText: attributed, direction: baseWritingDirection)
    }

    func canPerformEditAction(_ action: Action) -> Bool? {
        action == .copy ? canCopy : nil
    }

    func performEditAction(_ action: Action, event: InputEvent?) -> Bool {
        guard action == .copy, canCopy else { return false }
        copyToClipboard(event: event)
        return true
    }
}
