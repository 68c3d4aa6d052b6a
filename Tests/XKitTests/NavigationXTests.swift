import CX11
import Foundation
import Testing
@testable @_spi(Platform) import XKit
import XKitTesting

/// A navigation controller on a real X server: a real click on a pushing button, then back with
/// Alt+Left and with the mouse's back button (X button 8), both sent with XTest.
@Suite(.serialized)
@MainActor
struct NavigationXTests {
    @Test func pushThenAltLeftAndButton8GoBack() async throws {
        _ = try XvfbServer.shared()
        let app = try Application.start()
        app.terminatesAfterLastWindowClosed = false
        let window = XKit.Window(title: "navigation", size: Size(width: 420, height: 300), origin: Point(x: 30, y: 40), app: app)
        defer { window.close() }
        let root = ViewController()
        root.title = "Settings"
        let navigation = NavigationController(rootViewController: root)
        let next = Button(title: "About…")
        next.frame = Rect(x: 20, y: 20, width: 140, height: 32)
        next.addAction { _ in
            let about = ViewController()
            about.title = "About"
            navigation.pushViewController(about, animated: true)
        }
        root.view.addSubview(next)
        window.rootViewController = navigation
        window.show()
        #expect(await eventually { window.hasDrawnFirstFrame })
        let finder = try WindowFinder()
        _ = try finder.waitForSettledGeometry(of: window.xid)
        #expect(await eventually { finder.focusedWindow() == window.xid })
        let driver = try XTestDriver.shared()
        func centre(of view: View) -> Point {
            let frame = view.convert(view.bounds, to: nil)
            return Point(x: window.screenOrigin.x + frame.midX, y: window.screenOrigin.y + frame.midY)
        }

        driver.click(at: centre(of: next))
        #expect(await eventually { navigation.topViewController?.title == "About" })
        #expect(await eventually { finder.name(of: window.xid) == "About" }, "the window title follows the top")
        try driver.key("alt+Left")
        #expect(await eventually { navigation.topViewController === root })

        driver.click(at: centre(of: next))
        #expect(await eventually { navigation.viewControllers.count == 2 })
        driver.click(at: Point(x: window.screenOrigin.x + 200, y: window.screenOrigin.y + 200), button: 8)
        #expect(await eventually { navigation.topViewController === root })
        #expect(navigation.navigationBar.backButton.isHidden)
    }
}
