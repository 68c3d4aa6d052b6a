/// The start of the bench's own DAMAGE timing tools (`scrolllat`, `keydone`), which are C built on
/// first use: headers, a monotonic clock in ms, finding a window by name (`_NET_WM_NAME` or
/// `WM_NAME`), an error handler that ignores windows vanishing meanwhile, and a `qsort` comparator.
enum DamageToolSource {
    static let prelude = #"""
    #include <X11/Xlib.h>
    #include <X11/Xatom.h>
    #include <X11/keysym.h>
    #include <X11/extensions/XTest.h>
    #include <X11/extensions/Xdamage.h>
    #include <poll.h>
    #include <stdio.h>
    #include <stdlib.h>
    #include <string.h>
    #include <time.h>
    #include <unistd.h>
    static double now_ms(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }
    static int named(Display *d, Window w, const char *name) {
        Atom net = XInternAtom(d, "_NET_WM_NAME", False), utf8 = XInternAtom(d, "UTF8_STRING", False);
        Atom type; int format; unsigned long n, after; unsigned char *v = NULL; int hit = 0;
        if (XGetWindowProperty(d, w, net, 0, 1024, False, utf8, &type, &format, &n, &after, &v) == Success && v) {
            hit = strcmp((char *)v, name) == 0; XFree(v); if (hit) return 1;
        }
        char *wm = NULL;
        if (XFetchName(d, w, &wm) && wm) { hit = strcmp(wm, name) == 0; XFree(wm); }
        return hit;
    }
    static Window find(Display *d, Window w, const char *name, int depth) {
        if (named(d, w, name)) return w;
        if (depth == 0) return 0;
        Window root, parent, *kids = NULL; unsigned int n = 0, i; Window hit = 0;
        if (!XQueryTree(d, w, &root, &parent, &kids, &n)) return 0;
        for (i = 0; i < n && !hit; i++) hit = find(d, kids[i], name, depth - 1);
        if (kids) XFree(kids);
        return hit;
    }
    static int ignore(Display *d, XErrorEvent *e) { (void)d; (void)e; return 0; }
    static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }

    """#
}
