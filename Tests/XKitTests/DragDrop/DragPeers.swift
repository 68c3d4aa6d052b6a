import Foundation
import XKitTesting

/// The C programs the drag-and-drop tests run as the other end: a GTK 3 entry, and a hostile XDND source.
enum DragPeers {
    /// A GTK 3 window with one GtkEntry at (20, 840): argv[1] is a file that gets the entry's text on
    /// every change, and `argv[1].geom` its root geometry once mapped; argv[2] is its starting text (selected).
    static let gtkEntry = #"""
    #include <gtk/gtk.h>
    #include <stdio.h>
    static const char *out;
    static GtkWidget *entry;
    static void changed(GtkEditable *e, gpointer d) {
        FILE *f = fopen(out, "w"); if (!f) return;
        fputs(gtk_entry_get_text(GTK_ENTRY(e)), f); fclose(f);
    }
    static gboolean report(gpointer d) {
        gint x = 0, y = 0; GtkAllocation a;
        gdk_window_get_origin(gtk_widget_get_window(entry), &x, &y);
        gtk_widget_get_allocation(entry, &a);
        char path[4096]; snprintf(path, sizeof path, "%s.geom", out);
        FILE *f = fopen(path, "w"); if (!f) return FALSE;
        fprintf(f, "%d %d %d %d\n", x + a.x, y + a.y, a.width, a.height); fclose(f);
        return FALSE;
    }
    static gboolean mapped(GtkWidget *w, GdkEvent *e, gpointer d) { g_timeout_add(300, report, NULL); return FALSE; }
    int main(int argc, char **argv) {
        gtk_init(&argc, &argv);
        out = argv[1];
        GtkWidget *w = gtk_window_new(GTK_WINDOW_TOPLEVEL);
        gtk_window_move(GTK_WINDOW(w), 20, 840);
        gtk_window_set_default_size(GTK_WINDOW(w), 400, 40);
        entry = gtk_entry_new();
        gtk_entry_set_text(GTK_ENTRY(entry), argc > 2 ? argv[2] : "");
        g_signal_connect(entry, "changed", G_CALLBACK(changed), NULL);
        g_signal_connect(w, "map-event", G_CALLBACK(mapped), NULL);
        /* A window manager moves the window after the map: report again wherever it ends up. */
        g_signal_connect(w, "configure-event", G_CALLBACK(mapped), NULL);
        gtk_container_add(GTK_CONTAINER(w), entry);
        gtk_widget_show_all(w);
        gtk_widget_grab_focus(entry);
        gtk_editable_select_region(GTK_EDITABLE(entry), 0, -1);
        gtk_main();
        return 0;
    }
    """#

    /// A GTK 4 window holding one GtkEntry: argv[1] gets the entry's text on every change, and
    /// `argv[1].xid` the window's X id once it is mapped (GTK 4 cannot place its own windows).
    static let gtk4Entry = #"""
    #include <gtk/gtk.h>
    #include <gdk/x11/gdkx.h>
    #include <stdio.h>
    static const char *out;
    static GtkWidget *window;
    static void changed(GtkEditable *e, gpointer d) {
        FILE *f = fopen(out, "w"); if (!f) return;
        fputs(gtk_editable_get_text(e), f); fclose(f);
    }
    static gboolean report(gpointer d) {
        GdkSurface *s = gtk_native_get_surface(GTK_NATIVE(window));
        if (!s) return TRUE;
        char path[4096]; snprintf(path, sizeof path, "%s.xid", out);
        FILE *f = fopen(path, "w"); if (!f) return FALSE;
        fprintf(f, "%lu\n", (unsigned long)gdk_x11_surface_get_xid(s)); fclose(f);
        return FALSE;
    }
    int main(int argc, char **argv) {
        gtk_init();
        out = argv[1];
        window = gtk_window_new();
        gtk_window_set_default_size(GTK_WINDOW(window), 400, 40);
        GtkWidget *entry = gtk_entry_new();
        g_signal_connect(entry, "changed", G_CALLBACK(changed), NULL);
        gtk_window_set_child(GTK_WINDOW(window), entry);
        gtk_window_present(GTK_WINDOW(window));
        g_timeout_add(400, report, NULL);
        while (g_list_model_get_n_items(gtk_window_get_toplevels()) > 0) g_main_context_iteration(NULL, TRUE);
        return 0;
    }
    """#

    /// A Qt 5 window holding one QLineEdit (PyQt5): argv[1] gets the line edit's text on every
    /// change, and `argv[1].xid` the window's X id once it is shown; argv[2] is its starting text (selected).
    static let qtLineEdit = #"""
    import sys
    from PyQt5.QtCore import QTimer
    from PyQt5.QtWidgets import QApplication, QLineEdit
    out = sys.argv[1]
    app = QApplication(sys.argv[:1])
    edit = QLineEdit()
    edit.resize(400, 40)
    def changed(text):
        with open(out, "w") as f:
            f.write(text)
    edit.textChanged.connect(changed)
    edit.setDragEnabled(True)  # off by default in Qt: a line edit is a drop target only
    if len(sys.argv) > 2:
        edit.setText(sys.argv[2])
        edit.selectAll()
    edit.show()
    def report():
        with open(out + ".xid", "w") as f:
            f.write("%d\n" % int(edit.winId()))
    QTimer.singleShot(400, report)
    app.exec_()
    """#

    /// A drop target behind XdndProxy, as a desktop's root window is: `proxy OUT` maps a plain
    /// 400×40 window at (20, 840) whose XdndProxy names a hidden window; that one is XdndAware,
    /// names itself in its own XdndProxy (the spec's check), answers the drag, reads UTF8_STRING
    /// on the drop and writes to OUT the text and whether each message named the visible window.
    static let proxyTarget = #"""
    #include <X11/Xlib.h>
    #include <X11/Xatom.h>
    #include <stdio.h>
    #include <string.h>
    static Display *d;
    static Atom A(const char *n) { return XInternAtom(d, n, False); }
    static void reply(Window to, Window from, const char *type, long l1, long l2, long l4) {
        XEvent e; memset(&e, 0, sizeof e);
        e.xclient.type = ClientMessage; e.xclient.window = to; e.xclient.message_type = A(type);
        e.xclient.format = 32; e.xclient.data.l[0] = from; e.xclient.data.l[1] = l1; e.xclient.data.l[2] = l2;
        e.xclient.data.l[3] = 0; e.xclient.data.l[4] = l4;
        XSendEvent(d, to, False, 0, &e); XFlush(d);
    }
    int main(int argc, char **argv) {
        d = XOpenDisplay(NULL); if (!d) return 3;
        Window root = DefaultRootWindow(d);
        XSetWindowAttributes a; a.override_redirect = True; a.background_pixel = 0x808080;
        Window visible = XCreateWindow(d, root, 20, 840, 400, 40, 0, CopyFromParent, InputOutput, CopyFromParent,
                                       CWOverrideRedirect | CWBackPixel, &a);
        Window proxy = XCreateSimpleWindow(d, root, 0, 0, 1, 1, 0, 0, 0);
        long version = 5;
        XChangeProperty(d, visible, A("XdndAware"), XA_ATOM, 32, PropModeReplace, (unsigned char *)&version, 1);
        XChangeProperty(d, proxy, A("XdndAware"), XA_ATOM, 32, PropModeReplace, (unsigned char *)&version, 1);
        XChangeProperty(d, visible, A("XdndProxy"), XA_WINDOW, 32, PropModeReplace, (unsigned char *)&proxy, 1);
        XChangeProperty(d, proxy, A("XdndProxy"), XA_WINDOW, 32, PropModeReplace, (unsigned char *)&proxy, 1);
        XMapWindow(d, visible); XSync(d, False);
        FILE *ready = fopen(argv[1], "w"); if (ready) { fprintf(ready, "ready\n"); fclose(ready); }
        int messages = 0, named = 0; Window source = 0;
        for (;;) {
            XEvent e; XNextEvent(d, &e);
            if (e.type == ClientMessage) {
                messages++;
                if (e.xclient.window == visible) named++;
                source = e.xclient.data.l[0];
                if (e.xclient.message_type == A("XdndPosition")) reply(source, visible, "XdndStatus", 1, 0, A("XdndActionCopy"));
                if (e.xclient.message_type == A("XdndDrop")) {
                    XConvertSelection(d, A("XdndSelection"), A("UTF8_STRING"), A("XKIT_PROXY_DROP"), proxy, e.xclient.data.l[2]);
                    XFlush(d);
                }
            } else if (e.type == SelectionNotify) {
                Atom type; int format; unsigned long n = 0, after; unsigned char *data = NULL;
                if (e.xselection.property)
                    XGetWindowProperty(d, proxy, e.xselection.property, 0, 1 << 20, True, AnyPropertyType, &type, &format, &n, &after, &data);
                FILE *out = fopen(argv[1], "w");
                if (out) { fprintf(out, "messages %d named %d text %.*s\n", messages, named, (int)n, data ? (char *)data : ""); fclose(out); }
                reply(source, visible, "XdndFinished", 1, A("XdndActionCopy"), 0);
                if (data) XFree(data);
            }
        }
    }
    """#

    /// A misbehaving XDND source: `hostile MODE TARGET_XID X Y` prints what the target answered.
    static let hostileSource = #"""
    #include <X11/Xlib.h>
    #include <X11/Xatom.h>
    #include <stdio.h>
    #include <stdlib.h>
    #include <string.h>
    #include <sys/select.h>
    #include <unistd.h>
    #include <time.h>
    static long micros(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1000000L + t.tv_nsec / 1000; }
    static Display *d; static Window src, target;
    static Atom A(const char *n) { return XInternAtom(d, n, False); }
    static void send(const char *type, long l1, long l2, long l3, long l4) {
        XEvent e; memset(&e, 0, sizeof e);
        e.xclient.type = ClientMessage; e.xclient.window = target; e.xclient.message_type = A(type);
        e.xclient.format = 32; e.xclient.data.l[0] = src; e.xclient.data.l[1] = l1; e.xclient.data.l[2] = l2;
        e.xclient.data.l[3] = l3; e.xclient.data.l[4] = l4;
        XSendEvent(d, target, False, 0, &e); XFlush(d);
    }
    /* Waits up to `ms` for a client message of `type`; returns data.l[1] or -1. */
    static long await(const char *type, int ms) {
        Atom want = A(type); int fd = ConnectionNumber(d);
        for (int waited = 0; waited < ms; waited += 20) {
            while (XPending(d)) {
                XEvent e; XNextEvent(d, &e);
                if (e.type == ClientMessage && e.xclient.message_type == want) return e.xclient.data.l[1];
            }
            fd_set s; FD_ZERO(&s); FD_SET(fd, &s); struct timeval t = {0, 20000}; select(fd + 1, &s, 0, 0, &t);
        }
        return -1;
    }
    int main(int argc, char **argv) {
        d = XOpenDisplay(NULL); if (!d) return 3;
        const char *mode = argv[1]; target = strtoul(argv[2], 0, 0);
        long xy = (atol(argv[3]) << 16) | (atol(argv[4]) & 0xFFFF);
        src = XCreateSimpleWindow(d, DefaultRootWindow(d), 0, 0, 1, 1, 0, 0, 0);
        Atom utf8 = A("UTF8_STRING"), copy = A("XdndActionCopy");
        if (!strcmp(mode, "position-without-enter")) {
            send("XdndPosition", 0, xy, CurrentTime, copy);
            printf("status %ld\n", await("XdndStatus", 700));
            send("XdndDrop", 0, CurrentTime, 0, 0);
            printf("finished %ld\n", await("XdndFinished", 2000));
        } else if (!strcmp(mode, "never-drop") || !strcmp(mode, "vanish")) {
            send("XdndEnter", 5L << 24, utf8, 0, 0);
            send("XdndPosition", 0, xy, CurrentTime, copy);
            printf("status %ld\n", await("XdndStatus", 2000));
            /* The target's cost per move: XdndPosition out, XdndStatus back, 20 times. */
            for (int i = 0; i < 20; i++) {
                long start = micros();
                send("XdndPosition", 0, xy + ((i % 3) << 16), CurrentTime, copy);
                await("XdndStatus", 2000);
                printf("latency_us %ld\n", micros() - start);
            }
            fflush(stdout);
            if (!strcmp(mode, "never-drop")) sleep(4);
        } else if (!strcmp(mode, "many-types")) {
            int n = 10000; Atom *list = malloc(n * sizeof(Atom)); char **names = malloc(n * sizeof(char *));
            for (int i = 0; i < n; i++) { names[i] = malloc(32); snprintf(names[i], 32, "x-hostile/type-%d", i); }
            XInternAtoms(d, names, n, False, list);
            list[0] = utf8;
            XChangeProperty(d, src, A("XdndTypeList"), XA_ATOM, 32, PropModeReplace, (unsigned char *)list, n);
            send("XdndEnter", (5L << 24) | 1, 0, 0, 0);
            send("XdndPosition", 0, xy, CurrentTime, copy);
            printf("status %ld\n", await("XdndStatus", 3000));
            send("XdndLeave", 0, 0, 0, 0);
        }
        fflush(stdout);
        XCloseDisplay(d);
        return 0;
    }
    """#

    /// Compiles `source` once per test run; returns the binary's path.
    static func build(_ name: String, _ source: String, packages: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-dnd-peers-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("\(name).c")
        let binary = dir.appendingPathComponent(name).path
        if FileManager.default.fileExists(atPath: binary) { return binary }
        try source.write(to: file, atomically: true, encoding: .utf8)
        let result = try runProcess(["sh", "-c", "gcc -O1 -o \(binary) \(file.path) $(pkg-config --cflags --libs \(packages))"],
                                    timeout: 120)
        guard result.succeeded else { throw DragPeerError.compile(name, result.stderrString) }
        return binary
    }
}

enum DragPeerError: Error { case compile(String, String) }
