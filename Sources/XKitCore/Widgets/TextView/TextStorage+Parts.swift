/// What a `TextStorage` is made of: paragraphs, the blocks that hold them, and the paragraph edits
/// undo keeps.
extension TextStorage {
    /// One paragraph: its text without the break, the break itself ("" for the last paragraph),
    /// and their cached character count. A paragraph loaded from bytes and not edited since keeps
    /// only its byte range, and is decoded each time its text is read.
    struct Paragraph: Sendable, Equatable {
        /// Where the text is: a string, or a byte range of the bytes the storage was loaded from.
        enum Content: Sendable {
            case string(String)
            case bytes(ParagraphSource, Range<Int>)
        }
        var content: Content
        var terminator: String
        var count: Int
        /// A character boundary the last edit of this text found (nil for text no edit made).
        var knownBoundary: KnownBoundary?

        init(text: String, terminator: String, count: Int) {
            content = .string(text)
            self.terminator = terminator
            self.count = count
        }

        init(source: ParagraphSource, range: Range<Int>, terminator: String, count: Int) {
            content = .bytes(source, range)
            self.terminator = terminator
            self.count = count
        }

        var text: String {
            switch content {
            case .string(let text): text
            case .bytes(let source, let range): source.string(range)
            }
        }
        var length: Int { count + (terminator.isEmpty ? 0 : 1) }
        var utf16Length: Int { text.utf16.count + terminator.utf16.count }

        static func == (a: Paragraph, b: Paragraph) -> Bool {
            a.count == b.count && a.terminator == b.terminator && a.text == b.text
        }
    }

    /// A run of paragraphs with its cached sizes, so finding an offset skips whole blocks.
    ///
    /// The paragraph count is kept beside the array, not read from it: a walk over the blocks then
    /// reads one contiguous array, not each block's buffer (a cache miss apiece in a long document).
    struct Block: Sendable, Equatable {
        private(set) var paragraphs: [Paragraph]
        private(set) var length: Int
        private(set) var paragraphCount: Int
        init(_ paragraphs: [Paragraph]) {
            self.paragraphs = paragraphs
            length = paragraphs.reduce(0) { $0 + $1.length }
            paragraphCount = paragraphs.count
        }

        /// Puts `paragraph` in place of the one at `index`.
        mutating func replaceParagraph(at index: Int, with paragraph: Paragraph) {
            length += paragraph.length - paragraphs[index].length
            paragraphs[index] = paragraph
        }
    }

    /// Paragraphs put in place of others: `paragraphs` replace the `replacing` paragraphs from index
    /// `first`. Undo keeps each edit's inverse as one, so an undo step holds the paragraphs the edit
    /// replaced, not a copy of the document (whose blocks the next key would then copy).
    struct ParagraphEdit: Sendable {
        var first: Int
        var replacing: Int
        var paragraphs: [Paragraph]

        /// One edit that undoes `self` and then `later` (the inverse of the edit after the one
        /// `self` undoes); nil when the two touch paragraphs apart.
        ///
        /// `self` brings back its paragraphs in place of the region `first..<first + replacing`.
        /// When `later` replaced paragraphs overlapping or next to that region, those outside it
        /// were not changed since, so they join the region as `later` found them.
        func followed(by later: ParagraphEdit) -> ParagraphEdit? {
            let end = first + replacing
            let laterStart = later.first, laterEnd = later.first + later.paragraphs.count
            guard laterStart <= end, laterEnd >= first else { return nil }
            var restored: [Paragraph] = []
            if laterStart < first { restored += later.paragraphs[0..<(first - laterStart)] }
            restored += paragraphs
            if laterEnd > end { restored += later.paragraphs[(end - laterStart)...] }
            let start = min(first, laterStart), regionEnd = max(end, laterEnd)
            return ParagraphEdit(first: start, replacing: regionEnd - start - later.paragraphs.count + later.replacing,
                                 paragraphs: restored)
        }
    }
}
