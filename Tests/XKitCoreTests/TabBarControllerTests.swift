import Testing
@_spi(Platform) @testable import XKitCore
import XKitHeadless

/// The tab bar controller with no display: one screen in the window at a time, the bar's tabs and
/// badges, clicks, the desktop's tab keys, `shouldSelect`, the window title, appearance callbacks,
/// focus and accessibility.
@MainActor
@Suite struct TabBarControllerTests {
    private final class Screen: ViewController {
        var events: [String] = []
        let field = TextField(placeholder: "x")
        init(_ title: String) {
            super.init()
            self.title = title
        }
        override func viewDidLoad() {
            super.viewDidLoad()
            field.frame = Rect(x: 10, y: 10, width: 100, height: 30)
            view.addSubview(field)
        }
        override func viewWillAppear(_ animated: Bool) { events.append("willAppear") }
        override func viewDidDisappear(_ animated: Bool) { events.append("didDisappear") }
    }

    private func setUp() -> (HeadlessScene, TabBarController, [Screen]) {
        let scene = HeadlessScene(size: Size(width: 400, height: 300))
        let screens = [Screen("Inbox"), Screen("Contacts"), Screen("Settings")]
        let tabs = TabBarController()
        tabs.viewControllers = screens
        scene.window.rootViewController = tabs
        scene.platform.displayPass()
        return (scene, tabs, screens)
    }

    private func centre(of tab: Int, in tabs: TabBarController) -> Point {
        let frame = tabs.tabBar.tabFrame(at: tab)
        return tabs.tabBar.convert(Point(x: frame.midX, y: frame.midY), to: nil)
    }

    @Test func onlyTheSelectedScreenIsInTheWindowAboveTheBar() {
        let (scene, tabs, screens) = setUp()
        #expect(tabs.selectedIndex == 0 && tabs.selectedViewController === screens[0])
        #expect(screens[0].view.window === scene.window)
        #expect(!screens[1].isViewLoaded, "a tab never shown is never loaded")
        #expect(tabs.tabBar.frame == Rect(x: 0, y: 300 - TabBar.compactHeight, width: 400, height: TabBar.compactHeight))
        #expect(screens[0].view.frame == Rect(x: 0, y: 0, width: 400, height: 300 - TabBar.compactHeight))
        #expect(tabs.tabBar.items.count == 3 && tabs.tabBar.tabFrame(at: 1) == Rect(x: 400.0 / 3, y: 0, width: 400.0 / 3, height: TabBar.compactHeight))
        #expect(scene.window.title == "Inbox")
        #expect(screens.allSatisfy { $0.tabBarController === tabs })
    }

    @Test func aClickOnATabShowsItsScreenAndTellsTheAppearanceCallbacks() {
        let (scene, tabs, screens) = setUp()
        var chosen: [String] = []
        tabs.didSelect = { chosen.append($0.title ?? "") }
        scene.click(at: centre(of: 2, in: tabs))
        scene.platform.displayPass()
        #expect(tabs.selectedIndex == 2 && chosen == ["Settings"])
        #expect(screens[2].view.window === scene.window && screens[0].view.window == nil)
        #expect(screens[0].events == ["willAppear", "didDisappear"])
        #expect(screens[2].events == ["willAppear"])
        #expect(scene.window.title == "Settings")
        scene.click(at: centre(of: 2, in: tabs))
        #expect(chosen == ["Settings"], "the selected tab again changes nothing")
    }

    @Test func theDesktopsTabKeysMoveBetweenTabsFromInsideAScreen() {
        let (scene, tabs, screens) = setUp()
        _ = screens[0].field.becomeFirstResponder()
        scene.key(.pageDown, modifiers: .control)
        #expect(tabs.selectedIndex == 1)
        #expect(scene.eventRouter.firstResponder == nil, "focus left in the hidden screen is dropped")
        scene.key(.tab, modifiers: .control)
        #expect(tabs.selectedIndex == 2)
        scene.key(.tab, modifiers: .control)
        #expect(tabs.selectedIndex == 0, "wraps")
        scene.key(.tab, modifiers: [.control, .shift])
        #expect(tabs.selectedIndex == 2)
        scene.key(.pageUp, modifiers: .control)
        #expect(tabs.selectedIndex == 1)
        scene.key(.character("1"), text: "1", modifiers: .alt)
        #expect(tabs.selectedIndex == 0)
        scene.key(.character("9"), text: "9", modifiers: .alt)
        #expect(tabs.selectedIndex == 0, "there is no ninth tab")
        scene.key(.tab)
        #expect(tabs.selectedIndex == 0, "a plain Tab still moves focus")
    }

    @Test func withFocusTheBarsArrowsChooseTabsAndSkipADisabledOne() {
        let (scene, tabs, screens) = setUp()
        screens[1].tabBarItem.isEnabled = false
        _ = tabs.tabBar.becomeFirstResponder()
        scene.key(.right)
        #expect(tabs.selectedIndex == 2, "over the disabled tab")
        scene.key(.home)
        #expect(tabs.selectedIndex == 0)
        scene.click(at: centre(of: 1, in: tabs))
        #expect(tabs.selectedIndex == 0, "a disabled tab takes no click")
    }

    @Test func shouldSelectCanRefuseAndSettingTheIndexDoesNotAsk() {
        let (_, tabs, screens) = setUp()
        var asked = 0
        tabs.shouldSelect = { _ in asked += 1; return false }
        tabs.choose(1)
        #expect(tabs.selectedIndex == 0 && asked == 1)
        tabs.selectedIndex = 2
        #expect(tabs.selectedIndex == 2 && asked == 1)
        tabs.selectedIndex = 7
        #expect(tabs.selectedIndex == 2, "out of range: ignored")
        tabs.selectedViewController = Screen("Stranger")
        #expect(tabs.selectedViewController === screens[2])
    }

    @Test func badgesAndTitlesFollowTheItemsLive() {
        let (scene, tabs, screens) = setUp()
        screens[0].tabBarItem.badgeValue = "3"
        screens[2].tabBarItem.title = "Preferences"
        scene.platform.displayPass()
        let fields = tabs.tabBar.traceFields()
        #expect("\(fields)".contains("Preferences"))
        #expect(tabs.tabBar.accessibilityElements.map(\.name) == ["Inbox", "Contacts", "Preferences"])
        #expect(tabs.tabBar.accessibilityElements.allSatisfy { $0.role == .pageTab })
        #expect(tabs.tabBar.accessibilityRole == .pageTabList)
        #expect(tabs.tabBar.performAccessibilityAction(ofElementAt: 2) && tabs.selectedIndex == 2)
        #expect(scene.window.title == "Settings", "the window follows the screen's title, not the tab's")
    }

    @Test func aNavigationControllerInATabKeepsTheWindowTitleOnItsTopScreen() {
        let scene = HeadlessScene(size: Size(width: 400, height: 300))
        scene.app.frameClock.animationsEnabledOverride = false
        let root = Screen("Settings")
        root.tabBarItem.badgeValue = "2"
        let navigation = NavigationController(rootViewController: root)
        let tabs = TabBarController()
        tabs.viewControllers = [navigation, Screen("About")]
        scene.window.rootViewController = tabs
        scene.platform.displayPass()
        navigation.pushViewController(Screen("Text size"), animated: false)
        #expect(scene.window.title == "Text size")
        #expect(tabs.tabBar.accessibilityElements.first?.name == "Settings", "the tab keeps the root screen's title")
        #expect(tabs.tabBar.items.first === root.tabBarItem, "and its item, badge and all")
        tabs.selectedIndex = 1
        #expect(scene.window.title == "About")
        tabs.selectedIndex = 0
        #expect(scene.window.title == "Text size")
    }

    @Test func replacingTheTabsKeepsTheSelectedScreenAndRejectsDuplicates() {
        let (_, tabs, screens) = setUp()
        tabs.selectedIndex = 1
        tabs.viewControllers = [screens[1], screens[2]]
        #expect(tabs.selectedIndex == 0 && tabs.selectedViewController === screens[1])
        #expect(screens[0].parent == nil)
        tabs.viewControllers = [screens[2], screens[2]]
        #expect(tabs.viewControllers.count == 2 && tabs.viewControllers[0] === screens[1], "a duplicate list is ignored")
    }
}
