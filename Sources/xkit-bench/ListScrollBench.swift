import Foundation
import XKitTesting

/// One list program the wheel scrolls: how to start it, its window's name and a point over its rows.
struct ListScrollTarget {
    var name: String
    var argv: [String]
    var windowName: String
    var point: (x: Int, y: Int)
    var environment: [String: String] = [:]
}

/// The scroll half of `xkit-bench list`: at `rows` rows, XTest wheel clicks (button 5) over each
/// list and the time to the window's first DAMAGE after each, in alternating rounds: XKit's contacts
/// scene, GtkListView (the shared anchor kept open), Tk's ttk::treeview and the Xlib+Xft floor.
enum ListScrollBench {
    static func run(rows: Int, rounds: Int, events: Int, server: XvfbServer) {
        guard let scrolllat = ListScrollPeers.build("scrolllat", source: ListScrollPeers.scrollLatC,
                                                    packages: "x11 xtst xdamage xfixes") else {
            print("list scroll: scrolllat did not build; no scroll figures")
            return
        }
        let targets = targets(rows: rows)
        print("list scroll: \(rows) rows, \(rounds) alternating rounds of \(events) wheel clicks each "
            + "(XTest button 5, time to the first DAMAGE per click, 30 ms quiet before each)")
        var results: [String: [ScrollLatResult]] = [:]
        for round in 0..<rounds {
            for target in targets {
                do {
                    results[target.name, default: []].append(try measure(scrolllat, target, events: events, server: server))
                } catch {
                    print("list scroll: round \(round + 1), \(target.name): \(error)")
                }
            }
        }
        report(results, order: targets.map(\.name))
    }

    static func targets(rows: Int) -> [ListScrollTarget] {
        var targets = [ListScrollTarget(name: "xkit contacts", argv: [Bench.sibling("xkit-demo"), "--scene", "contacts", "--rows", String(rows)],
                                        windowName: "XKit Contacts", point: (180, 300),
                                        environment: ["XKIT_CARET_BLINK": "0", "NO_AT_BRIDGE": "1"])]
        if let gtk = ListScrollPeers.buildGtkListKeptOpen() {
            targets.append(ListScrollTarget(name: "GtkListView", argv: [gtk, String(rows)], windowName: "List GTK4", point: (210, 320),
                                            environment: ["NO_AT_BRIDGE": "1", "GSK_RENDERER": "cairo"]))
        }
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/wish"), let script = ListScrollPeers.writeTreeviewScript() {
            targets.append(ListScrollTarget(name: "ttk::treeview", argv: ["/usr/bin/wish", script, String(rows)],
                                            windowName: "List Tk", point: (210, 320)))
        }
        if let xft = ListScrollPeers.build("list_xft", source: ListScrollPeers.xftFloorC, packages: "x11 xft") {
            targets.append(ListScrollTarget(name: "Xlib+Xft floor", argv: [xft, String(rows)], windowName: "List Xft", point: (210, 320)))
        }
        return targets
    }

    /// Starts the program, lets scrolllat wheel over it, stops it.
    static func measure(_ scrolllat: String, _ target: ListScrollTarget, events: Int, server: XvfbServer) throws -> ScrollLatResult {
        let program = try HelperProcess(target.argv, environment: server.environment.merging(target.environment) { $1 })
        defer { program.stop() }
        // Tk makes a million items before its window maps: allow for it.
        _ = try WindowFinder(display: server.display).waitForWindow(named: target.windowName, timeout: 120)
        let run = try runProcess([scrolllat, target.windowName, "\(target.point.x)", "\(target.point.y)", "\(events)", "5"],
                                 timeout: 60 + Double(events) * 1.1, environment: server.environment)
        guard run.succeeded, let result = ScrollLatResult(line: run.stdoutString) else {
            throw XKitTestingError("scrolllat against \(target.name) failed (\(run)): \(run.stdoutString)\(run.stderrString)")
        }
        return result
    }

    /// Medians over the rounds of each run's median and p99, and p99 ÷ GtkListView's.
    static func report(_ results: [String: [ScrollLatResult]], order: [String]) {
        let gtkP99 = Bench.median(results["GtkListView"]?.map(\.p99) ?? [])
        print(Bench.pad("program", 22) + Bench.pad("median ms", 11, right: true) + Bench.pad("p90 ms", 9, right: true)
              + Bench.pad("p99 ms", 9, right: true) + Bench.pad("max ms", 9, right: true) + Bench.pad("lost", 6, right: true)
              + "   p99 ÷ GtkListView")
        for name in order {
            guard let runs = results[name], !runs.isEmpty else { continue }
            let p99 = Bench.median(runs.map(\.p99))
            print(Bench.pad(name, 22) + Bench.pad(String(format: "%.2f", Bench.median(runs.map(\.median))), 11, right: true)
                  + Bench.pad(String(format: "%.2f", Bench.median(runs.map(\.p90))), 9, right: true)
                  + Bench.pad(String(format: "%.2f", p99), 9, right: true)
                  + Bench.pad(String(format: "%.2f", runs.map(\.max).max() ?? .nan), 9, right: true)
                  + Bench.pad("\(runs.map(\.lost).reduce(0, +))", 6, right: true)
                  + (gtkP99.isFinite && gtkP99 > 0 ? String(format: "   %.2f", p99 / gtkP99) : ""))
        }
    }
}
