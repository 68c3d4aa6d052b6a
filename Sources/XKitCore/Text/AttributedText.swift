/// How a run of text looks and what it means.
public struct TextAttributes: Hashable, Sendable {
    /// The font description (fallback fonts fill in missing characters).
    public var font: Font
    /// The text colour.
    public var color: Color
    /// Whether a line is drawn under the text.
    public var underline: Bool
    /// A link target: tappable text carries it (see the text-interaction API).
    public var link: String?
    /// Free-form attributes that apps attach and read back from a layout.
    public var custom: [String: String]

    /// Creates attributes; the defaults are the system font in the label colour, not underlined, with no link.
    public init(font: Font = .system, color: Color = .label, underline: Bool = false,
                link: String? = nil, custom: [String: String] = [:]) {
        self.font = font; self.color = color; self.underline = underline; self.link = link; self.custom = custom
    }
}

/// A string with attributes over ranges of it; runs cover the whole string, in order, without gaps.
public struct AttributedText: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// One stretch of uniformly attributed text.
    public struct Run: Hashable, Sendable {
        /// The run's characters in the attributed string.
        public var range: Range<String.Index>
        /// How the run looks and what it means.
        public var attributes: TextAttributes
    }

    /// The characters, without their attributes.
    public private(set) var string: String
    /// The runs of uniform attributes, in order; together they cover `string` exactly.
    public private(set) var runs: [Run]

    /// Empty text.
    public init() { string = ""; runs = [] }

    /// Text with one set of attributes.
    public init(_ string: String, attributes: TextAttributes = TextAttributes()) {
        self.string = string
        runs = string.isEmpty ? [] : [Run(range: string.startIndex..<string.endIndex, attributes: attributes)]
    }

    /// Text in one font and colour.
    ///
    ///     AttributedText("bold ", font: .bold(size: 14), color: .purple)
    public init(_ string: String, font: Font, color: Color = .label, underline: Bool = false, link: String? = nil) {
        self.init(string, attributes: TextAttributes(font: font, color: color, underline: underline, link: link))
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// Whether there is no text.
    public var isEmpty: Bool { string.isEmpty }
    public var description: String { string }

    /// Appends text, keeping its own attributes.
    public mutating func append(_ other: AttributedText) {
        let old = string
        string += other.string
        // Indices of the old string stay valid only through offsets, so rebuild every run by UTF-8 offset.
        var rebuilt: [Run] = []
        rebuilt.reserveCapacity(runs.count + other.runs.count)
        for run in runs {
            rebuilt.append(Run(range: rebase(run.range, from: old, utf8Shift: 0), attributes: run.attributes))
        }
        let shift = old.utf8.count
        for run in other.runs {
            rebuilt.append(Run(range: rebase(run.range, from: other.string, utf8Shift: shift), attributes: run.attributes))
        }
        runs = AttributedText.merged(rebuilt)
    }

    /// Appends plain text with the given attributes.
    public mutating func append(_ text: String, attributes: TextAttributes) {
        append(AttributedText(text, attributes: attributes))
    }

    /// The concatenation of two attributed texts.
    ///
    ///     let styled = AttributedText("a", font: .system) + AttributedText("b", font: .bold())
    public static func + (lhs: AttributedText, rhs: AttributedText) -> AttributedText {
        var result = lhs
        result.append(rhs)
        return result
    }

    /// Changes attributes over a range, splitting runs as needed.
    public mutating func modifyAttributes(in range: Range<String.Index>, _ change: (inout TextAttributes) -> Void) {
        var result: [Run] = []
        for run in runs {
            let lower = max(run.range.lowerBound, range.lowerBound)
            let upper = min(run.range.upperBound, range.upperBound)
            if lower >= upper {
                result.append(run)
                continue
            }
            if run.range.lowerBound < lower {
                result.append(Run(range: run.range.lowerBound..<lower, attributes: run.attributes))
            }
            var changed = run.attributes
            change(&changed)
            result.append(Run(range: lower..<upper, attributes: changed))
            if upper < run.range.upperBound {
                result.append(Run(range: upper..<run.range.upperBound, attributes: run.attributes))
            }
        }
        runs = AttributedText.merged(result)
    }

    /// The attributes in effect at an index (the last run's at the end).
    public func attributes(at index: String.Index) -> TextAttributes? {
        for run in runs where run.range.contains(index) { return run.attributes }
        return runs.last?.attributes
    }

    /// Every range whose run carries a link, with the link.
    public var links: [(range: Range<String.Index>, link: String)] {
        runs.compactMap { run in run.attributes.link.map { (run.range, $0) } }
    }

    private func rebase(_ range: Range<String.Index>, from source: String, utf8Shift: Int) -> Range<String.Index> {
        let lo = source.utf8.distance(from: source.startIndex, to: range.lowerBound) + utf8Shift
        let hi = source.utf8.distance(from: source.startIndex, to: range.upperBound) + utf8Shift
        let u = string.utf8
        return u.index(u.startIndex, offsetBy: lo)..<u.index(u.startIndex, offsetBy: hi)
    }

    private static func merged(_ runs: [Run]) -> [Run] {
        var out: [Run] = []
        for run in runs where !run.range.isEmpty {
            if let last = out.last, last.attributes == run.attributes, last.range.upperBound == run.range.lowerBound {
                out[out.count - 1].range = last.range.lowerBound..<run.range.upperBound
            } else {
                out.append(run)
            }
        }
        return out
    }
}
