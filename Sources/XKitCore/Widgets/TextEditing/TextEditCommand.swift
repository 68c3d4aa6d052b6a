/// What an editing key means, decided once for every text widget (TextField and TextView), so
/// their keys cannot drift apart.
///
/// Ctrl+C/X/V/A are not here: the window's router turns them into edit actions (`EditShortcuts`)
/// that reach the widget through `perform(_:sender:event:)`, as menu items do.
struct TextEditCommand: Equatable {
    enum Verb: Equatable {
        case left, right, up, down, lineStart, lineEnd, documentStart, documentEnd, pageUp, pageDown
        case deleteBackward, deleteForward, undo, redo, newline, tab, insert(String)
    }

    var verb: Verb
    /// Shift held: the selection grows from its anchor.
    var extend = false
    /// Ctrl held: by words (arrows, deletions) or to the document's ends (Home, End).
    var word = false

    /// The command a key press means, nil for a key no text widget uses.
    init?(_ event: KeyEvent) {
        let shift = event.modifiers.contains(.shift)
        let control = event.modifiers.contains(.control)
        // Alt+arrows are the desktop's Back and Forward (GTK binds none in text), so they go up the chain.
        if event.modifiers.contains(.alt), [Key.left, .right, .up, .down].contains(event.key) { return nil }
        extend = shift
        word = control
        switch event.key {
        case .left: verb = .left
        case .right: verb = .right
        case .up: verb = .up
        case .down: verb = .down
        case .home: verb = control ? .documentStart : .lineStart
        case .end: verb = control ? .documentEnd : .lineEnd
        case .pageUp: verb = .pageUp
        case .pageDown: verb = .pageDown
        case .backspace: verb = .deleteBackward
        case .delete: verb = .deleteForward
        case .character("z") where control && !shift: verb = .undo
        case .character("z") where control && shift, .character("y") where control: verb = .redo
        case .enter: verb = .newline
        case .tab where !control && !event.modifiers.contains(.alt): verb = .tab
        default:
            guard !control, !event.modifiers.contains(.alt), let text = event.text, !text.isEmpty else { return nil }
            verb = .insert(text)
        }
    }
}
