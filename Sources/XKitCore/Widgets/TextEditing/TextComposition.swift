/// The input method's composition (preedit) in an editing host: shown in place of the selection
/// until it is committed (the commit then replaces the selection, as typing does) or cancelled (the
/// selection comes back). The rules are the same in every text view: an empty composition is none,
/// a click or the loss of focus ends it first, and the candidate window follows the caret.
enum TextComposition {
    /// `text` with `preedit` in place of characters `range` (clamped), and where the composition
    /// sits in the result.
    static func splice(_ text: String, replacing range: Range<Int>, with preedit: Preedit) -> (text: String, preeditRange: Range<Int>) {
        let chars = Array(text)
        let lo = max(0, min(chars.count, range.lowerBound)), hi = max(lo, min(chars.count, range.upperBound))
        return (String(chars[..<lo]) + preedit.text + String(chars[hi...]), lo..<(lo + preedit.text.count))
    }
}

extension TextEditingHost {
    /// Takes the input method's composition (an empty one is none) and shows it; false when it is unchanged.
    @discardableResult
    func updateComposition(_ new: Preedit?) -> Bool {
        let shown = new.flatMap { $0.text.isEmpty ? nil : $0 }
        guard shown != preedit else { return false }
        preedit = shown
        compositionDidChange()
        return true
    }

    /// A click ends a composition first, as GTK's reset does: offsets then refer to the text alone.
    func finishCompositionBeforeClick() {
        if preedit != nil { window?.finishComposition(for: self) }
    }

    /// The focus left: the composition is finished (committed or dropped by the input method).
    func finishCompositionOnFocusLoss() {
        if !isFirstResponder, preedit != nil { window?.finishComposition(for: self) }
    }

    /// Text the input method committed outside a key press is typed, when the text may change.
    func commitComposition(_ text: String) {
        guard allowsUserEdits else { return }
        insertUserText(text)
    }

    /// Where the input method's candidate window goes: the caret (the composition's while composing),
    /// in window coordinates.
    var compositionCaretRectInWindow: Rect? {
        guard window != nil else { return nil }
        return convert(caretRect, to: nil)
    }
}
