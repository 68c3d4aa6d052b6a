/// Lays items out in wrapping rows, like tag chips: left to right, then onto the next line.
///
/// One pass over the items (O(n)); `height(forWidth:)` runs the same pass, so a view's
/// height for a width always matches the frames it later gets.
public struct FlowLayout: Sendable, Hashable {
    /// Where a row's items sit when the row is shorter than the line.
    public enum Alignment: Sendable, Hashable {
        /// A short row starts at the left edge (`leading`), is centred in the line (`center`), or ends
        /// at the right edge (`trailing`).
        case leading, center, trailing
    }

    /// A last element that takes what is left of the last row, such as a tag input's text field.
    public struct TrailingItem: Sendable, Hashable {
        /// The narrowest it may be; below that it goes onto a new row.
        public var minimumWidth: Double
        /// Its height; it is centred in its row like the items.
        public var height: Double
        /// Describes a trailing element at least `minimumWidth` wide.
        public init(minimumWidth: Double, height: Double) {
            self.minimumWidth = minimumWidth
            self.height = height
        }
    }

    /// Frames and sizes from one layout pass.
    public struct Result: Sendable, Hashable {
        /// One frame per item, in the container's coordinates.
        public var frames: [Rect]
        /// Whether each item was wider than the line and was narrowed to it (its content should truncate).
        public var isClamped: [Bool]
        /// The item indices of each row, top to bottom.
        public var rows: [Range<Int>]
        /// The trailing item's frame, when one was asked for.
        public var trailingFrame: Rect?
        /// The widest row plus the horizontal insets, and the full height including the insets.
        public var contentSize: Size
    }

    /// Horizontal space between neighbours in a row.
    public var interitemSpacing: Double
    /// Vertical space between rows.
    public var lineSpacing: Double
    /// Space around all the rows.
    public var sectionInsets: EdgeInsets
    /// Where short rows sit; `.leading` by default.
    public var alignment: Alignment

    /// Creates a layout; 8-point spacing between items and rows by default.
    public init(interitemSpacing: Double = 8, lineSpacing: Double = 8,
                sectionInsets: EdgeInsets = .zero, alignment: Alignment = .leading) {
        self.interitemSpacing = interitemSpacing
        self.lineSpacing = lineSpacing
        self.sectionInsets = sectionInsets
        self.alignment = alignment
    }

    /// The frames for items of `sizes` in a container `width` wide (`.infinity`: one row).
    public func layout(_ sizes: [Size], width: Double, trailing: TrailingItem? = nil) -> Result {
        layout(sizes, width: width, trailing: trailing, stoppingAbove: .infinity)
    }

    /// The same pass, ending at the first row whose bottom passes `heightLimit`: the frames are then
    /// only those placed so far, and the height is that of the rows placed, already above the limit.
    /// A view that only asks "does it overflow?" pays for the rows it can show, not for all the items.
    func layout(_ sizes: [Size], width: Double, trailing: TrailingItem?, stoppingAbove heightLimit: Double) -> Result {
        let lineWidth = max(0, width - sectionInsets.horizontal)
        // Rounding in the running sum must not push an exactly fitting item onto the next row.
        let limit = lineWidth + 1e-9 * max(1, lineWidth)
        let count = sizes.count + (trailing == nil ? 0 : 1)
        var frames: [Rect] = []
        var clamped: [Bool] = []
        var rows: [Range<Int>] = []
        frames.reserveCapacity(count)
        clamped.reserveCapacity(count)

        var rowStart = 0, rowEnd = 0.0, rowHeight = 0.0
        var y = sectionInsets.top, widestRow = 0.0

        func closeRow(at end: Int) {
            guard end > rowStart else { return }
            let slack = lineWidth.isFinite ? lineWidth - rowEnd : 0
            let shift: Double
            switch alignment {
            case .leading: shift = 0
            case .center: shift = slack / 2
            case .trailing: shift = slack
            }
            for i in rowStart..<end {
                let f = frames[i]
                frames[i].origin = Point(x: sectionInsets.left + shift + f.x, y: y + (rowHeight - f.height) / 2)
            }
            rows.append(rowStart..<end)
            widestRow = max(widestRow, rowEnd)
            y += rowHeight + lineSpacing
            rowStart = end
            rowEnd = 0
            rowHeight = 0
        }

        for i in 0..<count {
            let size = i < sizes.count ? sizes[i] : Size(width: trailing?.minimumWidth ?? 0, height: trailing?.height ?? 0)
            let tooWide = size.width > lineWidth
            let w = tooWide ? lineWidth : max(0, size.width)
            let h = max(0, size.height)
            if i > rowStart && rowEnd + interitemSpacing + w > limit {
                closeRow(at: i)
                let placedHeight = y - lineSpacing + sectionInsets.bottom
                if placedHeight > heightLimit {
                    return Result(frames: frames, isClamped: clamped, rows: rows, trailingFrame: nil,
                                  contentSize: Size(width: widestRow + sectionInsets.horizontal, height: placedHeight))
                }
            }
            let x = i > rowStart ? rowEnd + interitemSpacing : 0
            frames.append(Rect(x: x, y: 0, width: w, height: h))
            clamped.append(tooWide)
            rowEnd = x + w
            rowHeight = max(rowHeight, h)
        }
        closeRow(at: count)

        var trailingFrame: Rect?
        if trailing != nil, var field = frames.popLast() {
            clamped.removeLast()
            if let last = rows.popLast(), last.count > 1 { rows.append(last.lowerBound..<sizes.count) }
            if alignment == .leading, lineWidth.isFinite {
                field.size.width = max(field.width, sectionInsets.left + lineWidth - field.minX)
            }
            trailingFrame = field
        }
        let height = rows.isEmpty && trailingFrame == nil
            ? sectionInsets.vertical
            : y - lineSpacing + sectionInsets.bottom
        return Result(frames: frames, isClamped: clamped, rows: rows, trailingFrame: trailingFrame,
                      contentSize: Size(width: widestRow + sectionInsets.horizontal, height: height))
    }

    /// The height the items need in a container `width` wide, from the same pass as `layout`.
    public func height(forWidth width: Double, sizes: [Size], trailing: TrailingItem? = nil) -> Double {
        layout(sizes, width: width, trailing: trailing).contentSize.height
    }
}
