// HarfBuzz is loaded with dlopen rather than linked, for the same reason as ICU (xkit_icu.c):
// libharfbuzz pulls in glib and graphite at load time, and text that needs no shaping (Latin,
// Cyrillic, CJK, Hangul clusters of one scalar) never calls it.
#include "xkit_shaping.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ft.h>

static struct {
    hb_font_t *(*ft_font_create_referenced)(FT_Face);
    void (*ft_font_changed)(hb_font_t *);
    void (*font_destroy)(hb_font_t *);
    hb_buffer_t *(*buffer_create)(void);
    void (*buffer_destroy)(hb_buffer_t *);
    void (*buffer_add_utf8)(hb_buffer_t *, const char *, int, unsigned int, int);
    void (*buffer_guess_segment_properties)(hb_buffer_t *);
    void (*buffer_set_direction)(hb_buffer_t *, hb_direction_t);
    void (*shape)(hb_font_t *, hb_buffer_t *, const hb_feature_t *, unsigned int);
    hb_glyph_info_t *(*get_glyph_infos)(hb_buffer_t *, unsigned int *);
    hb_glyph_position_t *(*get_glyph_positions)(hb_buffer_t *, unsigned int *);
} hb;
static int hb_loaded;
static pthread_once_t hb_once = PTHREAD_ONCE_INIT;

static void load_harfbuzz(void) {
    void *lib = dlopen("libharfbuzz.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return;
    *(void **)&hb.ft_font_create_referenced = dlsym(lib, "hb_ft_font_create_referenced");
    *(void **)&hb.ft_font_changed = dlsym(lib, "hb_ft_font_changed");
    *(void **)&hb.font_destroy = dlsym(lib, "hb_font_destroy");
    *(void **)&hb.buffer_create = dlsym(lib, "hb_buffer_create");
    *(void **)&hb.buffer_destroy = dlsym(lib, "hb_buffer_destroy");
    *(void **)&hb.buffer_add_utf8 = dlsym(lib, "hb_buffer_add_utf8");
    *(void **)&hb.buffer_guess_segment_properties = dlsym(lib, "hb_buffer_guess_segment_properties");
    *(void **)&hb.buffer_set_direction = dlsym(lib, "hb_buffer_set_direction");
    *(void **)&hb.shape = dlsym(lib, "hb_shape");
    *(void **)&hb.get_glyph_infos = dlsym(lib, "hb_buffer_get_glyph_infos");
    *(void **)&hb.get_glyph_positions = dlsym(lib, "hb_buffer_get_glyph_positions");
    hb_loaded = hb.ft_font_create_referenced && hb.ft_font_changed && hb.font_destroy && hb.buffer_create && hb.buffer_destroy
        && hb.buffer_add_utf8 && hb.buffer_guess_segment_properties && hb.buffer_set_direction && hb.shape && hb.get_glyph_infos
        && hb.get_glyph_positions;
}

int xkit_hb_available(void) {
    pthread_once(&hb_once, load_harfbuzz);
    return hb_loaded;
}

void *xkit_hb_font_create(void *ft_face) {
    if (!ft_face || !xkit_hb_available()) return NULL;
    return hb.ft_font_create_referenced((FT_Face)ft_face);
}

void xkit_hb_font_changed(void *font) {
    if (font && hb_loaded) hb.ft_font_changed((hb_font_t *)font);
}

void xkit_hb_font_destroy(void *font) {
    if (font && hb_loaded) hb.font_destroy((hb_font_t *)font);
}

int32_t xkit_hb_shape(void *font, const char *text, int32_t length, xkit_glyph *out, int32_t capacity) {
    return xkit_hb_shape_item(font, text, length, 0, length, out, capacity);
}

int32_t xkit_hb_shape_item(void *font, const char *text, int32_t length, int32_t item_offset, int32_t item_length,
                           xkit_glyph *out, int32_t capacity) {
    return xkit_hb_shape_run(font, text, length, item_offset, item_length, 0, out, capacity);
}

int32_t xkit_hb_shape_run(void *font, const char *text, int32_t length, int32_t item_offset, int32_t item_length,
                          int32_t direction, xkit_glyph *out, int32_t capacity) {
    if (!font || !hb_loaded || length < 0 || item_offset < 0 || item_length < 0 || item_offset + item_length > length)
        return -1;
    hb_buffer_t *buffer = hb.buffer_create();
    hb.buffer_add_utf8(buffer, text, length, (unsigned int)item_offset, item_length);
    hb.buffer_guess_segment_properties(buffer);
    // The caller's bidi level decides the direction; the script and language stay guessed.
    if (direction == 1) hb.buffer_set_direction(buffer, HB_DIRECTION_LTR);
    if (direction == 2) hb.buffer_set_direction(buffer, HB_DIRECTION_RTL);
    hb.shape((hb_font_t *)font, buffer, NULL, 0);
    unsigned int count = 0;
    hb_glyph_info_t *infos = hb.get_glyph_infos(buffer, &count);
    hb_glyph_position_t *positions = hb.get_glyph_positions(buffer, NULL);
    for (unsigned int i = 0; i < count && (int32_t)i < capacity; i++) {
        out[i].glyph = infos[i].codepoint;
        out[i].cluster = infos[i].cluster;
        out[i].x_advance = positions[i].x_advance;
        out[i].x_offset = positions[i].x_offset;
        out[i].y_offset = positions[i].y_offset;
    }
    hb.buffer_destroy(buffer);
    return (int32_t)count;
}
