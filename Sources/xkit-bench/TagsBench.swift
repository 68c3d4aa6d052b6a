import Foundation
import XKitTesting

/// `xkit-bench tags [ROUNDS]`: the tags scene at 1,000 and 10,000 tags against the anchors
/// (Xlib+Xft floor, Tk canvas, GTK FlowBox), each exiting at its first frame in a 600×700 window.
func runTagsBench(arguments: [String]) -> Int32 {
    let rounds = Int(arguments.first ?? "") ?? 10
    do {
        let server = try XvfbServer.shared()
        let anchors = try Bench.anchorsDirectory()
        let xft = Bench.buildAnchor("tags_xft.c", packages: "x11 xft fontconfig")
        let gtk = Bench.buildAnchor("tags_gtk.c", packages: "gtk+-3.0")
        let wish = findExecutable("wish")
        var xkitWall: [Int: Double] = [:]
        for count in [1000, 10000] {
            var programs: [(name: String, argv: [String])] = [
                ("xkit-demo \(count)", [Bench.sibling("xkit-demo"), "--scene", "tags", "--tags", "\(count)", "--exit-after-first-frame"]),
            ]
            if let xft { programs.append(("tags_xft \(count) (floor)", [xft, "\(count)"])) }
            if let wish { programs.append(("tk canvas \(count)", [wish, anchors.appendingPathComponent("tags_tk.tcl").path, "\(count)", "canvas"])) }
            if let gtk { programs.append(("gtk flowbox \(count)", [gtk, "\(count)"])) }
            print("tags: \(count) tags, \(rounds) interleaved rounds on \(server.display), medians")
            let samples = Bench.interleaved(programs, rounds: rounds, environment: server.environment.merging(["NO_AT_BRIDGE": "1"]) { $1 },
                                            capped: ["gtk flowbox \(count)": 3])
            Bench.report(samples, order: programs.map(\.name), baseline: "tk canvas \(count)")
            xkitWall[count] = Bench.median(samples["xkit-demo \(count)"]?.map(\.wall) ?? [])
        }
        if let small = xkitWall[1000], let large = xkitWall[10000] {
            print(String(format: "xkit growth from 1,000 to 10,000 tags: wall ×%.2f", large / small))
        }
        return 0
    } catch {
        print("tags: \(error)")
        return 1
    }
}
