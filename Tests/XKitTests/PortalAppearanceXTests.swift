import Foundation
import Testing
@testable import XKit
import XKitTesting

/// Dark mode and contrast follow the freedesktop portal live: the real xdg-desktop-portal with its GTK
/// backend, a fake one for `contrast` (the GTK backend has none), and one that never answers.
@Suite(.serialized)
struct PortalAppearanceXTests {
    private func backgroundPixel(_ app: AppProcess, display: String) throws -> RGBImage.Pixel {
        try AppearancePixels.background(app, display: display)
    }
    private func isDark(_ p: RGBImage.Pixel) -> Bool { AppearancePixels.isDark(p) }
    private func isLight(_ p: RGBImage.Pixel) -> Bool { AppearancePixels.isLight(p) }

    private func hello(_ session: PortalSession, _ xvfb: XvfbServer, _ extra: [String: String] = [:]) throws -> AppProcess {
        try AppProcess("xkit-demo", arguments: ["--scene", "hello"], environment: session.environment.merging(extra) { $1 },
                       display: xvfb.display)
    }

    @Test func theRealPortalsPreferDarkTurnsTheWindowDarkAndPreferLightLightAgainWithoutARestart() throws {
        let xvfb = try XvfbServer(width: 800, height: 600)
        defer { xvfb.stop() }
        let session = try PortalSession(server: xvfb, portal: .real(colorScheme: "prefer-dark"))
        defer { session.stop() }
        let app = try hello(session, xvfb)
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "portal.appearance") { $0.int("color_scheme") == 1 && $0.string("source") == "read" }
        _ = try app.waitForEvent(named: "views") { $0.string("appearance") == "dark" }
        #expect(app.waitForQuiescence(quiet: 0.3))
        let dark = try backgroundPixel(app, display: xvfb.display)
        #expect(isDark(dark), "the background is \(dark) while the portal prefers dark")

        let mark = app.mark()
        try session.setColorScheme("prefer-light")
        _ = try app.waitForEvent(named: "portal.appearance", since: mark) { $0.int("color_scheme") == 2 && $0.string("source") == "changed" }
        _ = try app.waitForEvent(named: "views", since: mark) { $0.string("appearance") == "light" }
        #expect(app.waitForQuiescence(quiet: 0.3))
        let light = try backgroundPixel(app, display: xvfb.display)
        #expect(isLight(light), "the background is \(light) once the portal prefers light")
        #expect(app.isRunning)
    }

    @Test func thePortalsHighContrastChangesTheColoursAndSettingChangedTurnsItBack() throws {
        let xvfb = try XvfbServer(width: 800, height: 600)
        defer { xvfb.stop() }
        let session = try PortalSession(server: xvfb, portal: .fake(colorScheme: 1, contrast: 1))
        defer { session.stop() }
        let app = try hello(session, xvfb)
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "views") { $0.string("appearance") == "dark-high-contrast" }
        #expect(app.waitForQuiescence(quiet: 0.3))
        let high = try backgroundPixel(app, display: xvfb.display)
        #expect(isDark(high))

        // A malformed signal is warned about and changes nothing.
        var mark = app.mark()
        try session.sendMalformedSetting()
        let warning = try app.waitForEvent(named: "warning", since: mark) { $0.string("message")?.contains("malformed SettingChanged") == true }
        #expect(warning.string("message")?.contains("\"high\"") == true)
        #expect(!app.events[mark...].contains { $0.name == "appearance.changed" })

        mark = app.mark()
        try session.setFakeSetting("contrast", 0)
        _ = try app.waitForEvent(named: "views", since: mark) { $0.string("appearance") == "dark" }
        #expect(app.waitForQuiescence(quiet: 0.3))
        let normal = try backgroundPixel(app, display: xvfb.display)
        #expect(isDark(normal))
        // High-contrast dark draws on pure black; normal dark on a lifted grey.
        #expect(Int(high.r) + Int(high.g) + Int(high.b) < Int(normal.r) + Int(normal.g) + Int(normal.b),
                "high contrast \(high) should be darker than normal \(normal)")
    }

    @Test func aPortalThatNeverAnswersDelaysNeitherTheFirstFrameNorTheApp() throws {
        let xvfb = try XvfbServer(width: 800, height: 600)
        defer { xvfb.stop() }
        let session = try PortalSession(server: xvfb, portal: .silent)
        defer { session.stop() }
        let app = try hello(session, xvfb)
        defer { _ = app.terminate() }
        let mapped = try app.waitForEvent(named: "window.mapped")
        let firstFrame = try app.waitForEvent(named: "views")
        let timeout = try app.waitForEvent(named: "portal.timeout", timeout: 10)
        #expect(mapped.index < timeout.index && firstFrame.index < timeout.index, "the first frame came after the portal gave up")
        // The first frame's time since the process started: waiting for the portal would put it past the timeout.
        let firstFrameMilliseconds = try #require(mapped.int("ms"))
        #expect(Double(firstFrameMilliseconds) < PortalSettingsReader.timeout * 1000, "the first frame took \(firstFrameMilliseconds) ms")
        #expect(firstFrame.string("appearance") == "light")
        #expect(isLight(try backgroundPixel(app, display: xvfb.display)))
        let xid = try #require(mapped.int("xid")).asWindowID
        #expect(LivenessProbe.ping(window: xid, display: xvfb.display), "the app stopped answering after the timeout")
    }

    @Test func anAnswerAfterTheTimeoutStillTurnsTheWindowDark() throws {
        let xvfb = try XvfbServer(width: 800, height: 600)
        defer { xvfb.stop() }
        let session = try PortalSession(server: xvfb, portal: .fake(colorScheme: 1, contrast: nil, delay: 3))
        defer { session.stop() }
        let app = try hello(session, xvfb)
        defer { _ = app.terminate() }
        let firstFrame = try app.waitForEvent(named: "views")
        #expect(firstFrame.string("appearance") == "light")
        let timeout = try app.waitForEvent(named: "portal.timeout")
        let answer = try app.waitForEvent(named: "portal.appearance", timeout: 10) { $0.int("color_scheme") == 1 }
        #expect(firstFrame.index < timeout.index && timeout.index < answer.index)
        _ = try app.waitForEvent(named: "views", since: answer.index) { $0.string("appearance") == "dark" }
        #expect(app.waitForQuiescence(quiet: 0.3))
        #expect(isDark(try backgroundPixel(app, display: xvfb.display)))
    }

    @Test func aPortalThatStartsAfterTheAppIsReadWhenItAppears() throws {
        let xvfb = try XvfbServer(width: 800, height: 600)
        defer { xvfb.stop() }
        let session = try PortalSession(server: xvfb, portal: .none)
        defer { session.stop() }
        let app = try hello(session, xvfb)
        defer { _ = app.terminate() }
        let missing = try app.waitForEvent(named: "portal.unavailable")
        #expect(missing.string("reason") == "org.freedesktop.DBus.Error.ServiceUnknown")
        _ = try app.waitForEvent(named: "views") { $0.string("appearance") == "light" }
        let mark = app.mark()
        try session.start(.fake(colorScheme: 1, contrast: 1))
        _ = try app.waitForEvent(named: "portal.appearance", since: mark) { $0.int("color_scheme") == 1 && $0.string("source") == "read" }
        _ = try app.waitForEvent(named: "views", since: mark) { $0.string("appearance") == "dark-high-contrast" }
        #expect(app.waitForQuiescence(quiet: 0.3))
        #expect(isDark(try backgroundPixel(app, display: xvfb.display)))
    }

    @Test func xkitAppearanceOutranksThePortalWhoseContrastIsStillFollowed() throws {
        let xvfb = try XvfbServer(width: 800, height: 600)
        defer { xvfb.stop() }
        let session = try PortalSession(server: xvfb, portal: .fake(colorScheme: 1, contrast: 1))
        defer { session.stop() }
        let app = try hello(session, xvfb, ["XKIT_APPEARANCE": "light"])
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "portal.appearance") { $0.int("color_scheme") == 1 }
        _ = try app.waitForEvent(named: "views") { $0.string("appearance") == "light-high-contrast" }
        #expect(app.waitForQuiescence(quiet: 0.3))
        #expect(isLight(try backgroundPixel(app, display: xvfb.display)))
        #expect(!app.events.contains { $0.name == "views" && $0.string("appearance")?.hasPrefix("dark") == true })
    }

    @Test func thePortalsReducedMotionTurnsAnimationsOffAndBackOnLive() throws {
        let xvfb = try XvfbServer(width: 800, height: 600)
        defer { xvfb.stop() }
        let session = try PortalSession(server: xvfb, portal: .fake(colorScheme: 1, contrast: nil))
        defer { session.stop() }
        let app = try hello(session, xvfb)
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "portal.appearance") { $0.int("color_scheme") == 1 }
        var mark = app.mark()
        try session.setFakeSetting("reduced-motion", 1)
        _ = try app.waitForEvent(named: "portal.appearance", since: mark) { $0.int("reduced_motion") == 1 }
        _ = try app.waitForEvent(named: "settings.changed", since: mark) { $0.bool("enablesAnimations") == false }
        mark = app.mark()
        try session.setFakeSetting("reduced-motion", 0)
        _ = try app.waitForEvent(named: "settings.changed", since: mark) { $0.bool("enablesAnimations") == true }
    }

    @Test func withEverythingForcedThePortalIsNeverAsked() throws {
        let xvfb = try XvfbServer(width: 800, height: 600)
        defer { xvfb.stop() }
        let session = try PortalSession(server: xvfb, portal: .fake(colorScheme: 2, contrast: 1))
        defer { session.stop() }
        let app = try hello(session, xvfb, ["XKIT_APPEARANCE": "dark", "XKIT_CONTRAST": "normal", "XKIT_REDUCED_MOTION": "1"])
        defer { _ = app.terminate() }
        let mapped = try app.waitForEvent(named: "window.mapped")
        _ = try app.waitForEvent(named: "views") { $0.string("appearance") == "dark" }
        #expect(app.waitForQuiescence(quiet: 0.5))
        #expect(!app.events.contains { $0.name.hasPrefix("portal.") })
        #expect(LivenessProbe.ping(window: try #require(mapped.int("xid")).asWindowID, display: xvfb.display))
    }
}
