#ifndef CX11_SHIM_H
#define CX11_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/Xresource.h>
#include <X11/keysym.h>
#include <X11/XKBlib.h>
#include <X11/Xft/Xft.h>
#include <X11/extensions/Xrender.h>
#include <X11/extensions/shape.h>
#include <fontconfig/fontconfig.h>
#include <zlib.h>

/* IsModifierKey is a function-like macro, which Swift cannot import. */
static inline int cx11_is_modifier_key(KeySym keysym) { return IsModifierKey(keysym); }

/* XCreateIC is variadic; Swift cannot call variadic C functions. */
static inline XIC cx11_create_ic(XIM im, Window window) {
    return XCreateIC(im, XNInputStyle, XIMPreeditNothing | XIMStatusNothing,
                     XNClientWindow, window, XNFocusWindow, window, NULL);
}

/* Moves the input method's spot (used by over-the-spot styles); variadic again. */
static inline void cx11_set_ic_spot(XIC ic, short x, short y) {
    XPoint spot = { x, y };
    XVaNestedList list = XVaCreateNestedList(0, XNSpotLocation, &spot, NULL);
    XSetICValues(ic, XNPreeditAttributes, list, NULL);
    XFree(list);
}
#endif
