/// Finding paragraphs: by character offset and by index, walking whole blocks where it can.
extension TextStorage {
    /// The character offset where paragraph `index` starts.
    public func paragraphStart(_ index: Int) -> Int {
        let (b, local, blockStart) = block(holdingParagraph: index)
        let n = blocks[b].paragraphCount
        // From the nearer end of the block, as `paragraphIndex(containing:)` walks.
        if local > n / 2 {
            var start = blockStart + blocks[b].length
            for k in stride(from: n - 1, through: local, by: -1) { start -= blocks[b].paragraphs[k].length }
            return start
        }
        var offset = blockStart
        for k in 0..<local { offset += blocks[b].paragraphs[k].length }
        return offset
    }

    /// The paragraph holding an offset and where it starts; an offset on a line break belongs to
    /// the paragraph it ends.
    public func paragraphIndex(containing offset: Int) -> (index: Int, start: Int) {
        let target = max(0, min(count, offset))
        var start = 0, index = 0, b = 0
        // By index, not `for block in blocks`: a copied block retains and releases its paragraphs.
        // From the nearer end of the document, as within the block below: a caret near the end of
        // a long document passes a few blocks, not all of them, each of the several times a key asks.
        if target >= count / 2 && blocks.count > 1 {
            b = blocks.count - 1
            start = count - blocks[b].length
            index = paragraphCount - blocks[b].paragraphCount
            while b > 0 && target < start {
                b -= 1
                start -= blocks[b].length
                index -= blocks[b].paragraphCount
            }
        } else {
            while b < blocks.count - 1 && target >= start + blocks[b].length {
                start += blocks[b].length
                index += blocks[b].paragraphCount
                b += 1
            }
        }
        guard b < blocks.count else { return (0, 0) }
        let last = blocks[b].paragraphCount - 1
        guard last >= 0 else { return (0, 0) }
        // From the nearer end of the block: a caret near a block's end (the end of a document)
        // then passes a few paragraphs, not hundreds, each of the several times a key asks.
        if target - start >= blocks[b].length / 2 {
            var end = start + blocks[b].length
            index += last
            for pi in stride(from: last, through: 0, by: -1) {
                let paragraphStart = end - blocks[b].paragraphs[pi].length
                if target >= paragraphStart || pi == 0 { return (index, paragraphStart) }
                end = paragraphStart
                index -= 1
            }
            return (0, 0)
        }
        for pi in 0...last {
            let length = blocks[b].paragraphs[pi].length
            if target < start + length || pi == last { return (index, start) }
            start += length
            index += 1
        }
        return (0, 0)
    }

    /// The block and position within it of paragraph `index` (clamped).
    func locateParagraph(_ index: Int) -> (block: Int, index: Int) {
        let (b, local, _) = block(holdingParagraph: index)
        return (b, local)
    }

    /// The block holding paragraph `index` (clamped), the paragraph's place in it, and the block's
    /// first character offset, found from the nearer end of the document: a caret near the end of
    /// a long one passes a few blocks, not all of them.
    private func block(holdingParagraph index: Int) -> (block: Int, local: Int, start: Int) {
        let target = max(0, min(paragraphCount - 1, index))
        // By index, not `for block in blocks`: a copied block retains and releases its paragraphs.
        if target >= paragraphCount / 2 {
            var first = paragraphCount, start = count
            for b in stride(from: blocks.count - 1, through: 0, by: -1) {
                first -= blocks[b].paragraphCount
                start -= blocks[b].length
                if target >= first { return (b, target - first, start) }
            }
            return (0, 0, 0)
        }
        var first = 0, start = 0
        for b in blocks.indices {
            let n = blocks[b].paragraphCount
            if target < first + n { return (b, target - first, start) }
            first += n
            start += blocks[b].length
        }
        return (max(0, blocks.count - 1), 0, 0)
    }
}
