import Foundation
import Testing
import XKit
import XKitTesting

/// The notes scene's text views read and edited through pyatspi (Text, EditableText and their
/// events) by a real client in another process, on a private session bus.
@Suite(.serialized, .enabled(if: (try? TestWindowManager.requested()) == nil))
struct NotesAtspiXTests {
    @Test func pyatspiInsertsSelectsReadsLinesDeletesAndHearsTextAndCaretEvents() throws {
        let server = try XvfbServer.shared()
        let session = try AtspiSession(server: server)
        defer { session.stop() }
        var env = session.environment
        env["XKIT_ACCESSIBILITY"] = "1"
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "notes"], environment: env)
        defer { _ = app.terminate() }
        _ = try app.waitForEvent(named: "accessibility.started")
        _ = try app.waitForEvent(named: "window.mapped")
        _ = app.waitForQuiescence()

        let result = try session.python(NotesAtspiXTests.script, timeout: 30)
        let last = result.stdoutString.split(separator: "\n").last.map(String.init) ?? ""
        let out = try #require(try? JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any], "\(result)")
        #expect(out["errors"] == nil, "\(out["errors"] ?? "")")
        #expect((out["editor_interfaces"] as? [String]).map { Set($0).isSuperset(of: ["Text", "EditableText"]) } == true,
                "\(out["editor_interfaces"] ?? "")")
        #expect((out["editor_states"] as? [String]).map { Set($0).isSuperset(of: ["editable", "multi line"]) } == true,
                "\(out["editor_states"] ?? "")")
        // The inserted text, counted in scalars (e + U+0301 is one character but two scalars).
        #expect(out["text"] as? String == "Привет\nмир e\u{301}")
        #expect(out["count"] as? Int == 13)
        #expect(out["caret"] as? Int == 13, "the caret follows the insertion")
        func line(_ key: String) -> String {
            (out[key] as? [Any] ?? []).map { ($0 as? String) ?? (($0 as? NSNumber).map { "\($0.intValue)" } ?? "?") }.joined(separator: "|")
        }
        #expect(line("line") == "мир e\u{301}|7|13", "lines are paragraphs, in scalar offsets")
        #expect(line("first_line") == "Привет\n|0|7")
        #expect(out["selection"] as? [Int] == [0, 6])
        #expect(out["after_delete"] as? String == "мир e\u{301}")
        #expect(out["caret_after_move"] as? Int == 2)
        #expect((out["reader_interfaces"] as? [String])?.contains("Text") == true)
        #expect((out["reader_interfaces"] as? [String])?.contains("EditableText") == false, "read-only text is not editable")
        #expect((out["reader_text"] as? String)?.contains("한국어") == true)
        #expect(out["reader_insert_refused"] as? Bool == true)

        let received = out["events"] as? [[String: Any]] ?? []
        func events(_ type: String) -> [[String: Any]] { received.filter { ($0["type"] as? String) == type && $0["id"] as? String == "notes.editor" } }
        #expect(events("object:text-changed:insert").contains { $0["data"] as? String == "Привет\nмир e\u{301}" && $0["detail1"] as? Int == 0 },
                "\(received)")
        #expect(events("object:text-changed:delete").contains { $0["data"] as? String == "Привет\n" && $0["detail1"] as? Int == 0 })
        #expect(events("object:text-caret-moved").contains { $0["detail1"] as? Int == 2 }, "a caret move without an edit is announced")

        // The view itself agrees: the trace shows the edited text and the caret (character offsets).
        let editor = try #require(app.latestViews().first { $0.id == "notes.editor" })
        #expect(editor.text == "мир e\u{301}")
        #expect((editor.fields["selection"] as? [Any])?.compactMap { ($0 as? NSNumber)?.intValue } == [2, 2])
        _ = try app.waitForView { $0.id == "notes.count" && $0.text == "2 words · 1 line" }
    }

    static let script = AtspiScripts.prelude + #"""
    app = find_app("xkit-demo")
    events = []
    def ident(n):
        for a in (n.getAttributes() or []):
            if a.startswith("id:"):
                return a[3:]
        return None
    def on_event(e):
        src = e.source
        events.append({"type": e.type, "id": ident(src) if src else None, "detail1": e.detail1,
                       "data": e.any_data if isinstance(e.any_data, str) else None})
    pyatspi.Registry.registerEventListener(on_event, "object:text-changed", "object:text-caret-moved")
    editor = by_id(app, "notes.editor")
    reader = by_id(app, "notes.reader")
    out["editor_interfaces"] = pyatspi.utils.listInterfaces(editor)
    out["editor_states"] = [pyatspi.stateToString(s) for s in editor.getState().getStates()]
    typed = "Привет\nмир e\u0301"
    editor.queryEditableText().insertText(0, typed, len(typed))
    @step(300)
    def read():
        text = editor.queryText()
        out["text"] = text.getText(0, -1)
        out["count"] = text.characterCount
        out["caret"] = text.caretOffset
        out["line"] = list(text.getTextAtOffset(9, pyatspi.TEXT_BOUNDARY_LINE_START))
        out["first_line"] = list(text.getTextAtOffset(2, pyatspi.TEXT_BOUNDARY_LINE_START))
        text.setSelection(0, 0, 6)
        out["selection"] = list(text.getSelection(0))
    @step(300)
    def delete():
        editor.queryEditableText().deleteText(0, 7)
    @step(300)
    def move():
        text = editor.queryText()
        out["after_delete"] = text.getText(0, -1)
        text.setCaretOffset(2)
    @step(300)
    def reader_side():
        out["caret_after_move"] = editor.queryText().caretOffset
        out["reader_interfaces"] = pyatspi.utils.listInterfaces(reader)
        out["reader_text"] = reader.queryText().getText(0, -1)
        try:
            reader.queryEditableText().insertText(0, "x", 1)
            out["reader_insert_refused"] = False
        except Exception:
            out["reader_insert_refused"] = True
    @step(300)
    def finish():
        out["events"] = events
    run_steps()
    """#
}
