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
        var keys = currentTitleKeys()
        var added: [Tag] = []
        var rejected: [(String, TagRejection)] = []
        for raw in titles {
            switch validate(raw, keys: keys, pending: added.count) {
            case .success(let title):
                let tag = Tag(title: title)
                added.append(tag)
                if let key = duplicateMatching.key(for: title) { keys.insert(key) }
            case .failure(let reason):
                rejected.append((raw, reason))
            }
        }
        if !added.isEmpty {
            tags.append(contentsOf: added)
            for tag in added {
                onAdd?(tag)
                delegate?.tagInputView(self, didAdd: tag)
            }
        }
        for (title, reason) in rejected {
            onReject?(title, reason)
            Trace.emit("tags.rejected", [("title", .string(title)), ("reason", .string(reason.rawValue))])
        }
        if !rejected.isEmpty { showRejectionHint() }
        return (added, rejected)
    }

    /// The title that would be added for `raw`, or why it would be refused.
    public func validate(_ raw: String) -> Result<String, TagRejection> {
        validate(raw, keys: currentTitleKeys(), pending: 0)
    }

    /// Removes a tag by id, telling `onRemove` and the delegate; returns it, or nil if absent.
    @discardableResult
    public func removeTag(id: Int) -> Tag? {
        guard let index = tags.firstIndex(where: { $0.id == id }) else { return nil }
        let tag = tags.remove(at: index)
        onRemove?(tag)
        delegate?.tagInputView(self, didRemove: tag)
        return tag
    }

    // MARK: Selection

    /// Selects a tag (in `.single` mode the others are deselected first).
    public func selectTag(id: Int) {
        guard selectionMode != .none, !selectedTagIDs.contains(id), let tag = tags.first(where: { $0.id == id }) else { return }
        if selectionMode == .single { deselectAll() }
        selectedTagIDs.insert(id)
        activeChips[id]?.isSelected = true
        onSelect?(tag)
        delegate?.tagInputView(self, didSelect: tag)
        Trace.emit("tags.selected", [("title", .string(tag.title)), ("tag_id", .int(id))])
    }

    /// Deselects a tag.
    public func deselectTag(id: Int) {
        guard selectedTagIDs.remove(id) != nil else { return }
        activeChips[id]?.isSelected = false
        guard let tag = tags.first(where: { $0.id == id }) else { return }
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
        titleKeys = nil
        sizesValid = false
        invalidateFlow()
        if !selectedTagIDs.isEmpty {
            let ids = Set(tags.map(\.id))
            selectedTagIDs = selectedTagIDs.filter { ids.contains($0) }
        }
        updateSuggestions()
        superview?.setNeedsLayout()
        Trace.emit("tags.changed", [("tags", .array(tags.map { JSON.string($0.title) }))])
        onTagsChange?(tags)
        delegate?.tagInputViewDidChangeTags(self)
        sendActions(for: .valueChanged)
    }

    /// Keys of the current titles for duplicate checks, built once per change.
    func currentTitleKeys() -> Set<String> {
        if let titleKeys { return titleKeys }
        var keys = Set<String>(minimumCapacity: tags.count)
        if duplicateMatching != .allowed {
            for tag in tags { if let key = duplicateMatching.key(for: tag.title) { keys.insert(key) } }
        }
        titleKeys = keys
        return keys
    }

    private func validate(_ raw: String, keys: Set<String>, pending: Int) -> Result<String, TagRejection> {
        var title = TagInputView.trimmed(raw)
        guard !title.isEmpty else { return .failure(.empty) }
        if let shouldAdd {
            guard let normalised = shouldAdd(title) else { return .failure(.refused) }
            title = TagInputView.trimmed(normalised)
        }
        if let delegate {
            guard let normalised = delegate.tagInputView(self, shouldAddTagWithTitle: title) else { return .failure(.refused) }
            title = TagInputView.trimmed(normalised)
        }
        guard !title.isEmpty else { return .failure(.empty) }
        if let key = duplicateMatching.key(for: title), keys.contains(key) { return .failure(.duplicate) }
        if let maximumTagCount, tags.count + pending >= maximumTagCount { return .failure(.limitReached) }
        return .success(title)
    }

    static func trimmed(_ s: String) -> String {
        guard let first = s.firstIndex(where: { !$0.isWhitespace }), let last = s.lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return String(s[first...last])
    }

    // MARK: Suggestions

    /// The suggestions matching the field's text, minus existing tags; prefix matches first.
    public var filteredSuggestions: [String] {
        let query = TagInputView.trimmed(textField.text).lowercased()
        guard !suggestions.isEmpty else { return [] }
        let present = Set(tags.map { $0.title.lowercased() })
        var prefixed: [String] = [], containing: [String] = []
        for s in suggestions {
            let lower = s.lowercased()
            guard !present.contains(lower) else { continue }
            if query.isEmpty || lower.hasPrefix(query) { prefixed.append(s) } else if lower.contains(query) { containing.append(s) }
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
