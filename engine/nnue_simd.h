/*
 * nnue_simd.h - the network's dense layers: out[o] = bias[o] + sum_i in[i] * w[o][i], uint8
 * activations (0..127) times int8 weights (-127..127) summed in int32, included by nnue.c.
 *
 * Three versions give the same integers: AVX2 and SSSE3 (pmaddubsw multiplies pairs and adds
 * them in int16, which cannot saturate: 2 * 127 * 127 < 32767; pmaddwd widens to int32) and
 * portable C. The SIMD ones are compiled when the target has them (-march: x86-64-v2 has
 * SSSE3, x86-64-v3 AVX2). Inputs come in multiples of 32, outputs in multiples of 4.
 */
#ifndef SHASHKI_NNUE_SIMD_H
#define SHASHKI_NNUE_SIMD_H

#include <stdint.h>

#if defined(__AVX2__) || defined(__SSSE3__)
#include <immintrin.h>
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

#if defined(__AVX2__)
#define NNUE_SIMD_NAME "AVX2"
static inline void nnue_affine(const uint8_t *in, int n_in, const int8_t *w, const int32_t *bias,
                               int n_out, int32_t *out)
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
#elif defined(__SSSE3__)
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

#endif
