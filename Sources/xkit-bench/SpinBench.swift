import Foundation
import XKit
import XKitTesting

/// `xkit-bench spin [SECONDS]`: a settings-like window with a spinning activity indicator and an
/// indeterminate progress view on Xvfb; reports the frames the clock stepped and the process's CPU
/// time per frame (getrusage, so the X event loop's share is counted too), for the spinner alone,
/// both together, and both hidden (the clock must sleep).
@MainActor
func runSpinBench(arguments: [String]) async -> Int32 {
    let seconds = Double(arguments.first ?? "") ?? 3
    do {
        _ = try XvfbServer.shared()
        let app = try Application.start(name: "xkit-bench")
        app.terminatesAfterLastWindowClosed = false
        let window = Window(title: "spin bench", size: Size(width: 500, height: 470), origin: Point(x: 100, y: 100), app: app)
        for (i, text) in ["Dark mode", "Text size", "Sort tags by", "Offline copy", "Tags"].enumerated() {
            let label = Label(text: text, font: .system(size: 13, weight: .medium))
            label.frame = Rect(x: 20, y: 20 + Double(i) * 56, width: 200, height: 20)
            window.contentView.addSubview(label)
        }
        let sample = Label(text: "The quick brown fox jumps over the lazy dog. Text size follows the slider.")
        sample.numberOfLines = 0
        sample.frame = Rect(x: 20, y: 320, width: 460, height: 60)
        window.contentView.addSubview(sample)
        let spinner = ActivityIndicatorView(frame: Rect(x: 250, y: 188, width: 20, height: 20))
        let bar = ProgressView(frame: Rect(x: 280, y: 195, width: 140, height: 6))
        window.contentView.addSubview(spinner)
        window.contentView.addSubview(bar)
        window.show()
        while !window.hasDrawnFirstFrame { try await Task.sleep(nanoseconds: 1_000_000) }

        spinner.startAnimating()
        try await measure("spinner alone", seconds: seconds, app: app)
        bar.isIndeterminate = true
        try await measure("spinner + indeterminate bar", seconds: seconds, app: app)
        spinner.hidesWhenStopped = false
        spinner.isHidden = true
        bar.isHidden = true
        try await measure("both hidden", seconds: seconds, app: app)
        window.close()
        return 0
    } catch {
        print("spin: \(error)")
        return 1
    }
}

/// Runs the app for `seconds` and prints frames stepped and CPU per frame.
@MainActor
private func measure(_ name: String, seconds: Double, app: Application) async throws {
    try await Task.sleep(nanoseconds: 200_000_000)   // let the first frames and trace settle
    let frames = app.frameClock.framesStepped
    let cpu = processCPUSeconds()
    try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
    let stepped = app.frameClock.framesStepped - frames
    let used = processCPUSeconds() - cpu
    let perFrame = stepped > 0 ? String(format: "%.3f ms CPU per frame", used / Double(stepped) * 1000) : "no frames"
    print(String(format: "spin: %@: %d frames in %.1f s (%.1f/s), %.1f ms CPU in all, %@",
                 name, stepped, seconds, Double(stepped) / seconds, used * 1000, perFrame))
}

/// User plus system CPU time of this process, in seconds.
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}
