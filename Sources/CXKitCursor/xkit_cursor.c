// libXcursor is loaded with dlopen rather than linked, like ICU, HarfBuzz and libdbus: the
// pointer shapes are needed only once the pointer enters a window, never for the first frame.
// Its header is included for the exact prototypes the function pointers must match.
#include "xkit_cursor.h"

#include <X11/Xcursor/Xcursor.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

static struct {
    __typeof__(XcursorLibraryPath) *library_path;
    __typeof__(XcursorSetTheme) *set_theme;
    __typeof__(XcursorSetDefaultSize) *set_size;
    __typeof__(XcursorGetDefaultSize) *get_size;
    __typeof__(XcursorLibraryLoadCursor) *load;
} xc;
static int xc_loaded;
static pthread_once_t xc_once = PTHREAD_ONCE_INIT;

static void load_xcursor(void) {
    void *lib = dlopen("libXcursor.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) lib = dlopen("libXcursor.so", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return;
    xc.library_path = (__typeof__(xc.library_path))dlsym(lib, "XcursorLibraryPath");
    xc.set_theme = (__typeof__(xc.set_theme))dlsym(lib, "XcursorSetTheme");
    xc.set_size = (__typeof__(xc.set_size))dlsym(lib, "XcursorSetDefaultSize");
    xc.get_size = (__typeof__(xc.get_size))dlsym(lib, "XcursorGetDefaultSize");
    xc.load = (__typeof__(xc.load))dlsym(lib, "XcursorLibraryLoadCursor");
    xc_loaded = xc.library_path && xc.set_theme && xc.set_size && xc.get_size && xc.load;
}

int xkit_xcursor_available(void) {
    pthread_once(&xc_once, load_xcursor);
    return xc_loaded;
}

const char *xkit_xcursor_library_path(void) {
    return xkit_xcursor_available() ? xc.library_path() : NULL;
}

int xkit_xcursor_set_theme(void *display, const char *theme) {
    return xkit_xcursor_available() && display ? xc.set_theme((Display *)display, theme) : 0;
}

int xkit_xcursor_set_size(void *display, int size) {
    return xkit_xcursor_available() && display ? xc.set_size((Display *)display, size) : 0;
}

int xkit_xcursor_default_size(void *display) {
    return xkit_xcursor_available() && display ? xc.get_size((Display *)display) : 0;
}

unsigned long xkit_xcursor_load(void *display, const char *name) {
    if (!xkit_xcursor_available() || !display || !name) return 0;
    return xc.load((Display *)display, name);
}
