// ICU is loaded with dlopen rather than linked: linking libicuuc and opening a break iterator
// cost ~8 ms at launch on this machine, which apps showing only Latin text should not pay.
// ICU renames its entry points per version (ubrk_open -> ubrk_open_72); including its headers makes
// the names below expand to the versioned symbols of the ICU that XKit was built against.
#include "xkit_icu.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <unicode/ubrk.h>
#include <unicode/uvernum.h>

#define XKIT_STR2(x) #x
#define XKIT_STR(x) XKIT_STR2(x)

typedef UBreakIterator *(*open_fn)(UBreakIteratorType, const char *, const UChar *, int32_t, UErrorCode *);
typedef void (*close_fn)(UBreakIterator *);
typedef void (*set_text_fn)(UBreakIterator *, const UChar *, int32_t, UErrorCode *);
typedef int32_t (*step_fn)(UBreakIterator *);

static struct {
    open_fn open;
    close_fn close;
    set_text_fn set_text;
    step_fn first;
    step_fn next;
} icu;
static int icu_loaded;
static pthread_once_t icu_once = PTHREAD_ONCE_INIT;

static void load_icu(void) {
    void *lib = dlopen("libicuuc.so." XKIT_STR(U_ICU_VERSION_MAJOR_NUM), RTLD_NOW | RTLD_LOCAL);
    if (!lib) lib = dlopen("libicuuc.so", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return;
    icu.open = (open_fn)dlsym(lib, XKIT_STR(ubrk_open));
    icu.close = (close_fn)dlsym(lib, XKIT_STR(ubrk_close));
    icu.set_text = (set_text_fn)dlsym(lib, XKIT_STR(ubrk_setText));
    icu.first = (step_fn)dlsym(lib, XKIT_STR(ubrk_first));
    icu.next = (step_fn)dlsym(lib, XKIT_STR(ubrk_next));
    icu_loaded = icu.open && icu.close && icu.set_text && icu.first && icu.next;
}

int xkit_icu_available(void) {
    pthread_once(&icu_once, load_icu);
    return icu_loaded;
}

void *xkit_icu_open(int kind) {
    if (!xkit_icu_available()) return NULL;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = icu.open((UBreakIteratorType)kind, "", NULL, 0, &status);
    if (U_FAILURE(status)) {
        if (it) icu.close(it);
        return NULL;
    }
    return it;
}

void xkit_icu_close(void *iterator) {
    if (iterator && icu_loaded) icu.close((UBreakIterator *)iterator);
}

int32_t xkit_icu_boundaries(void *iterator, const uint16_t *text, int32_t length, int32_t *out, int32_t capacity) {
    if (!iterator || !icu_loaded || length < 0) return -1;
    UBreakIterator *it = (UBreakIterator *)iterator;
    UErrorCode status = U_ZERO_ERROR;
    icu.set_text(it, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    icu.first(it);
    for (int32_t b = icu.next(it); b != UBRK_DONE; b = icu.next(it)) {
        if (count < capacity) out[count] = b;
        count++;
    }
    return count;
}
