import CX11
import Foundation
import Testing
import XKit
import XKitTesting

/// The foundation under a real X server: windows, properties, drawing, relayout, closing and errors.
@Suite(.serialized)
struct FoundationTests {
    @Test func helloWindowMapsWithItsTitleClassAndPid() throws {
        let server = try XvfbServer.shared()
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "hello"])
        let mapped = try app.waitForEvent(named: "window.mapped")
        #expect(mapped.string("title") == "XKit Hello")
        #expect((mapped.int("ms") ?? -1) >= 0)
        let finder = try WindowFinder(display: server.display)
        let xid = try #require(mapped.int("xid")).asWindowID
        #expect(finder.stringProperty(xid, "_NET_WM_NAME") == "XKit Hello")
        #expect(finder.wmClass(of: xid)?.className == "XKit")
        #expect(finder.integerListProperty(xid, "_NET_WM_PID") == [Int(app.pid)])
        #expect(finder.atomListProperty(xid, "WM_PROTOCOLS")?.contains("WM_DELETE_WINDOW") == true)
        let views = app.latestViews()
        let label = try #require(views.first { $0.id == "hello.label" })
        #expect(label.text == "Chào các bạn — Привет — コピー可能 — 복사")
        #expect(views.contains { $0.type == "Button" && $0.text == "Copy" })
    }

    @Test func helloSceneMatchesItsGoldenScreenshot() throws {
        _ = try XvfbServer.shared()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-hello-\(getpid()).png").path
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "hello", "--screenshot", path])
        #expect(app.waitForExit(timeout: 20) == 0, "\(app.tail())")
        let image = try RGBImage.readPNG(from: path)
        #expect(image.width == 460 && image.height == 120)
        try assertMatchesGolden(image, name: "hello", tolerance: 24, maxFraction: 0.002)
    }

    @Test func theMappedWindowShowsTheSamePixelsAsTheGolden() throws {
        _ = try XvfbServer.shared()
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "hello"])
        defer { _ = app.terminate() }
        let mapped = try app.waitForEvent(named: "window.mapped")
        let xid = try #require(mapped.int("xid")).asWindowID
        // What reached the screen through XCopyArea, read back from the server.
        let image = try Screenshot.capture(window: xid)
        #expect(image.width == 460 && image.height == 120)
        try assertMatchesGolden(image, name: "hello", tolerance: 24, maxFraction: 0.002)
    }

    @Test func resizingTheWindowLaysTheViewsOutAgain() throws {
        let server = try XvfbServer.shared()
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "gallery"])
        let mapped = try app.waitForEvent(named: "window.mapped")
        let xid = try #require(mapped.int("xid")).asWindowID
        let before = try #require(app.latestViews().first { $0.id == "gallery" })
        #expect(before.frame.width == 1240)
        #expect(before.frame.height == 772)
        let mark = app.mark()
        try withDisplay(server.display) { dpy in
            XResizeWindow(dpy, xid, 1000, 600)
            XSync(dpy, 0)
        }
        let event = try app.waitForEvent(named: "views", since: mark) { event in
            event.views.contains { $0.id == "gallery" && $0.frame.width == 1000 }
        }
        let columns = try #require(event.views.first { $0.id == "gallery" })
        #expect(columns.frame.height == 572)
        let label = try #require(event.views.first { $0.id == "copyable.top" })
        // Frames are in root coordinates; a window manager's frame moves the window off 0, 0.
        let windowX = try #require(event.views.first).frame.minX
        // Three columns with 16 pt margins and gaps: the middle one is (1000 - 64) / 3 = 312 wide from x 344.
        #expect(label.frame.minX - windowX >= 344 && label.frame.maxX - windowX <= 344 + 312)
    }

    @Test func theWindowManagersDeleteRequestClosesTheWindowAndEndsTheApp() throws {
        let server = try XvfbServer.shared()
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "hello"])
        let xid = try #require(app.waitForEvent(named: "window.mapped").int("xid")).asWindowID
        try withDisplay(server.display) { dpy in
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.window = xid
            event.xclient.message_type = XInternAtom(dpy, "WM_PROTOCOLS", 0)
            event.xclient.format = 32
            event.xclient.data.l.0 = Int(XInternAtom(dpy, "WM_DELETE_WINDOW", 0))
            event.xclient.data.l.1 = 0
            XSendEvent(dpy, xid, 0, 0, &event)
            XSync(dpy, 0)
        }
        _ = try app.waitForEvent(named: "window.closed")
        #expect(app.waitForExit(timeout: 5) == 0)
    }

    @Test func launchWithoutADisplayFailsWithAClearMessage() throws {
        _ = try XvfbServer.shared()
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "hello"], environment: ["DISPLAY": ":9999"])
        let status = app.waitForExit(timeout: 10)
        #expect(status == 1)
        #expect(app.otherStderrLines.joined().contains("no X display: set DISPLAY or run under Xvfb"))
    }

    private func withDisplay(_ name: String, _ body: (OpaquePointer) throws -> Void) throws {
        let dpy = try #require(XOpenDisplay(name))
        defer { XCloseDisplay(dpy) }
        try body(dpy)
    }
}

extension Int {
    /// A trace `xid` as an X window id.
    var asWindowID: XWindowID { XWindowID(UInt(bitPattern: self)) }
}
