extension TextLayout {
    /// Draws the visible lines with their top-left at `origin`, in the context's current coordinates.
    ///
    /// Each fragment is drawn at its line's baseline; underlined fragments get a 1-point line just
    /// below it. Lines outside `context.clipBounds` are skipped. Shaped words are drawn from the
    /// glyphs layout measured (`GraphicsContext.drawShapedWord`), the rest as text.
    @MainActor
    public func draw(in context: GraphicsContext, at origin: Point) {
        let clip = context.clipBounds
        guard !lines.isEmpty, !clip.isEmpty else { return }
        var li = lineIndex(atY: clip.minY - origin.y) ?? (clip.minY - origin.y < 0 ? 0 : lines.count)
        while li < lines.count {
            let line = lines[li]
            if origin.y + line.rect.minY >= clip.maxY { break }
            let baseline = origin.y + line.baseline
            for fragment in line.fragments {
                let x = origin.x + fragment.x
                // Ink may overhang a fragment's advance: one next to a narrow clip is drawn too.
                let ink = fragment.attributes.font.size
                if x - ink >= clip.maxX || x + fragment.width + ink <= clip.minX { continue }
                if !words.isEmpty && !fragment.isTruncationEllipsis {
                    drawPieces(of: fragment, in: context, at: Point(x: x, y: baseline), clip: clip)
                } else if fragment.isRightToLeft {
                    context.drawRightToLeftText(fragment.text, font: fragment.attributes.font,
                                                color: fragment.attributes.color, at: Point(x: x, y: baseline))
                } else {
                    context.drawText(fragment.text, font: fragment.attributes.font, color: fragment.attributes.color,
                                     at: Point(x: x, y: baseline))
                }
                if fragment.attributes.underline {
                    context.fill(Rect(x: x, y: baseline + 1, width: fragment.width, height: 1),
                                 color: fragment.attributes.color)
                }
            }
            li += 1
        }
    }

    /// Draws a fragment that may hold shaped words: each word (or the part of it on this line) from
    /// its glyphs, the text between words as text. `origin` is the fragment's left end on the baseline.
    @MainActor
    private func drawPieces(of fragment: Fragment, in context: GraphicsContext, at origin: Point, clip: Rect) {
        let string = attributedText.string
        let lo = clusterIndex(startingAtOrAfterUTF8: string.utf8Offset(of: fragment.range.lowerBound))
        let hi = clusterIndex(startingAtOrAfterUTF8: string.utf8Offset(of: fragment.range.upperBound))
        guard lo < hi else { return }
        let rtl = fragment.isRightToLeft
        // Layout x of the line's left edge: the fragment's left end is its first cluster, or its last when right to left.
        let lineX = origin.x - positions[rtl ? hi - 1 : lo]
        let font = fragment.attributes.font, color = fragment.attributes.color
        /// Skips pieces wholly outside the clip (ink may overhang a little).
        func visible(_ a: Int, _ b: Int) -> Bool {
            let left = lineX + positions[rtl ? b - 1 : a]
            let right = lineX + positions[rtl ? a : b - 1] + advances[rtl ? a : b - 1]
            let margin = font.size
            return right + margin > clip.minX && left - margin < clip.maxX
        }
        func drawText(_ a: Int, _ b: Int) {
            guard a < b, visible(a, b) else { return }
            let text = string[stringIndex(a)..<stringIndex(b)]
            let at = Point(x: lineX + positions[rtl ? b - 1 : a], y: origin.y)
            if rtl {
                context.drawRightToLeftText(text, font: font, color: color, at: at)
            } else {
                context.drawText(text, font: font, color: color, at: at)
            }
        }
        var w = firstWord(endingAfter: lo)
        var c = lo
        while c < hi {
            guard w < words.count, words[w].start < hi else {
                drawText(c, hi)
                break
            }
            let span = words[w]
            let a = max(c, span.start), b = min(hi, span.end)
            drawText(c, a)
            if a < b && visible(a, b) {
                let leftmost = rtl ? b - 1 : a
                let wordLeft = lineX + positions[leftmost] - span.word.clusterX[leftmost - span.start]
                context.drawShapedWord(span.word, clusters: (a - span.start)..<(b - span.start), font: font, color: color,
                                       at: Point(x: wordLeft, y: origin.y))
            }
            c = max(b, c)
            w += 1
        }
    }

    /// The index in `words` of the first word ending after cluster `c` (binary search).
    func firstWord(endingAfter c: Int) -> Int {
        var lo = 0, hi = words.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if words[mid].end <= c { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
