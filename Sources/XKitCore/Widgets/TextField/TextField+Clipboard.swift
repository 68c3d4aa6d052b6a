/// Copy, cut and paste through `Clipboards.service`, and PRIMARY for the selection.
extension TextField {
    /// Copies the selection to CLIPBOARD; `time` is the triggering event's server time.
    public func copy(time: UInt32?) {
        guard editing.hasSelection, let service = Clipboards.service else { return }
        service.setString(editing.selectedText, selection: .clipboard, time: time)
    }

    /// Copies the selection to CLIPBOARD and deletes it.
    public func cut(time: UInt32?) {
        guard editing.hasSelection else { return }
        copy(time: time)
        edit { $0.replaceSelection(with: "") }
    }

    /// Reads a selection and inserts it at the caret (or hands it to `pasteHandler`).
    ///
    /// Returns whether anything was pasted; the owner may be slow, so this suspends rather than blocks.
    @discardableResult
    public func paste(from selection: ClipboardSelection) async -> Bool {
        guard let service = Clipboards.service else { return false }
        let fetched: String?
        do {
            fetched = try await service.string(selection: selection)
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
    func publishPrimary(time: UInt32?) {
        guard editing.hasSelection, let service = Clipboards.service else { return }
        service.setString(editing.selectedText, selection: .primary, time: time)
    }

    func canPerformEditAction(_ action: Action) -> Bool? {
        switch action {
        case .copy, .cut: return editing.hasSelection
        case .paste: return isEnabled && Clipboards.service != nil
        case .selectAll: return editing.count > 0
        default: return nil
        }
    }

    func performEditAction(_ action: Action) -> Bool {
        switch action {
        case .copy: copy(time: nil)
        case .cut: cut(time: nil)
        case .paste: pasteAsync(.clipboard)
        case .selectAll: editing.selectAll(); selectionDidChange()
        default: return false
        }
        return true
    }
}
