import Foundation
import XKitTesting

/// `xkit-bench keylat [KEYS] [ROUNDS] [MIB]`: keypress-to-pixels latency from outside the process.
///
/// `keylat.c` (from the anchors) clicks a program's text field, then sends keys through XTest and
/// times each until the window's first DAMAGE report. On a private Xvfb of its own it measures, in
/// alternating rounds, the Xlib+Xft floor, a GtkEntry, a Tk entry, XKit's tag field with 10 and with
/// 10,000 tags, and XKit with 10 tags while another process reads a MIB-sized CLIPBOARD that XKit
/// owns. Each figure is the median over rounds of keylat's per-round median (or p90); max is the
/// worst key of all rounds.
func runKeylatBench(arguments: [String]) -> Int32 {
    let keys = Int(arguments.first ?? "") ?? 200
    let rounds = Int(arguments.dropFirst().first ?? "") ?? 5
    let mib = Int(arguments.dropFirst(2).first ?? "") ?? 64
    do {
        let anchors = try Bench.anchorsDirectory()
        guard let keylat = Bench.buildAnchor("keylat.c", packages: "x11 xtst xdamage xfixes") else { return 1 }
        let server = try XvfbServer()
        defer { server.stop() }
        let demo = Bench.sibling("xkit-demo")
        let steady = ["XKIT_CARET_BLINK": "0", "NO_AT_BRIDGE": "1"]
        // The tag input's padding: a click there focuses the field (and scrolls it into view at 10,000 tags).
        let padding = (x: 3, y: 3)
        var targets: [KeylatTarget] = []
        if let xft = Bench.buildAnchor("entry_xft.c", packages: "x11 xft") {
            targets.append(KeylatTarget(name: KeylatBenchNames.floor, argv: [xft], windowName: "Entry Xft", click: (100, 30)))
        }
        if let gtk = Bench.buildAnchor("entry_gtk.c", packages: "gtk+-3.0") {
            targets.append(KeylatTarget(name: KeylatBenchNames.gtk, argv: [gtk], windowName: "Entry GTK", click: (100, 30),
                                        environment: ["NO_AT_BRIDGE": "1"]))
        }
        if let wish = findExecutable("wish") {
            targets.append(KeylatTarget(name: KeylatBenchNames.tk, argv: [wish, anchors.appendingPathComponent("entry_tk.tcl").path],
                                        windowName: "Entry Tk", click: (100, 30)))
        }
        for count in [10, 10_000] {
            targets.append(KeylatTarget(name: KeylatBenchNames.xkit(count), argv: [demo, "--scene", "tags", "--tags", "\(count)"],
                                        windowName: "XKit Tags", click: padding, environment: steady))
        }
        // The text XKit serves: gen_text.py's mixed-script UTF-8, as `xkit-bench clip` uses.
        let clipboardFile = try TextDocuments.file(label: "clip-\(mib)MiB", bytes: mib << 20, anchors: anchors)
        let transferTarget = KeylatTarget(name: KeylatBenchNames.transfer(mib),
                                          argv: [demo, "--scene", "tags", "--tags", "10", "--clipboard", clipboardFile],
                                          windowName: "XKit Tags", click: padding, environment: steady)
        targets.append(transferTarget)

        for target in targets where target.windowName == "XKit Tags" {
            try Keylat.verifyTagField(keylat, target, server: server)
        }
        try KeylatBench.verifyTransfer(transferTarget, file: clipboardFile, server: server)

        print("keylat: \(keys) keys per program and round, \(rounds) alternating rounds on a private Xvfb (\(server.display))")
        var results: [String: [KeylatResult]] = [:]
        var transfers: [ClipboardReaderLoop.Read] = []
        for _ in 0..<rounds {
            for target in targets {
                let reader = target.name == transferTarget.name ? ClipboardReaderLoop(environment: server.environment) : nil
                let (result, reads) = try Keylat.measure(keylat, target, keys: keys, server: server, reader: reader)
                results[target.name, default: []].append(result)
                transfers += reads
            }
        }
        KeylatBench.report(results, order: targets.map(\.name), transfers: transfers, mib: mib)
        return 0
    } catch {
        print("keylat: \(error)")
        return 1
    }
}

/// The row names of the keylat table.
enum KeylatBenchNames {
    static let floor = "entry_xft (floor)"
    static let gtk = "GtkEntry"
    static let tk = "Tk entry"
    static func xkit(_ count: Int) -> String { "XKit tags \(count)" }
    static func transfer(_ mib: Int) -> String { "XKit tags 10, serving \(mib) MiB" }
}

enum KeylatBench {
    /// xclip must read back exactly the file XKit owns, or the transfer rows would time nothing.
    static func verifyTransfer(_ target: KeylatTarget, file: String, server: XvfbServer) throws {
        let program = try HelperProcess(target.argv, environment: server.environment.merging(target.environment) { $1 })
        defer { program.stop() }
        let expected = FileManager.default.contents(atPath: file)
        for _ in 0..<50 {
            let owner = try runProcess(["xclip", "-o", "-selection", "clipboard"], timeout: 60, environment: server.environment)
            if owner.succeeded && owner.stdout == expected { return }
            Thread.sleep(forTimeInterval: 0.2)
        }
        throw XKitTestingError("\(target.name): xclip did not read back the \(file) XKit owns")
    }

    /// Prints the table (medians over rounds) and the goals of issue 12.
    static func report(_ results: [String: [KeylatResult]], order: [String], transfers: [ClipboardReaderLoop.Read], mib: Int) {
        func figure(_ name: String, _ value: (KeylatResult) -> Double) -> Double {
            Bench.median(results[name]?.map(value) ?? [])
        }
        let floor = figure(KeylatBenchNames.floor, \.median)
        print(Bench.pad("program", 34) + Bench.pad("median ms", 11, right: true) + Bench.pad("p90 ms", 9, right: true)
              + Bench.pad("min ms", 9, right: true) + Bench.pad("max ms", 9, right: true) + Bench.pad("lost", 6, right: true)
              + "   ÷ floor")
        for name in order {
            guard let runs = results[name], !runs.isEmpty else { continue }
            let median = figure(name, \.median)
            print(Bench.pad(name, 34) + Bench.pad(String(format: "%.2f", median), 11, right: true)
                  + Bench.pad(String(format: "%.2f", figure(name, \.p90)), 9, right: true)
                  + Bench.pad(String(format: "%.2f", runs.map(\.min).min() ?? .nan), 9, right: true)
                  + Bench.pad(String(format: "%.2f", runs.map(\.max).max() ?? .nan), 9, right: true)
                  + Bench.pad("\(runs.map(\.lost).reduce(0, +))", 6, right: true)
                  + String(format: "   %.2f", median / floor))
        }
        let tk = figure(KeylatBenchNames.tk, \.median)
        let small = figure(KeylatBenchNames.xkit(10), \.median), large = figure(KeylatBenchNames.xkit(10_000), \.median)
        let smallP90 = figure(KeylatBenchNames.xkit(10), \.p90), largeP90 = figure(KeylatBenchNames.xkit(10_000), \.p90)
        func verdict(_ met: Bool) -> String { met ? "met" : "MISSED" }
        print(String(format: "XKit 10 tags ÷ Tk entry: %.2f, p90 %.2f", small / tk, smallP90 / figure(KeylatBenchNames.tk, \.p90))
              + " (goal ≤ 1.00: \(verdict(small <= tk)))")
        // Issue 22 asks for ≤ 0.8× in every round, each round's XKit median against the same round's Tk.
        let perRound = zip(results[KeylatBenchNames.xkit(10)] ?? [], results[KeylatBenchNames.tk] ?? []).map { $0.median / $1.median }
        if !perRound.isEmpty {
            print("XKit 10 tags ÷ Tk entry by round: " + perRound.map { String(format: "%.2f", $0) }.joined(separator: " ")
                  + " (goal ≤ 0.80 in each: \(verdict(perRound.allSatisfy { $0 <= 0.8 })))")
        }
        print(String(format: "XKit 10,000 tags ÷ XKit 10 tags: %.2f, p90 %.2f", large / small, largeP90 / smallP90)
              + " (goal ≤ 1.20: \(verdict(large <= 1.2 * small)))")
        let transferName = KeylatBenchNames.transfer(mib)
        if let runs = results[transferName], !runs.isEmpty {
            let worst = runs.map(\.max).max() ?? .nan
            let lost = runs.map(\.lost).reduce(0, +)
            // Reads that fail are the ones made before XKit owned the selection.
            let good = transfers.filter { $0.status == 0 }
            print(String(format: "keys during %d MiB CLIPBOARD transfers (%d complete reads by xclip, median %.0f ms each): "
                         + "median %.2f ms, p90 %.2f ms, max %.2f ms", mib, good.count, Bench.median(good.map(\.seconds)) * 1000,
                         figure(transferName, \.median), figure(transferName, \.p90), worst)
                  + " (goal: every key within 16 ms: \(verdict(worst <= 16 && lost == 0)))")
            // On a shared machine a single key can wait for the CPU whoever draws it; the floor's
            // worst key in the same rounds says how much of a miss is the machine's.
            let floorWorst = results[KeylatBenchNames.floor]?.map(\.max).max() ?? .nan
            print(String(format: "  worst key per round during transfers: median %.2f ms; the floor's worst key in these rounds: %.2f ms",
                         figure(transferName, \.max), floorWorst))
        }
    }
}
