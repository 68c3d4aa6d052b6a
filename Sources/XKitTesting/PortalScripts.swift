/// Python stand-ins for `xdg-desktop-portal`, run with Debian's python3 (python3-dbus, python3-gi).
enum PortalScripts {
    /// A portal that owns `org.freedesktop.portal.Desktop` and serves `org.freedesktop.appearance`
    /// from its arguments (`color-scheme=1 contrast=1`; `delay=3000` answers ReadAll that many
    /// milliseconds late). `org.xkit.FakePortal.Set(key, value)` changes a value and emits
    /// `SettingChanged`; `SendMalformed()` emits one whose value is a string. Prints "ready" once it
    /// owns the name.
    static let fake = #"""
    import sys
    import dbus, dbus.service
    from dbus.mainloop.glib import DBusGMainLoop
    from gi.repository import GLib

    DBusGMainLoop(set_as_default=True)
    NS = 'org.freedesktop.appearance'
    values = {}
    delay = 0
    for arg in sys.argv[1:]:
        key, value = arg.split('=')
        if key == 'delay':
            delay = int(value)
        else:
            values[key] = int(value)

    class Portal(dbus.service.Object):
        @dbus.service.method('org.freedesktop.portal.Settings', in_signature='as', out_signature='a{sa{sv}}',
                             async_callbacks=('reply', 'error'))
        def ReadAll(self, namespaces, reply, error):
            settings = dbus.Dictionary({k: dbus.UInt32(v) for k, v in values.items()}, signature='sv')
            answer = dbus.Dictionary({NS: settings}, signature='sa{sv}')
            if delay == 0:
                reply(answer)
            else:
                GLib.timeout_add(delay, lambda: reply(answer) and False)

        @dbus.service.method('org.freedesktop.portal.Settings', in_signature='ss', out_signature='v')
        def Read(self, namespace, key):
            if namespace != NS or key not in values:
                raise dbus.exceptions.DBusException('no such setting', name='org.freedesktop.portal.Error.NotFound')
            return dbus.UInt32(values[key])

        @dbus.service.signal('org.freedesktop.portal.Settings', signature='ssv')
        def SettingChanged(self, namespace, key, value):
            pass

        @dbus.service.method('org.xkit.FakePortal', in_signature='su')
        def Set(self, key, value):
            values[key] = int(value)
            self.SettingChanged(NS, key, dbus.UInt32(value, variant_level=1))

        @dbus.service.method('org.xkit.FakePortal')
        def SendMalformed(self):
            self.SettingChanged(NS, 'contrast', dbus.String('high', variant_level=1))

    bus = dbus.SessionBus()
    portal = Portal(bus, '/org/freedesktop/portal/desktop')
    name = dbus.service.BusName('org.freedesktop.portal.Desktop', bus)
    print('ready', flush=True)
    GLib.MainLoop().run()
    """#

    /// A portal that owns the name and never answers anything, as a hung portal does.
    static let silent = #"""
    import time
    import dbus
    bus = dbus.SessionBus()
    bus.request_name('org.freedesktop.portal.Desktop')
    print('ready', flush=True)
    while True:
        time.sleep(60)
    """#
}
