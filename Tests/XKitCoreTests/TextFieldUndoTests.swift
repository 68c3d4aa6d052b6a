import Testing
@_spi(Platform) @_spi(Testing) import XKitCore
import XKitHeadless

/// Undo and redo in the text field: typing coalesced into words, deletions into runs.
@MainActor
@Suite(.serialized) struct TextFieldUndoTests {
    @Test func ctrlZUndoesTypingAWordAtATimeAndCtrlShiftZRedoesIt() {
        let f = TagInputFixture()
        f.input.focusField()
        f.type("hello world")
        f.key(.character("z"), [.control])
        #expect(f.field.text == "hello ")
        f.key(.character("z"), [.control])
        #expect(f.field.text == "")
        f.key(.character("z"), [.control])
        #expect(f.field.text == "", "nothing more to undo")
        f.key(.character("z"), [.control, .shift])
        #expect(f.field.text == "hello ")
        f.key(.character("y"), [.control])
        #expect(f.field.text == "hello world")
        #expect(f.field.caretOffset == 11)
    }

    @Test func aRunOfBackspacesIsOneStepAndAnEditAfterUndoDropsTheRedo() {
        let f = TagInputFixture()
        f.input.focusField()
        f.type("abcdef")
        f.key(.backspace); f.key(.backspace); f.key(.backspace)
        #expect(f.field.text == "abc")
        f.key(.character("z"), [.control])
        #expect(f.field.text == "abcdef")
        f.key(.character("z"), [.control])
        #expect(f.field.text == "")
        f.key(.character("z"), [.control, .shift])
        f.type("x")
        f.key(.character("z"), [.control, .shift])
        #expect(f.field.text == "abcdefx", "a new edit forgets what was undone")
    }

    @Test func movingTheCaretStartsANewStepAndPasteIsItsOwnStep() {
        let f = TagInputFixture()
        f.input.focusField()
        f.type("ab")
        f.key(.left)
        f.type("X")
        #expect(f.field.text == "aXb")
        f.key(.character("z"), [.control])
        #expect(f.field.text == "ab")
        f.field.insertText("pasted")
        f.key(.character("z"), [.control])
        #expect(f.field.text == "ab")
    }

    @Test func settingTheTextInCodeClearsTheHistory() {
        let f = TagInputFixture()
        f.input.focusField()
        f.type("abc")
        f.field.text = "new"
        f.key(.character("z"), [.control])
        #expect(f.field.text == "new")
    }
}
