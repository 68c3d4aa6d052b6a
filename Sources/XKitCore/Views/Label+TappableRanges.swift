/// Tappable ranges inside a label's text.
///
/// Hit tests use the layout that draws the label (`textLayout` at `textOrigin`), so vertical
/// centring, alignment and truncation are respected, and a point outside every glyph (right of a
/// short line, on the "…") is a miss. A press on a range highlights it while held; releasing over
/// the range runs its handler and traces `{"event":"text.tap",…}`. A tap anywhere else goes to the
/// label's own tap recognizers, if any, and on up the view tree.
///
/// Keyboard: a label with ranges is one Tab stop that focuses its first range; Tab and Shift+Tab
/// move between its ranges and leave the label past either end, Left and Right cycle within it,
/// and Enter or Space activates the focused range, which gets the focus ring.
@MainActor
extension Label {
    /// Makes a range of the current text tappable; the handler gets the range and its text.
    ///
    /// The range is widened to whole characters. It belongs to the text it indexes: setting a
    /// different text removes it (substring handlers follow the text instead).
    @discardableResult
    public func addTapHandler(for range: Range<String.Index>,
                              _ handler: @escaping @MainActor (TappableRange) -> Void) -> LabelTapToken {
        textInteraction.add((range, nil, .all), handler: handler)
    }

    /// Makes every occurrence (or the first) of a substring tappable, in this text and any set later.
    ///
    ///     label.addTapHandler(for: "@avatar1") { tapped in print(tapped.text) }
    ///
    /// Matching compares whole characters, so "e" does not match inside "é".
    @discardableResult
    public func addTapHandler(for substring: String, occurrence: SubstringOccurrence = .all,
                              _ handler: @escaping @MainActor (TappableRange) -> Void) -> LabelTapToken {
        textInteraction.add((nil, substring, occurrence), handler: handler)
    }

    /// Makes a substring tappable with a handler that needs nothing about the tap.
    ///
    ///     label.addTapHandler(for: "@avatar1") { openProfile() }
    @discardableResult
    public func addTapHandler(for substring: String, occurrence: SubstringOccurrence = .all,
                              _ handler: @escaping @MainActor () -> Void) -> LabelTapToken {
        addTapHandler(for: substring, occurrence: occurrence) { (_: TappableRange) in handler() }
    }

    /// Makes a range of the current text tappable with a handler that needs nothing about the tap.
    @discardableResult
    public func addTapHandler(for range: Range<String.Index>, _ handler: @escaping @MainActor () -> Void) -> LabelTapToken {
        addTapHandler(for: range) { (_: TappableRange) in handler() }
    }

    /// Removes a handler added with `addTapHandler`.
    public func removeTapHandler(_ token: LabelTapToken) {
        interaction?.remove(token)
    }

    /// Called with the link and the tapped text when a run carrying the `link` attribute is tapped;
    /// while nil, link runs are not tappable.
    public var onLinkTap: (@MainActor (_ link: String, _ text: String) -> Void)? {
        get { interaction?.onLinkTap }
        set { textInteraction.onLinkTap = newValue }
    }

    /// The kinds of text the label finds on its own and makes tappable (none by default).
    ///
    ///     label.detectors = [.mentions, .hashtags, .urls]
    public var detectors: Set<TextDetector> {
        get { interaction?.detectors ?? [] }
        set { if newValue != detectors { textInteraction.detectors = newValue } }
    }

    /// Called with the kind and the text of a tapped detected range.
    public var onDetectedTap: (@MainActor (_ kind: TextDetector, _ text: String) -> Void)? {
        get { interaction?.onDetectedTap }
        set { textInteraction.onDetectedTap = newValue }
    }

    /// The colour detected ranges are drawn in; nil keeps the text's own colour.
    public var detectedTextColor: Color? {
        get { interaction?.detectedTextColor ?? .accent }
        set { textInteraction.detectedTextColor = newValue }
    }

    /// The tint behind a range while it is pressed.
    public var tappableHighlightColor: Color {
        get { interaction?.highlightColor ?? Color.accent.withAlpha(0.2) }
        set { textInteraction.highlightColor = newValue }
    }

    /// The tappable ranges of the current text, in text order (overlaps go to the range added last,
    /// then to links, then to detected text).
    public var tappableRanges: [TappableRange] {
        interaction?.ranges.map(\.info) ?? []
    }

    /// The range whose glyphs hold a point in the label's bounds coordinates, if any.
    public func tappableRange(at point: Point) -> TappableRange? {
        guard let interaction, interaction.hasRanges,
              let index = textLayout.characterIndex(at: point - textOrigin) else { return nil }
        return interaction.range(containing: index)?.info
    }

    /// The rects a range's drawn glyphs cover, one per line, in the label's bounds coordinates.
    public func rects(for range: Range<String.Index>) -> [Rect] {
        let origin = textOrigin
        return textLayout.rects(for: range).map { $0.offsetBy(dx: origin.x, dy: origin.y) }
    }

    /// The range currently highlighted by a held press.
    public var pressedTappableRange: Range<String.Index>? { interaction?.pressed }

    // MARK: Internal

    /// Runs a range's handler and traces the tap.
    func fireTap(_ tap: LabelInteraction.Resolved) {
        Trace.emit("text.tap", [("id", accessibilityIdentifier.map { JSON.string($0) } ?? .null), ("text", .string(tap.info.text)),
                                ("kind", .string(LabelInteraction.traceName(of: tap.info.kind)))])
        tap.fire(tap.info)
    }

    /// The interaction state, created (with its recognizer and keys) on first use.
    var textInteraction: LabelInteraction {
        if let interaction { return interaction }
        let created = LabelInteraction(label: self)
        interaction = created
        // The focused range gets the ring instead of the whole label.
        drawsFocusRing = false
        addGestureRecognizer(created.recognizer)
        installRangeKeys()
        return created
    }
}
