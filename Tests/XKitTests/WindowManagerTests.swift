import CX11
import Foundation
import Testing
@testable import XKit
import XKitTesting

/// Living with a window manager: framing, placement, focus, ping, close, states, icon, transient-for.
/// `make test` runs these under openbox as well; the tests marked so need one.
@Suite(.serialized)
@MainActor
struct WindowManagerTests {
    /// Whether this run has a window manager (`XKIT_TEST_WM=openbox`).
    nonisolated static var underWindowManager: Bool { (try? TestWindowManager.requested()) != nil }

    private func startApp() throws -> Application {
        _ = try XvfbServer.shared()
        let app = try Application.start()
        app.terminatesAfterLastWindowClosed = false
        return app
    }

    /// Shows a window and waits until its first frame is drawn and the window manager has placed it.
    private func show(_ window: XKit.Window, finder: WindowFinder) async throws -> Rect {
        window.show()
        let drawn = await eventually { window.hasDrawnFirstFrame }
        #expect(drawn)
        // Settled: the same root geometry for three polls in a row (a window manager moves it after the map).
        var last = finder.geometry(of: window.xid)
        var unchanged = 0
        for _ in 0..<100 where unchanged < 3 {
            try await Task.sleep(nanoseconds: 50_000_000)
            let now = finder.geometry(of: window.xid)
            unchanged = now == last && now != nil ? unchanged + 1 : 0
            last = now
        }
        return try #require(last)
    }

    // MARK: Out of process, under the window manager

    @Test(.enabled(if: underWindowManager))
    func theWindowIsFramedAndTheTraceSaysWhereClicksLand() throws {
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "gallery"])
        defer { _ = app.terminate() }
        let xid = try #require(app.waitForEvent(named: "window.mapped").int("xid")).asWindowID
        let finder = try WindowFinder()
        #expect(finder.frameWindow(of: xid) != xid, "the window manager did not reparent the window")
        let extents = finder.frameExtents(of: xid)
        #expect(extents.top > extents.bottom, "no title bar in \(extents)")
        let inside = try finder.waitForSettledGeometry(of: xid)
        let frame = try #require(finder.geometry(of: finder.frameWindow(of: xid)))
        #expect(inside.minX == frame.minX + Double(extents.left) && inside.minY == frame.minY + Double(extents.top))
        // The trace's root coordinates are the window's real place on screen…
        let root = try #require(app.latestViews().first)
        #expect(root.frame == inside)
        // …so a click at a view's traced centre lands on it.
        let label = try #require(app.latestViews().first { $0.id == "copyable.price" })
        let mark = app.mark()
        try XTestDriver.shared().click(at: label.center, button: 3)
        let menu = try app.waitForEvent(named: "menu.shown", since: mark)
        let menuFrame = try #require(menu.rect("frame"))
        // Right-click opens the desktop context menu with its corner at the pointer.
        #expect(menu.string("style") == "context")
        #expect(abs(menuFrame.minX - label.center.x) <= 2 && abs(menuFrame.minY - label.center.y) <= 2,
                "menu at \(menuFrame), clicked at \(label.center)")
        try XTestDriver.shared().key("Escape")
        _ = try app.waitForEvent(named: "menu.hidden", since: mark)
    }

    @Test(.enabled(if: underWindowManager))
    func theMenuOpensAtTheLabelAfterTheWindowManagerMovedTheWindowAndIsTransientForIt() throws {
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "gallery"])
        defer { _ = app.terminate() }
        let xid = try #require(app.waitForEvent(named: "window.mapped").int("xid")).asWindowID
        let finder = try WindowFinder()
        let before = try app.waitForView { $0.id == "copyable.centered" }
        try finder.move(xid, to: Point(x: 30, y: 150))
        let moved = try app.waitForView(timeout: 5) { $0.id == "copyable.centered" && $0.frame.minY != before.frame.minY }
        let inside = try finder.waitForSettledGeometry(of: xid)
        #expect(try #require(app.latestViews().first).frame.origin == inside.origin)
        let mark = app.mark()
        let driver = try XTestDriver.shared()
        // A long press opens the callout, which points at the label's text.
        driver.pressAndHold(at: moved.center, duration: 0.6)
        let menu = try app.waitForEvent(named: "menu.shown", since: mark)
        let frame = try #require(menu.rect("frame"))
        #expect(menu.string("style") == "callout")
        #expect(menu.string("placement") == "above")
        #expect(abs(frame.midX - moved.frame.midX) <= 2)
        // Above the label, its arrow on the (vertically centred) text.
        #expect(frame.maxY <= moved.frame.midY && frame.maxY >= moved.frame.minY - 20)
        // The popup is where the trace says, and belongs to the window it was opened from.
        let popup = try #require(app.events[mark...].first { $0.name == "window.mapped" && $0.string("title") == "menu" }?.int("xid")).asWindowID
        #expect(finder.geometry(of: popup)?.origin == frame.origin)
        #expect(finder.integerListProperty(popup, "WM_TRANSIENT_FOR") == [Int(bitPattern: xid)])
        try driver.key("Escape")
        _ = try app.waitForEvent(named: "menu.hidden", since: mark)
    }

    @Test(.enabled(if: underWindowManager))
    func closingThroughTheWindowManagerEndsTheAppCleanly() throws {
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "hello"])
        defer { _ = app.terminate() }
        let xid = try #require(app.waitForEvent(named: "window.mapped").int("xid")).asWindowID
        let finder = try WindowFinder()
        // openbox focuses a new window (through WM_TAKE_FOCUS as well as SetInputFocus)…
        #expect(waitUntil(timeout: 5) { finder.focusedWindow() == xid }, "focus is on \(finder.focusedWindow())")
        // …and Alt+F4, its Close action, sends WM_DELETE_WINDOW.
        try XTestDriver.shared().key("alt+F4")
        _ = try app.waitForEvent(named: "window.delete-request")
        #expect(app.waitForExit(timeout: 5) == 0)
        #expect(finder.findWindow(named: "XKit Hello", includeUnmapped: true) == nil)
    }

    // MARK: In process, with or without a window manager

    @Test func aPingIsAnsweredOnTheRoot() async throws {
        let app = try startApp()
        let finder = try WindowFinder()
        let window = XKit.Window(title: "ping", size: Size(width: 200, height: 100), app: app)
        defer { window.close() }
        _ = try await show(window, finder: finder)
        #expect(finder.atomListProperty(window.xid, "WM_PROTOCOLS")?.contains("_NET_WM_PING") == true)
        // Act as the window manager: ping with a token, listen on the root for the echo.
        let server = try XvfbServer.shared()
        let dpy = try #require(XOpenDisplay(server.display))
        defer { XCloseDisplay(dpy) }
        let root = XDefaultRootWindow(dpy)
        XSelectInput(dpy, root, SubstructureNotifyMask)
        var ping = XEvent()
        ping.xclient.type = ClientMessage
        ping.xclient.window = window.xid
        ping.xclient.message_type = XInternAtom(dpy, "WM_PROTOCOLS", 0)
        ping.xclient.format = 32
        let token = 0x5eed_1234
        ping.xclient.data.l = (Int(XInternAtom(dpy, "_NET_WM_PING", 0)), token, Int(window.xid), 0, 0)
        XSendEvent(dpy, window.xid, 0, NoEventMask, &ping)
        XSync(dpy, 0)
        var answered = false
        _ = await eventually(timeout: 3) {
            while XPending(dpy) > 0 {
                var event = XEvent()
                XNextEvent(dpy, &event)
                if event.type == ClientMessage, event.xclient.window == root, event.xclient.data.l.1 == token,
                   event.xclient.data.l.2 == Int(window.xid) { answered = true }
            }
            return answered
        }
        #expect(answered)
    }

    @Test func takeFocusAndActivateGiveTheWindowFocus() async throws {
        let app = try startApp()
        let finder = try WindowFinder()
        let first = XKit.Window(title: "first", size: Size(width: 200, height: 100), origin: Point(x: 100, y: 100), app: app)
        let second = XKit.Window(title: "second", size: Size(width: 200, height: 100), origin: Point(x: 400, y: 100), app: app)
        defer { first.close(); second.close() }
        _ = try await show(first, finder: finder)
        _ = try await show(second, finder: finder)
        #expect(finder.atomListProperty(first.xid, "WM_PROTOCOLS")?.contains("WM_TAKE_FOCUS") == true)
        first.activate()
        #expect(await eventually(timeout: 3) { finder.focusedWindow() == first.xid }, "focus is on \(finder.focusedWindow())")
        if Self.underWindowManager {
            #expect(finder.integerListProperty(finder.rootWindow, "_NET_ACTIVE_WINDOW") == [Int(bitPattern: first.xid)])
        }
        // WM_TAKE_FOCUS, as a window manager sends it: the window sets focus itself.
        let server = try XvfbServer.shared()
        let dpy = try #require(XOpenDisplay(server.display))
        defer { XCloseDisplay(dpy) }
        var message = XEvent()
        message.xclient.type = ClientMessage
        message.xclient.window = second.xid
        message.xclient.message_type = XInternAtom(dpy, "WM_PROTOCOLS", 0)
        message.xclient.format = 32
        message.xclient.data.l = (Int(XInternAtom(dpy, "WM_TAKE_FOCUS", 0)), Int(CurrentTime), 0, 0, 0)
        XSendEvent(dpy, second.xid, 0, NoEventMask, &message)
        XSync(dpy, 0)
        #expect(await eventually(timeout: 3) { finder.focusedWindow() == second.xid }, "focus is on \(finder.focusedWindow())")
    }

    @Test func fullscreenAndMaximizedFillTheScreenAndComeBack() async throws {
        let app = try startApp()
        let finder = try WindowFinder()
        let window = XKit.Window(title: "states", size: Size(width: 300, height: 200), origin: Point(x: 200, y: 200), app: app)
        defer { window.close() }
        let normal = try await show(window, finder: finder)
        let screen = Rect(x: 0, y: 0, width: 1280, height: 1024)

        window.isFullscreen = true
        #expect(await eventually(timeout: 3) { finder.geometry(of: window.xid) == screen && window.isFullscreen },
                "fullscreen: \(String(describing: finder.geometry(of: window.xid))), \(window.windowState)")
        #expect(window.size == Size(width: 1280, height: 1024))
        window.isFullscreen = false
        #expect(await eventually(timeout: 3) { finder.geometry(of: window.xid) == normal && !window.isFullscreen },
                "back: \(String(describing: finder.geometry(of: window.xid)))")

        window.isMaximized = true
        // The frame fills the work area (the whole screen here: no panels).
        let area = finder.integerListProperty(finder.rootWindow, "_NET_WORKAREA").map {
            Rect(x: Double($0[0]), y: Double($0[1]), width: Double($0[2]), height: Double($0[3]))
        } ?? screen
        // Decorations may change with the state (openbox drops the borders of a maximized window).
        func filled() -> Rect {
            let e = finder.frameExtents(of: window.xid)
            return Rect(x: area.minX + Double(e.left), y: area.minY + Double(e.top),
                        width: area.width - Double(e.left + e.right), height: area.height - Double(e.top + e.bottom))
        }
        #expect(await eventually(timeout: 3) { finder.geometry(of: window.xid) == filled() && window.isMaximized },
                "maximized: \(String(describing: finder.geometry(of: window.xid))) want \(filled())")
        window.isMaximized = false
        #expect(await eventually(timeout: 3) { finder.geometry(of: window.xid) == normal && !window.isMaximized })
    }

    @Test func aWindowLargerThanTheScreenTakesTheSizeTheWindowManagerGivesIt() async throws {
        let app = try startApp()
        let finder = try WindowFinder()
        let window = XKit.Window(title: "too big", size: Size(width: 1400, height: 1100), app: app)
        defer { window.close() }
        let settled = try await show(window, finder: finder)
        if Self.underWindowManager {
            // openbox fits the frame to the screen after the map.
            #expect(settled.width < 1280 && settled.height < 1024, "\(settled)")
        }
        // Whatever the final geometry, the window and its root view follow it, and so do root coordinates.
        #expect(await eventually { window.size == settled.size && window.contentView.frame.size == settled.size },
                "window \(window.size), on screen \(settled)")
        #expect(window.screenOrigin == settled.origin)
    }

    @Test func theIconIsPublishedWithItsSizesAndPixels() async throws {
        let app = try startApp()
        let finder = try WindowFinder()
        let window = XKit.Window(title: "icon", size: Size(width: 200, height: 100), app: app)
        defer { window.close() }
        var pixels: [UInt8] = []
        for y in 0..<16 { for x in 0..<16 { pixels += [UInt8(x * 16), UInt8(y * 16), 0x80, x == 0 ? 0 : 0xFF] } }
        let small = try IconImage(width: 16, height: 16, rgba: pixels)
        let large = try IconImage(RGBImage(width: 32, height: 32, fill: RGBImage.Pixel(hex: 0x336699)))
        window.setIcon([small, large])
        _ = try await show(window, finder: finder)
        let items = try #require(finder.integerListProperty(window.xid, "_NET_WM_ICON"))
        let expectedCount: Int = (2 + 16 * 16) + (2 + 32 * 32)
        #expect(items.count == expectedCount)
        #expect(Array(items.prefix(2)) == [16, 16])
        // Xlib hands format-32 items back as sign-extended C longs: compare the low 32 bits.
        let argb = items.map { UInt32(truncatingIfNeeded: $0) }
        #expect(argb[2 + 3 * 16 + 5] == 0xFF50_3080)   // x 5, y 3: A FF, R 0x50, G 0x30, B 0x80
        #expect(argb[2 + 3 * 16] == 0x0000_3080)       // x 0 is transparent
        #expect(Array(items[(2 + 256)..<(2 + 256 + 2)]) == [32, 32])
        #expect(argb.suffix(32 * 32).allSatisfy { $0 == 0xFF33_6699 })
        window.setIcon([])
        // Our icons are gone. openbox then publishes a default 48×48 icon of its own, so under a
        // window manager the property may come back with its pixels rather than vanish.
        #expect(await eventually(timeout: 2) {
            guard let icon = finder.integerListProperty(window.xid, "_NET_WM_ICON") else { return true }
            return Array(icon.prefix(2)) != [16, 16] && icon.count != expectedCount
        }, "still \(String(describing: finder.integerListProperty(window.xid, "_NET_WM_ICON")?.prefix(4)))")
        #expect(throws: IconImage.Problem.badSize(width: 0, height: 16)) { try IconImage(width: 0, height: 16, rgba: []) }
        #expect(throws: IconImage.Problem.wrongByteCount(expected: 16, actual: 3)) { try IconImage(width: 2, height: 2, rgba: [1, 2, 3]) }
    }
}
