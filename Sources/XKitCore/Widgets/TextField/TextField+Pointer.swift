/// Clicks, double clicks, drags and the middle-button paste.
extension TextField {
    func handlePointerDown(_ event: PointerEvent) -> Bool {
        guard isEnabled else { return false }
        finishCompositionBeforeClick()
        let local = convert(event.location, from: nil)
        switch event.button {
        case .primary:
            becomeFirstResponder()
            let offset = characterOffset(at: local)
            let count = clickCount(event)
            isDragging = true
            dragSelectsWords = count == 2
            switch count {
            case 2: editing.selectWord(at: characterOffsetForWordSelection(at: local), segmenter: textMeasurer.textSegmenter)
            case 3...: editing.selectAll()
            default: editing.moveCaret(to: offset, extend: event.modifiers.contains(.shift))
            }
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
        let local = convert(event.location, from: nil)
        let offset = characterOffset(at: local)
        if dragSelectsWords {
            let anchor = editing.selection
            var word = editing
            word.selectWord(at: characterOffsetForWordSelection(at: local), segmenter: textMeasurer.textSegmenter)
            editing.anchor = offset < anchor.lowerBound ? anchor.upperBound : min(anchor.lowerBound, word.selection.lowerBound)
            editing.caret = offset < anchor.lowerBound ? word.selection.lowerBound : max(anchor.upperBound, word.selection.upperBound)
        } else {
            editing.moveCaret(to: offset, extend: true)
        }
        selectionDidChange()
    }

    func handlePointerUp(_ event: PointerEvent) {
        guard isDragging else { return }
        isDragging = false
        publishPrimary(event: event)
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
