import XKit

/// `--scene contacts [--rows N]`: N generated contacts in a list with sticky letter headers, a search
/// field that filters as you type, and a detail panel whose phone label is copyable.
///
/// The contacts are computed from their number (no string or view is kept per contact), so a
/// million rows cost the list's few numbers. A search shows its matches through a snapshot of
/// their numbers, applied as each key is typed, so rows that still match keep their cells.
struct ContactsScene: DemoScene {
    let rows: Int
    let title = "XKit Contacts"
    let size = Size(width: 720, height: 560)

    func build(in window: Window, app: Application) {
        let controller = ContactsController(count: rows, size: size)
        controller.install(in: window.contentView)
        // Kept for the life of the demo: the list's data source and delegate are weak, as in UIKit.
        ContactsController.shown = controller
    }
}

/// Generated contacts: contact `id` belongs to letter section `id % 26`, so each letter has about N/26.
enum ContactBook {
    static let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    private static let firstNames: [[String]] = [
        ["Ada", "Alan", "Amir"], ["Bea", "Boris", "Bruno"], ["Cleo", "Cyrus", "Carmen"], ["Dana", "Dmitri", "Duc"],
        ["Eva", "Emil", "Esra"], ["Fay", "Felix", "Femi"], ["Gia", "Goran", "Grace"], ["Hana", "Hugo", "Hiro"],
        ["Ines", "Ivan", "Ida"], ["Jade", "Jonas", "Jun"], ["Kai", "Kira", "Kofi"], ["Lea", "Luis", "Lin"],
        ["Maya", "Milo", "Mei"], ["Nora", "Nils", "Nadia"], ["Omar", "Olga", "Oren"], ["Pia", "Pablo", "Priya"],
        ["Quinn", "Qiu", "Quentin"], ["Rosa", "Raj", "Rune"], ["Sara", "Sven", "Sami"], ["Tara", "Tomas", "Tien"],
        ["Uma", "Ugo", "Ulla"], ["Vera", "Viktor", "Vo"], ["Wren", "Wei", "Wanda"], ["Xena", "Xavier", "Xiu"],
        ["Yara", "Yusuf", "Yuki"], ["Zoe", "Zoran", "Zhen"],
    ]
    private static let lastNames = ["Lovelace", "Turing", "Hopper", "Knuth", "Ritchie", "Liskov", "Hamilton", "Dijkstra",
                                    "Lamport", "Torvalds", "Wirth", "Kay", "Backus", "Allen", "Perlman", "Thompson"]

    static func section(of id: Int) -> Int { id % 26 }

    static func name(_ id: Int) -> String {
        let s = id % 26, k = id / 26
        let first = firstNames[s][k % 3], last = lastNames[(k / 3) % lastNames.count]
        let round = k / (3 * lastNames.count)
        return round == 0 ? "\(first) \(last)" : "\(first) \(last) \(round + 1)"
    }

    static func phone(_ id: Int) -> String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "+1 555 \(pad((id / 10_000) % 1000, 3)) \(pad(id % 10_000, 4))"
    }

    static func initials(_ id: Int) -> String {
        name(id).split(separator: " ").prefix(2).compactMap(\.first).map(String.init).joined()
    }
}

/// The list's delegate, and its data source while nothing is searched (all contacts, computed).
@MainActor
final class ContactsController: CollectionViewDataSource, CollectionViewDelegate {
    /// The controller of the contacts window (one per demo process).
    static var shown: ContactsController?

    let count: Int
    let size: Size
    /// The list's data source while a search is typed: letter numbers as sections, contact ids as
    /// items. Made afresh when a search starts, so it never mistakes a full-list cell for a result.
    private var results: CollectionViewDiffableDataSource<Int, Int>?
    let list = CollectionView(collectionViewLayout: CollectionViewListLayout(rowHeight: 52, headerHeight: 24))
    let search = TextField()
    let detailName = Label(text: "No contact selected", font: .system(size: 18, weight: .bold))
    let detailPhone = Label(text: "", font: .system(size: 15))

    init(count: Int, size: Size) {
        self.count = max(0, count)
        self.size = size
    }

    func install(in root: View) {
        root.backgroundColor = .windowBackground
        search.placeholder = "Search contacts"
        search.accessibilityIdentifier = "contacts.search"
        search.frame = Rect(x: 12, y: 12, width: 336, height: 30)
        search.onChange = { [weak self] field in self?.filter(field.text) }
        root.addSubview(search)

        list.frame = Rect(x: 12, y: 52, width: 336, height: size.height - 64)
        list.accessibilityIdentifier = "contacts.list"
        list.accessibilityLabel = "Contacts"
        list.register(ContactCell.self, forCellWithReuseIdentifier: "contact")
        list.register(LetterHeader.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: "letter")
        list.borderColor = .separator
        list.borderWidth = 1
        list.dataSource = self
        list.delegate = self
        root.addSubview(list)

        let panel = View(frame: Rect(x: 364, y: 52, width: size.width - 376, height: 160))
        panel.backgroundColor = .controlBackground
        panel.cornerRadius = 8
        panel.borderColor = .separator
        panel.borderWidth = 1
        detailName.frame = Rect(x: 16, y: 16, width: panel.frame.width - 32, height: 28)
        detailName.accessibilityIdentifier = "contacts.detail.name"
        detailPhone.frame = Rect(x: 16, y: 56, width: panel.frame.width - 32, height: 24)
        detailPhone.accessibilityIdentifier = "contacts.detail.phone"
        detailPhone.isCopyable = true
        panel.addSubview(detailName)
        panel.addSubview(detailPhone)
        root.addSubview(panel)
    }

    // MARK: Filtering

    private func filter(_ text: String) {
        let needle = text.lowercased()
        if needle.isEmpty {
            results = nil
            list.dataSource = self
            list.reloadData()
        } else {
            var sections = Array(repeating: [Int](), count: 26)
            for id in 0..<count where ContactBook.name(id).lowercased().containsCharacters(needle) {
                sections[ContactBook.section(of: id)].append(id)
            }
            var snapshot = DiffableDataSourceSnapshot<Int, Int>()
            for (letter, ids) in sections.enumerated() where !ids.isEmpty {
                snapshot.appendSections([letter])
                snapshot.appendItems(ids, toSection: letter)
            }
            let source = results ?? makeResultsSource()
            results = source
            source.apply(snapshot, animatingDifferences: false)
        }
        list.contentOffset = .zero
        Trace.emit("contacts.filtered", [("query", .string(text)), ("items", .int(list.numberOfItems))])
    }

    private func makeResultsSource() -> CollectionViewDiffableDataSource<Int, Int> {
        let source = CollectionViewDiffableDataSource<Int, Int>(collectionView: list) { list, path, id in
            let cell = list.dequeueReusableCell(withReuseIdentifier: "contact", for: path)
            (cell as? ContactCell)?.show(id)
            return cell
        }
        source.supplementaryViewProvider = { list, kind, path in
            let header = list.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "letter", for: path)
            if let letter = source.sectionIdentifier(for: path.section) {
                (header as? LetterHeader)?.letter.text = String(ContactBook.letters[letter])
            }
            return header
        }
        return source
    }

    /// The contact shown at an index path.
    func contact(at path: IndexPath) -> Int? {
        if let results { return results.itemIdentifier(for: path) }
        guard path.section >= 0, path.section < 26, path.item >= 0 else { return nil }
        let id = path.item * 26 + path.section
        return id < count ? id : nil
    }

    // MARK: CollectionViewDataSource

    func numberOfSections(in collectionView: CollectionView) -> Int { 26 }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        count / 26 + (section < count % 26 ? 1 : 0)
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "contact", for: indexPath)
        if let cell = cell as? ContactCell, let id = contact(at: indexPath) { cell.show(id) }
        return cell
    }

    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> CollectionReusableView? {
        guard self.collectionView(collectionView, numberOfItemsInSection: indexPath.section) > 0 else { return nil }
        let header = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "letter", for: indexPath)
        (header as? LetterHeader)?.letter.text = String(ContactBook.letters[indexPath.section])
        return header
    }

    // MARK: CollectionViewDelegate

    func collectionView(_ collectionView: CollectionView, textForItemAt indexPath: IndexPath) -> String? {
        contact(at: indexPath).map(ContactBook.name)
    }

    func collectionView(_ collectionView: CollectionView, copyTextForItemAt indexPath: IndexPath) -> String? {
        contact(at: indexPath).map(ContactBook.phone)
    }

    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        guard let id = contact(at: indexPath) else { return }
        detailName.text = ContactBook.name(id)
        detailPhone.text = ContactBook.phone(id)
    }

    func collectionView(_ collectionView: CollectionView, performPrimaryActionForItemAt indexPath: IndexPath) {
        detailPhone.becomeFirstResponder()
    }
}

extension CollectionView {
    /// All items of all sections.
    var numberOfItems: Int { (0..<numberOfSections).reduce(0) { $0 + numberOfItems(inSection: $1) } }
}

/// One contact: a round avatar with initials, the name and the phone.
final class ContactCell: CollectionViewCell {
    let avatar = View()
    let initials = Label(text: nil, font: .system(size: 13, weight: .bold), textColor: .white)
    let name = Label(text: nil, font: .system(size: 14, weight: .bold))
    let phone = Label(text: nil, font: .system(size: 12), textColor: .secondaryLabel)
    private static let avatarColors: [Color] = [.systemBlue, .systemGreen, .systemOrange, .systemPurple, .systemPink, .systemTeal]

    required init(frame: Rect) {
        super.init(frame: frame)
        avatar.cornerRadius = 18
        avatar.isAccessibilityElement = false
        initials.textAlignment = .center
        initials.isAccessibilityElement = false
        avatar.addSubview(initials)
        name.isAccessibilityElement = false
        phone.isAccessibilityElement = false
        for view in [avatar, name, phone] { contentView.addSubview(view) }
        separatorInset = 60
    }

    func show(_ id: Int) {
        name.text = ContactBook.name(id)
        phone.text = ContactBook.phone(id)
        initials.text = ContactBook.initials(id)
        avatar.backgroundColor = Self.avatarColors[id % Self.avatarColors.count]
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        avatar.frame = Rect(x: 12, y: (bounds.height - 36) / 2, width: 36, height: 36)
        initials.frame = Rect(x: 0, y: 9, width: 36, height: 18)
        name.frame = Rect(x: 60, y: 8, width: max(0, bounds.width - 72), height: 18)
        phone.frame = Rect(x: 60, y: 28, width: max(0, bounds.width - 72), height: 16)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        name.text = nil
        phone.text = nil
    }
}

/// A section's letter, pinned at the top while its contacts scroll.
final class LetterHeader: CollectionReusableView {
    let letter = Label(text: nil, font: .system(size: 12, weight: .bold), textColor: .secondaryLabel)

    required init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = Color.sectionHeaderBackground
        addSubview(letter)
    }

    override func layoutSubviews() {
        letter.frame = Rect(x: 12, y: 4, width: max(0, bounds.width - 24), height: bounds.height - 8)
    }
}
