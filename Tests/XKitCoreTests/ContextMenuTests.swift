import Testing
@_spi(Platform) @testable import XKitCore
import XKitHeadless

/// The context menu's pure geometry: rows, keyboard steps, type-to-select and placement.
@Suite struct ContextMenuLayoutTests {
    let rows = [ContextMenuLayout.Row(titleWidth: 40), .init(titleWidth: 0, isSeparator: true),
                .init(titleWidth: 200, hasSubmenu: true), .init(titleWidth: 60)]

    @Test func rowsStackVerticallyAsWideAsTheWidestTitle() {
        let layout = ContextMenuLayout(rows: rows)
        #expect(layout.rowFrames.map(\.minY) == [4, 30, 39, 65])
        #expect(layout.rowFrames.map(\.height) == [26, 9, 26, 26])
        #expect(layout.size == Size(width: 200 + 28 + 18, height: 95))
        #expect(ContextMenuLayout(rows: [.init(titleWidth: 10)]).size.width == 140, "a minimum width")
        #expect(ContextMenuLayout(rows: rows, maximumWidth: 150).size.width == 150, "capped by the screen")
    }

    @Test func hitTestingSkipsSeparatorsAndPadding() {
        let layout = ContextMenuLayout(rows: rows)
        #expect(layout.row(at: Point(x: 10, y: 10)) == 0)
        #expect(layout.row(at: Point(x: 10, y: 33)) == nil, "the separator")
        #expect(layout.row(at: Point(x: 10, y: 2)) == nil, "the top padding")
        #expect(layout.row(at: Point(x: 10, y: 70)) == 3)
        #expect(layout.row(at: Point(x: -1, y: 70)) == nil)
    }

    @Test func upAndDownSkipSeparatorsAndDisabledRowsAndWrap() {
        let layout = ContextMenuLayout(rows: rows)
        #expect(layout.highlight(from: nil, moving: .next) == 0)
        #expect(layout.highlight(from: 0, moving: .next) == 2, "over the separator")
        #expect(layout.highlight(from: 0, moving: .next, isEnabled: { $0 != 2 }) == 3, "over a disabled row")
        #expect(layout.highlight(from: 3, moving: .next) == 0, "wraps")
        #expect(layout.highlight(from: 0, moving: .previous) == 3)
        #expect(layout.highlight(from: nil, moving: .last) == 3)
        #expect(layout.highlight(from: 2, moving: .next, isEnabled: { _ in false }) == nil)
    }

    @Test func typeToSelectMatchesPrefixesAndCyclesOnARepeatedLetter() {
        let titles = ["Cut", "Copy", "Paste", "Delete", "", "Select All", "Copy as vCard"]
        #expect(ContextMenuLayout.typeahead("c", titles: titles, current: nil) == 0)
        #expect(ContextMenuLayout.typeahead("c", titles: titles, current: 0) == 1, "the same letter moves on")
        #expect(ContextMenuLayout.typeahead("cc", titles: titles, current: 1) == 6)
        #expect(ContextMenuLayout.typeahead("ccc", titles: titles, current: 6) == 0, "and wraps")
        #expect(ContextMenuLayout.typeahead("co", titles: titles, current: 0) == 1)
        #expect(ContextMenuLayout.typeahead("copy ", titles: titles, current: 1) == 6, "a growing prefix")
        #expect(ContextMenuLayout.typeahead("SEL", titles: titles, current: nil) == 5, "case-insensitive")
        #expect(ContextMenuLayout.typeahead("p", titles: titles, current: nil, isSelectable: { $0 != 2 }) == nil)
        #expect(ContextMenuLayout.typeahead("x", titles: titles, current: 3) == nil)
    }
}

@Suite struct ContextMenuPlacementTests {
    let screen = Rect(x: 0, y: 0, width: 1000, height: 800)
    let size = Size(width: 200, height: 150)

    @Test func opensDownRightAtThePointer() {
        let p = ContextMenuPlacement(anchor: Rect(x: 300, y: 200, width: 0, height: 0), size: size, screen: screen)
        #expect(p.frame == Rect(x: 300, y: 200, width: 200, height: 150))
        #expect(p.name == "down-right")
    }

    @Test func flipsLeftAtTheRightEdgeAndUpAtTheBottom() {
        let p = ContextMenuPlacement(anchor: Rect(x: 900, y: 700, width: 0, height: 0), size: size, screen: screen)
        #expect(p.frame == Rect(x: 700, y: 550, width: 200, height: 150))
        #expect(p.opensLeft && p.opensUp && p.name == "up-left")
    }

    @Test func aKeyboardAnchorHangsBelowTheViewOrAboveIt() {
        let below = ContextMenuPlacement(anchor: Rect(x: 100, y: 100, width: 1, height: 30), size: size, screen: screen)
        #expect(below.frame.origin == Point(x: 100, y: 130))
        let above = ContextMenuPlacement(anchor: Rect(x: 100, y: 700, width: 1, height: 30), size: size, screen: screen)
        #expect(above.frame.origin == Point(x: 100, y: 550), "above the view, not over it")
    }

    @Test func clampedInsideSmallScreensAndOffsetScreens() {
        let tiny = ContextMenuPlacement(anchor: Rect(x: 50, y: 50, width: 0, height: 0), size: size,
                                        screen: Rect(x: 0, y: 0, width: 120, height: 100))
        #expect(tiny.frame == Rect(x: 4, y: 4, width: 112, height: 92))
        let offset = ContextMenuPlacement(anchor: Rect(x: 1010, y: 10, width: 0, height: 0), size: size,
                                          screen: Rect(x: 1000, y: 0, width: 800, height: 600))
        #expect(offset.frame.origin == Point(x: 1010, y: 10))
        let nearLeft = ContextMenuPlacement(anchor: Rect(x: 1001, y: 590, width: 0, height: 0), size: size,
                                            screen: Rect(x: 1000, y: 0, width: 800, height: 600))
        #expect(nearLeft.frame.minX >= 1004 && nearLeft.frame.maxY <= 596)
    }
}

/// Context menus on the headless platform: per-view items with their target, the text field's edit
/// group validated through the responder chain, submenus, keys and type-to-select.
@MainActor
@Suite struct ContextMenuFlowTests {
    private func scene(with views: [View]) -> HeadlessScene {
        let scene = HeadlessScene()
        views.forEach(scene.root.addSubview)
        scene.platform.displayPass()
        return scene
    }

    @Test func aViewsOwnItemsReplaceTheAppDefaultAndGetTheViewAsTarget() throws {
        let first = Label(text: "Ada Lovelace"), second = Label(text: "Grace Hopper")
        first.frame = Rect(x: 10, y: 10, width: 150, height: 24)
        second.frame = Rect(x: 10, y: 50, width: 150, height: 24)
        var vcards: [String] = []
        for label in [first, second] {
            label.isCopyable = true
            label.menuItems = [MenuItem(title: "Copy as vCard") { context in
                vcards.append("FN:" + ((context.target as? Label)?.text ?? "?"))
            }]
        }
        let plain = Label(text: "default items")
        plain.frame = Rect(x: 10, y: 90, width: 150, height: 24)
        plain.isCopyable = true
        let scene = scene(with: [first, second, plain])
        scene.app.menuController.menuItems = [MenuItem(title: "Share…") { _ in }]

        scene.click(at: Point(x: 20, y: 60), button: .secondary)
        #expect(scene.menuTitles == ["Copy", "-", "Copy as vCard"])
        #expect(scene.chooseMenuItem("Copy as vCard"))
        #expect(vcards == ["FN:Grace Hopper"], "the handler got the label that was clicked")

        scene.longPress(at: Point(x: 20, y: 20))
        #expect(scene.app.menuController.menuStyle == .callout)
        #expect(scene.menuTitles == ["Copy", "Copy as vCard"], "the callout offers them too")
        #expect(scene.chooseMenuItem("Copy as vCard"))
        #expect(vcards == ["FN:Grace Hopper", "FN:Ada Lovelace"])

        scene.click(at: Point(x: 20, y: 100), button: .secondary)
        #expect(scene.menuTitles == ["Copy", "-", "Share…"], "a view without items gets the app-wide default")
    }

    @Test func aPlainViewWithItemsGetsAMenuAndOneWithoutDoesNot() {
        let card = View(frame: Rect(x: 10, y: 10, width: 200, height: 100))
        let inner = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        card.addSubview(inner)
        let other = View(frame: Rect(x: 10, y: 150, width: 100, height: 50))
        let scene = scene(with: [card, other])
        card.menuItems = [MenuItem(title: "Edit Card") { _ in }]
        scene.click(at: Point(x: 30, y: 30), button: .secondary)
        #expect(scene.menuTitles == ["Edit Card"], "a click on a subview finds the nearest view with a menu")
        #expect(scene.app.menuController.targetView === card)
        scene.key(.escape, in: scene.menuWindow)
        #expect(!scene.app.menuController.isMenuVisible)
        scene.click(at: Point(x: 30, y: 170), button: .secondary)
        #expect(!scene.app.menuController.isMenuVisible)
    }

    @Test func theTextFieldOffersTheEditGroupWithWhatItCannotDoDisabled() throws {
        let field = TextField(placeholder: "Name", text: "hello world")
        field.frame = Rect(x: 10, y: 10, width: 200, height: 30)
        let scene = scene(with: [field])
        scene.click(at: Point(x: 20, y: 25), button: .secondary)
        let menu = try #require(scene.app.menuController.contextMenuView)
        #expect(scene.menuTitles == ["Undo", "Redo", "-", "Cut", "Copy", "Paste", "Delete", "-", "Select All"])
        let enabled = menu.rows.indices.filter { menu.isSelectable($0) }.map { menu.rows[$0].title }
        #expect(enabled == ["Paste", "Select All"], "nothing is selected yet, and text set in code has no undo")
        #expect(!scene.chooseMenuItem("Cut") || scene.app.menuController.isMenuVisible, "a disabled item does nothing")

        #expect(scene.chooseMenuItem("Select All"))
        #expect(field.selectedText == "hello world")
        scene.click(at: Point(x: 20, y: 25), button: .secondary)
        let again = try #require(scene.app.menuController.contextMenuView)
        #expect(again.rows.indices.filter { again.isSelectable($0) }.count == 5, "with a selection all but Undo and Redo")
        #expect(scene.chooseMenuItem("Cut"))
        #expect(scene.platform.clipboard.contents == "hello world")
        #expect(field.text == "")
        scene.click(at: Point(x: 20, y: 25), button: .secondary)
        let afterCut = try #require(scene.app.menuController.contextMenuView)
        #expect(afterCut.rows.indices.filter { afterCut.isSelectable($0) }.map { afterCut.rows[$0].title } == ["Undo", "Paste"])
        #expect(scene.chooseMenuItem("Undo"))
        #expect(field.text == "hello world", "Undo in the menu takes the cut back")
        scene.click(at: Point(x: 20, y: 25), button: .secondary)
        #expect(scene.chooseMenuItem("Redo"))
        #expect(field.text == "")
        #expect(field.text.isEmpty)
    }

    @Test func theMenuKeyOpensTheFocusedFieldsMenuBelowIt() throws {
        let field = TextField(placeholder: "Name", text: "abc")
        field.frame = Rect(x: 10, y: 10, width: 200, height: 30)
        let scene = scene(with: [field])
        #expect(field.becomeFirstResponder())
        scene.key(.menu)
        #expect(scene.app.menuController.menuStyle == .context)
        #expect(scene.app.menuController.targetView === field)
        let window = try #require(scene.menuWindow)
        let popup = try #require(scene.platform.surface(of: window))
        // Window (100, 100) + the field's bottom edge (y 40): it hangs below, from the field's left edge.
        #expect(popup.frame.minY == 140 && popup.frame.minX == 110)
        #expect(field.text == "abc", "the key typed nothing into the field")
    }

    @Test func keysNavigateIntoASubmenuAndBackAndTypeToSelect() throws {
        let label = Label(text: "contact")
        label.frame = Rect(x: 10, y: 10, width: 150, height: 24)
        label.isCopyable = true
        var chosen: [String] = []
        label.menuItems = [
            MenuItem(title: "Copy As", submenu: [
                MenuItem(title: "Plain Text") { _ in chosen.append("plain") },
                MenuItem(title: "vCard") { _ in chosen.append("vcard") },
            ]),
            MenuItem(title: "Report…") { _ in chosen.append("report") }.enabled(false),
            .separator,
            MenuItem(title: "Share…") { _ in chosen.append("share") },
        ]
        let scene = scene(with: [label])
        #expect(label.becomeFirstResponder())
        scene.key(.menu)
        let menu = try #require(scene.app.menuController.contextMenuView, "the Menu key opens the context menu")
        #expect(scene.menuTitles == ["Copy", "-", "Copy As", "Report…", "-", "Share…"])
        let popup = try #require(scene.menuWindow)
        scene.key(.down, in: popup)
        scene.key(.down, in: popup)
        #expect(menu.highlightedRow == 2, "Copy, then over the separator to Copy As")
        scene.key(.down, in: popup)
        #expect(menu.highlightedRow == 5, "over the disabled item and the separator")
        scene.key(.up, in: popup)
        scene.key(.right, in: popup)
        #expect(menu.openSubmenu == 2 && scene.menuTitles == ["Copy As", "Plain Text", "vCard"])
        #expect(menu.highlightedRow == 1)
        scene.key(.left, in: popup)
        #expect(menu.openSubmenu == nil && menu.highlightedRow == 2, "Left goes back to the submenu's row")
        scene.key(.character("s"), text: "s", in: popup)
        #expect(menu.highlightedRow == 5, "typing S lands on Share…")
        scene.key(.character("r"), text: "r", in: popup)
        #expect(menu.highlightedRow == 5, "S-R matches nothing, the highlight stays")
        scene.key(.enter, in: popup)
        scene.key(.right, in: popup)
        #expect(chosen == ["share"])

        scene.key(.character("m"), modifiers: .shift)  // not a menu key: nothing opens
        #expect(!scene.app.menuController.isMenuVisible)
        scene.key(.function(10), modifiers: .shift)
        let second = try #require(scene.app.menuController.contextMenuView, "Shift+F10 opens it too")
        let popup2 = try #require(scene.menuWindow)
        scene.key(.character("c"), text: "c", in: popup2)
        scene.key(.character("c"), text: "c", in: popup2)
        #expect(second.highlightedRow == 2)
        scene.key(.enter, in: popup2)
        #expect(second.openSubmenu == 2, "Enter on a submenu row opens it")
        scene.key(.character("v"), text: "v", in: popup2)
        scene.key(.enter, in: popup2)
        #expect(chosen == ["share", "vcard"])
        #expect(!scene.app.menuController.isMenuVisible)
    }

    @Test func aClickOnASubmenuRowSlidesItInAndBackReturns() throws {
        let label = Label(text: "contact")
        label.frame = Rect(x: 10, y: 10, width: 150, height: 24)
        var chosen: [String] = []
        label.menuItems = [MenuItem(title: "Copy As", submenu: [MenuItem(title: "vCard") { _ in chosen.append("vcard") }])]
        let scene = scene(with: [label])
        scene.click(at: Point(x: 20, y: 20), button: .secondary)
        let menu = try #require(scene.app.menuController.contextMenuView)
        #expect(scene.chooseMenuItem("Copy As"))
        #expect(menu.openSubmenu == 0 && scene.app.menuController.isMenuVisible)
        let back = try #require(scene.menuWindow).contentView
        let backRow = menu.convert(menu.layout.rowFrames[0], to: nil)
        scene.click(at: Point(x: backRow.midX, y: backRow.midY), in: back.window)
        #expect(menu.openSubmenu == nil)
        #expect(scene.chooseMenuItem("Copy As") && scene.chooseMenuItem("vCard"))
        #expect(chosen == ["vcard"])
    }
}
