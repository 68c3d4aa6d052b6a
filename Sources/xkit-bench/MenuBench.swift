import Foundation
import XKit
import XKitTesting

/// `xkit-bench menu [CYCLES]`: opens and closes the copy menu on a label many times and reports
/// the process's resident memory along the way, which must stay flat.
@MainActor
func runMenuBench(arguments: [String]) async -> Int32 {
    let cycles = Int(arguments.first ?? "") ?? 10_000
    do {
        _ = try XvfbServer.shared()
        let app = try Application.start(name: "xkit-bench")
        app.terminatesAfterLastWindowClosed = false
        let window = Window(title: "menu bench", size: Size(width: 400, height: 200), origin: Point(x: 100, y: 200), app: app)
        let label = Label(text: "Giá vé: 250.000 ₫ — Цена — コピー — 복사", font: .system(size: 15))
        label.frame = Rect(x: 20, y: 80, width: 360, height: 24)
        label.isCopyable = true
        window.contentView.addSubview(label)
        window.show()
        while !window.hasDrawnFirstFrame { try await Task.sleep(nanoseconds: 1_000_000) }
        let menu = app.menuController
        var samples: [(Int, Double)] = []
        let start = monotonicSeconds()
        for cycle in 1...cycles {
            label.toggleCopyMenu()
            while menu.menuView?.window?.hasDrawnFirstFrame != true {
                try await Task.sleep(nanoseconds: 200_000)
            }
            menu.hideMenu()
            if cycle == 100 || cycle % 1000 == 0 { samples.append((cycle, residentMiB())) }
        }
        let elapsed = monotonicSeconds() - start
        print("menu: \(cycles) open/close cycles in \(String(format: "%.1f", elapsed)) s (\(String(format: "%.2f", elapsed / Double(cycles) * 1000)) ms each)")
        for (cycle, rss) in samples { print(String(format: "  after %6d cycles: RSS %.1f MiB", cycle, rss)) }
        if let first = samples.first, let last = samples.last {
            print(String(format: "  growth from cycle %d to %d: %.2f MiB", first.0, last.0, last.1 - first.1))
        }
        window.close()
        return 0
    } catch {
        print("menu: \(error)")
        return 1
    }
}

/// VmRSS of this process in MiB.
func residentMiB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return .nan }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        let kib = line.split(separator: " ").compactMap { Double($0) }.first ?? .nan
        return kib / 1024
    }
    return .nan
}
