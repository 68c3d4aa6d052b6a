import Foundation
import XKitTesting

/// `xkit-bench textkeys [KEYS] [ROUNDS]`: keypress-to-pixels latency typing into a 10 KB and a
/// 10 MiB document (`gen_text.py`'s mixed scripts), at its end and at its middle.
///
/// `keylat.c` clicks the centre of the view (which shows the caret's part of the document, so the
/// click puts the caret there) and types 'a' and BackSpace in turn, timing each key to the window's
/// first DAMAGE report. XKit's TextView (`--scene document`, `--caret-middle`) runs side by side
/// with GtkTextView (`ANCHOR_MIDDLE` for the middle) and Tk's text widget (the end only: its anchor
/// has no middle), in alternating rounds on a private Xvfb. While each program is still up,
/// `keydone` (see `KeyDone`) times the same keys to the last DAMAGE report: the whole edit on screen.
func runTextKeysBench(arguments: [String]) -> Int32 {
    let keys = Int(arguments.first ?? "") ?? 100
    let rounds = Int(arguments.dropFirst().first ?? "") ?? 3
    do {
        let anchors = try Bench.anchorsDirectory()
        guard let keylat = Bench.buildAnchor("keylat.c", packages: "x11 xtst xdamage xfixes") else { return 1 }
        let keydone = KeyDone.build()
        let server = try XvfbServer()
        defer { server.stop() }
        let gtk = Bench.buildAnchor("textview_gtk.c", packages: "gtk+-3.0")
        let wish = findExecutable("wish")
        let demo = Bench.sibling("xkit-demo")
        let centre = (x: 300, y: 350)
        var targets: [KeylatTarget] = []
        for (label, bytes) in [("10KB", 10_000), ("10MiB", 10 << 20)] {
            let file = try TextDocuments.file(label: label, bytes: bytes, anchors: anchors)
            for place in TextKeysPlace.allCases {
                targets.append(KeylatTarget(name: TextKeysNames.xkit(label, place),
                                            argv: [demo, "--scene", "document", "--file", file] + (place == .middle ? ["--caret-middle"] : []),
                                            windowName: "TextView XKit", click: centre,
                                            environment: ["XKIT_CARET_BLINK": "0", "NO_AT_BRIDGE": "1"]))
                if let gtk {
                    targets.append(KeylatTarget(name: TextKeysNames.gtk(label, place), argv: [gtk, file], windowName: "TextView GTK",
                                                click: centre,
                                                environment: ["ANCHOR_STAY": "1", "NO_AT_BRIDGE": "1"]
                                                    .merging(place == .middle ? ["ANCHOR_MIDDLE": "1"] : [:]) { $1 }))
                }
            }
            if let wish {
                targets.append(KeylatTarget(name: TextKeysNames.tk(label), argv: [wish, anchors.appendingPathComponent("text_tk.tcl").path, file],
                                            windowName: "Text Tk", click: centre, environment: ["ANCHOR_STAY": "1"]))
            }
        }
        for target in targets where target.windowName == "TextView XKit" {
            try Keylat.verifyTextView(keylat, target, server: server)
        }
        print("textkeys: \(keys) keys per program and round, \(rounds) alternating rounds on a private Xvfb (\(server.display))")
        var results: [String: [KeylatResult]] = [:]
        var done: [String: [KeyDone.Result]] = [:]
        for _ in 0..<rounds {
            for target in targets {
                var whole: Result<KeyDone.Result, Error>?
                let (result, _) = try Keylat.measure(keylat, target, keys: keys, server: server) {
                    whole = keydone.map { tool in Result { try KeyDone.measure(tool, target, keys: keys, server: server) } }
                }
                results[target.name, default: []].append(result)
                if let whole { done[target.name, default: []].append(try whole.get()) }
            }
        }
        TextKeysReport.print(results, done: done, order: targets.map(\.name))
        return 0
    } catch {
        print("textkeys: \(error)")
        return 1
    }
}

/// Where in the document the keys go.
enum TextKeysPlace: String, CaseIterable {
    case end, middle
}

/// The row names of the textkeys table.
enum TextKeysNames {
    static func xkit(_ size: String, _ place: TextKeysPlace) -> String { "XKit TextView \(size) \(place.rawValue)" }
    static func gtk(_ size: String, _ place: TextKeysPlace) -> String { "GtkTextView \(size) \(place.rawValue)" }
    static func tk(_ size: String) -> String { "Tk text \(size) end" }
}

enum TextKeysReport {
    /// The table (medians over rounds of each round's median and p90) and issue 24's two goals.
    ///
    /// `done` adds keydone's columns: the median time to the last DAMAGE report of a key (the
    /// whole edit on screen) and how many reports a key caused.
    static func print(_ results: [String: [KeylatResult]], done: [String: [KeyDone.Result]] = [:], order: [String]) {
        func figure(_ name: String, _ value: (KeylatResult) -> Double) -> Double { Bench.median(results[name]?.map(value) ?? []) }
        func whole(_ name: String) -> Double { Bench.median(done[name]?.map(\.doneMedian) ?? []) }
        let small = figure(TextKeysNames.xkit("10KB", .end), \.median)
        Swift.print(Bench.pad("program", 30) + Bench.pad("median ms", 11, right: true) + Bench.pad("p90 ms", 9, right: true)
                    + Bench.pad("max ms", 9, right: true) + Bench.pad("lost", 6, right: true) + "   ÷ XKit 10KB end"
                    + (done.isEmpty ? "" : Bench.pad("done ms", 10, right: true) + Bench.pad("reports", 9, right: true)))
        for name in order {
            guard let runs = results[name], !runs.isEmpty else { continue }
            let reports = Bench.median(done[name]?.map { Double($0.reportsMedian) } ?? [])
            Swift.print(Bench.pad(name, 30) + Bench.pad(String(format: "%.2f", figure(name, \.median)), 11, right: true)
                        + Bench.pad(String(format: "%.2f", figure(name, \.p90)), 9, right: true)
                        + Bench.pad(String(format: "%.2f", runs.map(\.max).max() ?? .nan), 9, right: true)
                        + Bench.pad("\(runs.map(\.lost).reduce(0, +))", 6, right: true)
                        + Bench.pad(String(format: "%.2f", figure(name, \.median) / small), 18, right: true)
                        + (done[name] == nil ? "" : Bench.pad(String(format: "%.2f", whole(name)), 10, right: true)
                            + Bench.pad(String(format: "%.0f", reports), 9, right: true)))
        }
        func verdict(_ met: Bool) -> String { met ? "met" : "MISSED" }
        for place in TextKeysPlace.allCases {
            let large = figure(TextKeysNames.xkit("10MiB", place), \.median)
            let base = figure(TextKeysNames.xkit("10KB", place), \.median)
            Swift.print(String(format: "XKit 10MiB ÷ 10KB, %@: %.2f", place.rawValue, large / base) + " (goal ≤ 1.20: \(verdict(large <= 1.2 * base)))")
        }
        let tk = figure(TextKeysNames.tk("10MiB"), \.median)
        if results[TextKeysNames.tk("10MiB")] != nil {
            let xkit = figure(TextKeysNames.xkit("10MiB", .end), \.median)
            Swift.print(String(format: "XKit ÷ Tk text, 10MiB end: %.2f", xkit / tk) + " (goal ≤ 1.00: \(verdict(xkit <= tk)))")
            if done[TextKeysNames.tk("10MiB")] != nil, done[TextKeysNames.xkit("10MiB", .end)] != nil {
                let ratio = whole(TextKeysNames.xkit("10MiB", .end)) / whole(TextKeysNames.tk("10MiB"))
                Swift.print(String(format: "XKit ÷ Tk text, 10MiB end, whole edit on screen (keydone): %.2f", ratio))
            }
        }
    }
}
