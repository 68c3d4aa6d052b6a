/// Something that put text on a selection and shows it (a label's highlight), told when the
/// selection holds something else: ICCCM owners clear their highlight on SelectionClear.
@MainActor
public protocol PasteboardOwner: AnyObject {
    /// Another view of this app or another client took `selection`; what `self` set is gone.
    func pasteboardOwnershipLost(_ selection: ClipboardSelection)
}

extension PlatformPasteboard {
    /// Puts text on the selection for `owner`, which is told when anything else replaces it.
    ///
    /// A platform that cannot tell (a pasteboard without this form) only sets the text.
    public func setString(_ string: String, event: InputEvent?, owner: PasteboardOwner) {
        guard let tracking = self as? PasteboardOwnerTracking else { return setString(string, event: event) }
        tracking.setString(string, event: event, owner: owner)
    }
}

/// A pasteboard that reports lost ownership to the `PasteboardOwner` that set its text.
@MainActor
public protocol PasteboardOwnerTracking: PlatformPasteboard {
    /// Sets the text and remembers `owner` until anything replaces it.
    func setString(_ string: String, event: InputEvent?, owner: PasteboardOwner)
}

/// The owner a pasteboard reports to: told once when replaced, never when it replaces itself.
@MainActor
public struct PasteboardOwnerSlot {
    private weak var owner: PasteboardOwner?
    private let selection: ClipboardSelection

    /// An empty slot for the owner of `selection`.
    public init(_ selection: ClipboardSelection) { self.selection = selection }

    /// `owner` (nil: a plain copy) now holds the selection; a different previous owner is told it lost it.
    public mutating func replace(with owner: PasteboardOwner?) {
        let previous = self.owner
        self.owner = owner
        if let previous, previous !== owner { previous.pasteboardOwnershipLost(selection) }
    }

    /// Another client took the selection: the owner is told, and forgotten.
    public mutating func lost() { replace(with: nil) }
}
