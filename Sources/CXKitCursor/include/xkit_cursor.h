#ifndef XKIT_CURSOR_H
#define XKIT_CURSOR_H

/// libXcursor, opened with dlopen on the first themed cursor: an app whose pointer never enters
/// its windows (or that runs with the core cursors) never loads it.
///
/// `display` is Xlib's `Display *`; cursors are X ids (0 when none was made).

/// Loads libXcursor on first use: 1 when it is usable, 0 when not.
int xkit_xcursor_available(void);

/// libXcursor's search path for cursor themes (colon-separated, `~` not expanded), or NULL.
const char *xkit_xcursor_library_path(void);

/// Sets the theme (NULL for none) that `xkit_xcursor_load` looks in; returns 1 on success.
int xkit_xcursor_set_theme(void *display, const char *theme);

/// Sets the nominal size in pixels that `xkit_xcursor_load` picks images for; returns 1 on success.
int xkit_xcursor_set_size(void *display, int size);

/// The nominal size libXcursor chose for the display before anyone set one (from `Xft.dpi` or the screen).
int xkit_xcursor_default_size(void *display);

/// Loads the cursor called `name` from the theme (its inherited themes, then "default"), and names
/// it for XFixes; 0 when no theme has it.
unsigned long xkit_xcursor_load(void *display, const char *name);

#endif
