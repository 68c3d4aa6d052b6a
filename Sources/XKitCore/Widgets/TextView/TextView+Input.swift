/// Keys, clicks, drags, the clipboard calls and the input method's composition.
extension TextView: TextInputClient {
    func handleKeyDown(_ event: KeyEvent) -> Bool {
        guard event.kind == .down else { return false }
        // A big paste is being split: keys wait for it, in order, so what is typed lands after it.
        if backgroundPaste != nil, isFirstResponder {
            backgroundPaste?.keys.append(event)
            return true
        }
        if extensionHandleKey(event) { return true }
        if handleFindKey(event) { return true }
        // Keys the find bar's field leaves come up the chain: only find's own keys apply then.
        guard isFirstResponder else { return false }
        if handleTextKey(event) { return true }
        return handlePageKey(event)
    }

    func handleTextKey(_ event: KeyEvent) -> Bool {
        guard let command = TextEditCommand(event) else { return false }
        return runEditCommand(command, event: event)
    }

    /// The character range of the visual line holding an offset (its wrapped line within the paragraph).
    func lineBounds(at offset: Int) -> Range<Int> {
        let (p, start) = storage.paragraphIndex(containing: offset)
        let layout = paragraphLayout(p)
        guard !layout.lines.isEmpty else { return start..<start }
        let line = layout.lines[layout.lineIndex(containingCluster: offset - start)]
        let string = layout.attributedText.string
        let lo = string.distance(from: string.startIndex, to: line.range.lowerBound)
        var hi = string.distance(from: string.startIndex, to: line.range.upperBound)
        // A wrapped line's trailing space belongs before the next line: End stops before it.
        if hi < storage.paragraphLength(p), hi > lo { hi -= 1 }
        return (start + lo)..<(start + hi)
    }

    /// Up and Down by a line, Page Up and Page Down by nine tenths of the view.
    func verticalMoveTarget(_ verb: TextEditCommand.Verb) -> Int? {
        switch verb {
        case .up: return verticalOffset(lines: -1)
        case .down: return verticalOffset(lines: 1)
        case .pageUp: return verticalOffset(points: -max(lineHeight, bounds.height * 0.9))
        case .pageDown: return verticalOffset(points: max(lineHeight, bounds.height * 0.9))
        default: return nil
        }
    }

    /// The offset `lines` lines up or down, at the goal x kept since the last horizontal move.
    func verticalOffset(lines: Int) -> Int {
        let rect = caretRect
        let goal = goalX ?? rect.minX
        goalX = goal
        let y = lines < 0 ? rect.minY - 1 : rect.maxY + 1
        if y < textContainerInset.top { return lines < 0 ? 0 : caret }
        if y >= paragraphTop(storage.paragraphCount - 1) + layoutState.heights[storage.paragraphCount - 1] {
            return storage.count
        }
        return characterOffset(at: Point(x: goal, y: y))
    }

    func verticalOffset(points: Double) -> Int {
        let rect = caretRect
        let goal = goalX ?? rect.minX
        goalX = goal
        let y = rect.midY + points
        scroll(by: Point(x: 0, y: points))
        if y < textContainerInset.top { return 0 }
        return characterOffset(at: Point(x: goal, y: y))
    }

    // MARK: Pointer

    func handlePointerDown(_ event: PointerEvent) -> Bool {
        guard isSelectable || isEditable else { return false }
        finishCompositionBeforeClick()
        let local = convert(event.location, from: nil)
        let offset = characterOffset(at: local)
        switch event.button {
        case .primary:
            becomeFirstResponder()
            isDragging = true
            let count = clickCount(event)
            if pressMayDragSelection(clickCount: count, onCharacter: characterOffsetForWordSelection(at: local), event: event) {
                pointerSelection.holdForDragOut(at: event.location)
                return true
            }
            let selected = pointerSelection.press(clickCount: count, caret: offset,
                                                  extendingFrom: event.modifiers.contains(.shift) ? anchor : nil,
                                                  unitRange: unitRange(at: local))
            setSelection(anchor: selected.anchor, caret: selected.caret)
            return true
        case .middle:
            return pastePrimary(at: offset)
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
        let selected = pointerSelection.drag(caret: characterOffset(at: local), anchor: anchor, unitRange: unitRange(at: local))
        setSelection(anchor: selected.anchor, caret: selected.caret)
        scrollRectToVisible(Rect(x: local.x, y: local.y, width: 1, height: 1))
    }

    func handlePointerUp(_ event: PointerEvent) {
        guard isDragging else { return }
        isDragging = false
        if pointerSelection.endDragOutHold() {
            // A click on the selection, not a drag: the caret goes there, as anywhere else.
            let caret = characterOffset(at: convert(event.location, from: nil))
            setSelection(anchor: caret, caret: caret)
            return
        }
        publishPrimary(event: event)
    }

    /// The word or paragraph under a point (bounds coordinates), for a double or triple click.
    private func unitRange(at point: Point) -> (PointerSelection.Unit) -> Range<Int> {
        { [unowned self] unit in
            unit == .paragraph ? paragraphRange(at: characterOffset(at: point)) : wordRange(at: characterOffsetForWordSelection(at: point))
        }
    }

    /// The character whose glyph is under a point (bounds coordinates), else the insertion offset
    /// there: on a word's last character's trailing half, the insertion offset is past the word.
    func characterOffsetForWordSelection(at point: Point) -> Int {
        let (p, top) = paragraph(atY: point.y)
        let layout = paragraphLayout(p)
        let local = Point(x: point.x - textContainerInset.left, y: point.y - top)
        guard let hit = layout.characterIndex(at: local) else { return characterOffset(at: point) }
        let string = layout.attributedText.string
        return storage.paragraphStart(p) + min(storage.paragraphLength(p), string.distance(from: string.startIndex, to: hit))
    }

    /// The word (or space run, or mark) holding an offset.
    func wordRange(at offset: Int) -> Range<Int> {
        let (p, start) = storage.paragraphIndex(containing: offset)
        let r = TextWords.segmentRange(in: storage.paragraph(p), at: offset - start, segmenter: textMeasurer.textSegmenter)
        return (start + r.lowerBound)..<(start + r.upperBound)
    }

    /// The paragraph holding an offset, without its line break.
    func paragraphRange(at offset: Int) -> Range<Int> {
        let (p, start) = storage.paragraphIndex(containing: offset)
        return start..<(start + storage.paragraphLength(p))
    }

    private func clickCount(_ event: PointerEvent) -> Int {
        clicks.press(at: event.location, time: event.time, settings: window?.platform.settings ?? .standard)
    }

    // MARK: Clipboard (the editing core's: `TextEditingHost+Clipboard`)

    /// Copies the selection to CLIPBOARD, line breaks as in the document.
    public func copy(event: InputEvent? = nil) { copySelection(event: event) }

    /// Copies the selection to CLIPBOARD and deletes it, when the view is editable.
    public func cut(event: InputEvent? = nil) { cutSelection(event: event) }

    /// The most UTF-8 bytes a paste inserts; a larger one is refused with a warning.
    public static let pasteLimit = 64 * 1024 * 1024

    /// Reads a selection and inserts it at the caret; returns whether anything was pasted.
    @discardableResult
    public func paste(from selection: ClipboardSelection) async -> Bool { await pasteText(from: selection) }

    // MARK: Input method

    public func setPreedit(_ preedit: Preedit?) { updateComposition(preedit) }

    /// Only the caret's paragraph shows the composition: only its layout is dropped.
    func compositionDidChange() {
        layoutState.cache[storage.paragraphIndex(containing: selectedRange.lowerBound).index] = nil
        scrollCaretIntoView()
        setNeedsDisplay()
        markTraceChanged()
    }

    public var textInputCaretRectInWindow: Rect? { compositionCaretRectInWindow }

    public func insertCommittedText(_ text: String) { commitComposition(text) }
}
