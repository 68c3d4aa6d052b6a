import XKitCore
import XKitHeadless

/// A graphics context that records text and fills instead of drawing.
@MainActor
final class DrawRecorder: GraphicsContext {
    struct TextCall: Equatable {
        var text: String
        var font: Font
        var color: Color
        var origin: Point
    }

    var texts: [TextCall] = []
    var fills: [(rect: Rect, color: Color)] = []
    var clipBounds: Rect
    let measurer: TextMeasurer
    let scale = 1.0

    init(clip: Rect = Rect(x: -10_000, y: -10_000, width: 20_000, height: 20_000),
         measurer: TextMeasurer = FixedAdvanceMeasurer()) {
        clipBounds = clip
        self.measurer = measurer
    }

    func fill(_ rect: Rect, color: Color) { fills.append((rect, color)) }
    func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) { fills.append((rect, color)) }
    func strokeRoundedRect(_ rect: Rect, radius: Double, color: Color, lineWidth: Double) {}
    func fillPolygon(_ points: [Point], color: Color) {}
    func drawImage(_ image: Image, in rect: Rect, clippedTo shape: Rect, cornerRadius: Double) {}
    func drawText(_ text: Substring, font: Font, color: Color, at origin: Point) {
        texts.append(TextCall(text: String(text), font: font, color: color, origin: origin))
    }
    func translate(by offset: Point) {}
    func clip(to rect: Rect) {}
    func saveState() {}
    func restoreState() {}
}

/// A headless window that hosts `root` (at its origin) with the fixed measurer.
@MainActor
final class MeasuringHost {
    let scene: HeadlessScene
    var eventRouter: EventRouter { scene.eventRouter }
    var app: Application { scene.app }
    var platform: HeadlessPlatform { scene.platform }

    init(root: View) {
        scene = HeadlessScene(size: Size(width: max(1, root.frame.maxX), height: max(1, root.frame.maxY)),
                              measurer: FixedAdvanceMeasurer(), origin: .zero)
        scene.root.addSubview(root)
    }
}
