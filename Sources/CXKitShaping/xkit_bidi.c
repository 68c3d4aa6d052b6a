// FriBidi is loaded with dlopen, like HarfBuzz (xkit_shaping.c): only text with right-to-left
// characters needs it, and left-to-right apps should not pay for loading it at launch.
#include "xkit_shaping.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <fribidi/fribidi.h>

static struct {
    void (*get_bidi_types)(const FriBidiChar *, const FriBidiStrIndex, FriBidiCharType *);
    void (*get_bracket_types)(const FriBidiChar *, const FriBidiStrIndex, const FriBidiCharType *, FriBidiBracketType *);
    FriBidiLevel (*get_par_embedding_levels_ex)(const FriBidiCharType *, const FriBidiBracketType *,
                                                const FriBidiStrIndex, FriBidiParType *, FriBidiLevel *);
} fb;
static int fb_loaded;
static pthread_once_t fb_once = PTHREAD_ONCE_INIT;

static void load_fribidi(void) {
    void *lib = dlopen("libfribidi.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return;
    *(void **)&fb.get_bidi_types = dlsym(lib, "fribidi_get_bidi_types");
    *(void **)&fb.get_bracket_types = dlsym(lib, "fribidi_get_bracket_types");
    *(void **)&fb.get_par_embedding_levels_ex = dlsym(lib, "fribidi_get_par_embedding_levels_ex");
    fb_loaded = fb.get_bidi_types && fb.get_bracket_types && fb.get_par_embedding_levels_ex;
}

int xkit_bidi_available(void) {
    pthread_once(&fb_once, load_fribidi);
    return fb_loaded;
}

int xkit_bidi_levels(const uint32_t *text, int32_t length, int base, uint8_t *levels) {
    if (!xkit_bidi_available() || length < 0) return -1;
    if (length == 0) return base == 2 ? 1 : 0;
    FriBidiCharType *types = malloc(sizeof(FriBidiCharType) * (size_t)length);
    FriBidiBracketType *brackets = malloc(sizeof(FriBidiBracketType) * (size_t)length);
    FriBidiLevel *resolved = malloc(sizeof(FriBidiLevel) * (size_t)length);
    int result = -1;
    if (types && brackets && resolved) {
        FriBidiParType direction = base == 1 ? FRIBIDI_PAR_LTR : base == 2 ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_ON;
        fb.get_bidi_types((const FriBidiChar *)text, length, types);
        fb.get_bracket_types((const FriBidiChar *)text, length, types, brackets);
        if (fb.get_par_embedding_levels_ex(types, brackets, length, &direction, resolved) != 0) {
            for (int32_t i = 0; i < length; i++) levels[i] = (uint8_t)resolved[i];
            result = FRIBIDI_IS_RTL(direction) ? 1 : 0;
        }
    }
    free(types);
    free(brackets);
    free(resolved);
    return result;
}
