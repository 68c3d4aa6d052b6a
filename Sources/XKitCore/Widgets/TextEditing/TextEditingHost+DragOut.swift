/// Dragging the selection out of a text field or a text view, as from a label.
extension TextEditingHost {
    /// Whether a press of `clickCount` on the character at `offset` may drag the selection out:
    /// a single press without Shift, on the selection, with no composition running.
    func pressMayDragSelection(clickCount: Int, onCharacter offset: Int, event: PointerEvent) -> Bool {
        let selection = editingSelection
        return clickCount == 1 && !event.modifiers.contains(.shift) && !selection.isEmpty
            && selection.range.contains(offset) && preedit == nil && dragSource != nil
    }

    /// Starts dragging the selected text out (a copy: the text stays); false when none started.
    func beginSelectionDragOut(event: PointerEvent) -> Bool {
        let text = selectedEditingText
        return beginDragOut(item(for: text), showing: text, event: event)
    }
}
