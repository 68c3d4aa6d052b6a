import XKit

/// A settings app: a tab bar controller whose Settings tab is a navigation controller. Its first
/// screen has a dark-mode switch, a text-size slider, a segmented control, a progress view with a
/// Load button and a "Delete all tags…" button that asks through an alert; "About" is pushed from
/// the bar. The Tags tab edits the same tags in a tag input, its badge counting them.
struct SettingsScene: DemoScene {
    let title = "Settings"
    let size = Size(width: 500, height: 510)

    func build(in window: Window, app: Application) {
        let store = SettingsTagStore()
        let settings = SettingsController(app: app, store: store)
        settings.tabBarItem = TabBarItem(title: "Settings", tag: 0)
        let tabs = TabBarController()
        tabs.viewControllers = [NavigationController(rootViewController: settings),
                                NavigationController(rootViewController: SettingsTagsController(store: store))]
        tabs.tabBar.accessibilityIdentifier = "settings.tabs"
        window.rootViewController = tabs
        // Before the first frame (and for a screenshot, which never shows the window).
        settings.updateAppearanceNote()
    }
}

/// One settings row: a title (and a note under it) at the leading end, a control at the trailing end.
@MainActor
final class SettingsRow: View {
    let titleLabel: Label
    let noteLabel = Label(text: nil, font: .system(size: 11), textColor: .secondaryLabel)
    let control: View
    let controlWidth: Double?

    init(_ title: String, control: View, width: Double? = nil) {
        titleLabel = Label(text: title, font: .system(size: 13, weight: .medium))
        self.control = control
        controlWidth = width
        super.init(frame: Rect(x: 0, y: 0, width: 440, height: 48))
        for view in [titleLabel, noteLabel, control] { addSubview(view) }
    }

    override func layoutSubviews() {
        let fitted = control.sizeThatFits(Size(width: bounds.width / 2, height: bounds.height))
        let size = Size(width: controlWidth ?? fitted.width, height: fitted.height)
        // Laid out left to right; right to left mirrors it (the control leads on the left then).
        let controlFrame = Rect(x: bounds.width - size.width, y: ((bounds.height - size.height) / 2).rounded(),
                                width: size.width, height: size.height)
        control.frame = flippedForLayoutDirection(controlFrame)
        let textWidth = max(0, controlFrame.minX - 12)
        let titleHeight = titleLabel.sizeThatFits(Size(width: textWidth, height: .infinity)).height.rounded(.up)
        let noteHeight = (noteLabel.text ?? "").isEmpty ? 0 : noteLabel.sizeThatFits(Size(width: textWidth, height: .infinity)).height.rounded(.up)
        let top = ((bounds.height - titleHeight - noteHeight) / 2).rounded()
        titleLabel.frame = flippedForLayoutDirection(Rect(x: 0, y: top, width: textWidth, height: titleHeight))
        noteLabel.frame = flippedForLayoutDirection(Rect(x: 0, y: top + titleHeight, width: textWidth, height: noteHeight))
    }

    override func sizeThatFits(_ size: Size) -> Size {
        let text = titleLabel.sizeThatFits(Size(width: size.width / 2, height: .infinity)).height
            + noteLabel.sizeThatFits(Size(width: size.width / 2, height: .infinity)).height
        return Size(width: size.width.isFinite ? size.width : 440, height: max(40, text + 12).rounded(.up))
    }
}

@MainActor
final class SettingsController: ViewController {
    private unowned let app: Application
    private let darkMode = Switch()
    private let followDesktop = Button(title: "Follow the desktop")
    private let textSize = Slider(minimumValue: 11, maximumValue: 20, value: 13)
    private let sort = SegmentedControl(items: ["Name", "Recent", "Count"])
    private let progress = ProgressView()
    private let spinner = ActivityIndicatorView()
    private let load = Button(title: "Load")
    private let deleteTags = Button(title: "Delete all tags…")
    private let sample = Label(text: "The quick brown fox jumps over the lazy dog. Text size follows the slider.")
    private let tagsLabel = Label(text: nil, font: .system(size: 12), textColor: .secondaryLabel)
    private let store: SettingsTagStore
    private var tags: [String] {
        get { store.tags }
        set { store.tags = newValue }
    }
    private var loadTimer: Cancellable?
    private var rows: [SettingsRow] = []

    init(app: Application, store: SettingsTagStore) {
        self.app = app
        self.store = store
        super.init()
        title = "Settings"
        store.observers.append { [weak self] in if self?.isViewLoaded == true { self?.showTags() } }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.rightBarButtonItems = [BarButtonItem(title: "About") { [unowned self] _ in showAbout() }.then {
            $0.accessibilityIdentifier = "settings.about"
        }]

        darkMode.accessibilityIdentifier = "settings.darkMode"
        darkMode.addAction(for: .valueChanged, owner: self) { controller, toggle in
            controller.view.window?.overrideUserInterfaceStyle = toggle.isOn ? .dark : .light
            controller.updateAppearanceNote()
        }
        followDesktop.accessibilityIdentifier = "settings.followDesktop"
        followDesktop.setBackgroundColor(.systemFill, for: .normal)
        followDesktop.setTitleColor(.label, for: .normal)
        followDesktop.addAction(owner: self) { controller, _ in
            controller.view.window?.overrideUserInterfaceStyle = .unspecified
            controller.updateAppearanceNote()
        }

        textSize.accessibilityIdentifier = "settings.textSize"
        textSize.addAction(for: .valueChanged, owner: self) { controller, _ in controller.textSizeChanged() }

        sort.accessibilityIdentifier = "settings.sort"
        sort.selectedSegmentIndex = 0
        sort.addAction(for: .valueChanged, owner: self) { controller, _ in controller.showTags() }

        progress.accessibilityIdentifier = "settings.progress"
        spinner.accessibilityIdentifier = "settings.spinner"
        load.accessibilityIdentifier = "settings.load"
        load.addAction(owner: self) { controller, _ in controller.startLoading() }

        deleteTags.accessibilityIdentifier = "settings.deleteTags"
        deleteTags.setBackgroundColor(.systemRed, for: .normal)
        deleteTags.addAction(owner: self) { controller, _ in controller.confirmDeletingTags() }

        sample.accessibilityIdentifier = "settings.sample"
        sample.numberOfLines = 0
        sample.isCopyable = true
        tagsLabel.accessibilityIdentifier = "settings.tags"
        tagsLabel.numberOfLines = 0

        let loadControls = StackView(axis: .horizontal, spacing: 10, alignment: .center, [spinner, progress, load])
        progress.frame.size = Size(width: 140, height: 6)
        rows = [
            SettingsRow("Dark mode", control: StackView(axis: .horizontal, spacing: 10, alignment: .center, [followDesktop, darkMode])),
            SettingsRow("Text size", control: textSize, width: 200),
            SettingsRow("Sort tags by", control: sort),
            SettingsRow("Offline copy", control: loadControls),
            SettingsRow("Tags", control: deleteTags),
        ]
        for row in rows { view.addSubview(row) }
        view.addSubview(sample)
        view.addSubview(tagsLabel)
        rows[3].noteLabel.text = "Not downloaded"
        textSizeChanged()
        showTags()
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        updateAppearanceNote()
    }

    override func viewWillLayoutSubviews() {
        let width = view.bounds.width - 40
        var y = 16.0
        for row in rows {
            let height = row.sizeThatFits(Size(width: width, height: .infinity)).height
            row.frame = Rect(x: 20, y: y, width: width, height: height)
            y += height + 8
        }
        y += 8
        let sampleHeight = sample.sizeThatFits(Size(width: width, height: .infinity)).height.rounded(.up)
        sample.frame = Rect(x: 20, y: y, width: width, height: sampleHeight)
        y += sampleHeight + 10
        tagsLabel.frame = Rect(x: 20, y: y, width: width, height: tagsLabel.sizeThatFits(Size(width: width, height: .infinity)).height.rounded(.up))
    }

    override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        updateAppearanceNote()
    }

    /// The switch shows what the window draws in; the note says whether that is the desktop's choice.
    func updateAppearanceNote() {
        guard let window = view.window else { return }
        darkMode.isOn = window.traitCollection.userInterfaceStyle == .dark
        let following = window.overrideUserInterfaceStyle == .unspecified
        followDesktop.isHidden = following
        rows.first?.noteLabel.text = following ? "Following the desktop (\(app.desktopTraitCollection))"
                                               : "Overriding the desktop (\(app.desktopTraitCollection))"
        rows.first?.setNeedsLayout()
    }

    private func textSizeChanged() {
        let points = textSize.value.rounded()
        sample.font = .system(size: points)
        rows[1].noteLabel.text = "\(Int(points)) pt"
        rows[1].setNeedsLayout()
        view.setNeedsLayout()
    }

    private func showTags() {
        let sorted: [String]
        switch sort.selectedSegmentIndex {
        case 1: sorted = tags.reversed()
        case 2: sorted = tags.sorted { ($0.count, $0) > ($1.count, $1) }
        default: sorted = tags.sorted()
        }
        tagsLabel.text = sorted.isEmpty ? "No tags." : "\(sorted.count) tags: " + sorted.joined(separator: ", ")
        rows[4].noteLabel.text = "\(tags.count) tags"
        deleteTags.isEnabled = !tags.isEmpty
        rows[4].setNeedsLayout()
        view.setNeedsLayout()
    }

    /// "Connecting" first (a spinner and an indeterminate bar, as long as the amount is unknown), then the download fills the bar.
    private func startLoading() {
        guard loadTimer == nil else { return }
        progress.progress = 0
        progress.isIndeterminate = true
        spinner.startAnimating()
        load.isEnabled = false
        showLoadNote("Connecting…")
        loadTimer = app.schedule(after: 1.5) { [weak self] in
            guard let self else { return }
            spinner.stopAnimating()
            progress.isIndeterminate = false
            showLoadNote("Downloading…")
            step()
        }
    }

    /// The offline-copy row's note; the row is laid out again since the spinner came or went.
    private func showLoadNote(_ text: String) {
        rows[3].noteLabel.text = text
        rows[3].control.setNeedsLayout()
        rows[3].setNeedsLayout()
    }

    private func step() {
        loadTimer = app.schedule(after: 0.12) { [weak self] in
            guard let self else { return }
            progress.progress = min(1, progress.progress + 0.1)
            if progress.progress >= 1 {
                loadTimer = nil
                load.isEnabled = true
                load.title = "Load again"
                load.sizeToFit()
                rows[3].noteLabel.text = "Downloaded"
                rows[3].setNeedsLayout()
            } else {
                step()
            }
        }
    }

    private func confirmDeletingTags() {
        let alert = AlertController(title: "Delete all tags?",
                                    message: "The \(tags.count) tags will be removed from every note. This cannot be undone.",
                                    preferredStyle: .alert)
        alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        alert.addAction(AlertAction(title: "Delete", style: .destructive) { [weak self] _ in
            self?.tags.removeAll()
            self?.showTags()
        })
        present(alert, animated: true)
    }

    private func showAbout() {
        navigationController?.pushViewController(AboutController(), animated: true)
    }
}

/// The pushed screen: what the app is, in copyable labels.
@MainActor
final class AboutController: ViewController {
    override init() {
        super.init()
        title = "About"
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let name = Label(text: "XKit Settings", font: .system(size: 18, weight: .semibold))
        let body = Label(text: "A demo of the app shell: alerts, navigation, standard controls and dark mode. "
                         + "Go back with the button above, Alt+Left or the mouse's back button.",
                         font: .system(size: 13), textColor: .secondaryLabel)
        body.numberOfLines = 0
        for (label, id) in [(name, "about.name"), (body, "about.body")] {
            label.accessibilityIdentifier = id
            label.isCopyable = true
        }
        let stack = StackView(spacing: 8, [name, body])
        stack.frame = Rect(x: 20, y: 20, width: 440, height: 200)
        stack.autoresizingMask = .flexibleWidth
        view.addSubview(stack)
    }
}
