/*
 * nnue_simd.h - the network's dense layers: out[o] = bias[o] + sum_i in[i] * w[o][i], uint8
 * activations (0..127) times int8 weights (-127..127) summed in int32, included by nnue.c.
 *
 * Three versions give the same integers: AVX2 and SSSE3 (pmaddubsw multiplies pairs and adds
 * them in int16, which cannot saturate: 2 * 127 * 127 < 32767; pmaddwd widens to int32) and
 * portable C. SSSE3 is compiled when the target has it (-march=x86-64-v2, the default build),
 * AVX2 on every x86-64 build with a target attribute, chosen at run time. Inputs come in
 * multiples of 32, outputs in multiples of 4.
 */
#ifndef SHASHKI_NNUE_SIMD_H
#define SHASHKI_NNUE_SIMD_H

#include <stdint.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
/* AVX2 kernels are compiled for every x86-64 build, for the processor's own target, and
 * chosen at run time (NnueNet.avx2) when the processor has AVX2. */
#define NNUE_HAVE_AVX2 1
#define NNUE_AVX2 __attribute__((target("avx2")))
#endif

static inline void nnue_affine_portable(const uint8_t *in, int n_in, const int8_t *w,
                                        const int32_t *bias, int n_out, int32_t *out)
{
    for (int o = 0; o < n_out; o++) {
        int32_t sum = bias[o];
        const int8_t *row = w + (size_t)o * (size_t)n_in;
        for (int i = 0; i < n_in; i++)
            sum += (int32_t)in[i] * row[i];
        out[o] = sum;
    }
}

#ifdef NNUE_HAVE_AVX2
NNUE_AVX2 static inline void nnue_affine_avx2(const uint8_t *in, int n_in, const int8_t *w,
                                              const int32_t *bias, int n_out, int32_t *out)
{
    const __m256i ones = _mm256_set1_epi16(1);
    for (int o = 0; o < n_out; o += 4) {
        __m256i s[4];
        for (int k = 0; k < 4; k++) {
            const int8_t *row = w + (size_t)(o + k) * (size_t)n_in;
            __m256i acc = _mm256_setzero_si256();
            for (int i = 0; i < n_in; i += 32) {
                __m256i a = _mm256_loadu_si256((const __m256i *)(in + i));
                __m256i b = _mm256_loadu_si256((const __m256i *)(row + i));
                acc = _mm256_add_epi32(acc, _mm256_madd_epi16(_mm256_maddubs_epi16(a, b), ones));
            }
            s[k] = acc;
        }
        /* the four sums: pairwise within each 128-bit half, then the halves added */
        __m256i ab = _mm256_hadd_epi32(s[0], s[1]), cd = _mm256_hadd_epi32(s[2], s[3]);
        __m256i abcd = _mm256_hadd_epi32(ab, cd);
        __m128i r = _mm_add_epi32(_mm256_castsi256_si128(abcd), _mm256_extracti128_si256(abcd, 1));
        r = _mm_add_epi32(r, _mm_loadu_si128((const __m128i *)(bias + o)));
        _mm_storeu_si128((__m128i *)(out + o), r);
    }
}
#endif

#if defined(__SSSE3__)
#define NNUE_SIMD_NAME "SSSE3"
static inline void nnue_affine(const uint8_t *in, int n_in, const int8_t *w, const int32_t *bias,
                               int n_out, int32_t *out)
{
    const __m128i ones = _mm_set1_epi16(1);
    for (int o = 0; o < n_out; o += 4) {
        __m128i s[4];
        for (int k = 0; k < 4; k++) {
            const int8_t *row = w + (size_t)(o + k) * (size_t)n_in;
            __m128i acc = _mm_setzero_si128();
            for (int i = 0; i < n_in; i += 16) {
                __m128i a = _mm_loadu_si128((const __m128i *)(in + i));
                __m128i b = _mm_loadu_si128((const __m128i *)(row + i));
                acc = _mm_add_epi32(acc, _mm_madd_epi16(_mm_maddubs_epi16(a, b), ones));
            }
            s[k] = acc;
        }
        __m128i r = _mm_hadd_epi32(_mm_hadd_epi32(s[0], s[1]), _mm_hadd_epi32(s[2], s[3]));
        r = _mm_add_epi32(r, _mm_loadu_si128((const __m128i *)(bias + o)));
        _mm_storeu_si128((__m128i *)(out + o), r);
    }
}
#else
#define NNUE_SIMD_NAME "portable"
static inline void nnue_affine(const uint8_t *in, int n_in, const int8_t *w, const int32_t *bias,
                               int n_out, int32_t *out)
{
    nnue_affine_portable(in, n_in, w, bias, n_out, out);
}
#endif

/* The first dense layer again, for inputs that are mostly zero (the clipped accumulators):
 * the weights by groups of four inputs (wcol[g][o][4], nnue_load lays them out), and only the
 * groups with an input that is not zero are added, four inputs to every output at once (as
 * Stockfish's sparse affine layer). The groups that are not zero are listed first; with
 * `pairs` (every weight within +-64: nnue_load checks) two groups' products are added in int16
 * before they are widened, which cannot overflow: 2 * 2 * 127 * 64 < 32767. The same integers
 * as nnue_affine. */
static inline int nnue_nonzero_groups(const uint8_t *in, int n_in, uint16_t *groups)
{
    int count = 0;
    for (int g = 0; g < n_in / 4; g++) {
        uint32_t four;
        memcpy(&four, in + 4 * g, 4);
        groups[count] = (uint16_t)g;
        count += four != 0;
    }
    return count;
}

#ifdef NNUE_HAVE_AVX2
NNUE_AVX2 static inline void nnue_affine_sparse_avx2(const uint8_t *in, int n_in,
                                                     const int8_t *wcol, const int32_t *bias,
                                                     int32_t *out, int pairs)
{
    enum { VECS = NNUE_L1 / 8 };
    const __m256i ones = _mm256_set1_epi16(1);
    __m256i acc[VECS];
    uint16_t groups[2 * NNUE_HIDDEN / 4];
    int count = nnue_nonzero_groups(in, n_in, groups), k = 0;
    for (int v = 0; v < VECS; v++)
        acc[v] = _mm256_loadu_si256((const __m256i *)(bias + 8 * v));
    if (pairs)
        for (; k + 1 < count; k += 2) {
            int32_t a, b;
            memcpy(&a, in + 4 * groups[k], 4);
            memcpy(&b, in + 4 * groups[k + 1], 4);
            __m256i xa = _mm256_set1_epi32(a), xb = _mm256_set1_epi32(b);
            const int8_t *wa = wcol + (size_t)groups[k] * 4 * NNUE_L1;
            const int8_t *wb = wcol + (size_t)groups[k + 1] * 4 * NNUE_L1;
            for (int v = 0; v < VECS; v++) {
                __m256i pa = _mm256_maddubs_epi16(xa, _mm256_loadu_si256((const __m256i *)(wa + 32 * v)));
                __m256i pb = _mm256_maddubs_epi16(xb, _mm256_loadu_si256((const __m256i *)(wb + 32 * v)));
                acc[v] = _mm256_add_epi32(acc[v], _mm256_madd_epi16(_mm256_add_epi16(pa, pb), ones));
            }
        }
    for (; k < count; k++) {
        int32_t four;
        memcpy(&four, in + 4 * groups[k], 4);
        __m256i x = _mm256_set1_epi32(four);
        const int8_t *w = wcol + (size_t)groups[k] * 4 * NNUE_L1;
        for (int v = 0; v < VECS; v++)
            acc[v] = _mm256_add_epi32(acc[v], _mm256_madd_epi16(_mm256_maddubs_epi16(
                         x, _mm256_loadu_si256((const __m256i *)(w + 32 * v))), ones));
    }
    for (int v = 0; v < VECS; v++)
        _mm256_storeu_si256((__m256i *)(out + 8 * v), acc[v]);
}
#endif

#if defined(__SSSE3__)
static inline void nnue_affine_sparse(const uint8_t *in, int n_in, const int8_t *wcol,
                                      const int32_t *bias, int32_t *out, int pairs)
{
    enum { VECS = NNUE_L1 / 4 };
    const __m128i ones = _mm_set1_epi16(1);
    __m128i acc[VECS];
    uint16_t groups[2 * NNUE_HIDDEN / 4];
    int count = nnue_nonzero_groups(in, n_in, groups), k = 0;
    for (int v = 0; v < VECS; v++)
        acc[v] = _mm_loadu_si128((const __m128i *)(bias + 4 * v));
    if (pairs)
        for (; k + 1 < count; k += 2) {
            int32_t a, b;
            memcpy(&a, in + 4 * groups[k], 4);
            memcpy(&b, in + 4 * groups[k + 1], 4);
            __m128i xa = _mm_set1_epi32(a), xb = _mm_set1_epi32(b);
            const int8_t *wa = wcol + (size_t)groups[k] * 4 * NNUE_L1;
            const int8_t *wb = wcol + (size_t)groups[k + 1] * 4 * NNUE_L1;
            for (int v = 0; v < VECS; v++) {
                __m128i pa = _mm_maddubs_epi16(xa, _mm_loadu_si128((const __m128i *)(wa + 16 * v)));
                __m128i pb = _mm_maddubs_epi16(xb, _mm_loadu_si128((const __m128i *)(wb + 16 * v)));
                acc[v] = _mm_add_epi32(acc[v], _mm_madd_epi16(_mm_add_epi16(pa, pb), ones));
            }
        }
    for (; k < count; k++) {
        int32_t four;
        memcpy(&four, in + 4 * groups[k], 4);
        __m128i x = _mm_set1_epi32(four);
        const int8_t *w = wcol + (size_t)groups[k] * 4 * NNUE_L1;
        for (int v = 0; v < VECS; v++)
            acc[v] = _mm_add_epi32(acc[v], _mm_madd_epi16(_mm_maddubs_epi16(
                         x, _mm_loadu_si128((const __m128i *)(w + 16 * v))), ones));
    }
    for (int v = 0; v < VECS; v++)
        _mm_storeu_si128((__m128i *)(out + 4 * v), acc[v]);
}
#else
static inline void nnue_affine_sparse(const uint8_t *in, int n_in, const int8_t *wcol,
                                      const int32_t *bias, int32_t *out, int pairs)
{
    (void)pairs;
    for (int o = 0; o < NNUE_L1; o++)
        out[o] = bias[o];
    for (int g = 0; g < n_in / 4; g++) {
        const uint8_t *x = in + 4 * g;
        if (!(x[0] | x[1] | x[2] | x[3]))
            continue;
        const int8_t *w = wcol + (size_t)g * 4 * NNUE_L1;
        for (int o = 0; o < NNUE_L1; o++)
            out[o] += x[0] * w[4 * o] + x[1] * w[4 * o + 1] + x[2] * w[4 * o + 2] +
                      x[3] * w[4 * o + 3];
    }
}
#endif

#endif
