#ifndef XKIT_ICU_H
#define XKIT_ICU_H

#include <stdint.h>

/// What to find boundaries of (the values match ICU's UBreakIteratorType).
enum xkit_break_kind { XKIT_BREAK_GRAPHEME = 0, XKIT_BREAK_WORD = 1, XKIT_BREAK_LINE = 2 };

/// Loads ICU's common library on first use (dlopen): 1 when it is usable, 0 when not.
/// Loading costs a few milliseconds, so a process that never asks pays nothing at launch.
int xkit_icu_available(void);

/// An ICU break iterator of one kind for the root locale, or NULL when ICU is unavailable.
void *xkit_icu_open(int kind);

/// Closes an iterator from `xkit_icu_open`.
void xkit_icu_close(void *iterator);

/// Writes the UTF-16 offsets of the boundaries in `text` (ascending, without 0, with `length`)
/// into `out`, at most `capacity` of them; returns how many there are (more than `capacity` means
/// the rest were dropped), or -1 on an ICU error.
int32_t xkit_icu_boundaries(void *iterator, const uint16_t *text, int32_t length, int32_t *out, int32_t capacity);

#endif
