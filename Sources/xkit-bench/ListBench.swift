import Foundation
import XKitTesting

/// `xkit-bench list [ROUNDS] [WHEEL_CLICKS]`: launch to first frame and peak RSS of the contacts scene
/// at 10, 100,000 and 1,000,000 rows, side by side with GTK 4's GtkListView over a lazy model
/// (`list_gtk4.c`, cairo renderer); then scroll frame times at 1,000,000 rows (XTest wheel → first
/// DAMAGE, median and p99) beside GtkListView, Tk's ttk::treeview and an Xlib+Xft floor
/// (`ListScrollBench`). `WHEEL_CLICKS` 0 skips the scroll part. Last, a million-item diffable
/// snapshot built, applied and filtered without a display (`ListSnapshotBench`).
@MainActor
func runListBench(arguments: [String]) -> Int32 {
    let rounds = Int(arguments.first ?? "") ?? 5
    let clicks = arguments.count > 1 ? Int(arguments[1]) ?? 200 : 200
    do {
        let server = try XvfbServer.shared()
        var programs: [(name: String, argv: [String])] = []
        let gtk = Bench.buildAnchor("list_gtk4.c", packages: "gtk4")
        for rows in [10, 100_000, 1_000_000] {
            programs.append(("xkit contacts \(rows)", [Bench.sibling("xkit-demo"), "--scene", "contacts", "--rows", String(rows),
                                                      "--exit-after-first-frame"]))
            if let gtk { programs.append(("GtkListView \(rows)", [gtk, String(rows)])) }
        }
        print("list: \(rounds) interleaved rounds on \(server.display), medians (spawn to exit at the first frame)")
        let environment = server.environment.merging(["NO_AT_BRIDGE": "1", "GSK_RENDERER": "cairo"]) { $1 }
        let samples = Bench.interleaved(programs, rounds: rounds, environment: environment)
        Bench.report(samples, order: programs.map(\.name), baseline: "xkit contacts 10")
        if clicks > 0 { ListScrollBench.run(rows: 1_000_000, rounds: rounds, events: clicks, server: server) }
        ListSnapshotBench.run(rounds: rounds)
        return 0
    } catch {
        print("list: \(error)")
        return 1
    }
}
