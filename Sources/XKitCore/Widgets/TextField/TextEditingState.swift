/// The text, caret and selection of a single-line field, and the edits on them; no display involved.
///
/// Positions are character (grapheme cluster) offsets. The selection runs between `anchor` (where it
/// started) and `caret` (the end that moves).
public struct TextEditingState: Hashable, Sendable {
    /// The current text; always a single line.
    public private(set) var text: String
    /// Where the selection started; equal to `caret` when nothing is selected.
    public var anchor: Int
    /// The moving end of the selection, where typing goes.
    public var caret: Int

    /// A state holding `text` with the caret at its end.
    public init(text: String = "") {
        self.text = TextEditingState.singleLine(text)
        let count = self.text.count
        anchor = count
        caret = count
    }

    /// The number of characters.
    public var count: Int { text.count }
    /// The selected offsets, lower bound first (empty at the caret when nothing is selected).
    public var selection: Range<Int> { min(anchor, caret)..<max(anchor, caret) }
    /// The selection as the editing core holds it.
    var textSelection: TextSelection {
        get { TextSelection(anchor: anchor, caret: caret) }
        set { anchor = newValue.anchor; caret = newValue.caret }
    }
    /// Whether some text is selected.
    public var hasSelection: Bool { anchor != caret }
    /// The selected text.
    public var selectedText: String { String(text[indices(of: clamped(selection))]) }

    /// The string indices of a range of character offsets (already clamped).
    private func indices(of r: Range<Int>) -> Range<String.Index> {
        let lo = text.index(text.startIndex, offsetBy: r.lowerBound)
        return lo..<text.index(lo, offsetBy: r.count)
    }

    // MARK: Edits

    /// Replaces the selection (or inserts at the caret) with `string`, leaving the caret after it.
    public mutating func replaceSelection(with string: String) {
        let r = indices(of: clamped(selection))
        let before = String(text[..<r.lowerBound]) + TextEditingState.singleLine(string)
        // Counting the joined prefix keeps the caret right when a combining mark merges with its neighbour.
        let newText = before + text[r.upperBound...]
        text = newText
        let position = min(before.count, newText.count)
        anchor = position
        caret = position
    }

    /// Deletes the selection, or the character before the caret (the word before it with `word`).
    public mutating func deleteBackward(word: Bool = false, segmenter: TextSegmenter = BasicTextSegmenter.shared) {
        deleteRange(textSelection.deletionRange(forward: false, word: word, in: self, segmenter: segmenter))
    }

    /// Deletes the selection, or the character after the caret (the word after it with `word`).
    public mutating func deleteForward(word: Bool = false, segmenter: TextSegmenter = BasicTextSegmenter.shared) {
        deleteRange(textSelection.deletionRange(forward: true, word: word, in: self, segmenter: segmenter))
    }

    private mutating func deleteRange(_ range: Range<Int>?) {
        guard let range else { return }
        anchor = range.lowerBound
        caret = range.upperBound
        replaceSelection(with: "")
    }

    /// Replaces everything and puts the caret at the end.
    public mutating func setText(_ string: String) {
        self = TextEditingState(text: string)
    }

    // MARK: Movement

    /// Puts the caret at an offset; with `extend`, the anchor stays and the selection grows or shrinks.
    public mutating func moveCaret(to offset: Int, extend: Bool = false) {
        var selection = textSelection
        selection.moveCaret(to: offset, extend: extend, count: count)
        textSelection = selection
    }

    /// Left arrow: one character (or word) back; without `extend` a selection collapses to its start.
    public mutating func moveLeft(extend: Bool = false, word: Bool = false, segmenter: TextSegmenter = BasicTextSegmenter.shared) {
        var selection = textSelection
        selection.moveHorizontally(forward: false, extend: extend, word: word, in: self, segmenter: segmenter)
        textSelection = selection
    }

    /// Right arrow: one character (or word) on; without `extend` a selection collapses to its end.
    public mutating func moveRight(extend: Bool = false, word: Bool = false, segmenter: TextSegmenter = BasicTextSegmenter.shared) {
        var selection = textSelection
        selection.moveHorizontally(forward: true, extend: extend, word: word, in: self, segmenter: segmenter)
        textSelection = selection
    }

    /// Selects all the text.
    public mutating func selectAll() {
        anchor = 0
        caret = count
    }

    /// Selects the word (or run of spaces, or punctuation mark) around an offset (`TextWords`).
    public mutating func selectWord(at offset: Int, segmenter: TextSegmenter = BasicTextSegmenter.shared) {
        guard !text.isEmpty else { return }
        let range = TextWords.segmentRange(in: text, at: offset, segmenter: segmenter)
        anchor = range.lowerBound
        caret = range.upperBound
    }

    /// The start of the word before an offset (`TextWords`; spaces and punctuation are skipped).
    public func wordStart(before offset: Int, segmenter: TextSegmenter = BasicTextSegmenter.shared) -> Int {
        TextWords.wordStart(in: text, before: offset, segmenter: segmenter)
    }

    /// The end of the word after an offset (`TextWords`; spaces and punctuation are skipped).
    public func wordEnd(after offset: Int, segmenter: TextSegmenter = BasicTextSegmenter.shared) -> Int {
        TextWords.wordEnd(in: text, after: offset, segmenter: segmenter)
    }

    // MARK: Private

    private func clamped(_ r: Range<Int>) -> Range<Int> {
        let n = count
        return max(0, min(n, r.lowerBound))..<max(0, min(n, r.upperBound))
    }

    /// Line breaks and tabs become spaces: the field has one line.
    static func singleLine(_ string: String) -> String {
        guard string.contains(where: { $0.isNewline || $0 == "\t" }) else { return string }
        return String(string.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }
}
