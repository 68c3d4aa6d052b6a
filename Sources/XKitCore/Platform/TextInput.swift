/// The text an input method is composing, shown inline at the caret until it is committed.
///
/// Offsets are character (grapheme cluster) offsets into `text`, like `TextEditingState`'s.
public struct Preedit: Hashable, Sendable {
    /// The composition so far; nothing of it is in the field's text yet.
    public var text: String
    /// Where the input method's caret sits inside `text`.
    public var caret: Int
    /// The parts the input method highlights (the segment being converted), drawn like a selection.
    public var highlights: [Range<Int>]

    /// A composition; `caret` and `highlights` are clamped to the text.
    public init(text: String, caret: Int? = nil, highlights: [Range<Int>] = []) {
        self.text = text
        let count = text.count
        self.caret = max(0, min(count, caret ?? count))
        self.highlights = highlights.compactMap { range in
            let r = max(0, min(count, range.lowerBound))..<max(0, min(count, range.upperBound))
            return r.isEmpty ? nil : r
        }
    }
}

/// A view that shows an input method's composition inline (a text field).
///
/// The window hands the platform's preedit to its first responder when that responder is a
/// client, and tells the platform where the client's caret is so the candidate window follows it.
@MainActor
public protocol TextInputClient: AnyObject {
    /// Shows the composition at the caret, or removes it (nil) when it ends.
    func setPreedit(_ preedit: Preedit?)
    /// The caret (with the composition's caret when composing), in window coordinates.
    var textInputCaretRectInWindow: Rect? { get }
    /// Inserts text the input method committed outside a key press (a composition finished on a click).
    func insertCommittedText(_ text: String)
}
