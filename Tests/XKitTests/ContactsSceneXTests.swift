import Foundation
import Testing
import XKit
import XKitTesting

/// The contacts scene (a CollectionView of generated contacts) driven with real XTest input; the
/// clipboard is read with xclip in another process and the list through pyatspi.
@Suite(.serialized)
struct ContactsSceneXTests {
    private let driver: XTestDriver

    init() throws {
        _ = try XvfbServer.shared()
        driver = try XTestDriver.shared()
    }

    private func launch(rows: Int, environment: [String: String] = [:]) throws -> AppProcess {
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "contacts", "--rows", String(rows)], environment: environment)
        _ = try app.waitForEvent(named: "window.mapped")
        _ = try app.waitForView { $0.type == "CollectionView" }
        return app
    }

    private func list(_ app: AppProcess) throws -> TraceView {
        try #require(app.latestViews().first { $0.type == "CollectionView" }, "no list in the trace")
    }

    /// Live cells in sight (recycled ones carry no index path; the margin's are outside the list), in screen order.
    private func cells(_ app: AppProcess) -> [TraceView] {
        let views = app.latestViews()
        let area = views.first { $0.type == "CollectionView" }?.frame ?? .zero
        return views.filter {
            $0.type == "CollectionViewCell" && $0.fields["indexPath"] != nil && $0.fields["hidden"] as? Bool != true
                && area.contains($0.center)
        }.sorted { $0.frame.minY < $1.frame.minY }
    }

    private func path(_ value: Any?) -> [Int]? { (value as? [Any])?.compactMap { ($0 as? NSNumber)?.intValue } }

    @Test func aMillionRowsScrollWithRealWheelEventsAndOnlyTheVisibleCellsExist() throws {
        let app = try launch(rows: 1_000_000)
        defer { _ = app.terminate() }
        let before = try list(app)
        #expect(before.fields["items"] as? Int == 1_000_000)
        #expect(path(before.fields["firstVisible"]) == [0, 0])
        var mark = app.mark()
        driver.scroll(at: before.center, dy: 10)
        let scrolled = try app.waitForView(since: mark) { $0.type == "CollectionView" && (self.path($0.fields["firstVisible"]) ?? [0, 0]) != [0, 0] }
        let offset = try #require((scrolled.fields["content_offset"] as? [Any])?.last as? NSNumber).doubleValue
        #expect(offset > 0)
        let live = try #require(scrolled.fields["cellViews"] as? Int)
        #expect(live > 5 && live < 40, "cell views are bounded by the screen: \(live)")
        // Click a row, then End: the last of the million rows is selected and in sight.
        _ = app.waitForQuiescence()
        let row = try #require(cells(app).dropFirst(2).first)
        mark = app.mark()
        driver.click(at: row.center)
        _ = try app.waitForEvent(named: "collection.selected", since: mark)
        mark = app.mark()
        try driver.key("End")
        let end = try app.waitForView(since: mark) { $0.type == "CollectionView" && self.path($0.fields["lastVisible"]) == [25, 38_460] }
        #expect(path((end.fields["selected"] as? [Any])?.first) == [25, 38_460])
        #expect((end.fields["cellViews"] as? Int ?? 99) < 40)
    }

    @Test func theArrowsMoveTheSelectionAndTheDetailFollows() throws {
        let app = try launch(rows: 2000)
        defer { _ = app.terminate() }
        let first = try #require(cells(app).first)
        var mark = app.mark()
        driver.click(at: first.center)
        _ = try app.waitForEvent(named: "collection.selected", since: mark)
        mark = app.mark()
        try driver.key("Down")
        try driver.key("Down")
        let view = try app.waitForView(since: mark) { $0.id == "contacts.detail.name" && $0.text == "Amir Lovelace" }
        #expect(view.text == "Amir Lovelace")
        let selected = try app.waitForView(since: mark) { $0.type == "CollectionView" && self.path(($0.fields["selected"] as? [Any])?.first) == [0, 2] }
        #expect(path(selected.fields["focusedItem"]) == [0, 2])
    }

    @Test func longPressOnACellThenCopyPutsTheExactPhoneOnTheClipboard() throws {
        let app = try launch(rows: 2000)
        defer { _ = app.terminate() }
        let cell = try #require(cells(app).dropFirst(3).first)
        let phone = try #require(app.latestViews().first {
            $0.type == "Label" && ($0.text ?? "").hasPrefix("+1 555") && cell.frame.contains($0.center)
        }?.text)
        let mark = app.mark()
        driver.pressAndHold(at: cell.center, duration: 0.7)
        let menu = try app.waitForEvent(named: "menu.shown", since: mark)
        #expect(menu.string("style") == "callout")
        let items = try #require(menu.fields["items"] as? [[String: Any]])
        let copy = try #require(items.first { $0["title"] as? String == "Copy" })
        let frame = try #require(TraceViewRect(copy["frame"]))
        driver.click(at: frame.center)
        let copied = try app.waitForEvent(named: "copied", since: mark)
        #expect(copied.string("id") == "contacts.list")
        #expect(try ClipboardReader().text(.clipboard) == phone)
    }

    @Test func typingInTheSearchFieldFiltersThroughTheList() throws {
        let app = try launch(rows: 2000)
        defer { _ = app.terminate() }
        try app.focusTextField(with: driver)
        let mark = app.mark()
        try driver.type("zoe tur")
        let filtered = try app.waitForEvent(named: "contacts.filtered", since: mark) { $0.string("query") == "zoe tur" }
        // 2000 contacts: 77 per letter; each Z first name meets each surname about 77 / 48 times.
        let expected = (0..<2000).filter { $0 % 26 == 25 && ($0 / 26) % 3 == 0 && (($0 / 26) / 3) % 16 == 1 }.count
        #expect(filtered.int("items") == expected)
        let shown = try app.waitForView(since: mark) { $0.type == "CollectionView" && $0.fields["items"] as? Int == expected }
        // The filtered snapshot holds only the letters with matches: here Z.
        #expect(shown.fields["sections"] as? Int == 1)
        // "zoe tu" and "zoe tur" match the same contacts: the last snapshot kept every cell.
        let applied = app.events.dropFirst(mark).filter { $0.name == "collection.applied" }
        #expect(applied.count == "zoe tur".count, "each key applied a snapshot")
        #expect(applied.last?.int("items") == expected)
        #expect(applied.last?.int("rebuilt") == 0)
        _ = app.waitForQuiescence()
        #expect(cells(app).allSatisfy { cell in
            app.latestViews().contains { $0.type == "Label" && $0.text?.hasPrefix("Zoe Turing") == true && cell.frame.contains($0.center) }
        })
    }

    @Test func pyatspiCountsEveryItemAndReadsARowThatHasNoView() throws {
        // The bridge does not depend on a window manager: run on the bare server only, as AtspiTests do.
        guard (try? TestWindowManager.requested()) == nil else { return }
        let server = try XvfbServer.shared()
        let session = try AtspiSession(server: server)
        defer { session.stop() }
        var env = session.environment
        env["XKIT_ACCESSIBILITY"] = "1"
        let app = try launch(rows: 1_000_000, environment: env)
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "accessibility.started")
        _ = app.waitForQuiescence()
        let result = try session.python(ContactsSceneXTests.script, timeout: 30)
        let last = result.stdoutString.split(separator: "\n").last.map(String.init) ?? ""
        let out = try #require(try? JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any], "\(result)")
        #expect(out["errors"] == nil, "\(out["errors"] ?? "")")
        #expect(out["role"] as? String == "list")
        #expect(out["count"] as? Int == 1_000_000)
        #expect(out["first"] as? String == "Ada Lovelace")
        // Global item 999,999 is the last of section Z (item 38,460): contact 38,460 × 26 + 25 = 999,985.
        #expect(out["last"] as? String == "Zoe Ritchie 802")
        #expect(out["last_index"] as? Int == 999_999)
        #expect(out["selected_after"] as? Int == 1)
        #expect(out["detail"] as? String == "Bea Lovelace")
    }

    static let script = #"""
    import json, pyatspi
    out = {}
    def find(node, pred):
        # Breadth first, never into a list: a million rows are not walked one by one.
        queue = [node]
        while queue:
            n = queue.pop(0)
            if pred(n):
                return n
            if n.getRole() != pyatspi.ROLE_LIST:
                queue.extend(n[i] for i in range(n.childCount))
        return None
    try:
        app = [a for a in pyatspi.Registry.getDesktop(0) if a is not None and a.name == "xkit-demo"][0]
        lst = find(app, lambda n: n.getRole() == pyatspi.ROLE_LIST)
        out["role"] = lst.getRoleName()
        out["count"] = lst.childCount
        out["first"] = lst.getChildAtIndex(0).name
        last = lst.getChildAtIndex(lst.childCount - 1)
        out["last"] = last.name
        out["last_index"] = last.getIndexInParent()
        sel = lst.querySelection()
        # Section A holds 38,462 items, so global item 38,462 is section B's first contact (contact 1).
        index = lst.childCount // 26 + 1
        sel.selectChild(index)
        out["selected_after"] = sel.nSelectedChildren
        import time
        time.sleep(0.5)
        detail = find(app, lambda n: ("id:contacts.detail.name") in (n.getAttributes() or []))
        out["detail"] = detail.name if detail else None
    except Exception as e:
        out["errors"] = [repr(e)]
    print(json.dumps(out))
    """#
}

/// A `[x, y, w, h]` trace value as a rect.
private func TraceViewRect(_ value: Any?) -> Rect? {
    guard let a = value as? [Any], a.count == 4 else { return nil }
    let n = a.compactMap { ($0 as? NSNumber)?.doubleValue }
    return n.count == 4 ? Rect(x: n[0], y: n[1], width: n[2], height: n[3]) : nil
}
