import Foundation
import XKit
import XKitTesting

/// `xkit-bench fade [ROUNDS]`: opens and closes a context menu over a window of labels on Xvfb
/// with motion on, slowed 5× (`FrameClock.slowdown`) so each fade has enough frames to time, and
/// reports the process's CPU time per fade frame (getrusage: drawing, the X event loop and the
/// trace-free frame clock), fading in and fading out. The X server's own compositing is not counted.
@MainActor
func runMenuFadeBench(arguments: [String]) async -> Int32 {
    let rounds = Int(arguments.first ?? "") ?? 10
    do {
        _ = try XvfbServer.shared()
        let app = try Application.start(name: "xkit-bench")
        app.terminatesAfterLastWindowClosed = false
        app.frameClock.animationsEnabledOverride = true
        app.frameClock.slowdown = 5
        let window = Window(title: "fade bench", size: Size(width: 500, height: 400), origin: Point(x: 100, y: 100), app: app)
        let texts = ["Giá vé: 250.000 ₫", "Цена билета", "チケットの値段", "티켓 가격", "The quick brown fox"]
        var labels: [Label] = []
        for (i, text) in texts.enumerated() {
            let label = Label(text: text, font: .system(size: 15))
            label.frame = Rect(x: 20, y: 20 + Double(i) * 40, width: 300, height: 24)
            label.isCopyable = true
            window.contentView.addSubview(label)
            labels.append(label)
        }
        window.show()
        while !window.hasDrawnFirstFrame { try await Task.sleep(nanoseconds: 1_000_000) }
        let menus = app.menuController
        var fadeIn: [Double] = [], fadeOut: [Double] = []
        var framesIn = 0, framesOut = 0
        for round in 0..<rounds {
            let label = labels[round % labels.count]
            menus.showContextMenu(for: label, at: Point(x: 40, y: 12))
            while menus.contextMenuView?.window?.hasDrawnFirstFrame != true { try await Task.sleep(nanoseconds: 200_000) }
            guard let content = menus.contextMenuView, let popup = content.window else { continue }
            var frames = app.frameClock.framesStepped, cpu = processCPUSeconds()
            // One sleep for the fade, not a poll: a 1 ms poll's wake-ups would cost more than a frame.
            try await Task.sleep(nanoseconds: UInt64(0.12 * app.frameClock.slowdown * 1e9))
            while content.alpha < 1 { try await Task.sleep(nanoseconds: 5_000_000) }
            var stepped = app.frameClock.framesStepped - frames
            if stepped > 0 { fadeIn.append((processCPUSeconds() - cpu) / Double(stepped) * 1000); framesIn += stepped }
            menus.hideMenu()
            frames = app.frameClock.framesStepped
            cpu = processCPUSeconds()
            try await Task.sleep(nanoseconds: UInt64(0.1 * app.frameClock.slowdown * 1e9))
            while !popup.isClosed { try await Task.sleep(nanoseconds: 5_000_000) }
            stepped = app.frameClock.framesStepped - frames
            if stepped > 0 { fadeOut.append((processCPUSeconds() - cpu) / Double(stepped) * 1000); framesOut += stepped }
        }
        print("fade: \(rounds) context menus, fades slowed 5× (\(framesIn) frames in, \(framesOut) out)")
        print(String(format: "  fade in:  median %.3f ms CPU per frame (max %.3f)", Bench.median(fadeIn), fadeIn.max() ?? .nan))
        print(String(format: "  fade out: median %.3f ms CPU per frame (max %.3f)", Bench.median(fadeOut), fadeOut.max() ?? .nan))
        print("  target: ≤ 1 ms per frame")
        window.close()
        return 0
    } catch {
        print("fade: \(error)")
        return 1
    }
}
