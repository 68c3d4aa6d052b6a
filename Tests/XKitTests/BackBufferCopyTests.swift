import CX11
import Testing
@testable import XKit
import XKitTesting

/// Copying the back buffer to the window: nothing comes back for a copy from our own pixmap.
@Suite(.serialized)
@MainActor
struct BackBufferCopyTests {
    @Test func aFrameCopiedToTheWindowSendsNoNoExposeToWakeTheLoop() throws {
        let server = try XvfbServer.shared()
        let dpy = try #require(XOpenDisplay(server.display))
        defer { XCloseDisplay(dpy) }
        let window = XCreateSimpleWindow(dpy, XDefaultRootWindow(dpy), 0, 0, 40, 20, 0, 0, 0)
        defer { XDestroyWindow(dpy, window) }
        let pixmap = XCreatePixmap(dpy, window, 40, 20, UInt32(XDefaultDepth(dpy, XDefaultScreen(dpy))))
        defer { XFreePixmap(dpy, pixmap) }
        let gc = try #require(BackBuffer.makeCopyGC(display: dpy, window: window))
        defer { XFreeGC(dpy, gc) }
        var values = XGCValues()
        XGetGCValues(dpy, gc, UInt(GCGraphicsExposures), &values)
        #expect(values.graphics_exposures == 0)
        // The default GC shows what the copy would otherwise bring: a NoExpose per copy.
        let defaultGC = try #require(XCreateGC(dpy, window, 0, nil))
        defer { XFreeGC(dpy, defaultGC) }
        XCopyArea(dpy, pixmap, window, defaultGC, 0, 0, 40, 20, 0, 0)
        XSync(dpy, 0)
        var event = XEvent()
        #expect(XCheckTypedEvent(dpy, NoExpose, &event) != 0, "the control copy should bring a NoExpose")
        XCopyArea(dpy, pixmap, window, gc, 0, 0, 40, 20, 0, 0)
        XSync(dpy, 0)
        #expect(XCheckTypedEvent(dpy, NoExpose, &event) == 0, "a copy from the back buffer must bring no event")
    }
}
