import XKit

/// The settings scene's tags, shared by its two tabs; each tab redraws when they change.
@MainActor
final class SettingsTagStore {
    var tags = ["work", "home", "travel", "ideas", "reading", "music", "family", "later"] {
        didSet { if tags != oldValue { observers.forEach { $0() } } }
    }
    var observers: [() -> Void] = []
}

/// The Tags tab: the same tags in a tag input, where they can be removed or added; the tab's badge
/// counts them.
@MainActor
final class SettingsTagsController: ViewController {
    private let store: SettingsTagStore
    private let input = TagInputView()
    private let note = Label(text: "Backspace or × removes a tag; type and press Return to add one.",
                             font: .system(size: 12), textColor: .secondaryLabel)

    init(store: SettingsTagStore) {
        self.store = store
        super.init()
        title = "Tags"
        tabBarItem = TabBarItem(title: "Tags", tag: 1)
        store.observers.append { [weak self] in self?.storeDidChange() }
        updateBadge()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        input.accessibilityIdentifier = "settings.tagInput"
        _ = input.addTags(store.tags)
        input.onTagsChange = { [weak self] tags in self?.store.tags = tags.map(\.title) }
        note.numberOfLines = 0
        view.addSubview(input)
        view.addSubview(note)
    }

    override func viewWillLayoutSubviews() {
        let width = view.bounds.width - 40
        let height = input.sizeThatFits(Size(width: width, height: .infinity)).height
        input.frame = Rect(x: 20, y: 20, width: width, height: min(height, 240))
        note.frame = Rect(x: 20, y: input.frame.maxY + 10, width: width,
                          height: note.sizeThatFits(Size(width: width, height: .infinity)).height.rounded(.up))
    }

    /// Deleted from the Settings tab (or edited here): the input and the badge follow.
    private func storeDidChange() {
        if isViewLoaded, input.tags.map(\.title) != store.tags {
            for tag in input.tags where !store.tags.contains(tag.title) { input.removeTag(id: tag.id) }
        }
        updateBadge()
        viewIfLoaded?.setNeedsLayout()
    }

    private func updateBadge() {
        tabBarItem.badgeValue = store.tags.isEmpty ? nil : "\(store.tags.count)"
    }
}
