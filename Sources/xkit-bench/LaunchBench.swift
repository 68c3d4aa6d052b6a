import Foundation
import XKitTesting

/// `xkit-bench launch`: time to first frame of the hello scene against the C, GTK and Tk anchors.
func runLaunchBench(arguments: [String]) -> Int32 {
    let rounds = Int(arguments.first ?? "") ?? 10
    do {
        let server = try XvfbServer.shared()
        var programs: [(name: String, argv: [String])] = [
            ("xkit-demo hello", [Bench.sibling("xkit-demo"), "--scene", "hello", "--exit-after-first-frame"]),
        ]
        if let xft = Bench.buildAnchor("ttff_xft.c", packages: "x11 xft fontconfig") { programs.append(("ttff_xft (C floor)", [xft])) }
        if let gtk = Bench.buildAnchor("ttff_gtk.c", packages: "gtk+-3.0") { programs.append(("ttff_gtk (GTK 3)", [gtk])) }
        if let anchors = try? Bench.anchorsDirectory(), findExecutable("wish") != nil {
            programs.append(("ttff_tk (Tk wish)", ["wish", anchors.appendingPathComponent("ttff_tk.tcl").path]))
        }
        print("launch: \(rounds) interleaved rounds on \(server.display), medians")
        let samples = Bench.interleaved(programs, rounds: rounds, environment: server.environment.merging(["NO_AT_BRIDGE": "1"]) { $1 })
        Bench.report(samples, order: programs.map(\.name), baseline: "ttff_xft (C floor)")
        return 0
    } catch {
        print("launch: \(error)")
        return 1
    }
}
