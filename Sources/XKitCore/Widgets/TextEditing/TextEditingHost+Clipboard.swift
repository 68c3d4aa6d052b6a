/// Cut, Copy, Paste, Delete, Select All, Undo and Redo as actions (Ctrl+C/X/V/A and the context
/// menu reach a text view through `perform(_:sender:event:)`), the selection offered as PRIMARY,
/// and the middle-button paste: written once for every editing host.
extension TextEditingHost {
    /// The selected text, line breaks as in the text.
    var selectedEditingText: String { editingBuffer.substring(editingSelection.range) }

    /// Offers a non-empty selection as PRIMARY.
    func publishPrimary(event: InputEvent?) {
        let selection = editingSelection
        guard !selection.isEmpty, let pasteboard = application?.platform.pasteboard(.primary) else { return }
        pasteboard.setString(editingBuffer.substring(selection.range), event: event)
    }

    /// Copies the selection to CLIPBOARD; `event` is the input that asked for it.
    func copySelection(event: InputEvent?) {
        guard !editingSelection.isEmpty, let pasteboard = application?.platform.pasteboard(.clipboard) else { return }
        let copied = selectedEditingText
        pasteboard.setItems([item(for: copied)], event: event)
        Trace.emit("copied", [("id", accessibilityIdentifier.map { JSON.string($0) } ?? .null), ("bytes", .int(copied.utf8.count))])
    }

    /// What copying or dragging `text` offers: with the view's font and colour, so a rich paste
    /// keeps the look (text/html, made only when asked for).
    func item(for text: String) -> PasteboardItem {
        PasteboardItem(attributedText: AttributedText(text, font: font, color: textColor), direction: baseWritingDirection)
    }

    /// Copies the selection to CLIPBOARD and deletes it, when the text may change.
    func cutSelection(event: InputEvent?) {
        let selection = editingSelection
        guard !selection.isEmpty, allowsUserEdits else { return }
        copySelection(event: event)
        replaceUserText(selection.range, with: "", kind: .other)
    }

    /// Reads a selection's plain text (from any representation: an owner offering only HTML or a
    /// URI list still pastes) and inserts it at the caret; returns whether anything was pasted.
    func pasteText(from selection: ClipboardSelection) async -> Bool {
        guard let pasteboard = application?.platform.pasteboard(selection) else { return false }
        let fetched: String?
        do { fetched = try await pasteboard.plainText() } catch {
            Trace.warn("paste failed: \(error)")
            return false
        }
        guard let string = fetched, !string.isEmpty, allowsUserEdits else { return false }
        if let limit = pasteLimit, string.utf8.count > limit {
            Trace.warn("paste of \(string.utf8.count) bytes refused: a \(traceType) takes at most \(limit)")
            return false
        }
        if pasteHandledElsewhere(string) { return true }
        await insertPastedText(string)
        Trace.emit("pasted", [("id", accessibilityIdentifier.map { JSON.string($0) } ?? .null),
                              ("selection", .string(selection == .primary ? "primary" : "clipboard")), ("bytes", .int(string.utf8.count))])
        return true
    }

    /// Starts a paste without waiting for it (key and button handlers cannot suspend).
    func pasteAsync(_ selection: ClipboardSelection) {
        Task { [weak self] in _ = await self?.pasteText(from: selection) }
    }

    /// The middle button: the caret goes to `offset` and PRIMARY is pasted there; false when the
    /// text cannot change.
    func pastePrimary(at offset: Int) -> Bool {
        guard allowsUserEdits else { return false }
        becomeFirstResponder()
        var selection = editingSelection
        selection.moveCaret(to: offset, extend: false, count: editingBuffer.count)
        setUserSelection(selection, keepsGoal: false)
        pasteAsync(.primary)
        return true
    }

    /// Whether an edit action applies now; nil for actions that are not about editing text.
    func canPerformEditAction(_ action: Action) -> Bool? {
        let selected = !editingSelection.isEmpty
        switch action {
        case .copy: return selected
        case .cut, .delete: return selected && allowsUserEdits
        case .paste: return allowsUserEdits && application != nil
        case .selectAll: return editingBuffer.count > 0
        case .undo: return allowsUserEdits && undoHistory.canUndo
        case .redo: return allowsUserEdits && undoHistory.canRedo
        default: return nil
        }
    }

    /// Performs an edit action; false for actions that are not about editing text.
    func performEditAction(_ action: Action, event: InputEvent?) -> Bool {
        switch action {
        case .copy: copySelection(event: event)
        case .cut: cutSelection(event: event)
        case .paste: pasteAsync(.clipboard)
        case .selectAll:
            setUserSelection(TextSelection(anchor: 0, caret: editingBuffer.count), keepsGoal: false)
            publishPrimary(event: event)
        case .delete:
            let selection = editingSelection
            guard !selection.isEmpty, allowsUserEdits else { return true }
            replaceUserText(selection.range, with: "", kind: .other)
        case .undo: undoEdit()
        case .redo: redoEdit()
        default: return false
        }
        return true
    }
}
