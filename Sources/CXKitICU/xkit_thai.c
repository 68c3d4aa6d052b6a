// libthai is loaded with dlopen, like ICU (xkit_icu.c): only text with Thai words needs it, and
// making a breaker reads its 0.6 MB dictionary trie, which a process showing no Thai should not pay.
#include "xkit_thai.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <wchar.h>
#include <thai/thbrk.h>
#include <thai/thwbrk.h>

static struct {
    ThBrk *(*brk_new)(const char *);
    void (*brk_delete)(ThBrk *);
    int (*find_breaks)(ThBrk *, const thwchar_t *, int *, size_t);
} thai;
static int thai_loaded;
static pthread_once_t thai_once = PTHREAD_ONCE_INIT;

static void load_thai(void) {
    void *lib = dlopen("libthai.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return;
    *(void **)&thai.brk_new = dlsym(lib, "th_brk_new");
    *(void **)&thai.brk_delete = dlsym(lib, "th_brk_delete");
    *(void **)&thai.find_breaks = dlsym(lib, "th_brk_wc_find_breaks");
    thai_loaded = thai.brk_new && thai.brk_delete && thai.find_breaks;
}

void *xkit_thai_open(void) {
    pthread_once(&thai_once, load_thai);
    if (!thai_loaded) return NULL;
    return thai.brk_new(NULL); // NULL: the default dictionary (LIBTHAI_DICTDIR, else libthai-data's)
}

void xkit_thai_close(void *breaker) {
    if (breaker && thai_loaded) thai.brk_delete((ThBrk *)breaker);
}

int32_t xkit_thai_breaks(void *breaker, const uint16_t *text, int32_t length, int32_t *out, int32_t capacity) {
    if (!breaker || !thai_loaded || !text || length < 0) return -1;
    if (length < 2) return 0;
    // Runs are words or short phrases: most fit on the stack.
    enum { STACK = 256 };
    thwchar_t stack_text[STACK];
    int stack_pos[STACK];
    thwchar_t *wide = length < STACK ? stack_text : malloc(((size_t)length + 1) * sizeof(thwchar_t));
    int *pos = length < STACK ? stack_pos : malloc((size_t)length * sizeof(int));
    int32_t count = -1;
    if (wide && pos) {
        for (int32_t i = 0; i < length; i++) wide[i] = (thwchar_t)text[i]; // Thai is in the BMP
        wide[length] = 0;
        int n = thai.find_breaks((ThBrk *)breaker, wide, pos, (size_t)length);
        count = 0;
        for (int k = 0; k < n; k++) {
            if (pos[k] <= 0 || pos[k] >= length) continue;
            if (count < capacity) out[count] = pos[k];
            count++;
        }
    }
    if (wide != stack_text) free(wide);
    if (pos != stack_pos) free(pos);
    return count;
}
