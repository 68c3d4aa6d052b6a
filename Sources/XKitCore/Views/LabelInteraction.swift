/// A tappable stretch of a label's text: what a tap handler receives.
public struct TappableRange: Hashable, Sendable {
    /// Where a tappable range comes from.
    public enum Kind: Hashable, Sendable {
        /// Added with `addTapHandler(for:)` (a range or a substring).
        case handler
        /// A run of attributed text carrying this `link` attribute.
        case link(String)
        /// Found by one of `Label.detectors`.
        case detected(TextDetector)
    }

/// Where the range comes from: a tap handler, a link attribute or a detector.
    public let kind: Kind
    /// The characters covered, in the label's current text.
    public let range: Range<String.Index>
    /// The covered text.
    public let text: String
}

/// Identifies a handler added with `Label.addTapHandler`, for `removeTapHandler`.
public struct LabelTapToken: Hashable, Sendable {
    let id: Int
}

/// Which occurrences of a substring `Label.addTapHandler(for:occurrence:_:)` makes tappable.
public enum SubstringOccurrence: Hashable, Sendable {
    /// Every occurrence, found again whenever the text changes.
    case all
    /// Only the first occurrence.
    case first
}

/// A label's tappable ranges, detectors and selection: created the first time a feature is used,
/// so plain labels carry nothing.
@MainActor
final class LabelInteraction {
    /// A tappable range with what a tap on it runs; `priority` settles overlaps (higher wins).
    struct Resolved {
        let info: TappableRange
        let priority: Int
        let fire: @MainActor (TappableRange) -> Void
    }

    private struct Handler {
        enum Target {
            /// UTF-8 offsets into the text the range was made for.
            case range(Int, Int)
            case substring(String, SubstringOccurrence)
        }
        let token: LabelTapToken
        let target: Target
        let handler: @MainActor (TappableRange) -> Void
    }

    unowned let label: Label
    private var handlers: [Handler] = []
    /// The string explicit ranges index into; a new string drops them.
    private var string: String
    private var lastTokenID = 0

    var onLinkTap: (@MainActor (String, String) -> Void)? { didSet { invalidate() } }
    var detectors: Set<TextDetector> = [] { didSet { if detectors != oldValue { invalidate(); label.layoutStyleDidChange() } } }
    var onDetectedTap: (@MainActor (TextDetector, String) -> Void)?
    var detectedTextColor: Color? = .accent { didSet { label.layoutStyleDidChange() } }
    var highlightColor = Color.accent.withAlpha(0.2) { didSet { label.setNeedsDisplay() } }

    var isSelectable = false
    var selection: Range<String.Index>? {
        // The trace's "selection" field changes too.
        didSet { label.setNeedsDisplay(); if selection != oldValue { label.window?.viewTreeDidChange() } }
    }
    var selectionColor = Color.selection { didSet { label.setNeedsDisplay() } }

    /// The range under a held press, drawn highlighted.
    var pressed: Range<String.Index>? { didSet { if pressed != oldValue { label.setNeedsDisplay() } } }
    /// The range Tab or the arrows moved to, by position in `ranges`.
    var focused: Int? { didSet { if focused != oldValue { label.setNeedsDisplay() } } }
    /// Set while the label takes focus from a click, so no range gets the keyboard focus.
    var focusingByPointer = false

    /// Multi-click counting across pointer sequences.
    var clicks = MultiClickCounter()

    let recognizer: LabelTextRecognizer
    private var cache: [Resolved]?

    init(label: Label) {
        self.label = label
        string = label.text ?? ""
        recognizer = LabelTextRecognizer()
    }

    // MARK: Handlers

    func add(_ target: (range: Range<String.Index>?, substring: String?, occurrence: SubstringOccurrence),
             handler: @escaping @MainActor (TappableRange) -> Void) -> LabelTapToken {
        lastTokenID += 1
        let token = LabelTapToken(id: lastTokenID)
        let current = label.text ?? ""
        if current != string { adopt(current) }
        if let range = target.range {
            handlers.append(Handler(token: token, target: .range(string.utf8Offset(of: range.lowerBound),
                                                                 string.utf8Offset(of: range.upperBound)),
                                    handler: handler))
        } else if let substring = target.substring {
            handlers.append(Handler(token: token, target: .substring(substring, target.occurrence), handler: handler))
        }
        invalidate()
        return token
    }

    func remove(_ token: LabelTapToken) {
        handlers.removeAll { $0.token == token }
        invalidate()
    }

    // MARK: Resolution

    /// The tappable ranges of the current text, in text order, without overlaps.
    var ranges: [Resolved] {
        if let cache { return cache }
        let built = resolve()
        cache = built
        return built
    }

    /// Whether something on is driven by the pointer or keys: selection, tap handlers, links or
    /// detectors (cheap: it does not resolve the ranges).
    var wantsInput: Bool { isSelectable || !handlers.isEmpty || onLinkTap != nil || !detectors.isEmpty }

    /// Whether any tappable range exists (some may be hidden by truncation).
    var hasRanges: Bool { !ranges.isEmpty }

    /// The tappable range holding a character, if any.
    func range(containing index: String.Index) -> Resolved? {
        ranges.first { $0.info.range.contains(index) }
    }

    /// The text or its string changed: explicit ranges made for another string go, and so do the
    /// selection and the press.
    func contentDidChange() {
        let current = label.text ?? ""
        guard current != string else { invalidate(); return }
        adopt(current)
        selection = nil
        pressed = nil
        focused = nil
        invalidate()
    }

    private func adopt(_ newString: String) {
        handlers.removeAll { if case .range = $0.target { return true } else { return false } }
        string = newString
    }

    private func invalidate() {
        cache = nil
        if let f = focused, f >= ranges.count { focused = ranges.isEmpty ? nil : ranges.count - 1 }
        label.setNeedsDisplay()
    }

    private func resolve() -> [Resolved] {
        let text = label.attributedText ?? AttributedText()
        let s = text.string
        var all: [Resolved] = []
        for (i, h) in handlers.enumerated() {
            // Later handlers win overlaps, like views added later sit on top.
            let priority = 1_000_000 + i
            switch h.target {
            case .range(let lo, let hi):
                guard let range = LabelInteraction.characterRange(in: s, utf8: lo, hi) else { continue }
                all.append(Resolved(info: TappableRange(kind: .handler, range: range, text: String(s[range])),
                                    priority: priority, fire: h.handler))
            case .substring(let needle, let occurrence):
                guard !needle.isEmpty else { continue }
                let found: [Range<String.Index>]
                switch occurrence {
                case .all: found = s.characterRanges(of: needle)
                case .first: found = s.characterRanges(of: needle, limit: 1)
                }
                for range in found {
                    all.append(Resolved(info: TappableRange(kind: .handler, range: range, text: String(s[range])),
                                        priority: priority, fire: h.handler))
                }
            }
        }
        if onLinkTap != nil {
            for (range, link) in text.links {
                all.append(Resolved(info: TappableRange(kind: .link(link), range: range, text: String(s[range])),
                                    priority: 1000, fire: { [weak self] tap in self?.onLinkTap?(link, tap.text) }))
            }
        }
        for match in TextDetector.matches(in: s, kinds: detectors) {
            let kind = match.kind
            all.append(Resolved(info: TappableRange(kind: .detected(kind), range: match.range, text: String(s[match.range])),
                                priority: 0, fire: { [weak self] tap in self?.onDetectedTap?(kind, tap.text) }))
        }
        var kept: [Resolved] = []
        for r in all.sorted(by: { $0.priority > $1.priority })
        where !kept.contains(where: { $0.info.range.overlaps(r.info.range) }) {
            kept.append(r)
        }
        return kept.sorted { $0.info.range.lowerBound < $1.info.range.lowerBound }
    }

    /// A range of UTF-8 offsets widened to whole characters, or nil when empty or past the end.
    static func characterRange(in s: String, utf8 lo: Int, _ hi: Int) -> Range<String.Index>? {
        let count = s.utf8.count
        guard lo >= 0, lo < hi, hi <= count else { return nil }
        let lower = roundDown(s, s.index(utf8Offset: lo))
        var upper = roundDown(s, s.index(utf8Offset: hi))
        if s.utf8Offset(of: upper) < hi { upper = s.index(after: upper) }
        return lower < upper ? lower..<upper : nil
    }

    /// The character boundary at or before an index.
    private static func roundDown(_ s: String, _ i: String.Index) -> String.Index {
        guard i > s.startIndex, i < s.endIndex else { return i }
        if s.utf8Offset(of: i) < s.utf8Offset(of: s.index(after: s.startIndex)) { return s.startIndex }
        // index(before:) rounds a mid-character index down first, so stepping back and forth lands on its boundary.
        let before = s.index(before: i)
        let after = s.index(after: before)
        return s.utf8Offset(of: after) <= s.utf8Offset(of: i) ? after : before
    }
}
