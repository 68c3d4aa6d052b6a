import Foundation
import Testing
import XKit
import XKitTesting

/// XDND against real peers: a GTK 3 entry at the other end both ways, and hostile sources.
@Suite(.serialized)
struct DragAndDropXTests {
    private func startGallery(environment: [String: String] = [:]) throws -> (AppProcess, XTestDriver) {
        try DragXSupport.startGallery(environment: environment)
    }

    private func tags(_ event: TraceEvent) -> [String] { event["tags"] as? [String] ?? [] }

    private func warnings(_ app: AppProcess, since mark: Int) -> [String] {
        app.events.dropFirst(mark).filter { $0.name == "warning" }.compactMap { $0.string("message") }
    }

    private func wait(timeout: TimeInterval = 10, _ condition: () -> Bool) -> Bool {
        DragXSupport.wait(timeout: timeout, condition)
    }

    /// Starts the GTK 3 entry peer; returns it, the file its text goes to, and the entry's root frame.
    private func startGtkEntry(text: String) throws -> (HelperProcess, URL, Rect) {
        let binary = try DragPeers.build("gtk-entry", DragPeers.gtkEntry, packages: "gtk+-3.0")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-dnd-entry-\(UUID().uuidString)")
        let geom = URL(fileURLWithPath: out.path + ".geom")
        let peer = try HelperProcess([binary, out.path, text], environment: try XvfbServer.shared().environment)
        usleep(400_000)
        var frame: Rect?
        _ = wait {
            guard let line = try? String(contentsOf: geom, encoding: .utf8) else { return false }
            let n = line.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            guard n.count == 4 else { return false }
            frame = Rect(x: n[0], y: n[1], width: n[2], height: n[3])
            return true
        }
        return (peer, out, try #require(frame, "the GTK entry never reported its geometry"))
    }

    /// The entry's latest root frame (a window manager may have moved it since it was mapped).
    private func entryFrame(_ out: URL, else fallback: Rect) -> Rect {
        guard let line = try? String(contentsOf: URL(fileURLWithPath: out.path + ".geom"), encoding: .utf8) else { return fallback }
        let n = line.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        return n.count == 4 ? Rect(x: n[0], y: n[1], width: n[2], height: n[3]) : fallback
    }

    private func dragSlowly(_ driver: XTestDriver, from: Point, to: Point) {
        DragXSupport.dragSlowly(driver, from: from, to: to)
    }

    @Test func aLabelSelectionDraggedIntoAGtk3EntryBecomesItsText() throws {
        let (app, driver) = try startGallery()
        defer { _ = app.terminate() }
        let (peer, out, entry) = try startGtkEntry(text: "")
        defer { peer.stop() }
        let label = try #require(app.latestViews().first { $0.type == "Label" && ($0.fields["selectable"] as? Bool) == true },
                                 "the gallery has a selectable post label")
        var mark = app.mark()
        driver.click(at: label.center, count: 2)
        let selected = try app.waitForEvent(named: "text.select", since: mark)
        let word = try #require(selected.string("text"))
        #expect(!word.isEmpty)
        // Under a window manager the press that starts the drag raises the gallery, which it has
        // fitted to the screen over the entry: kept above, the entry stays the drop target.
        let finder = try WindowFinder()
        for window in finder.allWindows(ofProcess: peer.pid) { try finder.keepAbove(window) }
        usleep(600_000)
        mark = app.mark()
        dragSlowly(driver, from: label.center, to: entryFrame(out, else: entry).center)
        let started = try app.waitForEvent(named: "dnd.started", since: mark)
        #expect((started["types"] as? [String])?.contains("text/html") == true)
        #expect(wait { (try? String(contentsOf: out, encoding: .utf8)) == word },
                "the GTK entry holds \((try? String(contentsOf: out, encoding: .utf8)).debugDescription), not \(word.debugDescription)")
        let finished = try app.waitForEvent(named: "dnd.finished", since: mark)
        #expect(finished.string("action") == "XdndActionCopy", "the drag ended: \(finished.string("reason") ?? "?"); targets \(app.events.dropFirst(mark).filter { $0.name == "dnd.target" }.map { $0.int("window") ?? 0 }), our window \(app.windowID() ?? 0), entry \(entryFrame(out, else: entry)), app views \(app.latestViews().first.map { "\($0.frame)" } ?? "")")
        #expect((finished.int("moves") ?? 0) > 0)
        print("xdnd source cost per pointer move: median \(finished.int("medianMoveMicroseconds") ?? -1) µs, "
              + "max \(finished.int("maxMoveMicroseconds") ?? -1) µs over \(finished.int("moves") ?? 0) moves")
        #expect(app.events.dropFirst(mark).contains { $0.name == "clipboard.served" && $0.string("selection") == "XdndSelection" })
        #expect(app.isResponsive())
    }

    @Test func escapeMidDragLeavesTheTargetAndDropsNothing() throws {
        let (app, driver) = try startGallery()
        defer { _ = app.terminate() }
        let (peer, out, entry) = try startGtkEntry(text: "")
        defer { peer.stop() }
        let label = try #require(app.latestViews().first { $0.type == "Label" && ($0.fields["selectable"] as? Bool) == true })
        var mark = app.mark()
        driver.click(at: label.center, count: 2)
        _ = try app.waitForEvent(named: "text.select", since: mark)
        usleep(600_000)
        mark = app.mark()
        driver.press(at: label.center)
        for step in 1...12 {
            let t = Double(step) / 12
            driver.move(to: Point(x: label.center.x + (entry.center.x - label.center.x) * t,
                                  y: label.center.y + (entry.center.y - label.center.y) * t))
            usleep(30_000)
        }
        usleep(300_000)
        _ = try app.waitForEvent(named: "dnd.target", since: mark)
        try driver.key("Escape")
        let finished = try app.waitForEvent(named: "dnd.finished", since: mark)
        #expect(finished.string("reason") == "cancelled")
        driver.release(at: entry.center)
        driver.waitUntilIdle()
        usleep(500_000)
        #expect(((try? String(contentsOf: out, encoding: .utf8)) ?? "").isEmpty, "nothing was dropped into the entry")
        #expect(app.isResponsive())
    }

    @Test func textDraggedOutOfAGtk3EntryBecomesATag() throws {
        let (app, driver) = try startGallery()
        defer { _ = app.terminate() }
        let (peer, _, entry) = try startGtkEntry(text: "from-gtk")
        defer { peer.stop() }
        let input = try #require(app.latestViews().first { $0.type == "TagInputView" })
        let mark = app.mark()
        dragSlowly(driver, from: Point(x: entry.minX + 20, y: entry.midY), to: input.center)
        let dropped = try app.waitForEvent(named: "dnd.dropped", since: mark)
        #expect(dropped.string("target") == "TagInputView")
        #expect((dropped["types"] as? [String])?.contains("UTF8_STRING") == true)
        let changed = try app.waitForEvent(named: "tags.changed", since: mark)
        #expect(tags(changed).last == "from-gtk")
        let entered = try app.waitForEvent(named: "dnd.entered", since: mark)
        #expect(entered.string("target") == "TagInputView")
    }

    @Test func hostileSourcesLeaveTheAppWorkingAndTheFieldsTextIntact() throws {
        let (app, driver) = try startGallery(environment: ["XKIT_DND_SILENCE_TIMEOUT": "1.5"])
        defer { _ = app.terminate() }
        let hostile = try DragPeers.build("hostile-source", DragPeers.hostileSource, packages: "x11")
        let field = try #require(app.latestViews().first { $0.type == "TextField" })
        let input = try #require(app.latestViews().first { $0.type == "TagInputView" })
        driver.click(at: field.center)
        driver.waitUntilIdle()
        var mark = app.mark()
        try driver.type("first")
        try driver.key("Return")
        let before = tags(try app.waitForEvent(named: "tags.changed", since: mark))
        try driver.type("keep")
        #expect(app.waitForQuiescence())
        let xid = try #require(app.windowID())
        let env = try XvfbServer.shared().environment
        func run(_ mode: String) throws -> String {
            let result = try runProcess([hostile, mode, String(xid), String(Int(input.center.x)), String(Int(input.center.y))],
                                        timeout: 20, environment: env)
            #expect(result.succeeded, "\(mode): \(result)")
            return result.stdoutString
        }
        var latencies: [Int] = []
        mark = app.mark()
        let noEnter = try run("position-without-enter")
        #expect(noEnter.contains("status -1"), "a position without XdndEnter gets no status: \(noEnter)")
        #expect(noEnter.contains("finished 0"), "a drop without XdndEnter is refused: \(noEnter)")
        #expect(wait { warnings(app, since: mark).contains { $0.contains("XdndPosition") && $0.contains("without XdndEnter") } })

        mark = app.mark()
        let many = try run("many-types")
        #expect(many.contains("status 1"), "the drag is still answered (accepted, no more positions needed): \(many)")
        #expect(wait { warnings(app, since: mark).contains { $0.contains("10000 types") } })

        mark = app.mark()
        let vanished = try run("vanish")
        latencies += vanished.split(separator: "\n").compactMap { $0.hasPrefix("latency_us ") ? Int($0.dropFirst(11)) : nil }
        #expect(vanished.contains("status 1"))
        #expect(wait { warnings(app, since: mark).contains { $0.contains("vanished") } })

        mark = app.mark()
        let silent = try run("never-drop")
        latencies += silent.split(separator: "\n").compactMap { $0.hasPrefix("latency_us ") ? Int($0.dropFirst(11)) : nil }
        #expect(wait { warnings(app, since: mark).contains { $0.contains("sent nothing for 1.5 s") } })

        #expect(app.isResponsive())
        mark = app.mark()
        try driver.key("Return")
        let after = tags(try app.waitForEvent(named: "tags.changed", since: mark))
        #expect(after == before + ["keep"], "the typed text survived every hostile drag, and no tag was added or lost")
        let sorted = latencies.sorted()
        if !sorted.isEmpty {
            print("xdnd target XdndPosition→XdndStatus round trip: median \(sorted[sorted.count / 2]) µs over \(sorted.count)")
        }
    }
}
