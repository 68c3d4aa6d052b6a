import Testing
@_spi(Platform) import XKitCore
import XKitHeadless

/// A row cell with one label; counts how often it was prepared for reuse.
@MainActor
final class RowCell: CollectionViewCell {
    let title = Label()
    var reuses = 0
    required init(frame: Rect) {
        super.init(frame: frame)
        title.numberOfLines = 0
        contentView.addSubview(title)
    }
    override func layoutSubviews() {
        super.layoutSubviews()
        title.frame = Rect(x: 8, y: 0, width: max(0, bounds.width - 16), height: bounds.height)
    }
    override func prepareForReuse() {
        super.prepareForReuse()
        reuses += 1
        title.text = nil
    }
}

/// A data source of `count` generated rows, with a delegate that records what it hears.
@MainActor
final class RowSource: CollectionViewDataSource, CollectionViewDelegate {
    var count: Int
    var configured = 0
    var activated: [IndexPath] = []
    var didSelect: [IndexPath] = []
    var returnsForeignCell = false
    init(count: Int) { self.count = count }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        if returnsForeignCell { return RowCell(frame: .zero) }
        configured += 1
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
        (cell as? RowCell)?.title.text = name(indexPath.item)
        return cell
    }
    func name(_ i: Int) -> String { ["Ada", "Bob", "Cyd", "Dan", "Eve"][i % 5] + " \(i)" }
    func collectionView(_ collectionView: CollectionView, textForItemAt indexPath: IndexPath) -> String? { name(indexPath.item) }
    func collectionView(_ collectionView: CollectionView, copyTextForItemAt indexPath: IndexPath) -> String? { "+1 555 \(indexPath.item)" }
    func collectionView(_ collectionView: CollectionView, performPrimaryActionForItemAt indexPath: IndexPath) { activated.append(indexPath) }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) { didSelect.append(indexPath) }
}

@MainActor
@Suite struct CollectionViewTests {
    /// A 300×400 list of 40-point rows filling the window.
    private func list(_ count: Int, multiple: Bool = false) -> (HeadlessScene, CollectionView, RowSource) {
        let scene = HeadlessScene(size: Size(width: 300, height: 400))
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 400),
                                  collectionViewLayout: CollectionViewListLayout(rowHeight: 40))
        view.register(RowCell.self, forCellWithReuseIdentifier: "row")
        view.allowsMultipleSelection = multiple
        let source = RowSource(count: count)
        view.dataSource = source
        view.delegate = source
        scene.root.addSubview(view)
        scene.platform.displayPass()
        return (scene, view, source)
    }

    @Test func onlyTheCellsInSightExistAndScrollingReusesThem() {
        let (scene, view, source) = list(100_000)
        defer { withExtendedLifetime(source) {} }
        #expect(view.contentSize.height == 4_000_000)
        #expect(view.indexPathsForVisibleItems.map(\.item) == Array(0..<10))
        var most = view.cellViewCount
        // 10 rows in sight, a quarter screen of margin below: 13 views.
        #expect(most <= 14)
        for step in 1...200 {
            view.contentOffset = Point(x: 0, y: Double(step) * 19_997)
            scene.platform.displayPass()
            most = max(most, view.cellViewCount)
        }
        #expect(most <= 16, "cell views stay bounded by the screen, not the rows")
        let first = view.indexPathsForVisibleItems.first?.item ?? -1
        #expect(first == Int(view.contentOffset.y / 40))
        let cell = view.cellForItem(at: IndexPath(item: first, section: 0)) as? RowCell
        #expect(cell?.title.text?.hasSuffix(" \(first)") == true)
        #expect((cell?.reuses ?? 0) > 0, "the cell came from the pool")
    }

    @Test func theWheelScrollsTheList() {
        let (scene, view, source) = list(1_000)
        defer { withExtendedLifetime(source) {} }
        scene.platform.send(PointerEvent(kind: .scroll, location: Point(x: 50, y: 50), button: .scrollDown, time: 0), to: scene.window)
        scene.platform.displayPass()
        #expect(view.contentOffset.y == 132)
        #expect(view.indexPathsForVisibleItems.first == IndexPath(item: 3, section: 0))
    }

    @Test func clicksSelectAndCtrlAndShiftExtend() {
        let (scene, view, source) = list(50, multiple: true)
        defer { withExtendedLifetime(source) {} }
        scene.click(at: Point(x: 50, y: 45))
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        #expect(view.cellForItem(at: IndexPath(item: 1, section: 0))?.isSelected == true)
        scene.platform.send(PointerEvent(kind: .down, location: Point(x: 50, y: 165), button: .primary, buttonsDown: [.primary],
                                         modifiers: .shift, time: 1), to: scene.window)
        scene.platform.send(PointerEvent(kind: .up, location: Point(x: 50, y: 165), button: .primary, time: 1.05), to: scene.window)
        #expect(view.indexPathsForSelectedItems.map(\.item) == [1, 2, 3, 4])
        scene.platform.send(PointerEvent(kind: .down, location: Point(x: 50, y: 85), button: .primary, buttonsDown: [.primary],
                                         modifiers: .control, time: 2), to: scene.window)
        scene.platform.send(PointerEvent(kind: .up, location: Point(x: 50, y: 85), button: .primary, time: 2.05), to: scene.window)
        #expect(view.indexPathsForSelectedItems.map(\.item) == [1, 3, 4])
        #expect(source.didSelect.map(\.item) == [1, 2, 3, 4])
    }

    @Test func theArrowsPagesHomeAndEndMoveTheSelectionIntoView() {
        let (scene, view, source) = list(1_000_000)
        defer { withExtendedLifetime(source) {} }
        view.becomeFirstResponder()
        scene.key(.down)
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        scene.key(.end)
        scene.platform.displayPass()
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 999_999, section: 0)])
        #expect(view.indexPathsForVisibleItems.last == IndexPath(item: 999_999, section: 0))
        #expect(view.cellForItem(at: IndexPath(item: 999_999, section: 0))?.showsKeyboardFocus == true, "the focus ring shows")
        scene.key(.pageUp)
        let afterPage = view.indexPathsForSelectedItems.first?.item ?? 0
        #expect(afterPage < 999_999 && afterPage > 999_980)
        scene.key(.up)
        #expect(view.indexPathsForSelectedItems.first?.item == afterPage - 1)
        scene.key(.home)
        #expect(view.contentOffset.y == 0)
        scene.key(.enter)
        #expect(source.activated == [IndexPath(item: 0, section: 0)])
    }

    @Test func typingFindsTheNextItemByItsFirstLetters() {
        let (scene, view, source) = list(100)
        defer { withExtendedLifetime(source) {} }
        view.becomeFirstResponder()
        scene.key(.character("d"), text: "d")
        #expect(view.indexPathsForSelectedItems.first?.item == 3)
        scene.key(.character("d"), text: "d")
        #expect(view.indexPathsForSelectedItems.first?.item == 8, "the same letter again moves on")
        scene.platform.advance(by: 2)
        scene.key(.character("e"), text: "e")
        scene.key(.character("v"), text: "v")
        scene.key(.character("e"), text: "e")
        #expect(view.indexPathsForSelectedItems.first?.item == 9)
    }

    @Test func ctrlCCopiesTheSelectedItemsOneLineEach() {
        let (scene, view, source) = list(20, multiple: true)
        defer { withExtendedLifetime(source) {} }
        view.becomeFirstResponder()
        view.selectItem(at: IndexPath(item: 2, section: 0))
        view.selectItem(at: IndexPath(item: 5, section: 0))
        scene.key(.character("c"), text: "c", modifiers: .control)
        #expect((scene.platform.pasteboard(.clipboard) as? MemoryPasteboard)?.contents == "+1 555 2\n+1 555 5")
    }

    @Test func rightClickOpensTheCellsMenuWithTheCellAsTarget() {
        let (scene, view, source) = list(20)
        defer { withExtendedLifetime(source) {} }
        let cell = view.cellForItem(at: IndexPath(item: 3, section: 0))
        cell?.menuItems = [MenuItem(title: "Call") { _ in }]
        scene.click(at: Point(x: 50, y: 125), button: .secondary)
        scene.platform.displayPass()
        #expect(scene.menuTitles?.contains("Copy") == true)
        #expect(scene.menuTitles?.contains("Call") == true)
        #expect(cell?.isMenuTarget == true)
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)])
        #expect(scene.chooseMenuItem("Copy"))
        #expect((scene.platform.pasteboard(.clipboard) as? MemoryPasteboard)?.contents == "+1 555 3")
    }

    @Test func aLongPressOpensTheCellsCallout() {
        let (scene, view, source) = list(20)
        defer { withExtendedLifetime(source) {} }
        scene.longPress(at: Point(x: 50, y: 85))
        scene.platform.displayPass()
        #expect(scene.app.menuController.menuView != nil)
        #expect(view.cellForItem(at: IndexPath(item: 2, section: 0))?.isMenuTarget == true)
        #expect(scene.chooseMenuItem("Copy"))
        #expect((scene.platform.pasteboard(.clipboard) as? MemoryPasteboard)?.contents == "+1 555 2")
    }

    @Test func selfSizingRowsTakeTheirTextsHeight() {
        let scene = HeadlessScene(size: Size(width: 300, height: 400))
        let layout = CollectionViewListLayout()
        layout.estimatedRowHeight = 20
        let view = CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 400), collectionViewLayout: layout)
        view.register(RowCell.self, forCellWithReuseIdentifier: "row")
        final class Long: CollectionViewDataSource {
            func collectionView(_ c: CollectionView, numberOfItemsInSection section: Int) -> Int { 1000 }
            func collectionView(_ c: CollectionView, cellForItemAt p: IndexPath) -> CollectionViewCell {
                let cell = c.dequeueReusableCell(withReuseIdentifier: "row", for: p)
                (cell as? RowCell)?.title.text = p.item == 1 ? String(repeating: "word ", count: 60) : "short"
                return cell
            }
        }
        let source = Long()
        view.dataSource = source
        scene.root.addSubview(view)
        scene.platform.displayPass()
        let short = view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.height ?? 0
        let tall = view.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame.height ?? 0
        #expect(tall > 3 * short, "the wrapped row is several lines tall")
        #expect(view.cellForItem(at: IndexPath(item: 1, section: 0))?.frame.height == tall)
        #expect(layout.storedHeightCount < 40, "only rows that were shown are stored")
    }

    @Test func badInputIsWarnedAboutAndNeverCrashes() {
        let (scene, view, source) = list(30)
        defer { withExtendedLifetime(source) {} }
        // The count changes without reloadData: the next layout notices and reloads.
        source.count = 5
        scene.platform.displayPass()
        #expect(view.numberOfItems(inSection: 0) == 5)
        #expect(view.visibleCells.count == 5)
        view.scrollToItem(at: IndexPath(item: 50, section: 0))
        view.scrollToItem(at: IndexPath(item: 0, section: 7))
        view.reloadItems(at: [IndexPath(item: -1, section: 0), IndexPath(item: 2, section: 0)])
        view.selectItem(at: IndexPath(item: 9, section: 0))
        #expect(view.indexPathsForSelectedItems.isEmpty)
        // A cell not dequeued from this view is replaced by a blank one.
        source.returnsForeignCell = true
        view.reloadData()
        scene.platform.displayPass()
        #expect(view.visibleCells.count == 5)
        #expect(view.visibleCells.allSatisfy { !($0 is RowCell) && $0.collectionView === view })
        #expect(throws: CollectionViewError.self) {
            try view.dequeueReusableCell(RowCell.self, withReuseIdentifier: "CollectionView.blank", for: IndexPath(item: 0, section: 0))
        }
    }
}
