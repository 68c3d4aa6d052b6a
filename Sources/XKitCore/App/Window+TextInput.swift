/// The input method's composition: from the platform to the focused text client, and the
/// client's caret back to the platform.
extension Window {
    /// The input method's composition changed (nil: it ended, committed or cancelled).
    ///
    /// It goes to the first responder when that is a `TextInputClient`; a client that lost focus
    /// in between has its stale composition removed.
    func surfaceDidChangePreedit(_ preedit: Preedit?) {
        let client = eventRouter.firstResponder as? TextInputClient
        if let old = preeditClient, old !== client { old.setPreedit(nil) }
        preeditClient = preedit == nil ? nil : client
        client?.setPreedit(preedit)
        platform.setNeedsDisplayPass()
    }

    /// The input method committed text outside a key press (its server vanished mid-composition):
    /// the composition ends and the text goes into the focused client.
    func surfaceDidCommitText(_ text: String) {
        let client = (eventRouter.firstResponder as? TextInputClient) ?? preeditClient
        preeditClient?.setPreedit(nil)
        preeditClient = nil
        client?.setPreedit(nil)
        if !text.isEmpty { client?.insertCommittedText(text) }
        platform.setNeedsDisplayPass()
    }

    /// A client is about to lose focus or take a click while composing: the input method commits
    /// what it has (or drops it, as it decides), and the client keeps what was committed.
    public func finishComposition(for client: TextInputClient) {
        guard preeditClient === client else { return }
        preeditClient = nil
        let committed = surface.finishComposition()
        client.setPreedit(nil)
        if let committed, !committed.isEmpty { client.insertCommittedText(committed) }
    }

    /// Tells the platform where the focused client's caret is, when it moved (once per display pass).
    func updateTextInputCaret() {
        guard let client = eventRouter.firstResponder as? TextInputClient,
              let rect = client.textInputCaretRectInWindow, rect != textInputCaretShown else { return }
        textInputCaretShown = rect
        surface.setTextInputCaret(rect)
    }
}
