extension TextLayout {
    /// One laid-out line: its characters, where it sits, and the runs it draws.
    public struct Line: Hashable, Sendable {
        /// The characters the line holds, including spaces hanging at a wrap and its line break.
        ///
        /// Consecutive lines' ranges touch, except that a truncated last line ends where the hidden text starts.
        public let range: Range<String.Index>
        /// The used area in layout coordinates: x after alignment, width of the drawn text (with any "…").
        public let rect: Rect
        /// The baseline's y in layout coordinates.
        public let baseline: Double
        /// The runs of uniform attributes drawn on the line, left to right.
        public let fragments: [Fragment]

        /// First cluster of the line.
        let start: Int
        /// End of the clusters that have glyphs (before hanging spaces, the line break, or the cut).
        let glyphEnd: Int
        /// Where the next line starts.
        let end: Int
        /// Width of the clusters `start..<glyphEnd`, without any ellipsis.
        let glyphWidth: Double
    }

    /// A run of uniformly attributed text on one line.
    public struct Fragment: Hashable, Sendable {
        /// The characters drawn; for the ellipsis, the hidden characters it stands for.
        public let range: Range<String.Index>
        /// The left edge in layout coordinates.
        public let x: Double
        /// The advance width of the drawn text.
        public let width: Double
        /// The attributes of the run the fragment comes from (for the ellipsis, those of the last character kept before it).
        public let attributes: TextAttributes
        /// What to draw: a slice of the string, or "…" for the ellipsis.
        public let text: Substring
        /// Whether this is the "…" that stands for text cut off by the line limit.
        public let isTruncationEllipsis: Bool
        /// Whether the fragment runs right to left: `text` is in logical order and is drawn from its right edge.
        public var isRightToLeft = false
    }
}
