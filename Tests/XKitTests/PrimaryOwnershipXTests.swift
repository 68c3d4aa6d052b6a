import Foundation
import Testing
import XKit
import XKitTesting

/// A label's selection highlight follows PRIMARY: selecting in another label, or another client
/// taking PRIMARY (SelectionClear), clears it.
@Suite(.serialized)
struct PrimaryOwnershipXTests {
    @Test func aLabelThatLosesPrimaryToAnotherLabelOrXclipDropsItsHighlight() throws {
        _ = try XvfbServer.shared()
        let driver = try XTestDriver.shared()
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "scripts"])
        defer { app.terminate() }
        _ = try app.waitForEvent(named: "window.mapped")
        _ = try app.waitForView { $0.id == "scripts.th" }
        _ = app.waitForQuiescence()
        let labels = app.latestViews().filter { $0.fields["selectable"] as? Bool == true && !($0.text ?? "").isEmpty }
        try #require(labels.count >= 2, "\(labels)")
        let (a, b) = (labels[0], labels[1])

        // A triple click selects the label's paragraph and puts it on PRIMARY.
        var mark = app.mark()
        driver.click(at: a.center, count: 3)
        _ = try app.waitForView(since: mark) { $0.id == a.id && $0.fields["selection"] != nil }
        // Past the multi-click time, so the next press starts a new click count.
        usleep(700_000)
        mark = app.mark()
        driver.click(at: b.center, count: 3)
        // While B is being selected its highlight shows before PRIMARY is set (on release); once
        // B owns PRIMARY, A's highlight is gone.
        let after = try app.waitForEvent(named: "views", since: mark, timeout: 5) { event in
            event.views.contains { $0.id == b.id && $0.fields["selection"] != nil }
                && event.views.contains { $0.id == a.id && $0.fields["selection"] == nil }
        }
        _ = try app.waitForEvent(named: "text.select", since: mark) { $0.string("id") == b.id }
        _ = app.waitForQuiescence()
        let primary = try ClipboardReader().xclip(.primary)
        let shown = app.latestViews()
        #expect(shown.first { $0.id == b.id }?.fields["selection"] as? String == primary.stdoutString)
        #expect(shown.first { $0.id == a.id }?.fields["selection"] == nil, "the first label's highlight is gone")
        _ = after

        mark = app.mark()
        let owner = try xclipOwn(Data("from another app".utf8), selection: .primary)
        defer { owner.terminate() }
        _ = try app.waitForEvent(named: "selection.lost", since: mark)
        let cleared = try app.waitForEvent(named: "views", since: mark) { event in
            event.views.contains { $0.id == b.id && $0.fields["selection"] == nil }
        }
        #expect(cleared.views.allSatisfy { $0.fields["selection"] == nil }, "no label shows a selection PRIMARY no longer holds")
        #expect(app.isResponsive())
    }
}
