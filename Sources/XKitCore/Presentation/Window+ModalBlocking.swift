/// A window under a modal dialog ignores its input, as GTK and Qt modal dialogs make their parents do.
extension Window {
    /// Whether `event` must be dropped because a modal dialog is open over this window; a press
    /// or key raises and focuses the dialog instead, so the user sees what is waiting.
    func blocksInputForModalDialog(_ event: InputEvent) -> Bool {
        guard let dialog = presentationState.openDialog else { return false }
        let isPress: Bool
        if let pointer = event as? PointerEvent {
            // Leaving still clears hover, so nothing stays highlighted under the dialog.
            if pointer.kind == .exited { return false }
            isPress = pointer.kind == .down
        } else {
            isPress = (event as? KeyEvent)?.kind == .down
        }
        if isPress {
            dialog.activate()
            Trace.emit("input.blocked", [("title", .string(title)), ("dialog", .string(dialog.title))])
        }
        return true
    }
}

extension ViewController {
    /// The window manager's close button on a presented controller's dialog: an alert cancels;
    /// any other controller is dismissed.
    func closeButtonPressedInPresentation() {
        if let lifecycle = self as? PresentationLifecycle {
            lifecycle.presentationCloseRequested()
        } else {
            dismiss(animated: true)
        }
    }
}
