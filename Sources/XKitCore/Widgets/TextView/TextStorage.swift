/// The text of a multi-line document as paragraphs in blocks: an edit re-splits only the
/// paragraphs it touches, so its cost is the paragraph's length plus the number of blocks, not the
/// document's length.
///
/// Positions are character (grapheme cluster) offsets. Each paragraph keeps the line break that
/// ended it (`\n`, `\r\n`, `\r`, U+2028, U+2029, ...), so a file with mixed line endings is
/// given back byte for byte; a break counts as one character, as Swift counts `"\r\n"`.
public struct TextStorage: Sendable, Equatable {
    /// Blocks are split above this many paragraphs and merged when a neighbour pair fits in half.
    static let blockLimit = 512

    private(set) var blocks: [Block]
    /// How many blocks hold the paragraphs.
    @_spi(Testing) public var blockCount: Int { blocks.count }
    /// How many paragraphs are still byte ranges of the bytes the storage was loaded from (not edited since).
    @_spi(Testing) public var byteRangeParagraphCount: Int {
        var n = 0
        for block in blocks { for p in block.paragraphs { if case .bytes = p.content { n += 1 } } }
        return n
    }
    /// The number of characters.
    public private(set) var count: Int
    /// The number of paragraphs (one more than the line breaks).
    public private(set) var paragraphCount: Int

    /// A storage holding `string`.
    public init(_ string: String = "") {
        let paragraphs = TextStorage.paragraphs(of: string)
        blocks = []
        count = 0
        paragraphCount = 0
        append(paragraphs)
    }

    /// Decodes UTF-8 bytes (a file or a paste); invalid sequences become U+FFFD with one trace warning.
    ///
    /// One pass validates the bytes and finds the paragraphs, which stay byte ranges into the bytes
    /// until they are read or edited, so opening a large file decodes nothing.
    public init(utf8 bytes: [UInt8], source: String = "text") {
        let scanned = TextParagraphScanner.scan(ParagraphSource(bytes))
        if !scanned.isValid {
            Trace.warn("\(source): \(scanned.invalidSequences) invalid UTF-8 sequence(s) replaced with U+FFFD")
        }
        blocks = []
        count = 0
        paragraphCount = 0
        append(scanned.paragraphs)
    }

    /// UTF-8 to a string, invalid sequences replaced by U+FFFD with one warning naming `source`.
    public static func decode(_ bytes: [UInt8], source: String = "text") -> String {
        if let valid = String(validating: bytes, as: UTF8.self) { return valid }
        Trace.warn("\(source): invalid UTF-8 replaced with U+FFFD")
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Reading

    /// The whole text, line breaks as they were.
    public var string: String {
        var result = ""
        for block in blocks {
            for p in block.paragraphs {
                result += p.text
                result += p.terminator
            }
        }
        return result
    }

    /// The text of paragraph `index`, without its line break.
    public func paragraph(_ index: Int) -> String {
        let (b, i) = locateParagraph(index)
        return blocks[b].paragraphs[i].text
    }

    /// The number of characters of paragraph `index`, without its line break.
    public func paragraphLength(_ index: Int) -> Int {
        let (b, i) = locateParagraph(index)
        return blocks[b].paragraphs[i].count
    }

    /// The lengths of consecutive paragraphs `range`, without their breaks: one lookup, then a walk
    /// (a pasted million paragraphs is not a million lookups).
    public func paragraphLengths(in range: Range<Int>) -> [Int] {
        guard !range.isEmpty else { return [] }
        var result: [Int] = []
        result.reserveCapacity(range.count)
        var (b, i) = locateParagraph(range.lowerBound)
        while result.count < range.count, b < blocks.count {
            let paragraphs = blocks[b].paragraphs
            let end = min(paragraphs.count, i + range.count - result.count)
            for k in i..<end { result.append(paragraphs[k].count) }
            b += 1
            i = 0
        }
        return result
    }

    /// Every paragraph's length without its break, in order (one pass over the blocks).
    public var paragraphLengths: [Int] {
        var result: [Int] = []
        result.reserveCapacity(paragraphCount)
        for block in blocks { for p in block.paragraphs { result.append(p.count) } }
        return result
    }

    /// Every paragraph's text without its break, in order (one pass over the blocks; the strings share the storage's).
    public var paragraphs: [String] {
        var result: [String] = []
        result.reserveCapacity(paragraphCount)
        for block in blocks { for p in block.paragraphs { result.append(p.text) } }
        return result
    }

    /// Every paragraph's length with its line break, in order.
    var paragraphLengthsWithBreaks: [Int] {
        var result: [Int] = []
        result.reserveCapacity(paragraphCount)
        for block in blocks { for p in block.paragraphs { result.append(p.length) } }
        return result
    }

    /// The text of a character range (clamped), line breaks included.
    public func substring(_ range: Range<Int>) -> String {
        let lo = max(0, min(count, range.lowerBound)), hi = max(lo, min(count, range.upperBound))
        guard lo < hi else { return "" }
        var (index, start) = paragraphIndex(containing: lo)
        var result = ""
        var (b, i) = locateParagraph(index)
        while start < hi, b < blocks.count {
            let p = blocks[b].paragraphs[i]
            let full = p.text + p.terminator
            let from = max(0, lo - start), to = min(p.length, hi - start)
            if from == 0 && to == p.length {
                result += full
            } else {
                let s = TextStorage.index(in: full, from: full.startIndex, offsetBy: from)
                let e = TextStorage.index(in: full, from: s, offsetBy: to - from)
                result += full[s..<e]
            }
            start += p.length
            index += 1
            i += 1
            if i == blocks[b].paragraphCount { b += 1; i = 0 }
        }
        return result
    }

    /// The character at an offset, nil past the end.
    public func character(at offset: Int) -> Character? {
        guard offset >= 0, offset < count else { return nil }
        let (index, start) = paragraphIndex(containing: offset)
        let (b, i) = locateParagraph(index)
        let p = blocks[b].paragraphs[i]
        let local = offset - start
        if local >= p.count { return p.terminator.first }
        let text = p.text
        return text[TextStorage.index(in: text, from: text.startIndex, offsetBy: local)]
    }

    // MARK: Editing

    /// What an edit changed: paragraphs `removed` (indices before the edit) became `inserted`
    /// paragraphs starting at the same index.
    public struct Change: Equatable, Sendable {
        /// The index of the first paragraph the edit touched.
        public var firstParagraph: Int
        /// How many paragraphs the edit removed from there.
        public var removed: Int
        /// How many paragraphs it put in their place.
        public var inserted: Int
    }

    /// Replaces a character range (clamped) with `string`; returns the paragraphs changed.
    @discardableResult
    public mutating func replace(_ range: Range<Int>, with string: String) -> Change {
        edit(range, with: string).change
    }

    /// Replaces a character range (clamped) with `string`; returns the paragraphs changed and the
    /// edit that undoes it.
    mutating func edit(_ range: Range<Int>, with string: String) -> (change: Change, inverse: ParagraphEdit) {
        let lo = max(0, min(count, range.lowerBound)), hi = max(lo, min(count, range.upperBound))
        let (first0, start0) = paragraphIndex(containing: lo)
        if let edited = replaceWithinParagraph(first0, start: start0, (lo - start0)..<(hi - start0), with: string) {
            return edited
        }
        let edit = prepareReplace(lo..<hi, paragraph: first0, start: start0, with: string)
        return commit(edit, paragraphs: edit.paragraphs())
    }

    /// Puts an edit's paragraphs in place; returns the paragraphs changed and the edit that undoes it.
    mutating func apply(_ edit: ParagraphEdit) -> (change: Change, inverse: ParagraphEdit) {
        let first = max(0, min(paragraphCount, edit.first))
        let replaced = max(0, min(paragraphCount - first, edit.replacing))
        var removed: [Paragraph] = []
        removed.reserveCapacity(replaced)
        if replaced > 0 {
            var (b, i) = locateParagraph(first)
            for _ in 0..<replaced {
                removed.append(blocks[b].paragraphs[i])
                i += 1
                if i == blocks[b].paragraphCount { b += 1; i = 0 }
            }
        }
        replaceParagraphs(first..<(first + replaced), with: edit.paragraphs)
        return (Change(firstParagraph: first, removed: replaced, inserted: edit.paragraphs.count),
                ParagraphEdit(first: first, replacing: edit.paragraphs.count, paragraphs: removed))
    }

    /// An edit cut in three, so a paste too big to split while the UI waits is split elsewhere:
    /// `prepareReplace` (cheap, on the storage's actor), `paragraphs()` (pure, on any thread), then
    /// `commit(_:paragraphs:)` while `isCurrent(_:)` holds. `replace` runs the three in a row.
    struct PreparedEdit: Sendable {
        /// The paragraphs re-split: the edited ones and a neighbour each side ("\r" + "\n" join).
        let paragraphRange: ClosedRange<Int>
        /// Their text before the range, the new text, their text after it.
        let prefix: String, string: String, suffix: String
        /// Whether the region ends with a break: it is not the document's last paragraph.
        let endsWithBreak: Bool
        /// What the storage held, to check that the edit still applies.
        let before: [Paragraph]
        let paragraphCount: Int
        let count: Int

        /// The region's paragraphs after the edit.
        func paragraphs() -> [Paragraph] {
            var replacement = TextStorage.paragraphs(of: prefix + string + suffix)
            // Only the document's last paragraph has no break: a region before it ends with one.
            if endsWithBreak, replacement.count > 1 { replacement.removeLast() }
            return replacement
        }
    }

    /// Prepares replacing a character range (clamped) with `string`, for `commit(_:paragraphs:)`.
    func prepareReplace(_ range: Range<Int>, with string: String) -> PreparedEdit {
        let lo = max(0, min(count, range.lowerBound)), hi = max(lo, min(count, range.upperBound))
        let (first0, start0) = paragraphIndex(containing: lo)
        return prepareReplace(lo..<hi, paragraph: first0, start: start0, with: string)
    }

    private func prepareReplace(_ range: Range<Int>, paragraph first0: Int, start start0: Int,
                                with string: String) -> PreparedEdit {
        let (last0, _) = paragraphIndex(containing: range.upperBound)
        let first = max(0, first0 - 1), last = min(paragraphCount - 1, last0 + 1)
        let regionStart = first < first0 ? start0 - locateParagraphValue(first).length : start0
        var region = ""
        var before: [Paragraph] = []
        var (b, i) = locateParagraph(first)
        for _ in first...last {
            let p = blocks[b].paragraphs[i]
            before.append(p)
            region += p.text
            region += p.terminator
            i += 1
            if i == blocks[b].paragraphCount { b += 1; i = 0 }
        }
        let s = TextStorage.index(in: region, from: region.startIndex, offsetBy: range.lowerBound - regionStart)
        let e = TextStorage.index(in: region, from: s, offsetBy: range.count)
        return PreparedEdit(paragraphRange: first...last, prefix: String(region[..<s]), string: string,
                            suffix: String(region[e...]), endsWithBreak: last < paragraphCount - 1,
                            before: before, paragraphCount: paragraphCount, count: count)
    }

    /// Whether the storage still holds what `edit` was prepared on.
    func isCurrent(_ edit: PreparedEdit) -> Bool {
        guard paragraphCount == edit.paragraphCount, count == edit.count else { return false }
        var (b, i) = locateParagraph(edit.paragraphRange.lowerBound)
        for p in edit.before {
            guard b < blocks.count, blocks[b].paragraphs[i] == p else { return false }
            i += 1
            if i == blocks[b].paragraphCount { b += 1; i = 0 }
        }
        return true
    }

    /// Puts a prepared edit's paragraphs in place; `paragraphs` must be `edit.paragraphs()` and
    /// the storage must be as it was prepared (`isCurrent`).
    @discardableResult
    mutating func commit(_ edit: PreparedEdit, paragraphs: [Paragraph]) -> (change: Change, inverse: ParagraphEdit) {
        let range = edit.paragraphRange
        replaceParagraphs(range.lowerBound..<(range.upperBound + 1), with: paragraphs)
        return (Change(firstParagraph: range.lowerBound, removed: range.count, inserted: paragraphs.count),
                ParagraphEdit(first: range.lowerBound, replacing: paragraphs.count, paragraphs: edit.before))
    }

    /// Inserts at an offset.
    public mutating func insert(_ string: String, at offset: Int) { replace(offset..<offset, with: string) }

    /// Typing's edit: a range of one paragraph's text replaced by text with no line break, leaving
    /// some text. Only that paragraph changes (a break is a control character, so nothing joins
    /// across it); nil for any other edit, which `replace` re-splits with the neighbours.
    private mutating func replaceWithinParagraph(_ index: Int, start: Int, _ local: Range<Int>,
                                                 with string: String) -> (change: Change, inverse: ParagraphEdit)? {
        let (b, i) = locateParagraph(index)
        let old = blocks[b].paragraphs[i]
        guard local.upperBound <= old.count, !TextStorage.containsLineBreak(string) else { return nil }
        let before = old.text
        var text = before
        // From the boundary the last edit here found, when this edit starts after it.
        let known = old.knownBoundary.flatMap { Int($0.characters) <= local.lowerBound ? $0 : nil }
        let from = known.map { text.index(utf8Offset: Int($0.utf8)) } ?? text.startIndex
        let s = TextStorage.index(in: text, from: from, offsetBy: local.lowerBound - Int(known?.characters ?? 0))
        let e = TextStorage.index(in: text, from: s, offsetBy: local.count)
        let replaced = text.utf8Offset(of: s)..<text.utf8Offset(of: e)
        text.replaceSubrange(s..<e, with: string)
        // An emptied paragraph may bring a "\r" before it and its "\n" together as one break.
        guard !text.isEmpty else { return nil }
        let counted = TextStorage.characterCount(of: text, replacing: replaced, in: before, oldCount: old.count,
                                                 charactersBefore: local.lowerBound, insertedLength: string.utf8.count)
        var new = Paragraph(text: text, terminator: old.terminator, count: counted?.count ?? TextStorage.characterCount(text))
        new.knownBoundary = counted?.boundary
        blocks[b].replaceParagraph(at: i, with: new)
        count += new.length - old.length
        return (Change(firstParagraph: index, removed: 1, inserted: 1),
                ParagraphEdit(first: index, replacing: 1, paragraphs: [old]))
    }

    /// Whether text holds a character `split` breaks paragraphs at.
    static func containsLineBreak(_ string: String) -> Bool {
        string.utf8.contains { $0 >= 0x0A && $0 <= 0x0D || $0 == 0x85 || $0 == 0xA8 || $0 == 0xA9 }
            && string.contains { $0.isNewline }
    }

    // MARK: Private

    private func locateParagraphValue(_ index: Int) -> Paragraph {
        let (b, i) = locateParagraph(index)
        return blocks[b].paragraphs[i]
    }

    private mutating func append(_ paragraphs: [Paragraph]) {
        var i = 0
        while i < paragraphs.count {
            let end = min(paragraphs.count, i + TextStorage.blockLimit / 2)
            let block = Block(Array(paragraphs[i..<end]))
            blocks.append(block)
            count += block.length
            paragraphCount += block.paragraphCount
            i = end
        }
        if blocks.isEmpty { blocks = [Block([Paragraph(text: "", terminator: "", count: 0)])]; paragraphCount = 1 }
    }

    /// Replaces a run of paragraphs, which may span blocks, keeping blocks within their limits.
    private mutating func replaceParagraphs(_ range: Range<Int>, with new: [Paragraph]) {
        // An insertion goes before paragraph `range.lowerBound`, or after the last one.
        let (b0, i0) = range.lowerBound < paragraphCount ? locateParagraph(range.lowerBound)
            : (blocks.count - 1, blocks[blocks.count - 1].paragraphCount)
        let (b1, i1) = range.isEmpty ? (b0, i0 - 1) : locateParagraph(range.upperBound - 1)
        var merged = Array(blocks[b0].paragraphs[..<i0])
        merged += new
        merged += blocks[b1].paragraphs[(i1 + 1)...]
        let removedLength = blocks[b0...b1].reduce(0) { $0 + $1.length }
        let removedParagraphs = blocks[b0...b1].reduce(0) { $0 + $1.paragraphCount }
        var replacement: [Block] = []
        var i = 0
        repeat {
            let end = min(merged.count, i + TextStorage.blockLimit)
            replacement.append(Block(Array(merged[i..<end])))
            i = end
        } while i < merged.count
        if replacement.count == 1, replacement[0].paragraphs.isEmpty { replacement = [] }
        blocks.replaceSubrange(b0...b1, with: replacement)
        count += replacement.reduce(0) { $0 + $1.length } - removedLength
        paragraphCount += replacement.reduce(0) { $0 + $1.paragraphCount } - removedParagraphs
        if blocks.isEmpty {
            blocks = [Block([Paragraph(text: "", terminator: "", count: 0)])]
            paragraphCount = 1
        }
    }
}
