import Foundation
import XKitTesting

/// `xkit-bench list`: launch to first frame and peak RSS of the contacts scene at 10, 100,000 and
/// 1,000,000 rows, side by side with GTK 4's GtkListView over a lazy model (`list_gtk4.c`, cairo renderer).
///
/// Scroll frame times (XTest wheel → first DAMAGE), the Tk ttk::treeview peer and the Xlib+Xft floor
/// the issue asks for are not measured yet.
func runListBench(arguments: [String]) -> Int32 {
    let rounds = Int(arguments.first ?? "") ?? 5
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
        return 0
    } catch {
        print("list: \(error)")
        return 1
    }
}
