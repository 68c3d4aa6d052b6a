import Foundation
import XKitTesting

/// `xkit-bench textview [ROUNDS]`: spawn to first frame and peak RSS of a 10 KB, 1 MiB and 10 MiB
/// document (`gen_text.py`'s mixed scripts) in one TextView (`xkit-demo --scene document`, 600×700,
/// caret at the end), side by side with GTK 3's GtkTextView (`textview_gtk.c`) and Tk's text widget
/// (`text_tk.tcl`) on the same files, interleaved.
///
/// Keypress-to-pixels latency in these documents is `xkit-bench textkeys`.
func runTextViewBench(arguments: [String]) -> Int32 {
    let rounds = Int(arguments.first ?? "") ?? 5
    do {
        let server = try XvfbServer.shared()
        let anchors = try Bench.anchorsDirectory()
        let gtk = Bench.buildAnchor("textview_gtk.c", packages: "gtk+-3.0")
        let wish = findExecutable("wish")
        let sizes: [(label: String, bytes: Int)] = [("10KB", 10_000), ("1MiB", 1 << 20), ("10MiB", 10 << 20)]
        var programs: [(name: String, argv: [String])] = []
        for size in sizes {
            let file = try TextDocuments.file(label: size.label, bytes: size.bytes, anchors: anchors)
            programs.append(("xkit \(size.label)", [Bench.sibling("xkit-demo"), "--scene", "document", "--file", file, "--exit-after-first-frame"]))
            if let gtk { programs.append(("GtkTextView \(size.label)", [gtk, file])) }
            if let wish { programs.append(("Tk text \(size.label)", [wish, anchors.appendingPathComponent("text_tk.tcl").path, file])) }
        }
        print("textview: \(rounds) interleaved rounds on \(server.display), medians (spawn to exit at the first frame)")
        let environment = server.environment.merging(["NO_AT_BRIDGE": "1", "XKIT_CARET_BLINK": "0"]) { $1 }
        let samples = Bench.interleaved(programs, rounds: rounds, environment: environment)
        Bench.report(samples, order: programs.map(\.name), baseline: "xkit 10KB")
        // The targets: 10 MiB open ≤ 0.25× GtkTextView's and below Tk's; RSS growth ≤ 1.5× the file.
        func wall(_ name: String) -> Double { Bench.median(samples[name]?.map(\.wall) ?? []) }
        func rss(_ name: String) -> Double { Bench.median(samples[name]?.map { Double($0.peakKiB) * 1024 } ?? []) }
        let growthBytes = Double(sizes[2].bytes - sizes[0].bytes)
        for peer in ["xkit", "GtkTextView", "Tk text"] where samples["\(peer) 10MiB"] != nil {
            print(String(format: "%@: RSS growth 10KB → 10MiB %.2f× the file size", peer,
                         (rss("\(peer) 10MiB") - rss("\(peer) 10KB")) / growthBytes))
        }
        if samples["GtkTextView 10MiB"] != nil {
            print(String(format: "10MiB first frame: xkit ÷ GtkTextView %.2f (target ≤ 0.25)", wall("xkit 10MiB") / wall("GtkTextView 10MiB")))
        }
        if samples["Tk text 10MiB"] != nil {
            print(String(format: "10MiB first frame: xkit ÷ Tk text %.2f (target < 1)", wall("xkit 10MiB") / wall("Tk text 10MiB")))
        }
        return 0
    } catch {
        print("textview: \(error)")
        return 1
    }
}

/// The documents the text view benchmarks open: `gen_text.py`'s mixed scripts, made once per size.
enum TextDocuments {
    static func file(label: String, bytes: Int, anchors: URL) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-bench-textview")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("doc-\(label).txt").path
        if let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int, size == bytes { return file }
        let made = try runProcess(["python3", anchors.appendingPathComponent("gen_text.py").path, "\(bytes)", file], timeout: 120)
        guard made.succeeded else { throw XKitTestingError("gen_text.py failed: \(made.stderrString)") }
        return file
    }
}
