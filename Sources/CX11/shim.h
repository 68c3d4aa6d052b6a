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

/* XCreateIC is variadic; Swift cannot call variadic C functions. Root style: the IM shows the composition. */
static inline XIC cx11_create_ic(XIM im, Window window) {
    return XCreateIC(im, XNInputStyle, XIMPreeditNothing | XIMStatusNothing,
                     XNClientWindow, window, XNFocusWindow, window, NULL);
}

/* An XIC with any style, given as the XIMStyle bits. */
static inline XIC cx11_create_ic_style(XIM im, Window window, XIMStyle style) {
    return XCreateIC(im, XNInputStyle, style, XNClientWindow, window, XNFocusWindow, window, NULL);
}

/* Over-the-spot: the IM draws the composition in its own window at the spot (the caret).
 * fontset may be NULL; some IMs then pick their own font. */
static inline XIC cx11_create_ic_over_the_spot(XIM im, Window window, XIMStyle style, short x, short y, XFontSet fontset) {
    XPoint spot = { x, y };
    XVaNestedList list = fontset ? XVaCreateNestedList(0, XNSpotLocation, &spot, XNFontSet, fontset, NULL)
                                 : XVaCreateNestedList(0, XNSpotLocation, &spot, NULL);
    XIC ic = XCreateIC(im, XNInputStyle, style, XNClientWindow, window, XNFocusWindow, window,
                       XNPreeditAttributes, list, NULL);
    XFree(list);
    return ic;
}

/* The C signature of every preedit and status callback; PreeditStart's int result is the maximum
 * preedit length (-1: no limit). */
typedef int (*cx11_ic_proc)(XIC ic, XPointer client_data, XPointer call_data);

/* On-the-spot: the IM reports the composition through callbacks and the client draws it.
 * Status callbacks are registered when the style asks for them (the client may ignore them). */
static inline XIC cx11_create_ic_on_the_spot(XIM im, Window window, XIMStyle style, XPointer client,
                                             cx11_ic_proc start, cx11_ic_proc done, cx11_ic_proc draw,
                                             cx11_ic_proc caret, cx11_ic_proc status) {
    XICCallback cbStart = { client, (XICProc)start }, cbDone = { client, (XICProc)done };
    XICCallback cbDraw = { client, (XICProc)draw }, cbCaret = { client, (XICProc)caret };
    XICCallback cbStatus = { client, (XICProc)status };
    XVaNestedList preedit = XVaCreateNestedList(0, XNPreeditStartCallback, &cbStart, XNPreeditDoneCallback, &cbDone,
                                                XNPreeditDrawCallback, &cbDraw, XNPreeditCaretCallback, &cbCaret, NULL);
    XIC ic;
    if (style & XIMStatusCallbacks) {
        XVaNestedList statusList = XVaCreateNestedList(0, XNStatusStartCallback, &cbStatus, XNStatusDoneCallback, &cbStatus,
                                                       XNStatusDrawCallback, &cbStatus, NULL);
        ic = XCreateIC(im, XNInputStyle, style, XNClientWindow, window, XNFocusWindow, window,
                       XNPreeditAttributes, preedit, XNStatusAttributes, statusList, NULL);
        XFree(statusList);
    } else {
        ic = XCreateIC(im, XNInputStyle, style, XNClientWindow, window, XNFocusWindow, window,
                       XNPreeditAttributes, preedit, NULL);
    }
    XFree(preedit);
    return ic;
}

/* The styles the IM supports (XNQueryInputStyle); the caller frees the result with XFree. */
static inline XIMStyles *cx11_im_styles(XIM im) {
    XIMStyles *styles = NULL;
    if (XGetIMValues(im, XNQueryInputStyle, &styles, NULL) != NULL) return NULL;
    return styles;
}

/* Asks to hear when the IM server goes away (XNDestroyCallback). */
static inline void cx11_set_im_destroy_callback(XIM im, XPointer client, XIMProc proc) {
    XIMCallback cb = { client, proc };
    XSetIMValues(im, XNDestroyCallback, &cb, NULL);
}

/* Moves the input method's spot (used by over-the-spot styles); variadic again. */
static inline void cx11_set_ic_spot(XIC ic, short x, short y) {
    XPoint spot = { x, y };
    XVaNestedList list = XVaCreateNestedList(0, XNSpotLocation, &spot, NULL);
    XSetICValues(ic, XNPreeditAttributes, list, NULL);
    XFree(list);
}

/* Ends the composition; returns what the IM committed (free with XFree), or NULL. */
static inline char *cx11_reset_ic(XIC ic) {
    return Xutf8ResetIC(ic);
}

/* XIMText's string is an anonymous union; these read it without Swift's union import. */
static inline const char *cx11_ximtext_utf8(const XIMText *text) {
    return (text && !text->encoding_is_wchar) ? text->string.multi_byte : NULL;
}
static inline const wchar_t *cx11_ximtext_wide(const XIMText *text) {
    return (text && text->encoding_is_wchar) ? text->string.wide_char : NULL;
}
/* libdispatch's hooks for draining the main queue from a run loop of one's own, the ones
 * CoreFoundation's run loop uses: the queue's eventfd becomes readable when work is queued on it,
 * and the callback runs that work on the calling (main) thread. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);
#endif
