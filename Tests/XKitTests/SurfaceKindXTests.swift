import CX11
import Foundation
import Testing
@testable @_spi(Platform) import XKit
import XKitTesting

/// What each surface kind gets from the X backend at creation: override-redirect, the EWMH type,
/// transient-for, the modal state, the popup's shape and grab, the drag image's empty input shape,
/// and a popup's dismissal by a real click outside it or its owner losing focus.
@Suite(.serialized)
@MainActor
struct SurfaceKindXTests {
    private func startApp() throws -> Application {
        _ = try XvfbServer.shared()
        let app = try Application.start()
        app.terminatesAfterLastWindowClosed = false
        return app
    }

    private func shown(_ window: XKit.Window) async -> Bool {
        window.show()
        return await eventually { window.hasDrawnFirstFrame }
    }

    /// The number of rectangles in a window's shape of `kind` (ShapeBounding or ShapeInput), from another client.
    private func shapeRectangles(_ xid: UInt, kind: Int32) throws -> [XRectangle] {
        let dpy = try #require(XOpenDisplay(try XvfbServer.shared().display))
        defer { XCloseDisplay(dpy) }
        var count: Int32 = 0, ordering: Int32 = 0
        guard let rects = XShapeGetRectangles(dpy, XID(xid), kind, &count, &ordering) else { return [] }
        defer { XFree(rects) }
        return (0..<Int(count)).map { rects[$0] }
    }

    @Test func aModalDialogIsATransientDialogWithTheModalState() async throws {
        let app = try startApp()
        let finder = try WindowFinder()
        let main = XKit.Window(title: "main", size: Size(width: 200, height: 120), app: app)
        defer { main.close() }
        let dialog = XKit.Window(title: "Delete?", size: Size(width: 160, height: 80), kind: .dialog(parent: main, modal: true), app: app)
        defer { dialog.close() }
        #expect(await shown(main))
        #expect(await shown(dialog))
        #expect(!finder.isOverrideRedirect(dialog.xid))
        #expect(finder.atomListProperty(dialog.xid, "_NET_WM_WINDOW_TYPE") == ["_NET_WM_WINDOW_TYPE_DIALOG"])
        #expect(finder.integerListProperty(dialog.xid, "WM_TRANSIENT_FOR") == [Int(bitPattern: main.xid)])
        #expect(finder.atomListProperty(dialog.xid, "_NET_WM_STATE")?.contains("_NET_WM_STATE_MODAL") == true)
        // Asking for another state keeps the modal one (the property is written whole).
        if (app.platform as? X11Platform)?.hasWindowManager == false {
            dialog.isFullscreen = true
            #expect(await eventually { finder.atomListProperty(dialog.xid, "_NET_WM_STATE")?.contains("_NET_WM_STATE_FULLSCREEN") == true })
            #expect(finder.atomListProperty(dialog.xid, "_NET_WM_STATE")?.contains("_NET_WM_STATE_MODAL") == true)
        }
        let modeless = XKit.Window(title: "Find", size: Size(width: 160, height: 80), kind: .dialog(parent: nil, modal: false), app: app)
        defer { modeless.close() }
        #expect(await shown(modeless))
        #expect(finder.atomListProperty(modeless.xid, "_NET_WM_STATE")?.contains("_NET_WM_STATE_MODAL") != true)
        #expect(finder.integerListProperty(modeless.xid, "WM_TRANSIENT_FOR") == nil)
        #expect(finder.atomListProperty(main.xid, "_NET_WM_WINDOW_TYPE") == ["_NET_WM_WINDOW_TYPE_NORMAL"])
    }

    @Test func aDragImageBypassesTheWindowManagerLetsThePointerThroughAndHasRoundCorners() async throws {
        let app = try startApp()
        let finder = try WindowFinder()
        let image = XKit.Window(title: "drag", size: Size(width: 40, height: 20), origin: Point(x: 10, y: 10), kind: .dragImage, app: app)
        defer { image.close() }
        #expect(await shown(image))
        #expect(finder.isOverrideRedirect(image.xid))
        #expect(finder.atomListProperty(image.xid, "_NET_WM_WINDOW_TYPE") == ["_NET_WM_WINDOW_TYPE_DND"])
        #expect(try shapeRectangles(image.xid, kind: ShapeInput).isEmpty, "the input shape is empty")
        // Cut to its rounded chip: with no compositor, square corners would show black.
        let drawn = try shapeRectangles(image.xid, kind: ShapeBounding)
        func covers(_ x: Int, _ y: Int) -> Bool {
            drawn.contains { x >= Int($0.x) && x < Int($0.x) + Int($0.width) && y >= Int($0.y) && y < Int($0.y) + Int($0.height) }
        }
        #expect(covers(20, 10) && covers(20, 0) && covers(0, 10), "the chip and its straight edges are drawn")
        #expect(!covers(0, 0) && !covers(39, 19), "the corners are cut")
    }

    /// A popup over `owner` at (50, 50), 120×60, with a cut corner, opened by a real press.
    private func popup(over owner: XKit.Window, app: Application) -> XKit.Window {
        let outline = [[Point(x: 0, y: 0), Point(x: 110, y: 0), Point(x: 120, y: 10), Point(x: 120, y: 60), Point(x: 0, y: 60)]]
        let origin = Point(x: owner.screenOrigin.x + 50, y: owner.screenOrigin.y + 50)
        return XKit.Window(title: "popup", size: Size(width: 120, height: 60), origin: origin,
                           kind: .popup(owner: owner, outline: outline, trigger: nil), app: app)
    }

    @Test func aPopupIsShapedGrabsOnItsMapAndAClickOutsideDismissesIt() async throws {
        let app = try startApp()
        let finder = try WindowFinder()
        let owner = XKit.Window(title: "owner", size: Size(width: 300, height: 200), origin: Point(x: 0, y: 0), app: app)
        defer { owner.close() }
        #expect(await shown(owner))
        let popup = popup(over: owner, app: app)
        var dismissals = 0
        popup.onDismiss = { dismissals += 1 }
        #expect(await shown(popup))
        #expect(finder.isOverrideRedirect(popup.xid))
        #expect(finder.atomListProperty(popup.xid, "_NET_WM_WINDOW_TYPE") == ["_NET_WM_WINDOW_TYPE_POPUP_MENU"])
        #expect(finder.integerListProperty(popup.xid, "WM_TRANSIENT_FOR") == [Int(bitPattern: owner.xid)])
        #expect(try shapeRectangles(popup.xid, kind: ShapeBounding).count > 1, "cut to the outline, not a rectangle")
        let surface = try #require(popup.surface as? X11WindowSurface)
        #expect(surface.holdsGrab)
        // Another client cannot take the pointer while the popup holds it.
        let dpy = try #require(XOpenDisplay(try XvfbServer.shared().display))
        defer { XCloseDisplay(dpy) }
        let status = XGrabPointer(dpy, XDefaultRootWindow(dpy), 0, UInt32(ButtonPressMask), GrabModeAsync, GrabModeAsync,
                                  XID(0), XID(0), Time(CurrentTime))
        #expect(status == AlreadyGrabbed)
        // A real click inside reaches the popup's views; one outside (over the owner) dismisses it.
        let driver = try XTestDriver.shared()
        driver.click(at: Point(x: popup.screenOrigin.x + 20, y: popup.screenOrigin.y + 20))
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(dismissals == 0)
        driver.click(at: Point(x: owner.screenOrigin.x + 10, y: owner.screenOrigin.y + 190))
        #expect(await eventually { dismissals == 1 })
        popup.close()
        #expect(!surface.holdsGrab)
        // Closing released the grab: now another client can grab.
        XSync(dpy, 0)
        let after = XGrabPointer(dpy, XDefaultRootWindow(dpy), 0, UInt32(ButtonPressMask), GrabModeAsync, GrabModeAsync,
                                 XID(0), XID(0), Time(CurrentTime))
        #expect(after == GrabSuccess)
        XUngrabPointer(dpy, Time(CurrentTime))
        XSync(dpy, 0)
    }

    @Test func thePopupIsDismissedWhenItsOwnerLosesFocus() async throws {
        let app = try startApp()
        let owner = XKit.Window(title: "owner", size: Size(width: 300, height: 200), origin: Point(x: 0, y: 0), app: app)
        defer { owner.close() }
        let other = XKit.Window(title: "other", size: Size(width: 100, height: 100), origin: Point(x: 400, y: 0), app: app)
        defer { other.close() }
        #expect(await shown(other))
        #expect(await shown(owner))
        let finder = try WindowFinder()
        owner.activate()
        #expect(await eventually { finder.focusedWindow() == owner.xid })
        var ownerLostFocus = 0
        owner.onFocusLost = { ownerLostFocus += 1 }
        let popup = popup(over: owner, app: app)
        defer { popup.close() }
        var dismissals = 0
        popup.onDismiss = { dismissals += 1 }
        #expect(await shown(popup))
        other.activate()
        let focus = { "focus on \(finder.focusedWindow()), owner \(owner.xid), other \(other.xid), popup \(popup.xid)" }
        #expect(await eventually { dismissals == 1 }, "\(focus())")
        #expect(ownerLostFocus == 1, "the owner's own handler still runs")
    }
}
