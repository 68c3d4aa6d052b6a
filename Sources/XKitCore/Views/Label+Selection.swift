/// Selectable labels: drag, double-click and triple-click selection, PRIMARY and Copy.
///
/// Dragging selects from the press to the pointer (by the same caret hit test that draws), a double
/// click selects a word and a triple click a paragraph. Finishing a selection puts it on PRIMARY
/// with the release's time and gives the label keyboard focus (without a ring), so Ctrl+C copies
/// it. Copy (Ctrl+C, the menu or the `.copy` action, all through `Label+EditCommands`) puts the
/// selection on CLIPBOARD, or the whole text when nothing is selected. A finished selection is
/// traced as `{"event":"text.select",…}` and selectable labels carry `"selectable":true` in the
/// `views` event.
@MainActor
extension Label {
    /// Whether the user can select the text with the pointer (off by default).
    ///
    ///     label.isSelectable = true
    public var isSelectable: Bool {
        get { interaction?.isSelectable ?? false }
        set {
            guard newValue != isSelectable else { return }
            let interaction = textInteraction
            interaction.isSelectable = newValue
            if !newValue { interaction.selection = nil }
        }
    }

    /// The selected character (grapheme cluster) offsets, empty when nothing is selected: the same
    /// type and unit as `TextField.selectedRange` and `TextView.selectedRange`, and AT-SPI's text
    /// offsets. Offsets, unlike string indices, stay meaningful across text changes and processes.
    /// Setting it clamps to the text and does not touch PRIMARY.
    public var selectedRange: Range<Int> {
        get {
            guard let range = selectedTextRange, let text else { return 0..<0 }
            let lower = text.distance(from: text.startIndex, to: range.lowerBound)
            return lower..<(lower + text.distance(from: range.lowerBound, to: range.upperBound))
        }
        set {
            guard let text, !newValue.isEmpty else {
                selectedTextRange = nil
                return
            }
            let count = text.count
            let lower = max(0, min(count, newValue.lowerBound)), upper = max(0, min(count, newValue.upperBound))
            let start = text.index(text.startIndex, offsetBy: lower)
            selectedTextRange = start..<text.index(start, offsetBy: upper - lower)
        }
    }

    /// The selected characters as indices into `text`, or nil when nothing is selected (for
    /// string work such as `rects(for:)`); setting it does not touch PRIMARY.
    public var selectedTextRange: Range<String.Index>? {
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

    /// A selection was made by the pointer: PRIMARY gets it and the label takes focus for Ctrl+C.
    func publishSelection(event: InputEvent) {
        guard let selected = selectedText, !selected.isEmpty else { return }
        application?.platform.pasteboard(.primary).setString(selected, event: event, owner: self)
        Trace.emit("text.select", [("id", accessibilityIdentifier.map { JSON.string($0) } ?? .null), ("text", .string(selected))])
        guard let interaction, !isFirstResponder else { return }
        interaction.focusingByPointer = true
        becomeFirstResponder()
        interaction.focusingByPointer = false
    }
}
