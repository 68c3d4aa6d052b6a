import Testing
@_spi(Platform) @testable import XKitCore
import XKitHeadless

@MainActor
@Suite struct TextFieldEditingTests {
    @Test func editingStateInsertsDeletesAndMovesByCharacter() {
        var s = TextEditingState(text: "héllo")
        #expect(s.caret == 5)
        s.moveLeft(); s.moveLeft()
        s.replaceSelection(with: "X")
        #expect(s.text == "hélXlo" && s.caret == 4)
        s.deleteBackward()
        #expect(s.text == "héllo" && s.caret == 3)
        s.deleteForward()
        #expect(s.text == "hélo")
        s.moveCaret(to: 0)
        s.deleteBackward()
        #expect(s.text == "hélo" && s.caret == 0)
    }

    @Test func shiftSelectionAndCollapse() {
        var s = TextEditingState(text: "one two")
        s.moveCaret(to: 1)
        s.moveRight(extend: true); s.moveRight(extend: true)
        #expect(s.selection == 1..<3 && s.selectedText == "ne")
        s.moveLeft()
        #expect(s.caret == 1 && !s.hasSelection)
        s.moveRight(extend: true, word: true)
        #expect(s.selectedText == "ne")
        s.selectAll()
        s.replaceSelection(with: "x")
        #expect(s.text == "x")
    }

    @Test func wordsAndNewlines() {
        var s = TextEditingState(text: "alpha beta  gamma")
        s.deleteBackward(word: true)
        #expect(s.text == "alpha beta  ")
        s.selectWord(at: 7)
        #expect(s.selectedText == "beta")
        s.setText("a\nb\tc")
        #expect(s.text == "a b c")
    }

    @Test func combiningMarkTypedAfterALetterKeepsTheCaretAfterTheCluster() {
        var s = TextEditingState(text: "e")
        s.replaceSelection(with: "\u{301}")
        #expect(s.text == "é" && s.count == 1 && s.caret == 1)
    }

    @Test func caretPositionsAndHitTestsUseTheMeasurer() {
        let f = TagInputFixture()
        let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 24))
        f.root.addSubview(field)
        field.text = "abc"
        // Fixed measurer: 10 per character; the text starts at the 6-point inset.
        #expect(field.caretX(forOffset: 0) == 0)
        #expect(field.caretX(forOffset: 2) == 20)
        #expect(field.caretRect.x == 36)
        #expect(field.characterOffset(at: Point(x: 6 + 14, y: 10)) == 1)
        #expect(field.characterOffset(at: Point(x: 6 + 16, y: 10)) == 2)
        #expect(field.characterOffset(at: Point(x: 190, y: 10)) == 3)
    }

    @Test func typingKeysEditsAndReportsChanges() {
        let f = TagInputFixture()
        let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 24))
        f.root.addSubview(field)
        var changes = 0, commits = 0
        field.onChange = { _ in changes += 1 }
        field.onCommit = { _ in commits += 1 }
        #expect(field.becomeFirstResponder())
        f.type("Tiếng")
        #expect(field.text == "Tiếng" && changes == 5)
        f.key(.backspace)
        f.key(.home)
        f.key(.delete)
        f.key(.end, [.shift])
        #expect(field.text == "iến" && field.selectedText == "iến")
        f.key(.home)
        f.key(.right, [.shift]); f.key(.right, [.shift])
        #expect(field.selectedText == "iế")
        f.key(.enter)
        #expect(commits == 1)
    }

    @Test func longTextScrollsToKeepTheCaretVisible() {
        let f = TagInputFixture()
        let field = TextField(frame: Rect(x: 0, y: 0, width: 112, height: 24))
        f.root.addSubview(field)
        field.becomeFirstResponder()
        f.type(String(repeating: "x", count: 30))
        // 300 points of text in a 100-point text rect: scrolled so the caret sits at the right edge.
        #expect(field.scrollOffset == 201)
        #expect(field.caretRect.maxX <= field.textRect.maxX)
        f.key(.home)
        #expect(field.scrollOffset == 0)
    }

    @Test func placeholderDrawsOnlyWhileEmpty() {
        let field = TextField(placeholder: "Add a tag")
        field.frame = Rect(x: 0, y: 0, width: 200, height: 24)
        let recorder = DrawRecorder()
        field.draw(in: recorder)
        #expect(recorder.texts.map(\.text) == ["Add a tag"])
        field.text = "x"
        let again = DrawRecorder()
        field.draw(in: again)
        #expect(again.texts.map(\.text) == ["x"])
    }

    /// The placeholder's layout is kept between draws, so each thing it was made from must renew it.
    @Test func aChangedPlaceholderIsDrawnAsChanged() {
        let field = TextField(placeholder: "Add a tag")
        field.frame = Rect(x: 0, y: 0, width: 200, height: 24)
        func drawn() -> DrawRecorder.TextCall? {
            let recorder = DrawRecorder()
            field.draw(in: recorder)
            return recorder.texts.first
        }
        #expect(drawn()?.text == "Add a tag")
        field.placeholder = "Thêm thẻ"
        #expect(drawn()?.text == "Thêm thẻ")
        field.placeholderColor = .systemRed
        #expect(drawn()?.color == .systemRed)
        field.font = Font.system(size: 20, weight: .bold)
        #expect(drawn()?.font == Font.system(size: 20, weight: .bold))
        field.text = "x"
        field.text = ""
        #expect(drawn()?.text == "Thêm thẻ")
    }
}

@MainActor
@Suite(.serialized) struct TextFieldClipboardTests {
    /// A 200-point field in a window whose clipboard service records every copy.
    private func fieldWithFakeClipboard() -> (TagTestClipboard, TagInputFixture, TextField) {
        let f = TagInputFixture()
        let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 24))
        f.root.addSubview(field)
        return (f.clipboard, f, field)
    }

    @Test func selectingWithShiftSetsPrimaryWithTheEventTime() {
        let (clipboard, f, field) = fieldWithFakeClipboard()
        field.becomeFirstResponder()
        field.text = "copy me"
        f.key(.left, [.shift], time: 4242)
        f.key(.left, [.shift], time: 4243)
        #expect(clipboard.strings[.primary] == "me")
        #expect(clipboard.sets.last?.2 == 4243)
        #expect(clipboard.strings[.clipboard] == nil)
    }

    @Test func dragSelectingSetsPrimaryOnRelease() {
        let (clipboard, f, field) = fieldWithFakeClipboard()
        field.text = "abcdef"
        let router = f.host.eventRouter
        router.handle(PointerEvent(kind: .down, location: Point(x: 7, y: 10), button: .primary, buttonsDown: [.primary], time: 1))
        router.handle(PointerEvent(kind: .moved, location: Point(x: 37, y: 10), buttonsDown: [.primary], time: 1.1))
        #expect(field.selectedText == "abc")
        #expect(clipboard.sets.isEmpty)
        router.handle(PointerEvent(kind: .up, location: Point(x: 37, y: 10), button: .primary, time: 1.2, timestamp: PlatformTimestamp(99)))
        #expect(clipboard.strings[.primary] == "abc")
        #expect(clipboard.sets.last?.2 == 99)
    }

    @Test func controlShortcutsCopyCutAndPaste() async {
        let (clipboard, f, field) = fieldWithFakeClipboard()
        field.becomeFirstResponder()
        field.text = "hello"
        f.key(.character("a"), [.control])
        f.key(.character("c"), [.control], time: 7)
        #expect(clipboard.strings[.clipboard] == "hello")
        f.key(.character("x"), [.control])
        #expect(field.text == "")
        clipboard.strings[.clipboard] = "Привет\nмир"
        #expect(await field.paste(from: .clipboard))
        #expect(field.text == "Привет мир")
    }

    @Test func theMaximumLengthCutsTypingPastingAndCommitsToWhatFits() async {
        let (clipboard, f, field) = fieldWithFakeClipboard()
        field.becomeFirstResponder()
        field.maximumLength = 5
        f.type("Tiếng Việt")
        #expect(field.text == "Tiếng", "typing stops at five characters")
        f.key(.backspace)
        f.key(.home)
        clipboard.strings[.clipboard] = "👨‍👩‍👧🇻🇳abc"
        #expect(await field.paste(from: .clipboard))
        #expect(field.text == "👨‍👩‍👧Tiến", "a pasted family emoji is one character, and only it fits")
        field.insertCommittedText(String(repeating: "한", count: 1_000_000))
        #expect(field.text.count == 5, "a megabyte from an input method adds nothing to a full field")
        f.key(.character("a"), [.control])
        field.insertCommittedText(String(repeating: "한", count: 1_000_000))
        #expect(field.text == "한한한한한", "replacing the selection keeps what fits")
        field.maximumLength = 2
        #expect(field.text == "한한", "a smaller limit cuts the text")
        field.maximumLength = nil
        f.type("xyz")
        #expect(field.text == "한한xyz")
    }

    @Test func middleClickPastesPrimaryAtThePointer() async {
        let (clipboard, fixture, field) = fieldWithFakeClipboard()
        // The fixture hosts the field's window; keep it alive for the whole test.
        defer { withExtendedLifetime(fixture) {} }
        field.text = "ac"
        clipboard.strings[.primary] = "b"
        field.moveCaret(to: 1)
        #expect(await field.paste(from: .primary))
        #expect(field.text == "abc")
    }
}
