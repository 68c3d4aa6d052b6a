/// Each tag's chip size, measured once and kept up to date as tags are appended and removed.
extension TagInputView {
    /// Each tag's chip size. Tags appended since the last pass are the only ones measured; otherwise
    /// O(n), and tags unchanged since the last pass (same tag, same place or shifted by one removal)
    /// keep their size without being measured again.
    func currentChipSizes() -> [Size] {
        if sizesValid && chipSizes.count == tags.count { return chipSizes }
        let measurer = textMeasurer
        if advancesMeasurer != ObjectIdentifier(measurer) || advances == nil {
            advances = AdvanceCache(measurer: measurer)
            advancesMeasurer = ObjectIdentifier(measurer)
            measuredTags = []
            sizesValid = false
        }
        guard var cache = advances else { return [] }
        advances = nil
        defer { advances = cache }
        let font = cache.id(for: chipMetrics.font)
        let lineHeight = cache.metrics(font).lineHeight
        func size(of tag: Tag) -> Size {
            let width = TagInputView.width(of: tag.title, font: font, cache: &cache, measurer: measurer, in: chipMetrics.font)
            return chipMetrics.size(titleWidth: width, lineHeight: lineHeight, showsRemoveButton: showsRemoveButtons)
        }
        let appended = appendedTagCount
        appendedTagCount = 0
        if sizesValid, appended > 0, chipSizes.count + appended == tags.count {
            for tag in tags[chipSizes.count...] { chipSizes.append(size(of: tag)) }
            measuredTags = tags
            return chipSizes
        }
        wholeListWork += tags.count
        let old = measuredTags, oldSizes = chipSizes
        var sizes: [Size] = []
        sizes.reserveCapacity(tags.count)
        var j = 0
        for tag in tags {
            if j < old.count && old[j] == tag && j < oldSizes.count {
                sizes.append(oldSizes[j]); j += 1
            } else if j + 1 < old.count && old[j + 1] == tag && j + 1 < oldSizes.count {
                sizes.append(oldSizes[j + 1]); j += 2
            } else {
                sizes.append(size(of: tag))
            }
        }
        chipSizes = sizes
        measuredTags = tags
        sizesValid = true
        return sizes
    }

    /// The sum of the clusters' advances, as TextLayout measures a single line.
    private static func width(of title: String, font: Int, cache: inout AdvanceCache, measurer: TextMeasurer, in f: Font) -> Double {
        var total = 0.0
        var ascii = true
        // ASCII without CR is one cluster per byte, so it skips grapheme breaking.
        for byte in title.utf8 {
            guard byte < 0x80, byte != 0x0D else { ascii = false; break }
            total += cache.advance(scalar: UInt32(byte), font: font)
        }
        if ascii { return total }
        total = 0
        for character in title {
            let scalars = character.unicodeScalars
            guard scalars.count == 1, let scalar = scalars.first, !ShapingPredicate.isComplexScript(scalar.value) else {
                // Shaped words are as wide as their glyphs, not as their characters one by one.
                return TextLayout(AttributedText(title, font: f), measurer: measurer).size.width
            }
            total += cache.advance(scalar: scalar.value, font: font)
        }
        return total
    }

    var chipHeight: Double {
        let measurer = textMeasurer
        return chipMetrics.size(titleWidth: 0, lineHeight: measurer.metrics(for: chipMetrics.font).lineHeight,
                                showsRemoveButton: showsRemoveButtons).height
    }
}
