/// Words, sentences, lines and paragraphs of a text as ranges of Unicode scalar offsets, the way
/// assistive technologies read text (AT-SPI's `GetStringAtOffset` and `GetTextAtOffset`).
///
/// Words are `TextWords`' words (the ones double-click selects), lines are the lines the layout
/// drew, so a screen reader reads what the user sees. Offsets count scalars, as AT-SPI does.
public struct TextUnits: Sendable {
    /// A unit of text, as AT-SPI's granularities name them.
    public enum Kind: Sendable, CaseIterable {
        /// One Unicode scalar (a `character` as AT-SPI counts them), a `word` as double-click selects it,
        /// a `sentence`, a `line` as drawn, or a `paragraph` between line breaks.
        case character, word, sentence, line, paragraph
    }
    /// Which edges bound a segment: from one unit's start to the next one's, or from one end to the next.
    public enum Edge: Sendable {
        /// Segments run from one unit's `start` to the next one's, or from one unit's `end` to the next one's.
        case start, end
    }

    /// The number of scalars in the text.
    public let count: Int
    private let words: [Range<Int>]
    private let sentences: [Range<Int>]
    private let lines: [Range<Int>]
    private let paragraphs: [Range<Int>]

    /// The units of `text`; `lines` are the drawn lines in scalar offsets (empty: one line).
    public init(text: String, lines: [Range<Int>] = [], segmenter: TextSegmenter = BasicTextSegmenter.shared) {
        let scalars = Array(text.unicodeScalars)
        count = scalars.count
        // Character offsets → scalar offsets, once for the whole text.
        var scalarOffsetOfCharacter: [Int] = [0]
        for character in text { scalarOffsetOfCharacter.append(scalarOffsetOfCharacter[scalarOffsetOfCharacter.count - 1] + character.unicodeScalars.count) }
        words = TextWords.words(in: text, segmenter: segmenter).map {
            scalarOffsetOfCharacter[$0.lowerBound]..<scalarOffsetOfCharacter[$0.upperBound]
        }
        self.lines = lines.isEmpty ? [0..<scalars.count] : lines
        paragraphs = TextUnits.split(scalars) { $0 == "\n" || $0 == "\u{2029}" }
        sentences = TextUnits.sentences(scalars)
    }

    /// The units of one kind, in order (words leave out the spaces and punctuation between them).
    public func ranges(of kind: Kind) -> [Range<Int>] {
        switch kind {
        case .character: (0..<count).map { $0..<$0 + 1 }
        case .word: words
        case .sentence: sentences
        case .line: lines
        case .paragraph: paragraphs
        }
    }

    /// The unit holding `offset`; between words, the word before it (else the one after).
    public func unit(_ kind: Kind, at offset: Int) -> Range<Int> {
        let offset = max(0, min(offset, count))
        if kind == .character { return offset < count ? offset..<offset + 1 : count..<count }
        let units = ranges(of: kind)
        if let holding = units.first(where: { $0.contains(offset) }) { return holding }
        return units.last { $0.upperBound <= offset } ?? units.first ?? offset..<offset
    }

    /// The text from the start of the unit at `offset` to the next unit's start (`.start`), or from
    /// the previous unit's end to this one's end (`.end`): AT-SPI's `*_START` and `*_END` boundaries.
    public func segment(_ kind: Kind, edge: Edge, at offset: Int) -> Range<Int> {
        let offset = max(0, min(offset, count))
        if kind == .character { return unit(.character, at: offset) }
        let units = ranges(of: kind)
        var marks = [0] + units.map { edge == .start ? $0.lowerBound : $0.upperBound } + [count]
        marks = marks.enumerated().filter { $0.offset == 0 || $0.element > marks[$0.offset - 1] }.map(\.element)
        for (lo, hi) in zip(marks, marks.dropFirst()) where offset >= lo && offset < hi { return lo..<hi }
        guard let last = marks.last, marks.count >= 2 else { return 0..<count }
        return marks[marks.count - 2]..<last
    }

    /// The segment before the one at `offset` (empty at the text's start).
    public func segment(_ kind: Kind, edge: Edge, before offset: Int) -> Range<Int> {
        let at = segment(kind, edge: edge, at: offset)
        return at.lowerBound > 0 ? segment(kind, edge: edge, at: at.lowerBound - 1) : 0..<0
    }

    /// The segment after the one at `offset` (empty at the text's end).
    public func segment(_ kind: Kind, edge: Edge, after offset: Int) -> Range<Int> {
        let at = segment(kind, edge: edge, at: offset)
        return at.upperBound < count ? segment(kind, edge: edge, at: at.upperBound) : count..<count
    }

    /// Runs ended by (and including) a separator.
    private static func split(_ scalars: [Unicode.Scalar], _ isSeparator: (Unicode.Scalar) -> Bool) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        for (i, s) in scalars.enumerated() where isSeparator(s) {
            result.append(start..<i + 1)
            start = i + 1
        }
        if start < scalars.count { result.append(start..<scalars.count) }
        return result
    }

    /// Sentences: each ends after its terminal punctuation (and closing quotes) and the spaces that
    /// follow, or at a paragraph break. A simplification of UAX #29's sentence rules: no
    /// abbreviation handling, as the segmenter has no sentence boundaries.
    private static func sentences(_ scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0, i = 0
        while i < scalars.count {
            let s = scalars[i]
            if s == "\n" || s == "\u{2029}" {
                result.append(start..<i + 1)
                start = i + 1
                i += 1
                continue
            }
            guard s.properties.isSentenceTerminal else { i += 1; continue }
            var end = i + 1
            while end < scalars.count, scalars[end].properties.isSentenceTerminal || closers.contains(scalars[end]) { end += 1 }
            // "3.14" or "a.b" is not a sentence end: one needs a space or the text's end after it.
            guard end == scalars.count || scalars[end].properties.isWhitespace || isWide(s) else { i = end; continue }
            while end < scalars.count, scalars[end].properties.isWhitespace, scalars[end] != "\n" { end += 1 }
            if end < scalars.count, scalars[end] == "\n" || scalars[end] == "\u{2029}" { end += 1 }
            result.append(start..<end)
            start = end
            i = end
        }
        if start < scalars.count { result.append(start..<scalars.count) }
        return result
    }

    private static let closers: Set<Unicode.Scalar> = ["\"", "'", ")", "]", "»", "”", "’", "」", "』", "）"]

    /// Full-width terminals (。！？) end a sentence with no space after them.
    private static func isWide(_ s: Unicode.Scalar) -> Bool { s.value >= 0x3000 && s.value <= 0xFFEF }
}
