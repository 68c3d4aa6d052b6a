/// The desktop's edit shortcuts, turned into responder-chain actions.
///
/// Ctrl+C, Ctrl+X, Ctrl+V and Ctrl+A, and the older Ctrl+Insert, Shift+Delete and Shift+Insert,
/// become `.copy`, `.cut`, `.paste` and `.selectAll` sent from the first responder. Whoever can
/// perform the action answers it, so a key and a menu item always take the same path.
enum EditShortcuts {
    /// The action a key stands for, if it is an edit shortcut.
    static func action(for event: KeyEvent) -> Action? {
        let relevant = event.modifiers.intersection([.shift, .control, .alt, .super])
        switch (event.key, relevant) {
        case (.character(let c), .control):
            switch c.lowercased() {
            case "c": return .copy
            case "x": return .cut
            case "v": return .paste
            case "a": return .selectAll
            default: return nil
            }
        case (.insert, .control): return .copy
        case (.delete, .shift): return .cut
        case (.insert, .shift): return .paste
        default: return nil
        }
    }
}
