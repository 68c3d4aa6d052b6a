/// Adding, removing and selecting tags, with validation and the events each change sends.
extension TagInputView {
    /// Validates a title and adds it as a tag, telling `onAdd` and the delegate.
    ///
    /// The title is trimmed, offered to `shouldAdd` and the delegate, then checked against empty
    /// titles, duplicates and `maximumTagCount`. A refusal flashes the field and calls `onReject`.
    @discardableResult
    public func addTag(_ title: String) -> Result<Tag, TagRejection> {
        let added = addTags([title])
        if let tag = added.tags.first { return .success(tag) }
        return .failure(added.rejections.first?.1 ?? .empty)
    }

    /// Validates and adds several titles in one change (a paste); returns what was added and refused.
    @discardableResult
    public func addTags(_ titles: [String]) -> (tags: [Tag], rejections: [(String, TagRejection)]) {
        var added: [Tag] = []
        var rejected: [(String, TagRejection)] = []
        for raw in titles {
            switch validate(raw, pending: added.count) {
            case .success(let title):
                added.append(Tag(title: title))
                titleIndex?.insert(title)
            case .failure(let reason):
                rejected.append((raw, reason))
            }
        }
        if !added.isEmpty {
            appendTags(added)
            for tag in added {
                onAdd?(tag)
                delegate?.tagInputView(self, didAdd: tag)
            }
        }
        reportRejections(rejected)
        return (added, rejected)
    }

    /// The title that would be added for `raw`, or why it would be refused.
    public func validate(_ raw: String) -> Result<String, TagRejection> {
        validate(raw, pending: 0)
    }

    /// Removes a tag by id, telling `onRemove` and the delegate; returns it, or nil if absent.
    @discardableResult
    public func removeTag(id: Int) -> Tag? {
        guard let index = tagIndex(id: id) else { return nil }
        // Measured tags share the array's storage; letting go first keeps the removal a move, not a copy.
        measuredTags = []
        pendingChange = .removed(tags[index], at: index)
        let tag = tags.remove(at: index)
        onRemove?(tag)
        delegate?.tagInputView(self, didRemove: tag)
        return tag
    }

    /// The index of the tag with an id, searching from the end, where typing and Backspace work.
    func tagIndex(id: Int) -> Int? {
        tags.lastIndex { $0.id == id }
    }

    /// Appends validated tags as one change, without copying or re-measuring the tags already there.
    private func appendTags(_ added: [Tag]) {
        measuredTags = []
        pendingChange = .appended(added.count)
        tags.append(contentsOf: added)
    }

    /// Calls `onReject` for each refusal, traces the first few, and flashes the hint once.
    func reportRejections(_ rejected: [(String, TagRejection)]) {
        for (n, (title, reason)) in rejected.enumerated() {
            onReject?(title, reason)
            // A paste of a log file may refuse thousands: the trace gets a sample, `tags.pasted` the count.
            if n < TagInputView.tracedRejectionLimit {
                Trace.emit("tags.rejected", [("title", .string(String(title.prefix(200)))), ("reason", .string(reason.rawValue))])
            }
        }
        if !rejected.isEmpty { showRejectionHint() }
    }

    static let tracedRejectionLimit = 20

    // MARK: Selection

    /// Selects a tag (in `.single` mode the others are deselected first).
    public func selectTag(id: Int) {
        guard selectionMode != .none, !selectedTagIDs.contains(id), let index = tagIndex(id: id) else { return }
        let tag = tags[index]
        if selectionMode == .single { deselectAll() }
        selectedTagIDs.insert(id)
        chip(forTagID: id)?.isSelected = true
        onSelect?(tag)
        delegate?.tagInputView(self, didSelect: tag)
        Trace.emit("tags.selected", [("title", .string(tag.title)), ("tag_id", .int(id))])
    }

    /// Deselects a tag.
    public func deselectTag(id: Int) {
        guard selectedTagIDs.remove(id) != nil else { return }
        chip(forTagID: id)?.isSelected = false
        guard let index = tagIndex(id: id) else { return }
        let tag = tags[index]
        onDeselect?(tag)
        delegate?.tagInputView(self, didDeselect: tag)
    }

    /// Deselects every tag.
    public func deselectAll() {
        for id in selectedTagIDs { deselectTag(id: id) }
    }

    /// A click or Space on a chip toggles its selection.
    func chipActivated(_ chip: TagChip) {
        backspaceArmed = false
        if selectedTagIDs.contains(chip.tag.id) { deselectTag(id: chip.tag.id) } else { selectTag(id: chip.tag.id) }
    }

    /// The × on a chip removes its tag; focus, if it was there, goes to a neighbour.
    func chipRemoveClicked(_ chip: TagChip) {
        removeTagKeepingFocus(id: chip.tag.id, forward: true)
    }

    // MARK: Change bookkeeping

    func tagsDidChange() {
        let change = pendingChange
        pendingChange = .replaced
        switch change {
        case .replaced:
            titleIndex = nil
            sizesValid = false
            if !selectedTagIDs.isEmpty {
                wholeListWork += tags.count
                let ids = Set(tags.map(\.id))
                selectedTagIDs = selectedTagIDs.filter { ids.contains($0) }
            }
        case .appended(let count):
            if sizesValid { appendedTagCount += count }
        case .removed(let tag, let index):
            titleIndex?.remove(tag.title)
            selectedTagIDs.remove(tag.id)
            if sizesValid && chipSizes.count == tags.count + 1 {
                chipSizes.remove(at: index)
                measuredTags = tags
            } else {
                sizesValid = false
            }
        }
        invalidateFlow()
        updateCollection(for: change)
        updateSuggestions()
        superview?.setNeedsLayout()
        Trace.emit("tags.changed", tagsTraceFields())
        onTagsChange?(tags)
        delegate?.tagInputViewDidChangeTags(self)
        sendActions(for: .valueChanged)
    }

    /// The titles for the trace: all of them up to `tracedTitleLimit`, past that only the count, so a
    /// change to a huge list does not write megabytes.
    private func tagsTraceFields() -> [(String, JSON)] {
        guard tags.count <= TagInputView.tracedTitleLimit else { return [("count", .int(tags.count))] }
        return [("count", .int(tags.count)), ("tags", .array(tags.map { JSON.string($0.title) }))]
    }

    static let tracedTitleLimit = 1_000

    /// The index of the current titles for duplicate checks, built once and then kept up to date.
    func currentTitleIndex() -> TagTitleIndex {
        if let titleIndex { return titleIndex }
        wholeListWork += tags.count
        let index = TagTitleIndex(tags: tags, matching: duplicateMatching)
        titleIndex = index
        return index
    }

    private func validate(_ raw: String, pending: Int) -> Result<String, TagRejection> {
        var title = TagTitle.trimmed(raw)
        guard !title.isEmpty else { return .failure(.empty) }
        if let shouldAdd {
            guard let normalised = shouldAdd(title) else { return .failure(.refused) }
            title = TagTitle.trimmed(normalised)
        }
        if let delegate {
            guard let normalised = delegate.tagInputView(self, shouldAddTagWithTitle: title) else { return .failure(.refused) }
            title = TagTitle.trimmed(normalised)
        }
        guard !title.isEmpty else { return .failure(.empty) }
        if currentTitleIndex().contains(title, matching: duplicateMatching) { return .failure(.duplicate) }
        if let maximumTagCount, tags.count + pending >= maximumTagCount { return .failure(.limitReached) }
        return .success(title)
    }

    static func trimmed(_ s: String) -> String { TagTitle.trimmed(s) }

    // MARK: Suggestions

    /// The suggestions matching the field's text, minus existing tags; prefix matches first.
    public var filteredSuggestions: [String] {
        guard !suggestions.isEmpty else { return [] }
        let query = TagTitle.trimmed(textField.text).lowercased()
        let present = currentTitleIndex()
        var prefixed: [String] = [], containing: [String] = []
        for s in suggestions {
            guard !present.containsIgnoringCase(s) else { continue }
            let lower = s.lowercased()
            if query.isEmpty || lower.hasPrefix(query) { prefixed.append(s) } else if lower.containsCharacters(query) { containing.append(s) }
        }
        return prefixed + containing
    }

    func updateSuggestions() {
        let items = filteredSuggestions
        suggestionBar.setItems(items)
        if suggestionBar.isHidden != items.isEmpty {
            suggestionBar.isHidden = items.isEmpty
            setNeedsLayout()
            superview?.setNeedsLayout()
        }
    }

    /// Adds a suggestion the user picked and keeps typing in the field.
    func pickSuggestion(_ title: String) {
        if case .success = addTag(title) {
            textField.text = ""
            suggestionBar.highlightedIndex = nil
            updateSuggestions()
            scrollFieldIntoView()
        }
    }

    // MARK: Rejection hint

    /// Flashes the field red for `rejectionHintDuration`.
    func showRejectionHint() {
        hintGeneration += 1
        let generation = hintGeneration
        isShowingRejectionHint = true
        textField.backgroundColor = Color.systemRed.withAlpha(0.16)
        borderColor = .systemRed
        application?.schedule(after: rejectionHintDuration) { [weak self] in
            guard let self, self.hintGeneration == generation else { return }
            self.clearRejectionHint()
        }
    }

    func clearRejectionHint() {
        guard isShowingRejectionHint else { return }
        isShowingRejectionHint = false
        textField.backgroundColor = nil
        updateBorder()
    }

    func updateBorder() {
        guard !isShowingRejectionHint else { return }
        borderColor = textField.isFirstResponder ? .accent : .separator
    }
}

/// What a change to `tags` was, so the bookkeeping touches only what changed.
enum TagListChange {
    /// The app assigned the list: everything is re-derived (sizes that still match are reused).
    case replaced
    /// This many validated tags were appended at the end.
    case appended(Int)
    /// One tag was removed from an index.
    case removed(Tag, at: Int)
}
