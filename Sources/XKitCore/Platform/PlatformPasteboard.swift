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
    /// Puts items with several representations on the selection (UIKit's `setItems`).
    ///
    /// An X selection carries one item: the first is offered, in all its types; later ones are ignored
    /// with a warning. Failures are reported as warnings, as `setString`'s are.
    func setItems(_ items: [PasteboardItem], event: InputEvent?)
    /// Reads text from whoever owns the selection; suspends rather than blocks.
    func string() async throws -> String?
    /// The raw bytes the owner gives for one type (`text/html`, `image/png`), or nil when it offers none.
    func data(forType type: String) async throws -> [UInt8]?
    /// The types the owner offers (its TARGETS on X); empty when nobody owns the selection.
    func availableTypes() async throws -> [String]
}
