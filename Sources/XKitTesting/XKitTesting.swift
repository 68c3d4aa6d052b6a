// XKitTesting — test support for XKit: a private X server, real input, screenshots, clipboard tools.
//
// Typical use (Swift Testing; keep X tests in one `.serialized` suite, or run `swift test --no-parallel`,
// since all tests of a process share one Xvfb, one pointer, one keyboard and one clipboard):
//
//     let server = try XvfbServer.shared()        // starts Xvfb once; sets DISPLAY + FONTCONFIG_FILE here
//     let app = try AppProcess("xkit-demo", arguments: ["--script", "labels"])
//     let label = try app.waitForView { $0.type == "Label" && $0.text == "Copy me" }
//     let input = try XTestDriver.shared()
//     input.click(at: label.center, button: 3)     // right-click opens the menu
//     try app.waitForEvent(named: "menu-open")
//     try assertMatchesGolden(Screenshot.captureScreen(), name: "label-menu")
//
// Rules of thumb:
// - Call `XvfbServer.shared()` before any in-process XKit/Xlib/fontconfig use, so they see the test
//   DISPLAY and fonts.conf rather than the user's.
// - In-process XKit runs on the main thread. From `@MainActor` tests use the `async` variants
//   (`await driver.pressAndHold(...)`, `await reader.xclipAsync()`, `await waitUntil { ... }`):
//   the blocking ones would stop the app from handling the very events or selection requests
//   the test is waiting for.
// - `XKIT_TEST_WM=openbox` runs the tests under a window manager (`make test` does a second pass so):
//   windows are framed and placed by it, so take root positions from the trace or `WindowFinder`
//   (`waitForSettledGeometry`, `frameExtents`), never from where a window asked to be.
//   `XKIT_TEST_WM_DEBUG=1` makes openbox log its focus and placement decisions to its log file.
// - Goldens live in assets/golden/NAME.png; `XKIT_RECORD_GOLDENS=1` re-records, nothing else does.
//   Failures leave NAME.actual.png and NAME.diff.png in /tmp/xkit-failures/.

// The display-free part (HeadlessPlatform, HeadlessScene, ManualClock, ...) lives in XKitHeadless, which
// links no X library; X tests that import XKitTesting see it too.
@_exported import XKitHeadless
