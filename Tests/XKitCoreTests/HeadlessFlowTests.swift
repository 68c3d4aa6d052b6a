import Testing
@_spi(Platform) import XKitCore
import XKitHeadless

/// Whole flows on the headless platform: a window, input, the menu popup, Copy and the pasteboard.
@MainActor
@Suite struct HeadlessFlowTests {
    /// A copyable label in a headless window, 200×24 at (20, 40).
    private func copyableLabel(_ text: String = "Giá vé: 250.000 ₫") -> (HeadlessScene, Label) {
        let scene = HeadlessScene()
        let label = Label(text: text)
        label.isCopyable = true
        return (scene, scene.show(label, at: Rect(x: 20, y: 40, width: 200, height: 24)))
    }

    @Test func longPressOpensTheMenuAndCopyPutsTheTextOnThePasteboard() throws {
        let (scene, label) = copyableLabel()
        scene.longPress(at: Point(x: 40, y: 50))
        let popup = try #require(scene.menuWindow, "a long press opens the menu")
        let surface = try #require(scene.platform.surface(of: popup))
        #expect(surface.role == .popup && surface.bypassesWindowManager)
        #expect(surface.grabCount == 1 && surface.grabTrigger != nil, "grabbed once, timed by the press")
        #expect(surface.isVisible && surface.isGrabbing)
        #expect(!surface.shape.isEmpty, "the popup is cut to the menu's outline")
        #expect(scene.app.menuController.isShowingMenu(for: label))
        #expect(scene.app.menuController.menuView?.items.map(\.title) == ["Copy"])
        #expect(surface.recorder.texts.contains("Copy"), "the popup drew its item")

        let before = scene.platform.clock.now
        #expect(scene.chooseMenuItem("Copy"))
        #expect(scene.platform.clipboard.contents == "Giá vé: 250.000 ₫")
        let copy = try #require(scene.platform.clipboard.copies.last)
        // The copy is stamped with the click that chose Copy, not the press that opened the menu.
        let stamp = try #require(copy.timestamp).rawValue
        #expect(stamp >= UInt32(before * 1000))
        #expect(!scene.app.menuController.isMenuVisible)
        #expect(!surface.isGrabbing && surface.isTransparentToInput, "the grab is released at once")
        scene.platform.advance(by: 0.2)
        #expect(surface.isDestroyed, "the popup is gone once it faded out")
    }

    @Test func aShortPressOpensNoMenu() {
        let (scene, _) = copyableLabel()
        scene.longPress(at: Point(x: 40, y: 50), duration: 0.3)
        #expect(scene.menuWindow == nil)
        #expect(!scene.app.menuController.isMenuVisible)
    }

    @Test func escapeAndAClickOutsideCloseTheMenu() throws {
        let (scene, _) = copyableLabel()
        scene.longPress(at: Point(x: 40, y: 50))
        let popup = try #require(scene.menuWindow)
        scene.key(.escape, in: popup)
        #expect(scene.menuWindow == nil)
        scene.longPress(at: Point(x: 40, y: 50))
        let second = try #require(scene.menuWindow)
        // The grab sends a click anywhere to the popup, in its coordinates: far outside its bounds.
        scene.press(at: Point(x: -300, y: 400), in: second)
        #expect(scene.menuWindow == nil)
        #expect(scene.platform.clipboard.copies.isEmpty)
    }

    @Test func losingFocusClosesTheMenuWithoutReplacingTheWindowsHandler() throws {
        let (scene, _) = copyableLabel()
        var appHandlerRuns = 0
        scene.window.onFocusLost = { appHandlerRuns += 1 }
        scene.longPress(at: Point(x: 40, y: 50))
        #expect(scene.menuWindow != nil)
        scene.platform.surface(of: scene.window)?.loseFocus()
        scene.platform.displayPass()
        #expect(scene.menuWindow == nil)
        #expect(appHandlerRuns == 1)
        scene.platform.surface(of: scene.window)?.loseFocus()
        #expect(appHandlerRuns == 2, "the app's handler is still the window's own")
    }

    @Test func customItemsGetTheirTargetView() throws {
        let (scene, label) = copyableLabel("share me")
        var shared: String?
        scene.app.menuController.menuItems = [MenuItem(title: "Share…") { context in shared = (context.target as? Label)?.text }]
        scene.longPress(at: Point(x: 40, y: 50))
        #expect(scene.app.menuController.menuView?.items.map(\.title) == ["Copy", "Share…"])
        #expect(scene.chooseMenuItem("Share…"))
        #expect(shared == label.text)
    }

    @Test func rightClickOpensAContextMenuAtThePointerWithTheSameItems() throws {
        let (scene, label) = copyableLabel()
        scene.click(at: Point(x: 40, y: 50), button: .secondary)
        #expect(scene.app.menuController.menuStyle == .context)
        #expect(scene.menuTitles == ["Copy"])
        #expect(label.isMenuTarget, "the label is highlighted while its menu is open")
        let popup = try #require(scene.menuWindow)
        let surface = try #require(scene.platform.surface(of: popup))
        // Window (100, 100) + the click (40, 50): the menu's top-left is at the pointer.
        #expect(surface.frame.origin == Point(x: 140, y: 150))
        #expect(scene.chooseMenuItem("Copy"))
        #expect(scene.platform.clipboard.contents == label.text)
        #expect(!label.isMenuTarget)
    }

    @Test func twoAppsOnTwoPlatformsShareNothing() {
        let (a, _) = copyableLabel("first")
        let (b, _) = copyableLabel("second")
        a.longPress(at: Point(x: 40, y: 50))
        _ = a.chooseMenuItem("Copy")
        #expect(a.platform.clipboard.contents == "first")
        #expect(b.platform.clipboard.contents == nil)
        #expect(!b.app.menuController.isMenuVisible)
    }

    @Test func thePointerShowsAnIBeamOverTextAndTheArrowElsewhere() throws {
        let scene = HeadlessScene()
        let field = TextField(frame: Rect(x: 20, y: 20, width: 160, height: 24))
        let link = View(frame: Rect(x: 20, y: 80, width: 60, height: 20))
        link.pointerCursor = .pointingHand
        scene.root.addSubview(field)
        scene.root.addSubview(link)
        let surface = try #require(scene.platform.surface(of: scene.window))
        func hover(_ p: Point) {
            scene.platform.send(PointerEvent(kind: .moved, location: p, time: scene.platform.clock.now), to: scene.window)
        }
        hover(Point(x: 40, y: 30))
        #expect(surface.cursor == .iBeam)
        hover(Point(x: 40, y: 90))
        #expect(surface.cursor == .pointingHand)
        hover(Point(x: 300, y: 200))
        #expect(surface.cursor == .arrow)
    }

    @Test func theViewsTraceComesFromTheAccessibilityTree() {
        let (scene, label) = copyableLabel("node")
        label.accessibilityIdentifier = "price"
        let node = AccessibilityNode(view: label)
        #expect(node.role == .label)
        #expect(node.name == "node")
        #expect(node.identifier == "price")
        #expect(node.states.contains(.copyable) && node.states.contains(.focusable))
        #expect(node.actions == [.copy])
        #expect(node.frame == Rect(x: 120, y: 140, width: 200, height: 24), "screen coordinates: window at (100, 100)")
        #expect(AccessibilityNode(view: scene.root).children.count == 1)
    }
}

/// A label both copyable and selectable copies through one path, whichever property came first.
@MainActor
@Suite struct CopyableSelectableLabelTests {
    enum Order: CaseIterable { case copyableFirst, selectableFirst }

    private func label(_ order: Order) -> (HeadlessScene, Label) {
        let scene = HeadlessScene(measurer: FixedAdvanceMeasurer())
        let label = Label(text: "hello world")
        label.frame = Rect(x: 20, y: 40, width: 200, height: 24)
        switch order {
        case .copyableFirst: label.isCopyable = true; label.isSelectable = true
        case .selectableFirst: label.isSelectable = true; label.isCopyable = true
        }
        label.copyText = "HELLO"
        scene.root.addSubview(label)
        scene.platform.displayPass()
        return (scene, label)
    }

    @Test(arguments: Order.allCases)
    func theMenuCopiesTheSelectionElseTheCopyText(order: Order) throws {
        let (scene, label) = label(order)
        scene.longPress(at: Point(x: 30, y: 50))
        #expect(scene.app.menuController.menuView?.items.map(\.title) == ["Copy"], "Copy is offered once")
        #expect(scene.chooseMenuItem("Copy"))
        #expect(scene.platform.clipboard.contents == "HELLO")
        label.selectedRange = 6..<(label.text?.count ?? 0)
        // A right-click keeps the selection (a primary press would start a new one).
        scene.click(at: Point(x: 30, y: 50), button: .secondary)
        #expect(scene.chooseMenuItem("Copy"))
        #expect(scene.platform.clipboard.contents == "world")
        #expect(scene.platform.clipboard.copies.allSatisfy { $0.timestamp != nil }, "menu copies carry the click's time")
    }

    @Test(arguments: Order.allCases)
    func controlCCopiesTheSelectionElseTheCopyText(order: Order) throws {
        let (scene, label) = label(order)
        #expect(label.becomeFirstResponder())
        scene.key(.character("c"), modifiers: .control)
        #expect(scene.platform.clipboard.contents == "HELLO")
        label.selectedRange = 6..<(label.text?.count ?? 0)
        scene.key(.character("c"), modifiers: .control)
        #expect(scene.platform.clipboard.contents == "world")
        #expect(scene.platform.clipboard.copies.count == 2, "one copy per key, not one per installed feature")
    }
}
