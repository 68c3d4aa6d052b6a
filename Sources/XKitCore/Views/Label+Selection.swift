/// Selectable labels: drag, double-click and triple-click selection, PRIMARY and Copy.
///
/// Dragging selects from the press to the pointer (by the same caret hit test that draws), a double
/// click selects a word and a triple click a paragraph. Finishing a selection puts it on PRIMARY
/// with the release's server time and gives the label keyboard focus (without a ring), so Ctrl+C
/// copies it. Copy (Ctrl+C or the `.copy` action) puts the selection on CLIPBOARD, or the whole
/// text when nothing is selected. A finished selection is traced as `{"event":"text.select",…}` and
/// selectable labels carry `"selectable":true` in the `views` event.
@MainActor
extension Label {
    /// Whether the user can select the text with the pointer (off by default).
    public var isSelectable: Bool {
        get { interaction?.isSelectable ?? false }
        set {
            guard newValue != isSelectable else { return }
            let interaction = textInteraction
            interaction.isSelectable = newValue
            if newValue {
                interaction.copyTokens = [
                    addKeyCommand(KeyCommand(.character("c"), modifiers: .control)) { [weak self] event in
                        self?.copySelectionOrText(time: event.serverTime) ?? false
                    },
                    addActionHandler(.copy, canPerform: { [weak self] in !(self?.text ?? "").isEmpty }) { [weak self] sender in
                        _ = self?.copySelectionOrText(time: (sender as? GestureRecognizer)?.lastEvent?.serverTime)
                    },
                ]
            } else {
                interaction.copyTokens.forEach(removeResponderHandler)
                interaction.copyTokens = []
                interaction.selection = nil
            }
        }
    }

    /// The selected characters, or nil when nothing is selected; setting it does not touch PRIMARY.
    public var selectedRange: Range<String.Index>? {
        get { interaction?.selection }
        set {
            guard let newValue, !newValue.isEmpty, let text, newValue.upperBound <= text.endIndex else {
                interaction?.selection = nil
                return
            }
            textInteraction.selection = newValue
        }
    }

    /// The selected text, or nil when nothing is selected (what Copy prefers over the whole text).
    public var selectedText: String? {
        guard let range = interaction?.selection, let text, range.upperBound <= text.endIndex else { return nil }
        return String(text[range])
    }

    /// The colour drawn behind selected glyphs.
    public var selectionColor: Color {
        get { interaction?.selectionColor ?? .selection }
        set { textInteraction.selectionColor = newValue }
    }

    /// Copies the selection, or the whole text when nothing is selected, to CLIPBOARD.
    @discardableResult
    public func copySelectionOrText(time: UInt32?) -> Bool {
        guard let copied = selectedText ?? text, !copied.isEmpty, let service = Clipboards.service else { return false }
        service.setString(copied, selection: .clipboard, time: time)
        return true
    }

    /// A selection was made by the pointer: PRIMARY gets it and the label takes focus for Ctrl+C.
    func publishSelection(time: UInt32) {
        guard let selected = selectedText, !selected.isEmpty else { return }
        Clipboards.service?.setString(selected, selection: .primary, time: time)
        Trace.emit("text.select", [("id", identifier.map { JSON.string($0) } ?? .null), ("text", .string(selected))])
        guard let interaction, !isFirstResponder else { return }
        interaction.focusingByPointer = true
        becomeFirstResponder()
        interaction.focusingByPointer = false
    }
}
