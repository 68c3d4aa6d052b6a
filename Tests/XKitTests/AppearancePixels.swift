import Testing
import XKit
import XKitTesting

/// What the appearance tests read off the screen: the window background's colour.
enum AppearancePixels {
    /// The window background's pixel, well inside the window and away from every view of the hello scene.
    static func background(_ app: AppProcess, display: String) throws -> RGBImage.Pixel {
        let window = try #require(app.latestViews().first, "no views traced")
        let shot = try Screenshot.capture(rect: Rect(x: window.frame.minX + 2, y: window.frame.maxY - 4, width: 2, height: 2),
                                          display: display)
        return shot[0, 0]
    }

    static func isDark(_ p: RGBImage.Pixel) -> Bool { Int(p.r) + Int(p.g) + Int(p.b) < 3 * 80 }
    static func isLight(_ p: RGBImage.Pixel) -> Bool { Int(p.r) + Int(p.g) + Int(p.b) > 3 * 200 }
}
