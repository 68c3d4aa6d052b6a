/// Which X selection a clipboard operation uses.
public enum ClipboardSelection: Sendable, Hashable {
    /// CLIPBOARD: explicit Copy and Paste.
    case clipboard
    /// PRIMARY: the current text selection, pasted with the middle button.
    case primary
}

/// Copy and paste as widgets see it; the X backend provides it, tests inject a fake.
@MainActor
public protocol ClipboardService: AnyObject {
    /// Puts text on a selection; `time` is the triggering event's server time.
    func setString(_ string: String, selection: ClipboardSelection, time: UInt32?)
    /// Reads text from whoever owns the selection.
    func string(selection: ClipboardSelection) async throws -> String?
}

/// The clipboard service widgets use; the X backend sets it when the app starts.
@MainActor
public enum Clipboards {
    public static var service: ClipboardService?
}
