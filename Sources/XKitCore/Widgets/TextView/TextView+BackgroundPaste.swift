/// A big paste is split into paragraphs off the main actor: the view keeps drawing and taking
/// events meanwhile, and keys typed before it lands are kept and run after it, in order.
extension TextView {
    /// Pastes of this many UTF-8 bytes or more are split off the main actor.
    public static let backgroundPasteThreshold = 1 << 20

    /// Whether a paste is being split off the main actor (its keys wait).
    @_spi(Testing) public var isSplittingPaste: Bool { backgroundPaste != nil }

    /// What waits for a paste being split: the keys typed since it began.
    struct BackgroundPaste {
        var keys: [KeyEvent] = []
    }

    func insertPastedText(_ string: String) async {
        guard string.utf8.count >= TextView.backgroundPasteThreshold, backgroundPaste == nil else {
            return insertUserText(string)
        }
        let range = selectedRange
        let edit = storage.prepareReplace(range, with: string)
        backgroundPaste = BackgroundPaste()
        let started = monotonicSeconds()
        let paragraphs = await Task.detached(priority: .userInitiated) { edit.paragraphs() }.value
        let split = monotonicSeconds()
        let keys = backgroundPaste?.keys ?? []
        backgroundPaste = nil
        let landed = storage.isCurrent(edit)
        // The selection may have moved meanwhile (a click); the paste goes where it was asked for.
        replace(range, with: string, kind: .other, prepared: landed ? (edit, paragraphs) : nil)
        Trace.emit("textview.pasted", [
            ("bytes", .int(string.utf8.count)), ("paragraphs", .int(paragraphs.count)),
            ("splitMs", .double((split - started) * 1000)), ("insertMs", .double((monotonicSeconds() - split) * 1000)),
            ("prepared", .bool(landed)), ("keysHeld", .int(keys.count)),
        ])
        for key in keys { _ = handleKeyDown(key) }
    }
}
