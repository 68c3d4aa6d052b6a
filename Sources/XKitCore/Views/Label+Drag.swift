/// Dragging a selectable label's selection out to another app (or another view) as text.
extension Label {
    /// Starts a drag of the selection with the selected attributed text; false when none started.
    @discardableResult
    func beginSelectionDrag(event: PointerEvent) -> Bool {
        guard let selected = selectedText else { return false }
        return beginDragOut(itemToCopy, showing: selected, event: event)
    }
}
