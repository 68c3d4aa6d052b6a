import Foundation
import XKitTesting

/// The scroll benchmark's own programs, kept as source here and built on first use: `scrolllat`
/// (XTest wheel events, time to each first DAMAGE), the Xlib+Xft floor list and the Tk
/// `ttk::treeview` peer.
enum ListScrollPeers {
    /// Compiles C source with gcc into the bench's temporary folder; nil (with a note) if it fails.
    static func build(_ name: String, source: String, packages: String, defines: [String] = []) -> String? {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-anchors")
        try? FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let file = out.appendingPathComponent(name + ".c")
        let binary = out.appendingPathComponent(name).path
        do { try source.write(to: file, atomically: true, encoding: .utf8) } catch { return nil }
        return compile(file.path, binary: binary, packages: packages, defines: defines)
    }

    /// Compiles a C file (with extra -D flags) into `binary`.
    static func compile(_ path: String, binary: String, packages: String, defines: [String] = []) -> String? {
        let flags = (try? runProcess(["pkg-config", "--cflags", "--libs"] + packages.split(separator: " ").map(String.init)))?
            .stdoutString.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init) ?? []
        let result = try? runProcess(["gcc", "-O2"] + defines + [path, "-o", binary] + flags, timeout: 120)
        guard result?.succeeded == true else {
            print("note: could not build \(binary): \(result?.stderrString.prefix(300) ?? "gcc failed")")
            return nil
        }
        return binary
    }

    /// GtkListView from the shared anchor, kept running after its first frame: a forced header makes
    /// `_exit` a no-op (after unistd.h has declared it), so the window stays up for the wheel instead
    /// of the anchor's own adjustment scrolls.
    static func buildGtkListKeptOpen() -> String? {
        guard let dir = try? Bench.anchorsDirectory() else { return nil }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-anchors")
        try? FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let header = out.appendingPathComponent("keep_open.h")
        let text = "#include <unistd.h>\n#include <stdlib.h>\n#define _exit(c) ((void)(c))\n"
        do { try text.write(to: header, atomically: true, encoding: .utf8) } catch { return nil }
        return compile(dir.appendingPathComponent("list_gtk4.c").path, binary: out.appendingPathComponent("list_gtk4_open").path,
                       packages: "gtk4", defines: ["-include", header.path, "-I" + dir.path])
    }

    /// The Tk peer as a script file for wish.
    static func writeTreeviewScript() -> String? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("xkit-anchors/list_tk.tcl")
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        do { try treeviewTcl.write(to: file, atomically: true, encoding: .utf8) } catch { return nil }
        return file.path
    }

    /// scrolllat WINDOW_NAME X Y N BUTTON: moves the pointer to (X, Y) in the window, then N times
    /// settles (30 ms without damage), sends one wheel click (button 5 down, 4 up) through XTest and
    /// waits for the window's first DAMAGE report. Prints median, p90, p99 and max in ms.
    static let scrollLatC = DamageToolSource.prelude + #"""
    static int wait_damage(Display *d, int base, double timeout_ms) {
        double end = now_ms() + timeout_ms;
        for (;;) {
            while (XPending(d)) { XEvent e; XNextEvent(d, &e); if (e.type == base + XDamageNotify) return 1; }
            double left = end - now_ms();
            if (left <= 0) return 0;
            struct pollfd p = { ConnectionNumber(d), POLLIN, 0 };
            poll(&p, 1, (int)left + 1);
        }
    }
    int main(int argc, char **argv) {
        if (argc != 6) { fprintf(stderr, "usage: scrolllat WINDOW_NAME X Y N BUTTON\n"); return 2; }
        int x = atoi(argv[2]), y = atoi(argv[3]), n = atoi(argv[4]), button = atoi(argv[5]);
        Display *d = XOpenDisplay(NULL);
        if (!d) { fprintf(stderr, "scrolllat: no display\n"); return 2; }
        XSetErrorHandler(ignore);
        int ev, er;
        if (!XDamageQueryExtension(d, &ev, &er)) { fprintf(stderr, "scrolllat: no DAMAGE\n"); return 2; }
        Window w = 0;
        for (int i = 0; i < 300 && !w; i++) { w = find(d, DefaultRootWindow(d), argv[1], 3); if (!w) usleep(100000); }
        if (!w) { fprintf(stderr, "scrolllat: no window named %s\n", argv[1]); return 3; }
        Damage dmg = XDamageCreate(d, w, XDamageReportNonEmpty);
        int rx, ry; Window child;
        XTranslateCoordinates(d, w, DefaultRootWindow(d), x, y, &rx, &ry, &child);
        XTestFakeMotionEvent(d, -1, rx, ry, 0);
        XSync(d, False);
        usleep(500000);
        double *lat = calloc(n, sizeof *lat); int got = 0, lost = 0;
        for (int i = 0; i < n; i++) {
            do XDamageSubtract(d, dmg, None, None); while (wait_damage(d, ev, 30));
            double t0 = now_ms();
            XTestFakeButtonEvent(d, button, True, 0);
            XTestFakeButtonEvent(d, button, False, 0);
            XFlush(d);
            if (wait_damage(d, ev, 1000)) lat[got++] = now_ms() - t0; else lost++;
        }
        if (!got) { printf("scrolllat: no answer to any of %d wheel events\n", n); return 1; }
        qsort(lat, got, sizeof *lat, cmp);
        printf("scrolllat window=%s events=%d answered=%d lost=%d median_ms=%.3f p90_ms=%.3f p99_ms=%.3f max_ms=%.3f\n",
               argv[1], n, got, lost, lat[got / 2], lat[(got * 9) / 10], lat[(got * 99) / 100], lat[got - 1]);
        return 0;
    }
    """#

    /// list_xft N: the floor. A 420x640 window drawing only the rows in sight ("Contact i  +84 90 …",
    /// 44 px rows with a separator, DejaVu Sans 13) into a back pixmap copied to the window; each
    /// wheel click scrolls 3 rows, as XKit's list does, and redraws.
    static let xftFloorC = #"""
    #include <X11/Xlib.h>
    #include <X11/Xft/Xft.h>
    #include <stdio.h>
    #include <stdlib.h>
    #include <string.h>
    #define W 420
    #define H 640
    #define ROW 44
    int main(int argc, char **argv) {
        long n = argc > 1 ? atol(argv[1]) : 1000;
        Display *d = XOpenDisplay(NULL);
        if (!d) return 2;
        int s = DefaultScreen(d);
        Window w = XCreateSimpleWindow(d, RootWindow(d, s), 0, 0, W, H, 0, 0, WhitePixel(d, s));
        XStoreName(d, w, "List Xft");
        XSelectInput(d, w, ExposureMask | ButtonPressMask);
        Pixmap back = XCreatePixmap(d, w, W, H, DefaultDepth(d, s));
        GC gc = XCreateGC(d, back, 0, NULL);
        XftDraw *draw = XftDrawCreate(d, back, DefaultVisual(d, s), DefaultColormap(d, s));
        XftFont *font = XftFontOpenName(d, s, "DejaVu Sans:pixelsize=13");
        XftColor black, grey;
        XftColorAllocName(d, DefaultVisual(d, s), DefaultColormap(d, s), "#202020", &black);
        XftColorAllocName(d, DefaultVisual(d, s), DefaultColormap(d, s), "#d8d8d8", &grey);
        XMapWindow(d, w);
        long offset = 0, max = n * ROW - H;
        if (max < 0) max = 0;
        for (;;) {
            XEvent e; XNextEvent(d, &e);
            if (e.type == ButtonPress && (e.xbutton.button == 4 || e.xbutton.button == 5)) {
                offset += (e.xbutton.button == 5 ? 3 : -3) * ROW;
                if (offset < 0) offset = 0;
                if (offset > max) offset = max;
            } else if (e.type != Expose || e.xexpose.count) continue;
            XSetForeground(d, gc, WhitePixel(d, s));
            XFillRectangle(d, back, gc, 0, 0, W, H);
            for (long i = offset / ROW; i < n && i * ROW < offset + H; i++) {
                int y = (int)(i * ROW - offset);
                char text[64]; snprintf(text, sizeof text, "Contact %ld  +84 90 %07ld", i, i);
                XftDrawStringUtf8(draw, &black, font, 16, y + 27, (const FcChar8 *)text, (int)strlen(text));
                XftDrawRect(draw, &grey, 16, y + ROW - 1, W - 16, 1);
            }
            XCopyArea(d, back, w, gc, 0, 0, W, H, 0, 0);
            XFlush(d);
        }
    }
    """#

    /// The Tk peer: a ttk::treeview of N rows with a scroll bar, 420x640; Tk keeps every row as an item.
    static let treeviewTcl = #"""
    set n [lindex $argv 0]
    if {$n eq ""} { set n 1000 }
    wm title . "List Tk"
    wm geometry . 420x640
    ttk::treeview .t -show tree -yscrollcommand {.s set}
    ttk::scrollbar .s -orient vertical -command {.t yview}
    pack .s -side right -fill y
    pack .t -side left -fill both -expand 1
    for {set i 0} {$i < $n} {incr i} {
        .t insert {} end -text [format "Contact %d  +84 90 %07d" $i $i]
    }
    """#
}

/// What scrolllat printed: frame times in ms of the wheel events the window answered.
struct ScrollLatResult {
    var median: Double
    var p90: Double
    var p99: Double
    var max: Double
    var answered: Int
    var lost: Int

    /// Reads `scrolllat window=… events=N answered=N lost=N median_ms=… p90_ms=… p99_ms=… max_ms=…`.
    init?(line: String) {
        let fields = Bench.fields(line)
        guard let median = fields["median_ms"], let p90 = fields["p90_ms"], let p99 = fields["p99_ms"],
              let high = fields["max_ms"], let answered = fields["answered"].map(Int.init),
              let lost = fields["lost"].map(Int.init) else { return nil }
        self.median = median
        self.p90 = p90
        self.p99 = p99
        max = high
        self.answered = answered
        self.lost = lost
    }
}
