@_spi(Platform) @testable import XKitCore
import XKitHeadless

/// A window stand-in (root 400×300) holding one label, with a router, a manual clock and pointer
/// helpers that take points in the label's bounds coordinates.
@MainActor
final class LabelBench {
    let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    let label: Label
    let host: MeasuringHost
    let clock = ManualClock(now: 100)
    var serverTime: UInt32 = 1000

    init(_ text: String, frame: Rect = Rect(x: 20, y: 30, width: 200, height: 40), lines: Int = 0,
         alignment: TextAlignment = .left) {
        label = Label(frame: frame)
        label.numberOfLines = lines
        label.textAlignment = alignment
        label.text = text
        root.addSubview(label)
        host = MeasuringHost(root: root)
    }

    var router: EventRouter { host.eventRouter }

    /// A label-local point in window coordinates.
    func window(_ p: Point) -> Point { label.convert(p, to: nil) }

    func down(_ p: Point) {
        serverTime += 10
        router.handle(PointerEvent(kind: .down, location: window(p), button: .primary, buttonsDown: [.primary],
                                   time: clock.now, timestamp: PlatformTimestamp(serverTime)))
    }
    func move(_ p: Point) {
        clock.advance(by: 0.02)
        router.handle(PointerEvent(kind: .moved, location: window(p), buttonsDown: [.primary], time: clock.now))
    }
    func up(_ p: Point) {
        clock.advance(by: 0.05)
        serverTime += 10
        router.handle(PointerEvent(kind: .up, location: window(p), button: .primary, time: clock.now,
                                   timestamp: PlatformTimestamp(serverTime)))
    }
    func click(_ p: Point) {
        down(p); up(p)
        clock.advance(by: 0.1)
    }
    /// Lets multi-click and tap timeouts pass.
    func pause() {
        clock.advance(by: 1)
        router.tick(now: clock.now)
    }
    func key(_ key: Key, _ modifiers: Modifiers = []) {
        serverTime += 10
        router.handle(KeyEvent(key: key, modifiers: modifiers, time: clock.now, timestamp: PlatformTimestamp(serverTime)))
    }
    /// The character offset of an index in the label's text.
    func offset(_ i: String.Index) -> Int { (label.text ?? "").distance(from: (label.text ?? "").startIndex, to: i) }
    /// The index at a character offset in the label's text.
    func index(_ n: Int) -> String.Index { (label.text ?? "").index((label.text ?? "").startIndex, offsetBy: n) }
    /// The centre of a rect.
    func centre(_ r: Rect) -> Point { Point(x: r.midX, y: r.midY) }
}

/// The headless platform's copies, as the label tests read them.
@MainActor
final class RecordingClipboard {
    let platform: HeadlessPlatform
    init(platform: HeadlessPlatform) { self.platform = platform }
    var sets: [(text: String, selection: ClipboardSelection, time: UInt32?)] {
        platform.copyLog.map { ($0.text, $0.selection, $0.timestamp?.rawValue) }
    }
    var primary: [String] { sets.filter { $0.selection == .primary }.map(\.text) }
    var clipboard: [String] { sets.filter { $0.selection == .clipboard }.map(\.text) }
}

/// A graphics context that logs every call in order, to check what is drawn under what.
@MainActor
final class OrderedDrawLog: GraphicsContext {
    enum Call: Equatable {
        case fill(Rect, Color)
        case stroke(Rect, Color)
        case text(String, Color, Point)
    }
    var calls: [Call] = []
    let measurer: TextMeasurer = FixedAdvanceMeasurer()
    let scale = 1.0
    var clipBounds = Rect(x: -10_000, y: -10_000, width: 20_000, height: 20_000)

    func fill(_ rect: Rect, color: Color) { calls.append(.fill(rect, color)) }
    func fillRoundedRect(_ rect: Rect, radius: Double, color: Color) { calls.append(.fill(rect, color)) }
    func strokeRoundedRect(_ rect: Rect, radius: Double, color: Color, lineWidth: Double) { calls.append(.stroke(rect, color)) }
    func fillPolygon(_ points: [Point], color: Color) {}
    func drawImage(_ image: Image, in rect: Rect, clippedTo shape: Rect, cornerRadius: Double) {}
    func drawText(_ text: Substring, font: Font, color: Color, at origin: Point) { calls.append(.text(String(text), color, origin)) }
    func translate(by offset: Point) {}
    func clip(to rect: Rect) {}
    func saveState() {}
    func restoreState() {}

    var fills: [(Rect, Color)] { calls.compactMap { if case .fill(let r, let c) = $0 { (r, c) } else { nil } } }
    var strokes: [(Rect, Color)] { calls.compactMap { if case .stroke(let r, let c) = $0 { (r, c) } else { nil } } }
    var firstTextCall: Int? { calls.firstIndex { if case .text = $0 { true } else { false } } }
}
