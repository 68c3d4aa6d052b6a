#ifndef XKIT_THAI_H
#define XKIT_THAI_H

#include <stdint.h>

/// Loads libthai on first use (dlopen) and makes a word breaker over its default dictionary
/// (libthai-data): an opaque breaker, or NULL when libthai or its dictionary cannot be loaded.
/// A breaker is not to be used by two threads at once.
void *xkit_thai_open(void);

/// Frees a breaker from `xkit_thai_open`.
void xkit_thai_close(void *breaker);

/// Writes libthai's word breaks inside `text` (UTF-16 of Thai characters only, no NUL) into `out`:
/// ascending offsets strictly between 0 and `length`, at most `capacity` of them. Returns how many
/// there are (more than `capacity` means the rest were dropped), or -1 when nothing could be found.
int32_t xkit_thai_breaks(void *breaker, const uint16_t *text, int32_t length, int32_t *out, int32_t capacity);

#endif
