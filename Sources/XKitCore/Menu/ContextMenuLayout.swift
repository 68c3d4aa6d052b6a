/// A vertical list of rows for a context menu: items, separators and submenu rows.
///
/// Frames are in the menu's own coordinates. Pure geometry and keyboard logic, tested without a display.
package struct ContextMenuLayout: Sendable, Hashable {
    /// Sizes that shape the list.
    package struct Metrics: Sendable, Hashable {
        /// The height of an item row.
        package var rowHeight: Double
        /// The height of a separator row (the line is centred in it).
        package var separatorHeight: Double
        /// Space left and right of each title.
        package var horizontalPadding: Double
        /// Extra room on the right of rows that open a submenu, for the chevron.
        package var submenuIndicatorWidth: Double
        /// Space above the first row and below the last.
        package var verticalPadding: Double
        /// The narrowest the menu gets.
        package var minimumWidth: Double

        /// Metrics for a 13 pt menu font.
        package init(rowHeight: Double = 26, separatorHeight: Double = 9, horizontalPadding: Double = 14,
                    submenuIndicatorWidth: Double = 18, verticalPadding: Double = 4, minimumWidth: Double = 140) {
            self.rowHeight = rowHeight
            self.separatorHeight = separatorHeight
            self.horizontalPadding = horizontalPadding
            self.submenuIndicatorWidth = submenuIndicatorWidth
            self.verticalPadding = verticalPadding
            self.minimumWidth = minimumWidth
        }
    }

    /// What one row is.
    package struct Row: Sendable, Hashable {
        /// The title's measured width (ignored for separators).
        package var titleWidth: Double
        /// Whether the row is a separator line.
        package var isSeparator: Bool
        /// Whether the row opens a submenu (it gets a chevron).
        package var hasSubmenu: Bool

        package init(titleWidth: Double, isSeparator: Bool = false, hasSubmenu: Bool = false) {
            self.titleWidth = titleWidth
            self.isSeparator = isSeparator
            self.hasSubmenu = hasSubmenu
        }
    }

    /// Each row's frame, separators included.
    package private(set) var rowFrames: [Rect] = []
    /// Which rows are separators.
    package private(set) var separators: [Bool] = []
    /// The space each title gets.
    package private(set) var titleWidth: Double = 0
    /// The menu's size.
    package private(set) var size: Size = .zero
    /// The metrics used.
    package let metrics: Metrics

    /// Lays out rows, as wide as the widest title (at least `minimumWidth`, at most `maximumWidth`).
    package init(rows: [Row], metrics: Metrics = Metrics(), maximumWidth: Double = .infinity) {
        self.metrics = metrics
        let indicator = rows.contains { $0.hasSubmenu } ? metrics.submenuIndicatorWidth : 0
        let widest = rows.filter { !$0.isSeparator }.map { max(0, $0.titleWidth) }.max() ?? 0
        let width = min(max(metrics.minimumWidth, widest + 2 * metrics.horizontalPadding + indicator), max(0, maximumWidth))
        titleWidth = max(0, width - 2 * metrics.horizontalPadding - indicator)
        var y = metrics.verticalPadding
        for row in rows {
            let height = row.isSeparator ? metrics.separatorHeight : metrics.rowHeight
            rowFrames.append(Rect(x: 0, y: y, width: width, height: height))
            separators.append(row.isSeparator)
            y += height
        }
        size = Size(width: width, height: y + metrics.verticalPadding)
    }

    /// The item row under a point (separators and padding are no row).
    package func row(at point: Point) -> Int? {
        guard point.x >= 0, point.x < size.width else { return nil }
        guard let index = rowFrames.firstIndex(where: { point.y >= $0.minY && point.y < $0.maxY }) else { return nil }
        return separators[index] ? nil : index
    }

    /// The highlight after Up, Down, Home or End, skipping separators and disabled rows and wrapping.
    func highlight(from current: Int?, moving move: MenuNavigation, isEnabled: (Int) -> Bool = { _ in true }) -> Int? {
        move.step(from: current, count: rowFrames.count) { !separators[$0] && isEnabled($0) }
    }

    /// The row type-to-select lands on for `typed` (case-insensitive title prefix), or nil.
    ///
    /// The same letter pressed again cycles through the rows starting with it; a longer prefix
    /// stays on the current row while it still matches.
    package static func typeahead(_ typed: String, titles: [String], current: Int?,
                                 isSelectable: (Int) -> Bool = { _ in true }) -> Int? {
        let needle = typed.lowercased()
        guard !needle.isEmpty, !titles.isEmpty else { return nil }
        let n = titles.count
        let repeatsOneLetter = Set(needle).count == 1
        let prefix = repeatsOneLetter ? String(needle.prefix(1)) : needle
        // A repeated letter moves on from the current row; a growing prefix may stay on it.
        let start = current.map { repeatsOneLetter ? $0 + 1 : $0 } ?? 0
        for step in 0..<n {
            let index = (start + step) % n
            if isSelectable(index), titles[index].lowercased().hasPrefix(prefix) { return index }
        }
        return nil
    }
}
