/// Clicks, double clicks, drags and the middle-button paste.
extension TextField {
    func handlePointerDown(_ event: PointerEvent) -> Bool {
        guard isEnabled else { return false }
        finishCompositionBeforeClick()
        let local = convert(event.location, from: nil)
        switch event.button {
        case .primary:
            becomeFirstResponder()
            isDragging = true
            let count = clickCount(event)
            if pressMayDragSelection(clickCount: count, onCharacter: characterOffsetForWordSelection(at: local), event: event) {
                pointerSelection.holdForDragOut(at: event.location)
                return true
            }
            let selected = pointerSelection.press(clickCount: count, caret: characterOffset(at: local),
                                                  extendingFrom: event.modifiers.contains(.shift) ? editing.anchor : nil,
                                                  unitRange: unitRange(at: local))
            editing.anchor = selected.anchor
            editing.caret = selected.caret
            selectionDidChange()
            return true
        case .middle:
            return pastePrimary(at: characterOffset(at: local))
        default:
            return false
        }
    }

    func handlePointerDragged(_ event: PointerEvent) {
        guard isDragging else { return }
        if pointerSelection.dragOutOrigin != nil {
            guard pointerSelection.dragOutPassed(event.location, threshold: desktopSettings.dragThreshold) else { return }
            isDragging = false
            _ = beginSelectionDragOut(event: event)
            return
        }
        let local = convert(event.location, from: nil)
        let selected = pointerSelection.drag(caret: characterOffset(at: local), anchor: editing.anchor, unitRange: unitRange(at: local))
        editing.anchor = selected.anchor
        editing.caret = selected.caret
        selectionDidChange()
    }

    func handlePointerUp(_ event: PointerEvent) {
        guard isDragging else { return }
        isDragging = false
        if pointerSelection.endDragOutHold() {
            // A click on the selection, not a drag: the caret goes there, as anywhere else.
            let caret = characterOffset(at: convert(event.location, from: nil))
            editing.anchor = caret
            editing.caret = caret
            selectionDidChange()
            return
        }
        publishPrimary(event: event)
    }

    /// The word under a point (bounds coordinates), or the whole line, for a double or triple click.
    private func unitRange(at point: Point) -> (PointerSelection.Unit) -> Range<Int> {
        { [unowned self] unit in
            guard unit == .word else { return 0..<editing.count }
            return TextWords.segmentRange(in: editing.text, at: characterOffsetForWordSelection(at: point), segmenter: textMeasurer.textSegmenter)
        }
    }

    /// The character whose glyph is under a point (bounds coordinates), else the insertion offset
    /// there. A double click selects the word of the character clicked: the insertion offset alone
    /// would be past it on its trailing half (its left half when it runs right to left).
    func characterOffsetForWordSelection(at point: Point) -> Int {
        let layout = textLayout
        guard let line = layout.lines.first else { return characterOffset(at: point) }
        let origin = textOrigin
        guard let hit = layout.characterIndex(at: Point(x: point.x - origin.x, y: line.rect.midY)) else {
            return characterOffset(at: point)
        }
        let string = layout.attributedText.string
        return string.distance(from: string.startIndex, to: hit)
    }

    /// 1, 2 or 3 for single, double and triple clicks in place within the desktop's double-click time.
    private func clickCount(_ event: PointerEvent) -> Int {
        clicks.press(at: event.location, time: event.time, settings: desktopSettings)
    }
}
