#ifndef XKIT_SHAPING_H
#define XKIT_SHAPING_H

#include <stdint.h>

/// Loads HarfBuzz on first use (dlopen): 1 when it is usable, 0 when not.
int xkit_hb_available(void);

/// A HarfBuzz font over a FreeType face (an `FT_Face` the caller keeps locked and alive), or NULL.
void *xkit_hb_font_create(void *ft_face);

/// Destroys a font from `xkit_hb_font_create`.
void xkit_hb_font_destroy(void *font);

/// Re-reads the FreeType face's current size into the HarfBuzz font (call after the face was locked
/// for this size: Xft shares one FT_Face among fonts of several sizes).
void xkit_hb_font_changed(void *font);

/// One shaped glyph: its id in the face, and its advance and offsets in 26.6 device pixels.
typedef struct xkit_glyph {
    uint32_t glyph;
    uint32_t cluster;
    int32_t x_advance;
    int32_t x_offset;
    int32_t y_offset;
} xkit_glyph;

/// Shapes UTF-8 `text` (script, direction and language guessed; default features) and writes at most
/// `capacity` glyphs, in visual order; returns the glyph count (more than `capacity`: the rest were
/// dropped), or -1 when HarfBuzz is unavailable.
int32_t xkit_hb_shape(void *font, const char *text, int32_t length, xkit_glyph *out, int32_t capacity);

/// Like `xkit_hb_shape`, but shapes only the bytes `item_offset ..< item_offset + item_length`,
/// with the rest of `text` as context (Arabic joining looks at the neighbours).
int32_t xkit_hb_shape_item(void *font, const char *text, int32_t length, int32_t item_offset, int32_t item_length,
                           xkit_glyph *out, int32_t capacity);

/// Like `xkit_hb_shape_item`, in a given direction: 0 guessed from the script, 1 left to right,
/// 2 right to left (glyphs still come in visual order, left to right). Script and language are
/// guessed (the script from the text, the language from the locale, as `hb-shape` does).
int32_t xkit_hb_shape_run(void *font, const char *text, int32_t length, int32_t item_offset, int32_t item_length,
                          int32_t direction, xkit_glyph *out, int32_t capacity);

#endif

#ifndef XKIT_BIDI_H
#define XKIT_BIDI_H
/// Loads FriBidi on first use (dlopen): 1 when it is usable, 0 when not.
int xkit_bidi_available(void);

/// Resolves the UAX #9 embedding levels (rules P2–I2 and L1) of one paragraph of `length` code
/// points. `base`: 0 from the first strong character (LTR when none), 1 LTR, 2 RTL. Writes one level
/// per code point into `levels`; returns the paragraph level (0 or 1), or -1 on failure.
int xkit_bidi_levels(const uint32_t *text, int32_t length, int base, uint8_t *levels);
#endif
