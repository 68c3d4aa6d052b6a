/// A selectable label shows its highlight only while PRIMARY holds its selection.
extension Label: PasteboardOwner {
    public func pasteboardOwnershipLost(_ selection: ClipboardSelection) {
        guard selection == .primary else { return }
        selectedTextRange = nil
    }
}
