import Foundation
import Testing
import XKitTesting

/// A fontconfig with no fonts can draw text only as missing-glyph boxes: the app says so once and keeps going.
@Suite(.serialized)
struct FontWarningTests {
    @Test func aFontconfigWithoutFontsWarnsOnceAndTheAppStillDrawsItsFirstFrame() throws {
        _ = try XvfbServer.shared()
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-no-fonts-\(getpid()).conf")
        try Data("<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n".utf8).write(to: config)
        defer { try? FileManager.default.removeItem(at: config) }
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "gallery", "--exit-after-first-frame"],
                                 environment: ["FONTCONFIG_FILE": config.path])
        defer { _ = app.terminate() }
        // Exit 0 comes from the first frame's callback, so it proves the frame was drawn.
        #expect(app.waitForExit(timeout: 20) == 0)
        let warnings = app.events.filter { $0.name == "warning" }.compactMap { $0.string("message") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("fontconfig offers no fonts") == true)
        #expect(app.otherStderrLines.isEmpty, "\(app.otherStderrLines)")
    }
}
