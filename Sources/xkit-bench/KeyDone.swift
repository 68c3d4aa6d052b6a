import Foundation
import XKitTesting

/// `keydone`: when a key's whole answer is on screen, not only its first pixels.
///
/// keylat times a key to the window's first DAMAGE report. A program that copies its redraw to the
/// window line by line (Tk's text widget copies each display line as it draws it) reports its first
/// line early and its last one much later; one that presents the whole edit at once reports once.
/// keydone types as keylat does ('a' and BackSpace in turn, 30 ms of quiet before each key) and
/// times both the first report and the last one before 30 ms of quiet.
enum KeyDone {
    /// Builds the tool into the bench's temporary folder; nil (with a note) if gcc fails.
    static func build() -> String? {
        ListScrollPeers.build("keydone", source: source, packages: "x11 xtst xdamage xfixes")
    }

    /// What one run printed: medians over its keys, in ms.
    struct Result {
        var firstMedian: Double
        var doneMedian: Double
        var doneP90: Double
        /// The median number of DAMAGE reports a key caused.
        var reportsMedian: Int

        /// Reads `keydone window=… keys=N first_median_ms=… done_median_ms=… done_p90_ms=… reports_median=N`.
        init?(line: String) {
            let fields = Bench.fields(line)
            guard let first = fields["first_median_ms"], let done = fields["done_median_ms"],
                  let p90 = fields["done_p90_ms"], let reports = fields["reports_median"].map(Int.init) else { return nil }
            firstMedian = first
            doneMedian = done
            doneP90 = p90
            reportsMedian = reports
        }
    }

    /// Runs keydone against `target`, which must already be up (keylat's run leaves it so).
    static func measure(_ keydone: String, _ target: KeylatTarget, keys: Int, server: XvfbServer) throws -> Result {
        let run = try runProcess([keydone, target.windowName, "\(target.click.x)", "\(target.click.y)", "\(keys)"],
                                 timeout: 20 + Double(keys) * 1.1, environment: server.environment)
        guard run.succeeded, let result = Result(line: run.stdoutString) else {
            throw XKitTestingError("keydone against \(target.name) failed (\(run)): \(run.stdoutString)\(run.stderrString)")
        }
        return result
    }

    private static let source = DamageToolSource.prelude + #"""
    /* waits until no event came for quiet_ms (or until limit_ms); returns the reports seen and the
       time of the first and the last, from t0 */
    static int drain(Display *d, int base, double t0, double quiet_ms, double limit_ms, double *first, double *last) {
        int reports = 0; double heard = now_ms();
        while (now_ms() - heard < quiet_ms && now_ms() - t0 < limit_ms) {
            while (XPending(d)) {
                XEvent e; XNextEvent(d, &e);
                if (e.type != base + XDamageNotify) continue;
                heard = now_ms();
                if (reports++ == 0) *first = heard - t0;
                *last = heard - t0;
            }
            struct pollfd p = { ConnectionNumber(d), POLLIN, 0 };
            poll(&p, 1, 1);
        }
        return reports;
    }

    int main(int argc, char **argv) {
        if (argc != 5) { fprintf(stderr, "usage: keydone WINDOW_NAME X Y N\n"); return 2; }
        int x = atoi(argv[2]), y = atoi(argv[3]), n = atoi(argv[4]);
        Display *d = XOpenDisplay(NULL);
        if (!d) { fprintf(stderr, "keydone: no display\n"); return 2; }
        XSetErrorHandler(ignore);
        int ev, er;
        if (!XDamageQueryExtension(d, &ev, &er)) { fprintf(stderr, "keydone: no DAMAGE\n"); return 2; }
        Window w = 0;
        for (int i = 0; i < 100 && !w; i++) { w = find(d, DefaultRootWindow(d), argv[1], 3); if (!w) usleep(100000); }
        if (!w) { fprintf(stderr, "keydone: no window named %s\n", argv[1]); return 3; }
        XDamageCreate(d, w, XDamageReportRawRectangles);
        int rx, ry; Window child;
        XTranslateCoordinates(d, w, DefaultRootWindow(d), x, y, &rx, &ry, &child);
        XSetInputFocus(d, w, RevertToParent, CurrentTime);
        XTestFakeMotionEvent(d, -1, rx, ry, 0);
        XTestFakeButtonEvent(d, 1, True, 0); XTestFakeButtonEvent(d, 1, False, 0);
        XSync(d, False);
        usleep(400000);
        KeyCode keys[2] = { XKeysymToKeycode(d, XK_a), XKeysymToKeycode(d, XK_BackSpace) };
        double *first = calloc(n, sizeof *first), *done = calloc(n, sizeof *done), *reports = calloc(n, sizeof *reports);
        int got = 0;
        for (int i = 0; i < n; i++) {
            double unused;
            drain(d, ev, now_ms(), 30, 1000, &unused, &unused);
            double t0 = now_ms(), f = 0, l = 0;
            XTestFakeKeyEvent(d, keys[i % 2], True, 0);
            XTestFakeKeyEvent(d, keys[i % 2], False, 0);
            XFlush(d);
            int r = drain(d, ev, t0, 30, 1000, &f, &l);
            if (r) { first[got] = f; done[got] = l; reports[got] = r; got++; }
        }
        if (!got) { printf("keydone: no answer to any of %d keys\n", n); return 1; }
        qsort(first, got, sizeof *first, cmp); qsort(done, got, sizeof *done, cmp); qsort(reports, got, sizeof *reports, cmp);
        printf("keydone window=%s keys=%d first_median_ms=%.2f done_median_ms=%.2f done_p90_ms=%.2f reports_median=%d\n",
               argv[1], got, first[got / 2], done[got / 2], done[(got * 9) / 10], (int)reports[got / 2]);
        return 0;
    }
    """#
}
