import CX11
import Foundation
import Testing
@testable @_spi(Platform) import XKit
import XKitTesting

/// An alert on a real X server (bare, and under openbox with `XKIT_TEST_WM=openbox`): its window
/// type, modal state, transient-for and place read back from another client, its keys pressed
/// with XTest, and a real click on the parent while it is up doing nothing.
@Suite(.serialized)
@MainActor
struct AlertXTests {
    @MainActor private final class Host {
        let app: Application
        let window: XKit.Window
        let root = ViewController()
        let parentButton = Button(title: "Parent button")
        var parentClicks = 0
        var chosen: [String] = []

        init() throws {
            _ = try XvfbServer.shared()
            app = try Application.start()
            app.terminatesAfterLastWindowClosed = false
            window = XKit.Window(title: "alert host", size: Size(width: 480, height: 320), origin: Point(x: 40, y: 60), app: app)
            window.rootViewController = root
            parentButton.frame = Rect(x: 20, y: 20, width: 160, height: 32)
            parentButton.addAction { [unowned self] _ in parentClicks += 1 }
            root.view.addSubview(parentButton)
        }

        func alert(_ title: String) -> AlertController {
            let alert = AlertController(title: title, message: "This cannot be undone.", preferredStyle: .alert)
            for (name, style) in [("Cancel", AlertAction.Style.cancel), ("Keep", .default), ("Delete", .destructive)] {
                alert.addAction(AlertAction(title: name, style: style) { [unowned self] action in chosen.append(action.title ?? "") })
            }
            return alert
        }

        var dialog: XKit.Window? { app.windows.last { $0.kind.role == .dialog && !$0.isClosed } }

        var parentButtonCentre: Point {
            let frame = parentButton.convert(parentButton.bounds, to: nil)
            return Point(x: window.screenOrigin.x + frame.midX, y: window.screenOrigin.y + frame.midY)
        }
    }

    private var underWindowManager: Bool { WindowManagerTests.underWindowManager }

    @Test func anAlertIsAModalDialogTransientForItsParentCentredOnItAndAnsweredFromTheKeyboard() async throws {
        let host = try Host()
        defer { host.window.close() }
        let finder = try WindowFinder()
        let driver = try XTestDriver.shared()
        host.window.show()
        #expect(await eventually { host.window.hasDrawnFirstFrame })
        let parentFrame = try finder.waitForSettledGeometry(of: host.window.xid)

        host.root.present(host.alert("Delete all tags?"), animated: true)
        #expect(await eventually { host.dialog?.hasDrawnFirstFrame == true })
        let dialog = try #require(host.dialog)
        #expect(!finder.isOverrideRedirect(dialog.xid))
        #expect(finder.atomListProperty(dialog.xid, "_NET_WM_WINDOW_TYPE") == ["_NET_WM_WINDOW_TYPE_DIALOG"])
        #expect(finder.atomListProperty(dialog.xid, "_NET_WM_STATE")?.contains("_NET_WM_STATE_MODAL") == true)
        #expect(finder.integerListProperty(dialog.xid, "WM_TRANSIENT_FOR") == [Int(bitPattern: host.window.xid)])
        let frame = try finder.waitForSettledGeometry(of: dialog.xid)
        // A window manager puts its frame (not the client) at the asked place: allow for the title bar.
        let extents = finder.frameExtents(of: dialog.xid)
        let slack = 1.0 + Double(extents.left + extents.top)
        #expect(abs(frame.midX - parentFrame.midX) <= slack && abs(frame.midY - parentFrame.midY) <= slack,
                "dialog \(frame) not centred on \(parentFrame)")

        // Keys reach the dialog once it has focus (the window manager gives it, or it takes it on map).
        #expect(await eventually { finder.focusedWindow() == dialog.xid })
        #expect((dialog.eventRouter.firstResponder as? Button)?.title == "Keep")
        try driver.key("Tab")
        #expect(await eventually { (dialog.eventRouter.firstResponder as? Button)?.title == "Delete" })
        try driver.key("shift+Tab")
        #expect(await eventually { (dialog.eventRouter.firstResponder as? Button)?.title == "Keep" })
        try driver.key("Return")
        #expect(await eventually { dialog.isClosed })
        #expect(host.chosen == ["Keep"])

        host.root.present(host.alert("Second"), animated: true)
        #expect(await eventually { host.dialog?.hasDrawnFirstFrame == true })
        let second = try #require(host.dialog)
        #expect(await eventually { finder.focusedWindow() == second.xid })
        try driver.key("Escape")
        #expect(await eventually { second.isClosed })
        #expect(host.chosen == ["Keep", "Cancel"])
        // Focus goes back to the parent.
        #expect(await eventually { finder.focusedWindow() == host.window.xid })
    }

    @Test func aRealClickOnTheParentWhileTheAlertIsUpDoesNothing() async throws {
        let host = try Host()
        defer { host.window.close() }
        let finder = try WindowFinder()
        let driver = try XTestDriver.shared()
        host.window.show()
        #expect(await eventually { host.window.hasDrawnFirstFrame })
        _ = try finder.waitForSettledGeometry(of: host.window.xid)
        // The click works before the alert, so the one below is really blocked rather than missed.
        driver.click(at: host.parentButtonCentre)
        #expect(await eventually { host.parentClicks == 1 })

        host.root.present(host.alert("Blocking"), animated: true)
        #expect(await eventually { host.dialog?.hasDrawnFirstFrame == true })
        let dialog = try #require(host.dialog)
        _ = try finder.waitForSettledGeometry(of: dialog.xid)
        driver.click(at: host.parentButtonCentre)
        await driver.waitUntilIdle()
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(host.parentClicks == 1, "the click on the parent ran its button")
        #expect(!dialog.isClosed && host.chosen.isEmpty)
        // The dialog still (or again) has the keyboard: Escape answers it.
        #expect(await eventually { finder.focusedWindow() == dialog.xid })
        try driver.key("Escape")
        #expect(await eventually { dialog.isClosed })
        driver.click(at: host.parentButtonCentre)
        #expect(await eventually { host.parentClicks == 2 })
    }
}
