/// Drives a label's tappable ranges and selection from the pointer.
///
/// A press on a tappable range highlights it while the pointer stays over the range's glyphs and
/// taps it on release there. In a selectable label, moving more than the desktop's drag threshold
/// (`DesktopSettings.dragThreshold`, read live) selects from
/// the press to the pointer, a double click selects a word and a triple click a paragraph. A press
/// that hits no range in a label that is not selectable fails at once, and a plain click that
/// selects nothing fails on release, so the label's own tap recognizers (made to wait for this one)
/// and its ancestors' get it.
@MainActor
final class LabelTextRecognizer: GestureRecognizer {
    /// How far the pointer moves before a press in a selectable label becomes a drag selection:
    /// the desktop's drag threshold, read at each move so a change applies at once.
    var dragThreshold: Double { view?.desktopSettings.dragThreshold ?? DesktopSettings.standard.dragThreshold }

    private enum Mode { case idle, press, drag, units, dragOut }
    private var mode = Mode.idle
    private var pressedRange: LabelInteraction.Resolved?
    private var downLocation = Point.zero
    private var anchor: String.Index?
    private var tapToFire: LabelInteraction.Resolved?

    override init() {
        super.init()
        // Secondary presses only clear the keyboard's range focus (see pointerDown).
        buttons = [.primary, .secondary]
        addTarget { recognizer in
            guard let me = recognizer as? LabelTextRecognizer, me.state == .ended, let tap = me.tapToFire,
                  let label = me.view as? Label else { return }
            me.tapToFire = nil
            label.fireTap(tap)
        }
    }

    private var label: Label? { view as? Label }

    override func pointerDown(_ event: PointerEvent) {
        // A click focuses the label (click to focus) but shows no range ring: that is for the keyboard.
        label?.interaction?.focused = nil
        guard event.button == .primary, let label, let interaction = label.interaction else {
            state = .failed
            return
        }
        letLabelTapsWait(label)
        countClick(event, interaction)
        downLocation = event.location
        let layout = label.textLayout
        let point = label.convert(event.location, from: nil) - label.textOrigin
        if interaction.isSelectable, interaction.clicks.count >= 2 {
            selectUnit(interaction.clicks.count, at: point, in: layout, interaction)
            return
        }
        if let index = layout.characterIndex(at: point), let hit = interaction.range(containing: index) {
            pressedRange = hit
            interaction.pressed = hit.info.range
            mode = .press
        }
        if interaction.isSelectable, let selection = interaction.selection, let index = layout.characterIndex(at: point),
           selection.contains(index), label.dragSource != nil {
            // A press on the selection may drag it out (Label+Drag); a click there still clears it.
            pressedRange = nil
            interaction.pressed = nil
            mode = .dragOut
            return
        }
        if interaction.isSelectable {
            anchor = layout.caretIndex(at: point).index
            interaction.selection = nil
            mode = .press
        }
        if mode == .idle { state = .failed }
    }

    override func pointerMoved(_ event: PointerEvent) {
        guard let label, let interaction = label.interaction else { return }
        switch mode {
        case .idle, .units:
            return
        case .dragOut:
            guard event.location.distance(to: downLocation) > dragThreshold else { return }
            mode = .idle
            state = .failed
            label.beginSelectionDrag(event: event)
        case .drag:
            extendSelection(to: event, label, interaction)
            state = .changed
        case .press:
            if anchor != nil, event.location.distance(to: downLocation) > dragThreshold {
                pressedRange = nil
                interaction.pressed = nil
                mode = .drag
                state = .began
                if state.isActive { extendSelection(to: event, label, interaction) }
            } else if let pressedRange {
                interaction.pressed = isOver(pressedRange, event, label) ? pressedRange.info.range : nil
            }
        }
    }

    override func pointerUp(_ event: PointerEvent) {
        guard let label else { return }
        switch mode {
        case .drag, .units:
            label.publishSelection(event: event)
            state = .ended
        case .press:
            if let pressedRange, isOver(pressedRange, event, label) {
                tapToFire = pressedRange
                state = .ended
            } else {
                state = .failed
            }
        case .dragOut:
            label.interaction?.selection = nil
            state = .failed
        case .idle:
            state = .failed
        }
    }

    override func apply(_ newState: GestureState) {
        super.apply(newState)
        // Losing to another recognizer (a long press taking over) ends the press now, not at release.
        if newState == .failed || newState == .cancelled { label?.interaction?.pressed = nil }
    }

    override func reset() {
        super.reset()
        label?.interaction?.pressed = nil
        mode = .idle
        pressedRange = nil
        anchor = nil
        tapToFire = nil
    }

    // MARK: Helpers

    /// The label's own tap recognizers (added before or after the ranges) wait for this one, so a
    /// tap on a range never also counts as a tap on the label.
    private func letLabelTapsWait(_ label: Label) {
        for other in label.gestureRecognizers where other !== self && other is TapGestureRecognizer {
            other.require(toFail: self)
        }
    }

    private func countClick(_ event: PointerEvent, _ interaction: LabelInteraction) {
        let settings = view?.desktopSettings ?? DesktopSettings.standard
        _ = interaction.clicks.press(at: event.location, time: event.time, settings: settings)
    }

    /// Selects the word (two clicks) or paragraph (three) under the point.
    private func selectUnit(_ clicks: Int, at point: Point, in layout: TextLayout, _ interaction: LabelInteraction) {
        let string = layout.attributedText.string
        guard let index = LabelTextRecognizer.clickedCharacter(at: point, in: layout) else {
            state = .failed
            return
        }
        let range = clicks == 2 ? TextSelectionUnits.word(in: string, at: index, segmenter: layout.segmenter)
                                : TextSelectionUnits.paragraph(in: string, at: index)
        mode = .units
        state = .began
        if state.isActive { interaction.selection = range.isEmpty ? nil : range }
    }

    /// The character a multi-click means: the one under the point, else the one before the nearest caret.
    static func clickedCharacter(at point: Point, in layout: TextLayout) -> String.Index? {
        if let index = layout.characterIndex(at: point) { return index }
        let string = layout.attributedText.string
        guard !string.isEmpty else { return nil }
        let caret = layout.caretIndex(at: point).index
        return caret > string.startIndex ? string.index(before: caret) : caret
    }

    private func extendSelection(to event: PointerEvent, _ label: Label, _ interaction: LabelInteraction) {
        guard let anchor else { return }
        let point = label.convert(event.location, from: nil) - label.textOrigin
        let caret = label.textLayout.caretIndex(at: point).index
        let range = min(anchor, caret)..<max(anchor, caret)
        interaction.selection = range.isEmpty ? nil : range
    }

    private func isOver(_ range: LabelInteraction.Resolved, _ event: PointerEvent, _ label: Label) -> Bool {
        let point = label.convert(event.location, from: nil) - label.textOrigin
        guard let index = label.textLayout.characterIndex(at: point) else { return false }
        return range.info.range.contains(index)
    }
}
