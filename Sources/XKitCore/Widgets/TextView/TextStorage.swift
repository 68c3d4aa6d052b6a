/// The text of a multi-line document as paragraphs in blocks: an edit re-splits only the
/// paragraphs it touches, so its cost is the paragraph's length plus the number of blocks, not the
/// document's length.
///
/// Positions are character (grapheme cluster) offsets. Each paragraph keeps the line break that
/// ended it (`\n`, `\r\n`, `\r`, U+2028, U+2029, ...), so a file with mixed line endings is
/// given back byte for byte; a break counts as one character, as Swift counts `"\r\n"`.
public struct TextStorage: Sendable, Equatable {
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
    struct Block: Sendable, Equatable {
        var paragraphs: [Paragraph]
        var length: Int
        init(_ paragraphs: [Paragraph]) {
            self.paragraphs = paragraphs
            length = paragraphs.reduce(0) { $0 + $1.length }
        }
    }

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

    /// The character offset where paragraph `index` starts.
    public func paragraphStart(_ index: Int) -> Int {
        var offset = 0, remaining = max(0, min(paragraphCount - 1, index))
        for block in blocks {
            if remaining < block.paragraphs.count {
                for p in block.paragraphs[..<remaining] { offset += p.length }
                return offset
            }
            remaining -= block.paragraphs.count
            offset += block.length
        }
        return offset
    }

    /// The paragraph holding an offset and where it starts; an offset on a line break belongs to
    /// the paragraph it ends.
    public func paragraphIndex(containing offset: Int) -> (index: Int, start: Int) {
        let target = max(0, min(count, offset))
        var start = 0, index = 0
        for (bi, block) in blocks.enumerated() {
            if target < start + block.length || bi == blocks.count - 1 {
                for (pi, p) in block.paragraphs.enumerated() {
                    if target < start + p.length || pi == block.paragraphs.count - 1 { return (index, start) }
                    start += p.length
                    index += 1
                }
            }
            start += block.length
            index += block.paragraphs.count
        }
        return (0, 0)
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
            if i == blocks[b].paragraphs.count { b += 1; i = 0 }
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
        let lo = max(0, min(count, range.lowerBound)), hi = max(lo, min(count, range.upperBound))
        let (first0, start0) = paragraphIndex(containing: lo)
        if let change = replaceWithinParagraph(first0, start: start0, (lo - start0)..<(hi - start0), with: string) {
            return change
        }
        let edit = prepareReplace(lo..<hi, paragraph: first0, start: start0, with: string)
        return commit(edit, paragraphs: edit.paragraphs())
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
            if i == blocks[b].paragraphs.count { b += 1; i = 0 }
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
            if i == blocks[b].paragraphs.count { b += 1; i = 0 }
        }
        return true
    }

    /// Puts a prepared edit's paragraphs in place; `paragraphs` must be `edit.paragraphs()` and
    /// the storage must be as it was prepared (`isCurrent`).
    @discardableResult
    mutating func commit(_ edit: PreparedEdit, paragraphs: [Paragraph]) -> Change {
        let range = edit.paragraphRange
        replaceParagraphs(range.lowerBound..<(range.upperBound + 1), with: paragraphs)
        return Change(firstParagraph: range.lowerBound, removed: range.count, inserted: paragraphs.count)
    }

    /// Inserts at an offset.
    public mutating func insert(_ string: String, at offset: Int) { replace(offset..<offset, with: string) }

    /// Typing's edit: a range of one paragraph's text replaced by text with no line break, leaving
    /// some text. Only that paragraph changes (a break is a control character, so nothing joins
    /// across it); nil for any other edit, which `replace` re-splits with the neighbours.
    private mutating func replaceWithinParagraph(_ index: Int, start: Int, _ local: Range<Int>,
                                                 with string: String) -> Change? {
        let (b, i) = locateParagraph(index)
        let old = blocks[b].paragraphs[i]
        guard local.upperBound <= old.count, !TextStorage.containsLineBreak(string) else { return nil }
        var text = old.text
        let s = TextStorage.index(in: text, from: text.startIndex, offsetBy: local.lowerBound)
        let e = TextStorage.index(in: text, from: s, offsetBy: local.count)
        text.replaceSubrange(s..<e, with: string)
        // An emptied paragraph may bring a "\r" before it and its "\n" together as one break.
        guard !text.isEmpty else { return nil }
        let new = Paragraph(text: text, terminator: old.terminator, count: TextStorage.characterCount(text))
        blocks[b].paragraphs[i] = new
        blocks[b].length += new.length - old.length
        count += new.length - old.length
        return Change(firstParagraph: index, removed: 1, inserted: 1)
    }

    /// Whether text holds a character `split` breaks paragraphs at.
    static func containsLineBreak(_ string: String) -> Bool {
        string.utf8.contains { $0 >= 0x0A && $0 <= 0x0D || $0 == 0x85 || $0 == 0xA8 || $0 == 0xA9 }
            && string.contains { $0.isNewline }
    }

    /// The index `offset` characters after `start` in `text` (clamped to its end). Scalars that stand
    /// alone next to each other are a character each and are stepped over in the UTF-8 bytes; only
    /// scalars that may join go through Swift's grapheme walk, so typing in a long Vietnamese or
    /// Korean paragraph does not segment all of it.
    static func index(in text: String, from start: String.Index, offsetBy offset: Int) -> String.Index {
        var i = start, remaining = offset
        while remaining > 0, i < text.endIndex {
            let from = text.utf8Offset(of: i)
            if let walked = text.utf8.withContiguousStorageIfAvailable({ walkStandaloneScalars($0, from: from, limit: remaining) }),
               walked.characters > 0 {
                i = text.index(utf8Offset: walked.end)
                remaining -= walked.characters
            } else {
                i = text.index(after: i)
                remaining -= 1
            }
        }
        return i
    }

    /// Steps through UTF-8 from byte `start`, a character per scalar while a scalar and the one after
    /// it both stand alone, for at most `limit` characters. Returns the byte it stopped at (before
    /// the first scalar that may join a neighbour) and the characters passed. (A 32-byte block may
    /// also step over control characters other than breaks: each is a character of its own.)
    static func walkStandaloneScalars(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                                      limit: Int) -> (end: Int, characters: Int) {
        let n = bytes.count
        /// The scalar value at byte `i` and its length; astral scalars (never alone here) as 0x10000.
        @inline(__always) func scalar(at i: Int) -> (value: UInt32, length: Int) {
            let b0 = UInt32(bytes[i])
            if b0 < 0x80 { return (b0, 1) }
            if b0 < 0xE0, i + 1 < n { return ((b0 & 0x1F) << 6 | UInt32(bytes[i + 1]) & 0x3F, 2) }
            if b0 < 0xF0, i + 2 < n {
                return ((b0 & 0x0F) << 12 | (UInt32(bytes[i + 1]) & 0x3F) << 6 | UInt32(bytes[i + 2]) & 0x3F, 3)
            }
            return (0x10000, 1)
        }
        var i = start, characters = 0
        guard i < n else { return (i, 0) }
        var current = scalar(at: i)
        var narrowUntil = 2
        while characters < limit, standsAlone(value: current.value) {
            // 32 bytes at once where the block check takes them and the scalar after them stands
            // alone too (else the block's last scalar might join it); a refusal goes a block's
            // length byte by byte before the next try.
            if i >= narrowUntil, i + UTF8BlockCheck.Lanes.scalarCount < n, let base = bytes.baseAddress {
                let block = UTF8BlockCheck.accepted(UnsafeRawPointer(base), at: i)
                let after = block.length > 0 ? scalar(at: i + block.length) : current
                if block.length > 0, characters + block.scalars <= limit, standsAlone(value: after.value) {
                    i += block.length
                    characters += block.scalars
                    current = after
                    continue
                }
                narrowUntil = i + UTF8BlockCheck.Lanes.scalarCount
            }
            let next = i + current.length
            if next < n {
                let following = scalar(at: next)
                guard standsAlone(value: following.value) else { break }
                current = following
            }
            i = next
            characters += 1
            if next >= n { break }
        }
        return (i, characters)
    }

    // MARK: Private

    private func locateParagraphValue(_ index: Int) -> Paragraph {
        let (b, i) = locateParagraph(index)
        return blocks[b].paragraphs[i]
    }

    /// The block and position within it of paragraph `index` (clamped).
    func locateParagraph(_ index: Int) -> (block: Int, index: Int) {
        var remaining = max(0, min(paragraphCount - 1, index))
        for (b, block) in blocks.enumerated() {
            if remaining < block.paragraphs.count { return (b, remaining) }
            remaining -= block.paragraphs.count
        }
        return (max(0, blocks.count - 1), 0)
    }

    private mutating func append(_ paragraphs: [Paragraph]) {
        var i = 0
        while i < paragraphs.count {
            let end = min(paragraphs.count, i + TextStorage.blockLimit / 2)
            let block = Block(Array(paragraphs[i..<end]))
            blocks.append(block)
            count += block.length
            paragraphCount += block.paragraphs.count
            i = end
        }
        if blocks.isEmpty { blocks = [Block([Paragraph(text: "", terminator: "", count: 0)])]; paragraphCount = 1 }
    }

    /// Replaces a run of paragraphs, which may span blocks, keeping blocks within their limits.
    private mutating func replaceParagraphs(_ range: Range<Int>, with new: [Paragraph]) {
        let (b0, i0) = locateParagraph(range.lowerBound)
        let (b1, i1) = locateParagraph(range.upperBound - 1)
        var merged = Array(blocks[b0].paragraphs[..<i0])
        merged += new
        merged += blocks[b1].paragraphs[(i1 + 1)...]
        let removedLength = blocks[b0...b1].reduce(0) { $0 + $1.length }
        let removedParagraphs = blocks[b0...b1].reduce(0) { $0 + $1.paragraphs.count }
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
        paragraphCount += replacement.reduce(0) { $0 + $1.paragraphs.count } - removedParagraphs
        if blocks.isEmpty {
            blocks = [Block([Paragraph(text: "", terminator: "", count: 0)])]
            paragraphCount = 1
        }
    }

    /// The text of an edit as paragraphs: a big one (a paste) kept as byte ranges of one shared
    /// copy, found by the file loader's one-pass scan, so a 50 MB paste is not cut into a million
    /// strings and counted by grapheme while the UI waits.
    static func paragraphs(of string: String) -> [Paragraph] {
        guard string.utf8.count >= TextStorage.scannedEditThreshold else { return split(string) }
        return TextParagraphScanner.scan(ParagraphSource(Array(string.utf8))).paragraphs
    }

    /// The edit size from which `paragraphs(of:)` scans rather than splits (small edits, typing,
    /// keep plain strings that need no source).
    static let scannedEditThreshold = 64 * 1024

    /// Splits text into paragraphs at each line break character; always at least one paragraph,
    /// the last one without a break.
    static func split(_ string: String) -> [Paragraph] {
        var contiguous = string
        contiguous.makeContiguousUTF8()
        if let fast = contiguous.utf8.withContiguousStorageIfAvailable({ splitBytes($0) }) { return fast }
        var result: [Paragraph] = []
        var text = "", n = 0
        for c in string {
            if c.isNewline {
                result.append(Paragraph(text: text, terminator: String(c), count: n))
                text = ""; n = 0
            } else {
                text.append(c); n += 1
            }
        }
        result.append(Paragraph(text: text, terminator: "", count: n))
        return result
    }

    /// The byte scan behind `split`: every line break is a control character (a grapheme boundary on
    /// both sides), so breaks are found in the UTF-8 bytes, and an ASCII paragraph's length is its
    /// byte count; only paragraphs with other characters are walked by grapheme to count them.
    private static func splitBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> [Paragraph] {
        var result: [Paragraph] = []
        var start = 0, i = 0, ascii = true
        let n = bytes.count
        func paragraph(to end: Int, breakLength: Int) {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            let terminator = breakLength == 0 ? ""
                : String(decoding: UnsafeBufferPointer(rebasing: bytes[end..<(end + breakLength)]), as: UTF8.self)
            result.append(Paragraph(text: text, terminator: terminator, count: ascii ? end - start : characterCount(text)))
        }
        while i < n {
            let byte = bytes[i]
            var length = 0
            switch byte {
            case 0x0A, 0x0B, 0x0C: length = 1
            case 0x0D: length = i + 1 < n && bytes[i + 1] == 0x0A ? 2 : 1
            case 0xC2 where i + 1 < n && bytes[i + 1] == 0x85: length = 2
            case 0xE2 where i + 2 < n && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9): length = 3
            default: break
            }
            if length > 0 {
                paragraph(to: i, breakLength: length)
                i += length
                start = i
                ascii = true
            } else {
                if byte >= 0x80 { ascii = false }
                i += 1
            }
        }
        paragraph(to: n, breakLength: 0)
        return result
    }

    /// A paragraph's character count: its scalar count when every scalar is one whose grapheme
    /// class is Other (so no two of them join: no marks, joiners, jamo or emoji), else Swift's count.
    static func characterCount(_ text: String) -> Int {
        let walked = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            let (end, characters) = walkStandaloneScalars(bytes, from: 0, limit: .max)
            return end == bytes.count ? characters : nil
        }
        return (walked ?? nil) ?? text.count
    }

    /// Scalars of the common scripts that are always a grapheme cluster of their own next to each
    /// other: Latin (with Vietnamese's precomposed letters), Cyrillic, punctuation, kana, CJK
    /// ideographs, Hangul syllables and full-width forms, less the combining marks inside those blocks.
    static func standsAlone(_ scalar: Unicode.Scalar) -> Bool { standsAlone(value: scalar.value) }

    /// `standsAlone` for a scalar value.
    static func standsAlone(value: UInt32) -> Bool {
        switch value {
        case 0x20...0x7E, 0xA0...0x24F, 0x400...0x482, 0x48A...0x52F, 0x1E00...0x1EFF, 0x2010...0x2027, 0x2030...0x205E,
             0x3000...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x309B...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF9D:
            return true
        default:
            return false
        }
    }
}
