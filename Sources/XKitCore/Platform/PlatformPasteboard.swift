/// Which selection a clipboard operation uses.
public enum ClipboardSelection: Sendable, Hashable {
    /// CLIPBOARD: explicit Copy and Paste.
    case clipboard
    /// PRIMARY: the current text selection, pasted with the middle button.
    case primary
}

/// Copy and paste as widgets see them: the platform's side of one selection.
@MainActor
public protocol PlatformPasteboard: AnyObject {
    /// Puts text on the selection; `event` is the input that triggered the copy (its timestamp
    /// becomes the ownership time on X). Failures are reported as warnings, never thrown at widgets.
    func setString(_ string: String, event: InputEvent?)
    /// Reads text from whoever owns the selection; suspends rather than blocks.
    func string() async throws -> String?
}
