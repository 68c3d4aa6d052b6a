/// The hostile AT-SPI client of `AtspiHostileClientTests`, on raw Gio so it can send any signature.
enum AtspiHostileScripts {
    static let client = #"""
    import json, os
    from gi.repository import Gio, GLib
    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    address = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                                GLib.VariantType("(s)"), 0, -1, None).unpack()[0]
    bus = Gio.DBusConnection.new_for_address_sync(address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT |
                                                  Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
    name = os.environ["APP_BUS_NAME"]
    root = "/org/a11y/atspi/accessible/root"
    out = {}
    def call(path, iface, member, params):
        try:
            return "ok", bus.call_sync(name, path, iface, member, params, None, 0, 60000, None).unpack()
        except GLib.Error as e:
            return Gio.DBusError.get_remote_error(e) or e.message, None
    def tup(*children):
        return GLib.Variant.new_tuple(*children)
    def huge(n):
        return GLib.Variant.new_from_bytes(GLib.VariantType("ay"), GLib.Bytes.new(bytes(n)), True)
    try:
        label = None
        queue = [root]
        while queue and label is None and len(queue) < 2000:
            path = queue.pop(0)
            status, children = call(path, "org.a11y.atspi.Accessible", "GetChildren", None)
            for (_, child) in (children[0] if children else []):
                status, role = call(child, "org.a11y.atspi.Accessible", "GetRoleName", None)
                status, count = call(child, "org.freedesktop.DBus.Properties", "Get",
                                     GLib.Variant("(ss)", ("org.a11y.atspi.Text", "CharacterCount")))
                if role and role[0] == "label" and count and count[0] > 10:
                    label = child
                    break
                queue.append(child)
        out["label_text"] = call(label, "org.a11y.atspi.Text", "GetText", GLib.Variant("(ii)", (0, -1)))[1][0]
    except Exception as e:
        out["errors"] = repr(e)
    phase = os.environ["PHASE"]
    try:
      if phase == "huge":
        big = huge(64 << 20)
        out["huge_root"] = call(root, "org.a11y.atspi.Text", "GetText", tup(GLib.Variant("i", 0), GLib.Variant("i", 5), big))[0]
        out["huge_label"] = call(label, "org.a11y.atspi.Text", "GetText", tup(GLib.Variant("i", 0), GLib.Variant("i", 5), big))[0]
        del big
        out["wrong"] = [
            call(label, "org.a11y.atspi.Text", "GetText", GLib.Variant("(ss)", ("0", "5")))[0],
            call(root, "org.a11y.atspi.Accessible", "GetChildAtIndex", GLib.Variant("(s)", ("0",)))[0],
            call(label, "org.freedesktop.DBus.Properties", "Get", GLib.Variant("(s)", ("org.a11y.atspi.Text",)))[0],
            call(label, "org.a11y.atspi.Text", "GetTextAtOffset", GLib.Variant("(ii)", (0, 1)))[0],
        ]
      else:
        # A flood: 24 calls of 4 MiB each, all in flight at once.
        loop = GLib.MainLoop()
        state = {"left": 24, "invalid": 0}
        def done(conn, result, _):
            try:
                conn.call_finish(result)
            except GLib.Error as e:
                if Gio.DBusError.get_remote_error(e) == "org.freedesktop.DBus.Error.InvalidArgs":
                    state["invalid"] += 1
            state["left"] -= 1
            if state["left"] == 0:
                loop.quit()
        chunk = huge(4 << 20)
        for i in range(24):
            bus.call(name, label, "org.a11y.atspi.Text", "GetText", tup(GLib.Variant("i", 0), GLib.Variant("i", 5), chunk),
                     None, 0, 60000, None, done, None)
        loop.run()
        del chunk
        out["flood_invalid"] = state["invalid"]
        out["text_after"] = call(label, "org.a11y.atspi.Text", "GetText", GLib.Variant("(ii)", (0, -1)))[1][0]
    except Exception as e:
        out["errors"] = repr(e)
    open(os.environ["DONE_FILE"], "w").close()
    print(json.dumps(out))
    """#
}
