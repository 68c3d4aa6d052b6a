#ifndef XKIT_CHECKSUMS_H
#define XKIT_CHECKSUMS_H
#include <stddef.h>
#include <stdint.h>

/* Adler-32 and CRC-32 as zlib defines them (same start values, same results), with SSSE3 and
 * PCLMULQDQ on processors that have them: a copied image's PNG is checksummed while a requestor
 * waits, and zlib's portable loops were a sixth of the encoding. */
uint32_t xkit_adler32(uint32_t adler, const uint8_t *bytes, size_t count);
uint32_t xkit_crc32(uint32_t crc, const uint8_t *bytes, size_t count);

#endif
