import Testing
@_spi(Platform) @_spi(Testing) import XKitCore
import XKitHeadless

/// TextView without a display: typing, movement, selection, clipboard, composition, and the
/// viewport layout of a large document.
@MainActor
@Suite(.serialized) struct TextViewTests {
    @MainActor final class Fixture {
        let scene: HeadlessScene
        let view = TextView(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        init(measurer: TextMeasurer = FixedAdvanceMeasurer()) {
            scene = HeadlessScene(size: Size(width: 300, height: 200), measurer: measurer, origin: .zero)
            scene.root.addSubview(view)
            view.becomeFirstResponder()
            scene.platform.displayPass()
        }
        func type(_ s: String) { for c in s { scene.key(c == "\n" ? .enter : .character(c), text: c == "\n" ? nil : String(c)) } }
        func key(_ k: Key, _ m: Modifiers = []) { scene.key(k, modifiers: m) }
        /// Sets the text and the caret and draws, so the next present shows only what follows.
        func show(_ text: String, caret: Int) {
            view.text = text
            view.selectedRange = caret..<caret
            scene.platform.displayPass()
        }
        /// Types `s`, draws, and gives the rect the window redrew.
        func typeAndPresent(_ s: String) -> Rect? {
            type(s)
            scene.platform.displayPass()
            return presented
        }
        /// The rect the window redrew last.
        var presented: Rect? { scene.platform.surface(of: scene.window)?.lastPresentedDirty }
    }

    @Test func typingSeveralLinesWithReturnMakesParagraphs() {
        let f = Fixture()
        f.type("one\ntwo\nthree")
        #expect(f.view.text == "one\ntwo\nthree")
        #expect(f.view.storage.paragraphCount == 3)
        #expect(f.view.caret == 13)
        f.key(.backspace)
        #expect(f.view.text == "one\ntwo\nthre")
    }

    @Test func upAndDownKeepTheCaretsXAcrossShorterLines() {
        let f = Fixture()
        f.view.text = "abcdefghij\nab\nabcdefghij"
        f.view.selectedRange = 8..<8
        f.key(.down)
        #expect(f.view.caret == 13, "the end of the short line")
        f.key(.down)
        #expect(f.view.caret == 22, "back at column 8 on the long line")
        f.key(.up); f.key(.up)
        #expect(f.view.caret == 8)
        f.key(.up)
        #expect(f.view.caret == 0, "Up on the first line goes to the start")
    }

    @Test func shiftDownSelectsALineAndCopyGivesItWithTheBreakAndPrimaryHasIt() {
        let f = Fixture()
        f.view.text = "first\r\nsecond\nthird"
        f.key(.down, [.shift])
        #expect(f.view.selectedRange == 0..<6)
        #expect(f.view.selectedText == "first\r\n", "the CR LF comes out as it went in")
        #expect(f.scene.platform.primary.contents == "first\r\n")
        #expect(f.view.perform(.copy, sender: nil, event: nil))
        #expect(f.scene.platform.clipboard.contents == "first\r\n")
    }

    @Test func homeEndAndCtrlHomeEndGoToTheLineAndDocumentEnds() {
        let f = Fixture()
        f.view.text = "abc\ndef\nghi"
        f.view.selectedRange = 5..<5
        f.key(.home); #expect(f.view.caret == 4)
        f.key(.end); #expect(f.view.caret == 7)
        f.key(.end, [.control]); #expect(f.view.caret == 11)
        f.key(.home, [.control]); #expect(f.view.caret == 0)
    }

    @Test func undoRemovesTypingAWordAtATimeAsInTheTextField() {
        let f = Fixture()
        f.type("hello world")
        f.key(.character("z"), [.control])
        #expect(f.view.text == "hello ")
        f.key(.character("z"), [.control, .shift])
        #expect(f.view.text == "hello world")
    }

    /// Random typing, Backspace and Delete runs, Returns and replaced ranges in a document of several
    /// blocks with every kind of line break: each undo goes back to a text the document held before
    /// (byte for byte), all of them to the first, and redo comes back to the last.
    @Test func undoAndRedoOfRandomEditsBringBackEachTextByteForByte() {
        let f = Fixture()
        var rng = SeededGenerator(seed: 77)
        let breaks = ["\n", "\r\n", "\r", "\u{2028}"]
        let original = (0..<1_400).map { "p\($0) ố\u{0301}" + breaks[$0 % breaks.count] }.joined() + "end"
        f.view.text = original
        var texts = [original]
        let pieces = ["a", "b ", "\n", "\r\n", "\u{0301}", "한", "👍🏽", "xy\rz", "\u{1F1EB}", "\u{1F1F7}"]
        // Every text the document holds, after each key: a step may begin within a run of them.
        func note() { if f.view.storage.string != texts.last { texts.append(f.view.storage.string) } }
        for _ in 0..<120 {
            let n = f.view.storage.count
            let at = Int(rng.next() % UInt64(n + 1))
            f.view.selectedRange = at..<at
            switch rng.next() % 5 {
            case 0, 1:
                for _ in 0..<(1 + rng.next() % 4) { f.view.insertText(pieces[Int(rng.next() % UInt64(pieces.count))]); note() }
            case 2:
                for _ in 0..<(1 + rng.next() % 6) { f.key(.backspace); note() }
            case 3:
                for _ in 0..<(1 + rng.next() % 3) { f.key(.delete); note() }
            default:
                let length = Int(rng.next() % 40)
                f.view.replace(at..<min(n, at + length), with: rng.next() % 2 == 0 ? "" : "new\r\ntext")
                note()
            }
        }
        let last = f.view.storage.string
        var position = texts.count - 1
        while f.view.undo() {
            let text = f.view.storage.string
            guard let earlier = texts[..<position].lastIndex(of: text) else {
                Issue.record("an undo gave a text the document never held before \(position)")
                return
            }
            position = earlier
        }
        #expect(position == 0 && f.view.storage.string == original, "every step undone")
        #expect(f.view.storage.paragraphCount == 1_401)
        while f.view.redo() {}
        #expect(f.view.storage.string == last, "every step redone")
    }

    /// A word typed into a long paragraph keeps that paragraph once (as it was before the word),
    /// not once a key; Backspaces joining paragraphs keep each joined paragraph once.
    @Test func anUndoStepKeepsEachParagraphItChangedOnce() {
        let f = Fixture()
        let long = String(repeating: "слово ", count: 20_000)
        f.view.text = (0..<600).map { "line \($0)" }.joined(separator: "\n") + "\n" + long + "\nlast"
        let start = f.view.storage.paragraphStart(600) + 300
        f.view.selectedRange = start..<start
        f.type("hello")
        #expect(f.view.lastUndoStepSize == (1, 1))
        let lineStart = f.view.storage.paragraphStart(300)
        f.view.selectedRange = lineStart..<lineStart
        for _ in 0..<20 { f.key(.backspace) }
        #expect(f.view.storage.paragraphCount == 602 - 3)
        let (inverses, paragraphs) = f.view.lastUndoStepSize
        #expect(inverses == 1 && paragraphs <= 6, "three joins and their neighbours, \(paragraphs) kept")
        #expect(f.view.undo())
        #expect(f.view.storage.paragraphCount == 602)
        #expect(f.view.storage.paragraph(600).hasPrefix(String(long.prefix(300)) + "hello"))
    }

    @Test func theDelegateMayRefuseAnEditAndHearsOfChanges() {
        final class Delegate: TextViewDelegate {
            var changes = 0, selections = 0
            func textView(_ textView: TextView, shouldChangeTextIn range: Range<Int>, replacementText text: String) -> Bool { text != "x" }
            func textViewDidChange(_ textView: TextView) { changes += 1 }
            func textViewDidChangeSelection(_ textView: TextView) { selections += 1 }
        }
        let f = Fixture()
        let d = Delegate()
        f.view.delegate = d
        f.type("axb")
        #expect(f.view.text == "ab" && d.changes == 2)
        f.key(.left)
        #expect(d.selections == 1)
    }

    /// A delegate that types and undoes again while an undo restores the text: nothing crashes,
    /// its edit is one more step to undo, and redo (which no longer fits the text) is gone.
    @Test func aDelegateMayEditAndUndoWhileAnUndoRestoresTheText() {
        final class Delegate: TextViewDelegate {
            var armed = false, nestedUndo: Bool?
            func textViewDidChange(_ textView: TextView) {
                guard armed else { return }
                armed = false
                nestedUndo = textView.undo()
                textView.selectedRange = textView.storage.count..<textView.storage.count
                textView.insertText("!")
            }
        }
        let f = Fixture()
        let d = Delegate()
        f.view.delegate = d
        f.type("one two")
        d.armed = true
        #expect(f.view.undo())
        #expect(d.nestedUndo == false, "the steps are out of reach while one is restored")
        #expect(f.view.text == "one !")
        #expect(!f.view.redo(), "the delegate's edit ended redo")
        #expect(f.view.undo() && f.view.text == "one ", "the delegate's edit is a step")
        #expect(f.view.undo() && f.view.text == "")
    }

    @Test func aReadOnlyViewSelectsAndCopiesButTakesNoTyping() {
        let f = Fixture()
        f.view.text = "read only"
        f.view.isEditable = false
        f.type("x")
        f.key(.backspace)
        #expect(f.view.text == "read only")
        #expect(f.view.perform(.selectAll, sender: nil, event: nil))
        #expect(f.view.perform(.copy, sender: nil, event: nil))
        #expect(f.scene.platform.clipboard.contents == "read only")
        #expect(!f.view.canPerformAction(.paste, sender: nil))
    }

    @Test func tripleClickSelectsTheParagraphAndDoubleClickAWord() {
        let f = Fixture()
        f.view.text = "alpha beta\ngamma delta"
        let y = f.view.caretRect(forOffset: 12).midY
        let p = Point(x: f.view.textContainerInset.left + 15, y: y)
        f.scene.click(at: p); f.scene.click(at: p)
        #expect(f.view.selectedText == "gamma")
        f.scene.click(at: p)
        #expect(f.view.selectedText == "gamma delta")
    }

    @Test func theCompositionShowsInlineInTheCaretsParagraphAndIsTraced() {
        let f = Fixture()
        f.view.text = "ab\ncd"
        f.view.selectedRange = 4..<4
        f.scene.platform.surface(of: f.scene.window)?.changePreedit(Preedit(text: "한", caret: 1))
        #expect(f.view.text == "ab\ncd")
        #expect(f.view.displayedParagraph(1).text == "c한d")
        #expect(f.view.caretRect.minX == f.view.textContainerInset.left + 30)
        let trace = Dictionary(f.view.traceFields(), uniquingKeysWith: { a, _ in a })
        #expect(trace["preedit"]?.serialized == "\"한\"")
        f.scene.platform.surface(of: f.scene.window)?.commitText("한")
        #expect(f.view.text == "ab\nc한d" && f.view.preedit == nil)
    }

    @Test func estimatedHeightsConvergeAndAHitTestAtTheFarEndOfTenMegabytesLandsThere() {
        let f = Fixture(measurer: MonospaceMeasurer())
        let line = String(repeating: "word ", count: 20)
        f.view.text = Array(repeating: line, count: 100_000).joined(separator: "\n")
        #expect(f.view.storage.count >= 10_000_000)
        let before = f.view.contentSize.height
        f.view.setContentOffset(Point(x: 0, y: f.view.maximumContentOffset.y))
        _ = f.view.visibleParagraphs()
        f.view.setContentOffset(Point(x: 0, y: f.view.maximumContentOffset.y))
        let shown = f.view.visibleParagraphs()
        #expect(shown.last?.index == 99_999, "the last paragraph is reached")
        #expect(f.view.laidOutParagraphCount < 100, "only paragraphs near the viewport are laid out")
        let last = f.view.storage.paragraphStart(99_999)
        let bottom = f.view.contentOffset.y + f.view.bounds.height - 8
        let hit = f.view.characterOffset(at: Point(x: 10, y: bottom))
        #expect(hit >= last && hit <= f.view.storage.count)
        f.key(.end, [.control])
        f.type("!")
        #expect(f.view.text.hasSuffix(" !"))
        _ = before
    }

    @Test func aDocumentLoadedFromBytesLaysOutAndDecodesOnlyTheParagraphsShown() {
        let f = Fixture(measurer: MonospaceMeasurer())
        let line = "word слово 単語 " + String(repeating: "x", count: 40)
        let bytes = Array(Array(repeating: line, count: 50_000).joined(separator: "\r\n").utf8)
        f.view.load(TextStorage(utf8: bytes, source: "test"))
        f.view.selectedRange = f.view.storage.count..<f.view.storage.count
        let shown = f.view.visibleParagraphs()
        #expect(shown.last?.index == 49_999, "the caret's paragraph, the last, is shown")
        #expect(f.view.laidOutParagraphCount < 100, "only paragraphs near the viewport are laid out")
        #expect(f.view.storage.byteRangeParagraphCount == 50_000)
        f.type("!")
        #expect(f.view.storage.byteRangeParagraphCount == 49_999, "only the edited paragraph becomes a string")
        #expect(f.view.storage.paragraph(49_999) == line + "!")
        #expect(f.view.storage.count == line.count * 50_000 + 49_999 + 1)
    }

    @Test func typingInsideAParagraphRedrawsThatParagraphOnly() throws {
        let f = Fixture(measurer: MonospaceMeasurer())
        f.show((0..<20).map { "paragraph \($0)" }.joined(separator: "\n"), caret: 14)
        let line = f.view.caretRect.height
        let typed = try #require(f.typeAndPresent("x"))
        #expect(typed.height <= line + 10, "one line and the focus-ring margin, not the view: \(typed)")
        #expect(f.view.storage.paragraph(1) == "pax" + "ragraph 1")
        let split = try #require(f.typeAndPresent("\n"))
        #expect(split.maxY >= f.view.frame.maxY, "a new paragraph moves everything below it: \(split)")
        f.view.selectedRange = 3..<6
        f.scene.platform.displayPass()
        #expect((f.typeAndPresent("y")?.height ?? 0) >= f.view.bounds.height, "replacing a selection redraws it all")
    }

    /// Typing in the middle of a left-to-right line redraws from the caret on (less the ink margin);
    /// centred text, whose line moves as it grows, redraws the whole line.
    @Test func typingInTheMiddleOfALineRedrawsFromTheCaretOn() throws {
        let f = Fixture(measurer: MonospaceMeasurer())
        f.show("first line\nsecond line of the note\nthird", caret: 18)
        let caretX = f.view.caretRect.minX
        let typed = try #require(f.typeAndPresent("x"))
        #expect(typed.minX > caretX - f.view.font.size, "from the caret, not the line's start: \(typed), caret at \(caretX)")
        #expect(typed.minX < caretX - 1, "with room for ink left of the caret")
        #expect(typed.maxX >= f.view.bounds.width - 20, "to the end of the line, where text moved")
        f.key(.backspace)
        f.scene.platform.displayPass()
        #expect((f.presented?.minX ?? 0) > caretX - f.view.font.size, "BackSpace too")
        #expect(f.view.text == "first line\nsecond line of the note\nthird")

        f.view.textAlignment = .center
        f.view.selectedRange = 18..<18
        f.scene.platform.displayPass()
        #expect((f.typeAndPresent("x")?.minX ?? 99) <= 4, "a centred line moves as a whole")
    }

    /// A measurer whose glyphs reach `reach` from the baseline, as the X backend reports what it measured.
    final class InkMeasurer: TextMeasurer {
        let base = MonospaceMeasurer()
        var reach: InkReach?
        init(reach: InkReach?) { self.reach = reach }
        func metrics(for font: Font) -> FontMetrics { base.metrics(for: font) }
        func advance(of character: Character, in font: Font) -> Double { base.advance(of: character, in: font) }
        func inkReach(of font: Font) -> InkReach? { reach }
    }

    /// A key redraws its line padded by what the glyphs reach beyond the line box: nothing when
    /// they stay inside (the neighbouring lines are not drawn again), all of it when a stack
    /// reaches into the next line, and 4 points when the measurer cannot tell.
    @Test func aKeyRedrawsItsLinePaddedByTheInkThatReachesOutOfIt() throws {
        let measurer = InkMeasurer(reach: nil)
        let f = Fixture(measurer: measurer)
        let metrics = measurer.metrics(for: f.view.font)
        f.show("first line\nsecond line of the note\nthird", caret: 18)
        let line = f.view.caretRect.height
        func typedHeight() throws -> Double {
            f.view.selectedRange = 18..<18
            f.scene.platform.displayPass()
            let height = try #require(f.typeAndPresent("x")).height
            f.key(.backspace)
            f.scene.platform.displayPass()
            return height
        }
        #expect(try typedHeight() == line + 8, "unknown ink: 4 points each way")
        measurer.reach = InkReach(above: metrics.ascent - 1, below: metrics.descent)
        #expect(try typedHeight() == line, "ink inside the line box: the line alone")
        measurer.reach = InkReach(above: metrics.ascent, below: metrics.descent + 6.5)
        #expect(try typedHeight() == line + 14, "a stack 6.5 points below the box: 7 points each way")
        #expect(InkReach(above: 20, below: 2).overhang(beyond: metrics) == 20 - metrics.ascent)
        #expect(InkReach(above: 1, below: metrics.descent + 3).overhang(beyond: FontMetrics(ascent: 10, descent: metrics.descent, leading: 1)) == 2,
                "leading counts as room below the baseline")
    }

    /// A paste of a megabyte and more is split off the main actor; keys typed meanwhile land after
    /// it, in order, and it is one undo step.
    @Test func aBigPasteIsSplitOffTheMainActorAndKeysTypedMeanwhileFollowIt() async throws {
        let f = Fixture(measurer: MonospaceMeasurer())
        f.view.text = "start\r\nend"
        f.view.selectedRange = 5..<5
        let line = "Tiếng Việt, русский, 日本語, 한국어\r\n"
        let big = String(repeating: line, count: TextView.backgroundPasteThreshold / line.utf8.count + 10) + "tail"
        f.scene.platform.clipboard.contents = big
        let paste = Task { await f.view.paste(from: .clipboard) }
        var waits = 0
        while !f.view.isSplittingPaste, waits < 10_000 { await Task.yield(); waits += 1 }
        #expect(f.view.isSplittingPaste, "the paste is being split")
        f.type("XY")
        f.key(.backspace)
        #expect(f.view.storage.string == "start\r\nend", "nothing lands before the paste")
        #expect(await paste.value)
        #expect(!f.view.isSplittingPaste)
        #expect(f.view.storage.string == "start" + big + "X\r\nend")
        #expect(f.view.storage.paragraphCount == big.filter(\.isNewline).count + 2)
        #expect(f.view.undo() && f.view.undo(), "the Backspace, then the word typed")
        #expect(f.view.storage.string == "start" + big + "\r\nend")
        #expect(f.view.undo())
        #expect(f.view.storage.string == "start\r\nend", "the paste is one step")
    }

    /// Text replaced while a big paste is split: the paste still lands, split again at once.
    @Test func aBigPasteIntoTextThatChangedMeanwhileStillLands() async throws {
        let f = Fixture(measurer: MonospaceMeasurer())
        f.view.text = "abc"
        f.view.selectedRange = 3..<3
        let big = String(repeating: "x\n", count: TextView.backgroundPasteThreshold / 2 + 1)
        f.scene.platform.clipboard.contents = big
        let paste = Task { await f.view.paste(from: .clipboard) }
        var waits = 0
        while !f.view.isSplittingPaste, waits < 10_000 { await Task.yield(); waits += 1 }
        f.view.text = "abcdef"
        #expect(await paste.value)
        #expect(f.view.storage.string == "abc" + big + "def")
    }

    @Test func eachCharacterIsMeasuredOnceAcrossParagraphsAndEdits() {
        let measurer = FixedAdvanceMeasurer()
        let f = Fixture(measurer: measurer)
        f.view.text = (0..<12).map { "Đoạn văn số \($0)" }.joined(separator: "\n")
        f.view.selectedRange = 4..<4
        f.scene.platform.displayPass()
        let distinct = Set(f.view.text.filter { !$0.isNewline }).count
        #expect(measurer.advanceCalls <= distinct + 2, "\(measurer.advanceCalls) measurements for \(distinct) characters")
        let before = measurer.advanceCalls
        f.type("nă")
        f.scene.platform.displayPass()
        #expect(measurer.advanceCalls == before, "relaying out the edited paragraph measures nothing new")
        f.view.font = .system(size: 20)
        f.scene.platform.displayPass()
        #expect(measurer.advanceCalls > before, "a new font is measured again")
    }

    @Test func typingAtTheEndOfAWrappedParagraphRedrawsItsLastLineOnly() throws {
        let f = Fixture(measurer: MonospaceMeasurer())
        f.view.text = "Tiếng Việt " + String(repeating: "word ", count: 120)
        f.view.selectedRange = f.view.storage.count..<f.view.storage.count
        f.scene.platform.displayPass()
        let surface = try #require(f.scene.platform.surface(of: f.scene.window))
        let line = f.view.caretRect.height
        #expect(f.view.visibleParagraphs().first?.layout.lineCount ?? 0 > 4, "the paragraph wraps")
        for key in ["x", "\u{8}", "y"] {
            if key == "\u{8}" { f.key(.backspace) } else { f.type(key) }
            f.scene.platform.displayPass()
            let dirty = try #require(surface.lastPresentedDirty)
            #expect(dirty.height <= line + 10, "the last line and the focus-ring margin, not the paragraph: \(dirty)")
            #expect(dirty.maxX <= f.view.verticalScrollBar.frame.minX, "the scroll bar is not redrawn: \(dirty)")
        }
        #expect(!f.view.verticalScrollBar.isHidden)
        #expect(f.view.storage.string.hasSuffix("word y"))
    }
}
