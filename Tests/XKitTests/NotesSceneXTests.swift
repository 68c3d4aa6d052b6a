import Foundation
import Testing
import XKit
import XKitTesting

/// The notes scene's text views driven with real XTest input: typing lines, Shift+Down, the
/// clipboard and PRIMARY read and written by xclip in another process, the context menu, and a
/// file with invalid UTF-8.
@Suite(.serialized)
struct NotesSceneXTests {
    private let driver: XTestDriver

    init() throws {
        _ = try XvfbServer.shared()
        driver = try XTestDriver.shared()
    }

    private func launch(_ extra: [String] = [], environment: [String: String] = [:]) throws -> AppProcess {
        let app = try AppProcess("xkit-demo", arguments: ["--scene", "notes"] + extra,
                                 environment: ["XKIT_CARET_BLINK": "0"].merging(environment) { $1 })
        _ = try app.waitForEvent(named: "window.mapped")
        _ = try app.waitForView { $0.id == "notes.editor" && $0.fields["focused"] as? Bool == true }
        _ = app.waitForQuiescence()
        return app
    }

    private func view(_ app: AppProcess, _ id: String) throws -> TraceView {
        try #require(app.latestViews().first { $0.id == id }, "no \(id) in the trace")
    }

    private func selection(_ view: TraceView) -> [Int]? {
        (view.fields["selection"] as? [Any])?.compactMap { ($0 as? NSNumber)?.intValue }
    }

    /// Waits for the editor's trace to satisfy `condition`.
    @discardableResult
    private func waitForEditor(_ app: AppProcess, since: Int, _ condition: @escaping (TraceView) -> Bool) throws -> TraceView {
        try app.waitForView(since: since) { $0.id == "notes.editor" && condition($0) }
    }

    private func menuItem(_ title: String, in menu: TraceEvent) throws -> Rect {
        let items = try #require(menu.fields["items"] as? [[String: Any]])
        let item = try #require(items.first { $0["title"] as? String == title }, "no \(title) in \(items)")
        let n = (item["frame"] as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
        try #require(n.count == 4, "no frame in \(item)")
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    private func menuTitles(_ menu: TraceEvent) -> [String] {
        (menu.fields["items"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }

    /// Right-clicks inside the editor and chooses `title` from its context menu.
    private func choose(_ title: String, app: AppProcess, at point: Point) throws -> TraceEvent {
        let mark = app.mark()
        driver.click(at: point, button: 3)
        let menu = try app.waitForEvent(named: "menu.shown", since: mark)
        #expect(menu.string("style") == "context")
        driver.click(at: try menuItem(title, in: menu).center)
        _ = try app.waitForEvent(named: "menu.hidden", since: mark)
        return menu
    }

    @Test func typingLinesWithReturnThenShiftDownAndCtrlCPutsTheLineOnTheClipboardAndPrimary() throws {
        let app = try launch()
        defer { _ = app.terminate() }
        var mark = app.mark()
        try driver.type("first line\nsecond\nthird")
        let typed = try waitForEditor(app, since: mark) { $0.text == "first line\nsecond\nthird" }
        #expect(typed.fields["length"] as? Int == 23)
        #expect(selection(typed) == [23, 23])
        _ = try app.waitForView(since: mark) { $0.id == "notes.count" && $0.text == "4 words · 3 lines" }

        mark = app.mark()
        try driver.key("ctrl+Home")
        try driver.key("shift+Down")
        let selected = try waitForEditor(app, since: mark) { self.selection($0) == [0, 11] }
        #expect(selected.text == typed.text, "moving and selecting changes no text")
        mark = app.mark()
        try driver.key("ctrl+c")
        _ = try app.waitForEvent(named: "copied", since: mark) { $0.string("id") == "notes.editor" }
        let reader = try ClipboardReader()
        #expect(try reader.text(.clipboard) == "first line\n")
        #expect(try reader.text(.primary) == "first line\n", "selecting with the keyboard sets PRIMARY")

        // Shift+Down again takes the second line too.
        mark = app.mark()
        try driver.key("shift+Down")
        _ = try waitForEditor(app, since: mark) { self.selection($0) == [0, 18] }
        _ = app.waitForQuiescence()
        #expect(try reader.text(.primary) == "first line\nsecond\n")
    }

    @Test func aMiddleClickPastesThePrimarySelectionThatXclipOwns() throws {
        let app = try launch()
        defer { _ = app.terminate() }
        var mark = app.mark()
        try driver.type("ab")
        let editor = try waitForEditor(app, since: mark) { $0.text == "ab" }
        let owner = try xclipOwn(Data("Привет, 世界".utf8), selection: .primary)
        defer { owner.terminate() }
        mark = app.mark()
        // Below the text: the caret goes to the end of the last line, and the paste lands there.
        driver.click(at: Point(x: editor.frame.midX, y: editor.frame.midY), button: 2)
        _ = try app.waitForEvent(named: "pasted", since: mark) { $0.string("selection") == "primary" }
        let pasted = try waitForEditor(app, since: mark) { $0.text == "abПривет, 世界" }
        #expect(selection(pasted) == [12, 12])
    }

    @Test func theContextMenuSelectsAllCopiesCutsAndPastes() throws {
        let app = try launch()
        defer { _ = app.terminate() }
        var mark = app.mark()
        try driver.type("hello notes")
        let editor = try waitForEditor(app, since: mark) { $0.text == "hello notes" }
        let inside = Point(x: editor.frame.midX, y: editor.frame.midY)

        mark = app.mark()
        let menu = try choose("Select All", app: app, at: inside)
        for title in ["Cut", "Copy", "Paste", "Select All"] { #expect(menuTitles(menu).contains(title), "\(menuTitles(menu))") }
        _ = try waitForEditor(app, since: mark) { self.selection($0) == [0, 11] }

        mark = app.mark()
        _ = try choose("Copy", app: app, at: inside)
        _ = try app.waitForEvent(named: "copied", since: mark)
        #expect(try ClipboardReader().text(.clipboard) == "hello notes")

        mark = app.mark()
        _ = try choose("Cut", app: app, at: inside)
        _ = try waitForEditor(app, since: mark) { $0.text == "" }
        _ = try app.waitForView(since: mark) { $0.id == "notes.count" && $0.text == "0 words · 0 lines" }
        #expect(try ClipboardReader().text(.clipboard) == "hello notes")

        mark = app.mark()
        _ = try choose("Paste", app: app, at: inside)
        _ = try waitForEditor(app, since: mark) { $0.text == "hello notes" }
        // Pasted once, not twice.
        _ = app.waitForQuiescence()
        #expect(try view(app, "notes.editor").text == "hello notes")
    }

    @Test func theReadOnlyTextSelectsAndCopiesButIgnoresTyping() throws {
        let app = try launch()
        defer { _ = app.terminate() }
        let reader = try view(app, "notes.reader")
        #expect(reader.fields["editable"] as? Bool == false)
        #expect((reader.fields["length"] as? Int ?? 0) > 500)
        #expect(reader.text?.contains("Русский") == true && reader.text?.contains("한국어") == true)
        // A triple click on the first line selects that paragraph and offers it as PRIMARY.
        var mark = app.mark()
        driver.click(at: Point(x: reader.frame.minX + 40, y: reader.frame.minY + 14), count: 3)
        let selected = try app.waitForView(since: mark) { $0.id == "notes.reader" && self.selection($0) == [0, 10] }
        #expect(selected.fields["focused"] as? Bool == true)
        _ = app.waitForQuiescence()
        #expect(try ClipboardReader().text(.primary) == "Tiếng Việt")
        mark = app.mark()
        try driver.type("x")
        try driver.key("BackSpace")
        _ = app.waitForQuiescence()
        #expect(try view(app, "notes.reader").text == reader.text, "read-only text takes no typing")
        try driver.key("ctrl+c")
        _ = try app.waitForEvent(named: "copied", since: mark) { $0.string("id") == "notes.reader" }
        #expect(try ClipboardReader().text(.clipboard) == "Tiếng Việt")
    }

    @Test func ctrlFFindsCaseInsensitivelyEnterAndF3StepAndEscapeReturnsToTheText() throws {
        let app = try launch()
        defer { _ = app.terminate() }
        var mark = app.mark()
        try driver.type("Tiếng Việt\nviệt nam\nVIỆT")
        _ = try waitForEditor(app, since: mark) { $0.text == "Tiếng Việt\nviệt nam\nVIỆT" }
        mark = app.mark()
        try driver.key("ctrl+Home")
        try driver.key("ctrl+f")
        _ = try app.waitForView(since: mark) { $0.id == "notes.editor.find" && $0.fields["focused"] as? Bool == true }
        try driver.type("việt")
        let found = try waitForEditor(app, since: mark) { $0.fields["find"] as? String == "việt" && self.selection($0) == [6, 10] }
        #expect(found.fields["focused"] as? Bool == false, "the bar's field has the focus")
        _ = try app.waitForView(since: mark) { $0.type == "Label" && $0.text == "1 of 3" }
        mark = app.mark()
        try driver.key("Return")
        _ = try waitForEditor(app, since: mark) { self.selection($0) == [11, 15] }
        try driver.key("F3")
        _ = try waitForEditor(app, since: mark) { self.selection($0) == [20, 24] }
        try driver.key("shift+F3")
        _ = try waitForEditor(app, since: mark) { self.selection($0) == [11, 15] }
        mark = app.mark()
        try driver.key("Escape")
        let closed = try waitForEditor(app, since: mark) { $0.fields["focused"] as? Bool == true && $0.fields["find"] == nil }
        #expect(selection(closed) == [11, 15], "the match stays selected")
        #expect(closed.text == "Tiếng Việt\nviệt nam\nVIỆT", "the query was not typed into the note")
    }

    @Test func aFileWithInvalidUTF8OpensWithReplacementCharactersAndOneWarning() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-notes-\(getpid()).txt")
        try Data([0x6F, 0x6E, 0x65, 0x0D, 0x0A, 0x74, 0x77, 0x6F, 0x20, 0xFF, 0x0A]).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let app = try launch(["--file", path.path])
        defer { _ = app.terminate() }
        let editor = try view(app, "notes.editor")
        #expect(editor.text == "one\r\ntwo \u{FFFD}\n", "the CR LF is kept and the bad byte shows as U+FFFD")
        #expect(editor.fields["length"] as? Int == 10)
        #expect(app.events.filter { $0.name == "warning" && ($0.string("message") ?? "").contains("invalid UTF-8") }.count == 1)
        // U+FFFD is no word; the empty paragraph after the last break is no line.
        #expect(try view(app, "notes.count").text == "2 words · 2 lines")
    }
}
