/// Python scripts the AT-SPI tests run as real clients (Debian's python3 with pyatspi, dogtail, Gio).
///
/// Each prints one JSON object on its last stdout line; the tests assert on it.
enum AtspiScripts {
    /// Shared helpers: find the app by name, find descendants, run steps on the GLib main loop.
    static let prelude = #"""
    import json, os, subprocess, sys, time
    import pyatspi
    from gi.repository import GLib
    out = {}
    def find_app(name):
        for app in pyatspi.Registry.getDesktop(0):
            if app is not None and app.name == name:
                return app
        return None
    def find(root, pred):
        return pyatspi.findDescendant(root, pred)
    def by_id(root, ident):
        return find(root, lambda n: ("id:" + ident) in (n.getAttributes() or []))
    steps = []
    def step(delay_ms):
        def wrap(f):
            steps.append((delay_ms, f))
            return f
        return wrap
    def run_steps():
        def advance():
            if not steps:
                pyatspi.Registry.stop()
                return False
            delay, f = steps.pop(0)
            def go():
                try:
                    f()
                except Exception as e:
                    out.setdefault("errors", []).append(repr(e))
                advance()
                return False
            GLib.timeout_add(delay, go)
            return False
        advance()
        pyatspi.Registry.start()
        print(json.dumps(out, ensure_ascii=False))

    """#

    /// The gallery: the counter button, a Russian label's text, typing into the tag field, Tab focus.
    static let gallery = prelude + #"""
    app = find_app("xkit-demo")
    out["app"] = app.name if app else None
    events = []
    def on_event(e):
        src = e.source
        events.append({"type": e.type, "role": src.getRoleName() if src else None, "name": src.name if src else None,
                       "detail1": e.detail1, "data": e.any_data if isinstance(e.any_data, str) else getattr(e.any_data, "name", None)})
    pyatspi.Registry.registerEventListener(on_event, "object:property-change:accessible-name", "object:children-changed",
                                           "object:state-changed:focused", "object:state-changed:selected", "focus:", "object:text-changed", "object:text-caret-moved",
                                           "window:activate", "window:deactivate")
    button = find(app, lambda n: n.getRole() == pyatspi.ROLE_PUSH_BUTTON and n.name == "Clicked 0 times")
    out["button"] = button.name if button else None
    action = button.queryAction()
    out["button_actions"] = [action.getName(i) for i in range(action.nActions)]
    out["button_did"] = bool(action.doAction(0))
    @step(300)
    def read_texts():
        out["button_after"] = button.name
        ru = by_id(app, "copyable.ru")
        out["ru_role"] = ru.getRoleName()
        text = ru.queryText()
        out["ru_text"] = text.getText(0, -1)
        out["ru_count"] = text.characterCount
        tags = find(app, lambda n: n.getRole() == pyatspi.ROLE_LIST)
        out["list_interfaces"] = pyatspi.utils.listInterfaces(tags)
        out["tags_before"] = [c.name for c in tags if c.getRole() == pyatspi.ROLE_LIST_ITEM]
        entry = find(tags, lambda n: n.getRole() == pyatspi.ROLE_ENTRY)
        out["entry_states"] = [pyatspi.stateToString(s) for s in entry.getState().getStates()]
        entry.queryEditableText().insertText(0, "atspi", 5)
    @step(300)
    def commit():
        entry = find(find(app, lambda n: n.getRole() == pyatspi.ROLE_LIST), lambda n: n.getRole() == pyatspi.ROLE_ENTRY)
        out["entry_text"] = entry.queryText().getText(0, -1)
        # A caret move with no edit must be announced too (a screen reader reads the new position).
        entry.queryText().setCaretOffset(2)
        entry.queryEditableText().insertText(5, ",", 1)
    @step(400)
    def tab_around():
        tags = find(app, lambda n: n.getRole() == pyatspi.ROLE_LIST)
        out["tags_after"] = [c.name for c in tags if c.getRole() == pyatspi.ROLE_LIST_ITEM]
        selection = tags.querySelection()
        out["selected_child"] = bool(selection.selectChild(0))
        out["n_selected"] = selection.nSelectedChildren
        frame = find(app, lambda n: n.getRole() == pyatspi.ROLE_FRAME)
        ext = frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        out["frame_extents"] = [ext.x, ext.y, ext.width, ext.height]
        out["frame_states"] = [pyatspi.stateToString(s) for s in frame.getState().getStates()]
        subprocess.run(["xdotool", "mousemove", str(ext.x + 30), str(ext.y + 30)], check=True)
        for _ in range(3):
            subprocess.run(["xdotool", "key", "Tab"], check=True)
    @step(500)
    def focus_elsewhere():
        # Keyboard focus to the root window: the app's window is deactivated, then activated again.
        root = subprocess.run(["xwininfo", "-root"], capture_output=True, text=True).stdout
        root_id = [l.split()[3] for l in root.splitlines() if "Window id:" in l][0]
        subprocess.run(["xdotool", "windowfocus", root_id], check=True)
    @step(400)
    def focus_back():
        window = subprocess.run(["xdotool", "search", "--name", "XKit Gallery"], capture_output=True, text=True).stdout.split()
        subprocess.run(["xdotool", "windowfocus", window[0]], check=True)
    @step(500)
    def finish():
        out["events"] = events
    run_steps()
    """#

    /// Long-presses a copyable label, finds the menu's items and activates Copy through AT-SPI.
    static let menuCopy = prelude + #"""
    app = find_app("xkit-demo")
    label = by_id(app, "copyable.top")
    ext = label.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    subprocess.run(["xdotool", "mousemove", str(ext.x + 20), str(ext.y + ext.height // 2),
                    "mousedown", "1", "sleep", "0.8", "mouseup", "1"], check=True)
    @step(300)
    def activate():
        menu = find(app, lambda n: n.getRole() == pyatspi.ROLE_MENU)
        out["menu_window_role"] = menu.parent.getRoleName() if menu else None
        items = pyatspi.findAllDescendants(app, lambda n: n.getRole() == pyatspi.ROLE_MENU_ITEM)
        out["items"] = [i.name for i in items]
        copy = [i for i in items if i.name == "Copy"][0]
        action = copy.queryAction()
        out["copy_actions"] = [action.getName(i) for i in range(action.nActions)]
        action.doAction(0)
    @step(400)
    def read_clipboard():
        r = subprocess.run(["xclip", "-selection", "clipboard", "-o"], capture_output=True, timeout=5)
        out["clipboard"] = r.stdout.decode()
        out["items_after"] = len(pyatspi.findAllDescendants(app, lambda n: n.getRole() == pyatspi.ROLE_MENU_ITEM))
        post = find(app, lambda n: n.getRole() == pyatspi.ROLE_LABEL and n.childCount > 0)
        hypertext = post.queryHypertext()
        links = [hypertext.getLink(i).queryHyperlink() for i in range(hypertext.getNLinks())]
        text = post.queryText().getText(0, -1)
        out["links"] = [[text[l.startIndex:l.endIndex], l.getURI(0)] for l in links]
        out["link_roles"] = [post.getChildAtIndex(i).getRoleName() for i in range(post.childCount)]
        link = post.getChildAtIndex(post.childCount - 1)
        action = link.queryAction()
        out["link_action"] = action.getName(0)
        out["link_name"] = link.name
        action.doAction(0)
    run_steps()
    """#

    /// What a dogtail user writes: find the app and the button by name and role, click it.
    static let dogtail = #"""
    import json
    from dogtail import config
    config.config.searchCutoffCount = 5
    config.config.defaultDelay = 0.1
    config.config.actionDelay = 0.1
    config.config.logDebugToFile = False
    from dogtail.tree import root
    app = root.application("xkit-demo")
    button = app.child(roleName="push button", name="Every label copyable: off")
    button.doActionNamed("click")
    after = app.child(roleName="push button", name="Every label copyable: on")
    print(json.dumps({"found": button.roleName, "after": after.name}))
    """#

    /// 10,000 tags: the list exposes only chips that exist; a removed chip's object answers with an error.
    static let tenThousandTags = prelude + #"""
    app = find_app("xkit-demo")
    tags = find(app, lambda n: n.getRole() == pyatspi.ROLE_LIST)
    out["list_children"] = tags.childCount
    chips = [c for c in tags if c.getRole() == pyatspi.ROLE_LIST_ITEM]
    out["chips"] = len(chips)
    first = chips[0]
    out["first_name"] = first.name
    action = first.queryAction()
    out["chip_actions"] = [action.getName(i) for i in range(action.nActions)]
    component = first.queryComponent()
    action.doAction(0)
    @step(400)
    def call_removed():
        try:
            component.getExtents(pyatspi.DESKTOP_COORDS)
            out["removed_call"] = "answered"
        except Exception as e:
            out["removed_call"] = str(e)
        out["first_after"] = [c.name for c in tags if c.getRole() == pyatspi.ROLE_LIST_ITEM][0]
    run_steps()
    """#

    /// Sends 10,000 requests without waiting for replies, then waits for them all (Gio, not pyatspi:
    /// pyatspi waits for each reply). APP_BUS_NAME names the app on the accessibility bus.
    static let flood = #"""
    import json, os, time
    from gi.repository import Gio, GLib
    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    address = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                                GLib.VariantType("(s)"), 0, -1, None).unpack()[0]
    bus = Gio.DBusConnection.new_for_address_sync(address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT |
                                                  Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
    name = os.environ["APP_BUS_NAME"]
    count = 10000
    state = {"ok": 0, "errors": 0, "left": count}
    loop = GLib.MainLoop()
    def done(conn, result, _):
        try:
            conn.call_finish(result)
            state["ok"] += 1
        except Exception:
            state["errors"] += 1
        state["left"] -= 1
        if state["left"] == 0:
            loop.quit()
    methods = ["GetChildren", "GetState", "GetRole", "GetAttributes"]
    start = time.monotonic()
    for i in range(count):
        path = "/org/a11y/atspi/accessible/root" if i % 10 else "/org/a11y/atspi/accessible/999999"
        bus.call(name, path, "org.a11y.atspi.Accessible", methods[i % 4], None, None, 0, 60000, None, done, None)
    bus.flush_sync(None)
    loop.run()
    print(json.dumps({"ok": state["ok"], "errors": state["errors"], "seconds": time.monotonic() - start}))
    """#
}
