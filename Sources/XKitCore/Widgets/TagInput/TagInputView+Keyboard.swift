/// Keys in the field (commit, Backspace into the chips, suggestion picking) and on a focused chip.
extension TagInputView {
    /// Keys the field shows us first; returns true for the ones the tag input takes.
    func fieldKey(_ event: KeyEvent) -> Bool {
        let field = textField
        let plain = event.modifiers.isDisjoint(with: [.control, .alt])
        if event.key != .backspace { backspaceArmed = false }
        if plain, let text = event.text, text.contains(where: { separators.contains($0) }) {
            typeWithSeparators(text)
            return true
        }
        switch event.key {
        case .enter where plain:
            if let i = suggestionBar.highlightedIndex, i < suggestionBar.items.count {
                pickSuggestion(suggestionBar.items[i])
            } else {
                commitField()
            }
            return true
        case .backspace where plain && field.text.isEmpty:
            guard let last = tags.last else { return true }
            if backspaceArmed && selectedTagIDs.contains(last.id) {
                backspaceArmed = false
                removeTag(id: last.id)
            } else {
                if selectionMode == .none { selectedTagIDs = [last.id] } else { selectTag(id: last.id) }
                if let chip = chip(forTagID: last.id) { chip.isSelected = true }
                backspaceArmed = true
                scrollToTag(at: tags.count - 1)
            }
            return true
        // Toward the chips: Left, or Right when they run right to left, from the start of the text.
        case .left where !isRightToLeft && caretAtStart(event), .right where isRightToLeft && caretAtStart(event):
            guard !tags.isEmpty else { return false }
            focusChip(at: tags.count - 1)
            return true
        case .down where plain:
            guard !suggestionBar.visibleItems.isEmpty else { return false }
            let next = suggestionBar.highlightedIndex.map { $0 + 1 } ?? 0
            suggestionBar.highlightedIndex = min(next, suggestionBar.visibleItems.count - 1)
            return true
        case .up where plain:
            guard let i = suggestionBar.highlightedIndex else { return false }
            suggestionBar.highlightedIndex = i > 0 ? i - 1 : nil
            return true
        case .escape:
            if suggestionBar.highlightedIndex != nil { suggestionBar.highlightedIndex = nil; return true }
            if !selectedTagIDs.isEmpty { deselectAll(); return true }
            return false
        default:
            return false
        }
    }

    /// Adds the field's text as a tag; on success the field empties, on refusal it keeps the text.
    func commitField() {
        let text = textField.text
        guard !TagInputView.trimmed(text).isEmpty else {
            if !text.isEmpty { addTag(text) }
            return
        }
        if case .success = addTag(text) {
            textField.text = ""
            fieldTextDidChange()
            scrollFieldIntoView()
        }
    }

    /// Typed text holding a comma: everything before the last separator becomes tags.
    func typeWithSeparators(_ typed: String) {
        var editing = textField.editing
        editing.replaceSelection(with: typed)
        var parts = split(editing.text)
        let rest = parts.popLast() ?? ""
        // Pieces of only invisible characters go on, to be refused as empty with the hint.
        let committed = parts.filter { !$0.allSatisfy(\.isWhitespace) }
        if committed.isEmpty && parts.count > 0 {
            addTag("")
        } else if !committed.isEmpty {
            addTags(committed)
        }
        textField.text = rest.drop { $0.isWhitespace }.description
        fieldTextDidChange()
        scrollFieldIntoView()
    }

    func fieldTextDidChange() {
        clearRejectionHint()
        suggestionBar.highlightedIndex = nil
        updateSuggestions()
    }

    // MARK: Chips

    /// Keys on a focused chip: arrows move, Backspace and Delete remove, typing goes to the field.
    func handleChipKey(_ event: KeyEvent) -> Bool {
        guard event.kind == .down, let tag = focusedTag, let index = tags.firstIndex(where: { $0.id == tag.id }) else {
            return false
        }
        let plain = event.modifiers.isDisjoint(with: [.control, .alt])
        switch event.key {
        case .left, .right:
            // Right to left, the next chip is the one on the left.
            if (event.key == .right) != isRightToLeft {
                if index + 1 < tags.count { focusChip(at: index + 1) } else { focusField() }
            } else if index > 0 {
                focusChip(at: index - 1)
            }
        case .up:
            // The chip straight above; on the first row, stay.
            if let above = itemIndex(inRowNextTo: index, above: true), above < tags.count { focusChip(at: above) }
        case .down:
            // The chip straight below; from the last row, the field.
            if let below = itemIndex(inRowNextTo: index, above: false), below < tags.count { focusChip(at: below) } else { focusField() }
        case .home:
            focusChip(at: 0)
        case .end, .escape:
            focusField()
        case .backspace:
            removeTagKeepingFocus(id: tag.id, forward: false)
        case .delete:
            removeTagKeepingFocus(id: tag.id, forward: true)
        default:
            guard plain, let text = event.text, !text.isEmpty, event.key != .space else { return false }
            focusField()
            textField.insertText(text)
        }
        return true
    }

    /// Removes a tag; if its chip had focus, the next chip (or the previous, or the field) takes it.
    func removeTagKeepingFocus(id: Int, forward: Bool) {
        guard let index = tags.firstIndex(where: { $0.id == id }) else { return }
        let hadFocus = focusedTag?.id == id
        if hadFocus { focusField() }
        removeTag(id: id)
        guard hadFocus else { return }
        if tags.isEmpty { return }
        if forward {
            if index < tags.count { focusChip(at: index) }
        } else {
            focusChip(at: max(0, index - 1))
        }
    }

    /// Gives keyboard focus to the chip at `index`, scrolling it into view first.
    public func focusChip(at index: Int) {
        guard tags.indices.contains(index) else { return }
        scrollToTag(at: index)
        layoutIfNeeded()
        // Focus moved by the keyboard is always visible, even after a click hid the ring.
        window?.eventRouter.showsFocusRing = true
        collectionView.layoutIfNeeded()
        (collectionView.cellForItem(at: IndexPath(item: index, section: 0)) as? TagChipCell)?.chip.becomeFirstResponder()
    }

    /// Gives keyboard focus to the text field.
    public func focusField() {
        textField.becomeFirstResponder()
    }
}

extension TagInputView {
    /// Whether an unmodified arrow at the field's first offset, with nothing selected, leaves the text.
    func caretAtStart(_ event: KeyEvent) -> Bool {
        event.modifiers.isDisjoint(with: [.control, .alt, .shift]) && textField.caretOffset == 0 && !textField.editing.hasSelection
    }
}
