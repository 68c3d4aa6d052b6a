/// Keyboard access to a label's tappable ranges (see `Label.addTapHandler`).
@MainActor
extension Label {
    /// Adds Tab, Shift+Tab, Left, Right, Enter and Space for moving between ranges and activating them.
    func installRangeKeys() {
        addKeyCommand(KeyCommand(.tab)) { [weak self] _ in self?.moveRangeFocus(by: 1, wrapping: false) ?? false }
        addKeyCommand(KeyCommand(.tab, modifiers: .shift)) { [weak self] _ in
            self?.moveRangeFocus(by: -1, wrapping: false) ?? false
        }
        addKeyCommand(KeyCommand(.right)) { [weak self] _ in self?.moveRangeFocus(by: 1, wrapping: true) ?? false }
        addKeyCommand(KeyCommand(.left)) { [weak self] _ in self?.moveRangeFocus(by: -1, wrapping: true) ?? false }
        addKeyCommand(KeyCommand(.enter)) { [weak self] _ in self?.activateFocusedRange() ?? false }
        addKeyCommand(KeyCommand(.space)) { [weak self] _ in self?.activateFocusedRange() ?? false }
    }

    /// The range keyboard focus is on, while the label is first responder.
    public var focusedTappableRange: TappableRange? {
        guard let interaction, let i = interaction.focused, i < interaction.ranges.count else { return nil }
        return interaction.ranges[i].info
    }

    /// Moves keyboard focus to the next or previous visible range; false when there is none that way
    /// and `wrapping` is off, so Tab goes on to the next view.
    func moveRangeFocus(by step: Int, wrapping: Bool) -> Bool {
        guard let interaction, isFirstResponder else { return false }
        let visible = visibleRangeIndices()
        guard !visible.isEmpty else { return false }
        guard let current = interaction.focused, let at = visible.firstIndex(of: current) else {
            interaction.focused = step > 0 ? visible.first : visible.last
            return true
        }
        var next = at + step
        if next < 0 || next >= visible.count {
            guard wrapping else { return false }
            next = (next + visible.count) % visible.count
        }
        interaction.focused = visible[next]
        return true
    }

    /// Taps the focused range, as a click on it would.
    func activateFocusedRange() -> Bool {
        guard let interaction, isFirstResponder, let i = interaction.focused, i < interaction.ranges.count else {
            return false
        }
        fireTap(interaction.ranges[i])
        return true
    }

    /// Focus arrived or left: arriving by keyboard focuses the first visible range.
    func rangeFocusDidChange() {
        guard let interaction else { return }
        if isFirstResponder && !interaction.focusingByPointer {
            interaction.focused = visibleRangeIndices().first
        } else if !isFirstResponder {
            interaction.focused = nil
        }
    }

    /// Ranges with at least one drawn glyph (truncation hides the others).
    private func visibleRangeIndices() -> [Int] {
        guard let interaction else { return [] }
        let layout = textLayout
        return interaction.ranges.indices.filter { !layout.rects(for: interaction.ranges[$0].info.range).isEmpty }
    }
}
