#include "xkit_checksums.h"
#include <zlib.h>

#if defined(__x86_64__)
#include <immintrin.h>
#include <cpuid.h>

/* The most bytes whose sums fit 32 bits before reducing modulo 65521 (zlib's NMAX), rounded down
 * to whole 32-byte blocks. */
enum { adler_base = 65521, adler_block = 32, adler_blocks_max = 5552 / adler_block };

/* 32 bytes a step: s1 gains their sum (psadbw), s2 gains 32·s1 plus the bytes weighted 32 down to 1
 * (pmaddubsw, then pmaddwd to 32-bit lanes). s1's growth inside a run is summed once per block and
 * multiplied by 32 at the end of the run. */
__attribute__((target("ssse3")))
static uint32_t adler32_ssse3(uint32_t adler, const uint8_t *bytes, size_t count) {
    uint32_t s1 = adler & 0xFFFF, s2 = adler >> 16;
    const __m128i weights_high = _mm_setr_epi8(32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17);
    const __m128i weights_low = _mm_setr_epi8(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
    const __m128i ones = _mm_set1_epi16(1), zero = _mm_setzero_si128();
    while (count >= adler_block) {
        size_t blocks = count / adler_block;
        if (blocks > adler_blocks_max) blocks = adler_blocks_max;
        count -= blocks * adler_block;
        __m128i earlier = _mm_cvtsi32_si128((int)(s1 * blocks)); /* s1 before each block, summed */
        __m128i sums = zero, weighted = zero;
        for (size_t n = 0; n < blocks; n++) {
            __m128i a = _mm_loadu_si128((const __m128i *)bytes), b = _mm_loadu_si128((const __m128i *)(bytes + 16));
            earlier = _mm_add_epi32(earlier, sums);
            sums = _mm_add_epi32(sums, _mm_add_epi32(_mm_sad_epu8(a, zero), _mm_sad_epu8(b, zero)));
            weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_maddubs_epi16(a, weights_high), ones));
            weighted = _mm_add_epi32(weighted, _mm_madd_epi16(_mm_maddubs_epi16(b, weights_low), ones));
            bytes += adler_block;
        }
        weighted = _mm_add_epi32(weighted, _mm_slli_epi32(earlier, 5));
        /* Horizontal sums: psadbw leaves its sums in lanes 0 and 2, the weights in all four. */
        sums = _mm_add_epi32(sums, _mm_shuffle_epi32(sums, _MM_SHUFFLE(1, 0, 3, 2)));
        weighted = _mm_add_epi32(weighted, _mm_shuffle_epi32(weighted, _MM_SHUFFLE(1, 0, 3, 2)));
        weighted = _mm_add_epi32(weighted, _mm_shuffle_epi32(weighted, _MM_SHUFFLE(2, 3, 0, 1)));
        s1 = (s1 + (uint32_t)_mm_cvtsi128_si32(sums)) % adler_base;
        s2 = (s2 + (uint32_t)_mm_cvtsi128_si32(weighted)) % adler_base;
    }
    /* The last bytes, fewer than a block: zlib's own loop. */
    return (uint32_t)adler32((uLong)(s1 | s2 << 16), bytes, (uInt)count);
}

/* CRC-32 (reflected, polynomial 0xEDB88320) folded 64 bytes at a time with carry-less multiplies
 * (Intel's "Fast CRC Computation Using PCLMULQDQ"). Folding keeps the remainder modulo the
 * polynomial, so the last 16 folded bytes have the same CRC as everything before them: zlib's loop
 * finishes from there, which spares the Barrett reduction. The constants are x^(n·8+32) mod P,
 * bit-reflected, for folding across 512 bits (k1, k2) and 128 bits (k3, k4). */
__attribute__((target("sse4.1,pclmul")))
static uint32_t crc32_pclmul(uint32_t crc, const uint8_t *bytes, size_t count) {
    if (count < 128) return (uint32_t)crc32(crc, bytes, (uInt)count);
    const __m128i k1k2 = _mm_set_epi64x(0x1c6e41596, 0x154442bd4);
    const __m128i k3k4 = _mm_set_epi64x(0x0ccaa009e, 0x1751997d0);
    /* zlib inverts the state on entry and exit; the raw state goes into the first four bytes. */
    __m128i x0 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)bytes), _mm_cvtsi32_si128((int)~crc));
    __m128i x1 = _mm_loadu_si128((const __m128i *)(bytes + 16));
    __m128i x2 = _mm_loadu_si128((const __m128i *)(bytes + 32));
    __m128i x3 = _mm_loadu_si128((const __m128i *)(bytes + 48));
    bytes += 64;
    count -= 64;
#define XKIT_FOLD(x, k, next) \
    _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128((x), (k), 0x00), _mm_clmulepi64_si128((x), (k), 0x11)), (next))
    while (count >= 64) {
        x0 = XKIT_FOLD(x0, k1k2, _mm_loadu_si128((const __m128i *)bytes));
        x1 = XKIT_FOLD(x1, k1k2, _mm_loadu_si128((const __m128i *)(bytes + 16)));
        x2 = XKIT_FOLD(x2, k1k2, _mm_loadu_si128((const __m128i *)(bytes + 32)));
        x3 = XKIT_FOLD(x3, k1k2, _mm_loadu_si128((const __m128i *)(bytes + 48)));
        bytes += 64;
        count -= 64;
    }
    x0 = XKIT_FOLD(x0, k3k4, x1);
    x0 = XKIT_FOLD(x0, k3k4, x2);
    x0 = XKIT_FOLD(x0, k3k4, x3);
    while (count >= 16) {
        x0 = XKIT_FOLD(x0, k3k4, _mm_loadu_si128((const __m128i *)bytes));
        bytes += 16;
        count -= 16;
    }
#undef XKIT_FOLD
    /* The raw CRC of (x0, then the tail) from a zero state is zlib's crc32 started at ~0. */
    uint8_t folded[16];
    _mm_storeu_si128((__m128i *)folded, x0);
    uint32_t state = (uint32_t)crc32(0xFFFFFFFFu, folded, 16);
    return (uint32_t)crc32(state, bytes, (uInt)count);
}

/* CPUID leaf 1's ECX, asked only when a checksum first runs. __builtin_cpu_supports would link
 * libgcc's __cpu_indicator_init, a constructor that runs a dozen CPUID instructions at every launch;
 * each one leaves a virtual machine, and together they cost ~0.1 ms of start-up. */
static unsigned leaf1_ecx(void) {
    unsigned eax, ebx, ecx = 0, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    return ecx;
}

static int has_ssse3(void) {
    return (leaf1_ecx() & bit_SSSE3) != 0;
}

static int has_pclmul(void) {
    unsigned ecx = leaf1_ecx();
    return (ecx & bit_PCLMUL) && (ecx & bit_SSE4_1);
}
#endif

uint32_t xkit_adler32(uint32_t adler, const uint8_t *bytes, size_t count) {
#if defined(__x86_64__)
    /* Worked out once; threads racing to store it store the same value. */
    static int ssse3 = -1;
    int known = __atomic_load_n(&ssse3, __ATOMIC_RELAXED);
    if (known < 0) __atomic_store_n(&ssse3, known = has_ssse3(), __ATOMIC_RELAXED);
    if (known) return adler32_ssse3(adler, bytes, count);
#endif
    return (uint32_t)adler32_z(adler, bytes, count);
}

uint32_t xkit_crc32(uint32_t crc, const uint8_t *bytes, size_t count) {
#if defined(__x86_64__)
    static int pclmul = -1;
    int known = __atomic_load_n(&pclmul, __ATOMIC_RELAXED);
    if (known < 0) __atomic_store_n(&pclmul, known = has_pclmul(), __ATOMIC_RELAXED);
    if (known) return crc32_pclmul(crc, bytes, count);
#endif
    return (uint32_t)crc32_z(crc, bytes, count);
}
