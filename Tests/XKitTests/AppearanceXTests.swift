import Foundation
import Testing
@testable import XKit
import XKitTesting

/// Dark mode follows the desktop's theme live (xsettingsd's Net/ThemeName), and XKIT_APPEARANCE forces it.
@Suite(.serialized)
struct AppearanceXTests {
    private func backgroundPixel(_ app: AppProcess, display: String) throws -> RGBImage.Pixel {
        try AppearancePixels.background(app, display: display)
    }
    private func isDark(_ p: RGBImage.Pixel) -> Bool { AppearancePixels.isDark(p) }
    private func isLight(_ p: RGBImage.Pixel) -> Bool { AppearancePixels.isLight(p) }

    @Test func theWindowTurnsDarkAndLightAgainAsTheDesktopThemeChanges() throws {
        guard let xsettingsd = findExecutable("xsettingsd") else {
            try Test.cancel("xsettingsd is not installed (apt-get install -y xsettingsd)")
        }
        let xvfb = try XvfbServer(width: 800, height: 600)
        defer { xvfb.stop() }
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-xsettingsd-theme-\(getpid()).conf")
        try "Net/ThemeName \"Adwaita\"\n".write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let manager = try HelperProcess([xsettingsd, "-c", config.path], environment: ["DISPLAY": xvfb.display])
        defer { manager.stop() }
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "hello"], environment: xvfb.environment,
                                 display: xvfb.display)
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "window.mapped")
        #expect(app.waitForQuiescence(quiet: 0.3))
        #expect(isLight(try backgroundPixel(app, display: xvfb.display)))

        var mark = app.mark()
        try "Net/ThemeName \"Adwaita-dark\"\n".write(to: config, atomically: true, encoding: .utf8)
        manager.signal(SIGHUP)
        _ = try app.waitForEvent(named: "appearance.changed", since: mark) { $0.string("appearance") == "dark" }
        #expect(app.waitForQuiescence(quiet: 0.3))
        let dark = try backgroundPixel(app, display: xvfb.display)
        #expect(isDark(dark), "the background is \(dark) under Adwaita-dark")

        mark = app.mark()
        try "Net/ThemeName \"Adwaita\"\n".write(to: config, atomically: true, encoding: .utf8)
        manager.signal(SIGHUP)
        _ = try app.waitForEvent(named: "appearance.changed", since: mark) { $0.string("appearance") == "light" }
        #expect(app.waitForQuiescence(quiet: 0.3))
        let light = try backgroundPixel(app, display: xvfb.display)
        #expect(isLight(light), "the background is \(light) back under Adwaita")
    }

    @Test func xkitAppearanceForcesDarkWhateverTheDesktopSays() throws {
        let xvfb = try XvfbServer(width: 800, height: 600)
        defer { xvfb.stop() }
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "hello"],
                                 environment: xvfb.environment.merging(["XKIT_APPEARANCE": "dark"]) { $1 }, display: xvfb.display)
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "window.mapped")
        #expect(app.waitForQuiescence(quiet: 0.3))
        #expect(isDark(try backgroundPixel(app, display: xvfb.display)))
    }
}
