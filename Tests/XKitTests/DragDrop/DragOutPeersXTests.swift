import Foundation
import Testing
import XKit
import XKitTesting

/// Drags between XKit and toolkits other than GTK 3: a GTK 4 entry and a Qt 5 line edit, each a
/// real program at the other end, each of XKit's drag sources (a label's selection, a text field's
/// selection, a tag chip), a drag from Qt into the tag input, and a target behind XdndProxy.
///
/// Under openbox the drags into a peer enter its frame over the title bar, where no window takes
/// drops; the client below must still be found (it was not: the frame's first answer was kept).
@Suite(.serialized)
struct DragOutPeersXTests {
    private enum Peer {
        case gtk4, qt

        var environment: [String: String] {
            switch self {
            // Cairo, not GL, on Xvfb; no accessibility bus for the peer.
            case .gtk4: ["GSK_RENDERER": "cairo", "GDK_BACKEND": "x11", "GTK_A11Y": "none", "NO_AT_BRIDGE": "1"]
            case .qt: ["QT_QPA_PLATFORM": "xcb", "QT_ACCESSIBILITY": "0", "QT_LOGGING_RULES": "*=false"]
            }
        }
    }

    /// Starts a peer; returns it, the file its text goes to, and its window's root frame.
    private func start(_ peer: Peer, text: String? = nil) throws -> (HelperProcess, URL, Rect) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-dnd-peer-\(UUID().uuidString)")
        let argv: [String]
        switch peer {
        case .gtk4:
            argv = [try DragPeers.build("gtk4-entry", DragPeers.gtk4Entry, packages: "gtk4 gtk4-x11"), out.path]
        case .qt:
            let script = out.path + ".py"
            try DragPeers.qtLineEdit.write(toFile: script, atomically: true, encoding: .utf8)
            // Debian's python3, which has python3-pyqt5 (a PATH python3 may be another).
            argv = ["/usr/bin/python3", script, out.path] + (text.map { [$0] } ?? [])
        }
        let process = try HelperProcess(argv, environment: try XvfbServer.shared().environment.merging(peer.environment) { $1 })
        return (process, out, try DragXSupport.placePeerWindow(out))
    }

    /// Drags from `from` into the peer and returns what the peer then holds, with the drag's end.
    private func drag(_ app: AppProcess, _ driver: XTestDriver, from: Point, into frame: Rect, out: URL,
                      expecting text: String, source: String) throws {
        let mark = app.mark()
        DragXSupport.dragSlowly(driver, from: from, to: frame.center)
        let started = try app.waitForEvent(named: "dnd.started", since: mark)
        #expect(started.string("source") == source)
        #expect(DragXSupport.wait { DragXSupport.text(out) == text },
                "the peer holds \(DragXSupport.text(out).debugDescription), not \(text.debugDescription)")
        let finished = try app.waitForEvent(named: "dnd.finished", since: mark)
        #expect(finished.string("action") == "XdndActionCopy", "the drag ended: \(finished.string("reason") ?? "?")")
        print("\(source) → peer: median \(finished.int("medianMoveMicroseconds") ?? -1) µs per pointer move, "
              + "max \(finished.int("maxMoveMicroseconds") ?? -1) µs over \(finished.int("moves") ?? 0) moves")
        #expect(app.isResponsive())
    }

    @Test func aLabelSelectionDraggedIntoAGtk4EntryBecomesItsText() throws {
        let (app, driver) = try DragXSupport.startGallery()
        defer { _ = app.terminate() }
        let (peer, out, frame) = try start(.gtk4)
        defer { peer.stop() }
        let label = try #require(app.latestViews().first { $0.type == "Label" && ($0.fields["selectable"] as? Bool) == true })
        let mark = app.mark()
        driver.click(at: label.center, count: 2)
        let word = try #require(try app.waitForEvent(named: "text.select", since: mark).string("text"))
        usleep(600_000)
        try drag(app, driver, from: label.center, into: frame, out: out, expecting: word, source: "Label")
    }

    @Test func aTextFieldSelectionDraggedIntoAQtLineEditBecomesItsTextAndStaysInTheField() throws {
        let (app, driver) = try DragXSupport.startGallery()
        defer { _ = app.terminate() }
        let (peer, out, frame) = try start(.qt)
        defer { peer.stop() }
        let field = try #require(app.latestViews().first { $0.type == "TextField" })
        driver.click(at: field.center)
        driver.waitUntilIdle()
        let mark = app.mark()
        try driver.type("Thành phố")
        try driver.key("ctrl+a")
        // Under a sanitizer the app can fall quiet before its next `views` trace; wait for the text itself.
        let typed = try app.waitForView(since: mark) {
            $0.type == "TextField" && $0.fields["text"] as? String == "Thành phố"
        }
        #expect(app.waitForQuiescence())
        try drag(app, driver, from: Point(x: typed.frame.minX + 14, y: typed.frame.midY), into: frame, out: out,
                 expecting: "Thành phố", source: "TextField")
        #expect(app.waitForQuiescence())
        #expect(app.latestViews().first { $0.type == "TextField" }?.fields["text"] as? String == "Thành phố",
                "a drag is a copy: the field keeps its text")
    }

    @Test func aTagChipDraggedIntoAGtk4EntryBecomesItsTitle() throws {
        let (app, driver) = try DragXSupport.startGallery()
        defer { _ = app.terminate() }
        let (peer, out, frame) = try start(.gtk4)
        defer { peer.stop() }
        let chip = try #require(app.latestViews().first { $0.type == "TagChip" })
        let title = try #require(chip.fields["text"] as? String)
        let tagsBefore = app.latestViews().filter { $0.type == "TagChip" }.count
        try drag(app, driver, from: Point(x: chip.frame.minX + 12, y: chip.frame.midY), into: frame, out: out,
                 expecting: title, source: "TagChip")
        #expect(app.waitForQuiescence())
        #expect(app.latestViews().filter { $0.type == "TagChip" }.count == tagsBefore, "the tag stays: a drag is a copy")
    }

    @Test func textDraggedOutOfAQtLineEditBecomesATag() throws {
        let (app, driver) = try DragXSupport.startGallery()
        defer { _ = app.terminate() }
        let (peer, _, frame) = try start(.qt, text: "từ-Qt")
        defer { peer.stop() }
        let input = try #require(app.latestViews().first { $0.type == "TagInputView" })
        let mark = app.mark()
        DragXSupport.dragSlowly(driver, from: Point(x: frame.minX + 14, y: frame.midY), to: input.center)
        let dropped = try app.waitForEvent(named: "dnd.dropped", since: mark)
        #expect(dropped.string("target") == "TagInputView")
        let changed = try app.waitForEvent(named: "tags.changed", since: mark)
        #expect((changed["tags"] as? [String])?.last == "từ-Qt")
    }

    @Test func aDragFollowsXdndProxyAndNamesTheWindowUnderThePointer() throws {
        let (app, driver) = try DragXSupport.startGallery()
        defer { _ = app.terminate() }
        let binary = try DragPeers.build("proxy-target", DragPeers.proxyTarget, packages: "x11")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-dnd-proxy-\(UUID().uuidString)")
        let peer = try HelperProcess([binary, out.path], environment: try XvfbServer.shared().environment)
        defer { peer.stop() }
        #expect(DragXSupport.wait { DragXSupport.text(out).hasPrefix("ready") })
        let label = try #require(app.latestViews().first { $0.type == "Label" && ($0.fields["selectable"] as? Bool) == true })
        let mark = app.mark()
        driver.click(at: label.center, count: 2)
        let word = try #require(try app.waitForEvent(named: "text.select", since: mark).string("text"))
        usleep(600_000)
        DragXSupport.dragSlowly(driver, from: label.center, to: Point(x: 220, y: 860))
        #expect(DragXSupport.wait { DragXSupport.text(out).contains(" text ") })
        let report = DragXSupport.text(out).trimmingCharacters(in: .whitespacesAndNewlines)
        let fields = report.split(separator: " ", maxSplits: 5).map(String.init)
        #expect(fields.count == 6 && fields[0] == "messages" && fields[2] == "named", "the proxy wrote \(report.debugDescription)")
        if fields.count == 6 {
            #expect(Int(fields[1]) ?? 0 > 2, "enter, positions and the drop all went to the proxy")
            #expect(fields[1] == fields[3], "every message named the window under the pointer, not the proxy")
            #expect(fields[5] == word)
        }
        let finished = try app.waitForEvent(named: "dnd.finished", since: mark)
        #expect(finished.string("action") == "XdndActionCopy")
    }
}
