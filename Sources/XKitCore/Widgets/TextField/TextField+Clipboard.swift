/// Copy, cut and paste through the platform's pasteboards, and PRIMARY for the selection.
extension TextField {
    /// Copies the selection to CLIPBOARD; `event` is the input that asked for it.
    public func copy(event: InputEvent? = nil) {
        guard editing.hasSelection, let pasteboard = pasteboard(.clipboard) else { return }
        // With the field's font and colour, so a rich paste keeps the look (text/html beside the text).
        let styled = AttributedText(editing.selectedText, font: font, color: textColor)
        pasteboard.setItems([PasteboardItem(attributedText: styled, direction: baseWritingDirection)], event: event)
    }

    /// Copies the selection to CLIPBOARD and deletes it.
    public func cut(event: InputEvent? = nil) {
        guard editing.hasSelection else { return }
        copy(event: event)
        replaceUserText(editing.selection, with: "", kind: .other)
    }

    /// Reads a selection and inserts it at the caret (or hands it to `pasteHandler`).
    ///
    /// Returns whether anything was pasted; the owner may be slow, so this suspends rather than blocks.
    @discardableResult
    public func paste(from selection: ClipboardSelection) async -> Bool {
        guard let pasteboard = pasteboard(selection) else { return false }
        let fetched: String?
        do {
            // Plain text from any representation: an owner offering only HTML or a URI list still pastes.
            fetched = try await pasteboard.plainText()
        } catch {
            Trace.warn("paste failed: \(error)")
            return false
        }
        guard let string = fetched, !string.isEmpty, isEnabled else { return false }
        if let pasteHandler, pasteHandler(self, string) { return true }
        insertText(string)
        return true
    }

    /// Starts a paste without waiting for it (key and button handlers cannot suspend).
    func pasteAsync(_ selection: ClipboardSelection) {
        Task { [weak self] in
            await self?.paste(from: selection)
        }
    }

    /// Offers a non-empty selection as PRIMARY.
    func publishPrimary(event: InputEvent?) {
        guard editing.hasSelection, let pasteboard = pasteboard(.primary) else { return }
        pasteboard.setString(editing.selectedText, event: event)
    }

    private func pasteboard(_ selection: ClipboardSelection) -> PlatformPasteboard? {
        application?.platform.pasteboard(selection)
    }

    func canPerformEditAction(_ action: Action) -> Bool? {
        switch action {
        case .copy, .cut: return editing.hasSelection
        case .paste: return isEnabled && application != nil
        case .selectAll: return editing.count > 0
        case .delete: return isEnabled && editing.hasSelection
        default: return nil
        }
    }

    func performEditAction(_ action: Action, event: InputEvent?) -> Bool {
        switch action {
        case .copy: copy(event: event)
        case .cut: cut(event: event)
        case .paste: pasteAsync(.clipboard)
        case .selectAll:
            editing.selectAll()
            selectionDidChange()
            publishPrimary(event: event)
        case .delete: replaceUserText(editing.selection, with: "", kind: .other)
        default: return false
        }
        return true
    }
}
