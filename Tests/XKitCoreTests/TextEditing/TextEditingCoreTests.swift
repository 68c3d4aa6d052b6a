import Testing
@_spi(Platform) @_spi(Testing) @testable import XKitCore
import XKitHeadless

/// The one editing model: the same key script run against a TextField and a TextView must leave
/// the same text, selection, PRIMARY and undo state after every step.
@MainActor
@Suite(.serialized) struct TextEditingCoreTests {
    /// A focused text widget in its own headless window, read through what both views expose.
    @MainActor final class Subject {
        let name: String
        let scene = HeadlessScene(size: Size(width: 400, height: 120), measurer: FixedAdvanceMeasurer(), origin: .zero)
        let view: View
        let text: () -> String
        let selection: () -> Range<Int>

        init(field: Bool) {
            if field {
                let f = TextField(frame: Rect(x: 0, y: 0, width: 380, height: 24))
                view = f
                text = { f.text }
                selection = { f.selectedRange }
                name = "TextField"
            } else {
                let v = TextView(frame: Rect(x: 0, y: 0, width: 380, height: 100))
                view = v
                text = { v.text }
                selection = { v.selectedRange }
                name = "TextView"
            }
            scene.root.addSubview(view)
            view.becomeFirstResponder()
            scene.platform.displayPass()
        }

        func run(_ step: Step) {
            switch step {
            case .type(let s): for c in s { scene.key(.character(c), text: String(c)) }
            case .key(let k, let m): scene.key(k, modifiers: m)
            }
        }
    }

    enum Step {
        case type(String)
        case key(Key, Modifiers)
        static func key(_ k: Key) -> Step { .key(k, []) }
        static func ctrl(_ k: Key) -> Step { .key(k, [.control]) }
    }

    /// Each step with the text and selection it must leave in both views.
    static let script: [(Step, String, Range<Int>)] = [
        (.type("hello world"), "hello world", 11..<11),
        (.ctrl(.left), "hello world", 6..<6),
        (.key(.right, [.control, .shift]), "hello world", 6..<11),
        (.key(.backspace), "hello ", 6..<6),
        (.ctrl(.character("z")), "hello world", 6..<11),
        (.key(.right), "hello world", 11..<11),
        (.ctrl(.backspace), "hello ", 6..<6),
        (.key(.home), "hello ", 0..<0),
        (.key(.delete), "ello ", 0..<0),
        (.ctrl(.delete), " ", 0..<0),
        (.key(.end), " ", 1..<1),
        (.type("ab cd"), " ab cd", 6..<6),
        (.ctrl(.character("z")), " ab ", 4..<4),
        (.ctrl(.character("z")), " ", 1..<1),
        (.key(.character("z"), [.control, .shift]), " ab ", 4..<4),
        (.ctrl(.character("y")), " ab cd", 6..<6),
        (.key(.left, [.shift]), " ab cd", 5..<6),
        (.key(.left, [.shift, .control]), " ab cd", 4..<6),
        (.key(.left), " ab cd", 4..<4),
        (.key(.up), " ab cd", 0..<0),
        (.key(.down, [.shift]), " ab cd", 0..<6),
        (.ctrl(.character("a")), " ab cd", 0..<6),
        (.type("👨‍👩‍👧é"), "👨‍👩‍👧é", 2..<2),
        (.key(.left), "👨‍👩‍👧é", 1..<1),
        (.key(.backspace), "é", 0..<0),
        (.key(.end, [.control]), "é", 1..<1),
        (.key(.home, [.control, .shift]), "é", 0..<1),
    ]

    @Test func theSameScriptGivesTheSameTextSelectionAndPrimaryInAFieldAndAView() {
        let subjects = [Subject(field: true), Subject(field: false)]
        for (i, (step, text, selection)) in Self.script.enumerated() {
            for s in subjects {
                s.run(step)
                #expect(s.text() == text, "\(s.name) step \(i): \(step)")
                #expect(s.selection() == selection, "\(s.name) step \(i): \(step)")
            }
            #expect(subjects[0].scene.platform.primary.contents == subjects[1].scene.platform.primary.contents,
                    "PRIMARY after step \(i)")
        }
        #expect(subjects[1].scene.platform.primary.contents == "é")
    }

    @Test func backspaceOverASelectionIsAStepOfItsOwnInBoth() {
        for s in [Subject(field: true), Subject(field: false)] {
            s.run(.type("one two"))
            s.run(.key(.left, [.shift, .control]))
            s.run(.key(.backspace))
            s.run(.key(.backspace))
            #expect(s.text() == "one", "\(s.name)")
            s.run(.ctrl(.character("z")))
            #expect(s.text() == "one ", "\(s.name): the run of Backspaces after the selection comes back first")
            s.run(.ctrl(.character("z")))
            #expect(s.text() == "one two" && s.selection() == 4..<7, "\(s.name)")
        }
    }

    @Test func returnAndTabDifferOnlyWhereTheViewsDo() {
        let field = Subject(field: true), view = Subject(field: false)
        for s in [field, view] {
            s.run(.type("a"))
            s.run(.key(.enter))
            s.run(.key(.tab))
        }
        #expect(field.text() == "a", "a field commits on Return and leaves Tab to the focus")
        #expect(view.text() == "a\n\t")
    }

    @Test func selectionMovesAndDeletionRangesOverParagraphs() {
        let storage = TextStorage("ab cd\nef")
        let segmenter = BasicTextSegmenter.shared
        var s = TextSelection(anchor: 6, caret: 6)
        s.moveHorizontally(forward: false, extend: false, word: true, in: storage, segmenter: segmenter)
        #expect(s.caret == 5, "a word move at a paragraph's start steps over the line break")
        s.moveHorizontally(forward: false, extend: true, word: true, in: storage, segmenter: segmenter)
        #expect(s.range == 3..<5)
        s.moveHorizontally(forward: true, extend: false, word: false, in: storage, segmenter: segmenter)
        #expect(s.range == 5..<5, "Right collapses a selection to its end")
        #expect(s.deletionRange(forward: true, word: false, in: storage, segmenter: segmenter) == 5..<6)
        #expect(TextSelection(anchor: 0, caret: 0).deletionRange(forward: false, word: true, in: storage, segmenter: segmenter) == nil)
        #expect(TextSelection(anchor: 8, caret: 8).deletionRange(forward: false, word: true, in: storage, segmenter: segmenter) == 6..<8)
        let line = TextEditingState(text: "ab cd")
        #expect(TextSelection(anchor: 5, caret: 5).deletionRange(forward: false, word: true, in: line, segmenter: segmenter) == 3..<5)
    }
}

/// The clipboard and composition halves of the one model, run against both views.
@MainActor
@Suite(.serialized) struct TextEditingCoreClipboardAndCompositionTests {
    typealias Subject = TextEditingCoreTests.Subject

    @Test func copyCutPasteAndSelectAllGoThroughTheSamePathInBoth() async {
        for s in [Subject(field: true), Subject(field: false)] {
            s.run(.type("alpha beta"))
            s.scene.key(.character("a"), modifiers: [.control])
            #expect(s.scene.platform.primary.contents == "alpha beta", "\(s.name): Select All sets PRIMARY")
            s.scene.key(.character("x"), modifiers: [.control])
            #expect(s.text() == "" && s.scene.platform.clipboard.contents == "alpha beta", "\(s.name)")
            #expect(s.view.canPerformAction(.undo, sender: nil) && !s.view.canPerformAction(.redo, sender: nil), "\(s.name)")
            #expect(s.view.perform(.undo, sender: nil, event: nil))
            #expect(s.text() == "alpha beta" && s.selection() == 0..<10, "\(s.name): the cut comes back selected")
            s.scene.platform.clipboard.contents = "gamma"
            var pasted = false
            if let field = s.view as? TextField { pasted = await field.paste(from: .clipboard) }
            if let view = s.view as? TextView { pasted = await view.paste(from: .clipboard) }
            #expect(pasted && s.text() == "gamma", "\(s.name)")
        }
    }

    @Test func theCompositionReplacesTheSelectionOnScreenAndItsCommitIsTyping() {
        for s in [Subject(field: true), Subject(field: false)] {
            s.run(.type("ab"))
            s.run(.key(.left, [.shift]))
            let surface = s.scene.platform.surface(of: s.scene.window)
            surface?.changePreedit(Preedit(text: "", caret: 0))
            #expect((s.view as? TextField)?.preedit ?? (s.view as? TextView)?.preedit == nil, "\(s.name): an empty composition is none")
            surface?.changePreedit(Preedit(text: "한", caret: 1))
            let shown = (s.view as? TextField)?.displayedText ?? (s.view as? TextView)?.displayedParagraph(0).text
            #expect(shown == "a한" && s.text() == "ab", "\(s.name): shown in place of the selection, not in the text")
            surface?.commitText("한")
            #expect(s.text() == "a한" && s.selection() == 2..<2, "\(s.name)")
            s.run(.ctrl(.character("z")))
            #expect(s.text() == "ab", "\(s.name): a commit is an undo step")
        }
    }
}
