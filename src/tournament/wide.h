/*
 * wide.h - unsigned integers of a fixed number of 64-bit limbs (private to the tournament
 * module).
 *
 * The Dutch pairing engine ranks whole pairings lexicographically by a few dozen criteria;
 * it packs them into one edge weight whose fields sit side by side, so the weights of a
 * 500-player round run to several hundred bits. These helpers do the little arithmetic the
 * weighted matching needs on such numbers: add, subtract, compare, halve, test. Every value
 * has the same limb count `n`, given to each call; limb 0 is the least significant. Values
 * never go negative where they are used (duals, slacks, weights), so there is no sign.
 */
#ifndef SHASHKI_TOURNAMENT_WIDE_H
#define SHASHKI_TOURNAMENT_WIDE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t Limb;

static inline void wide_zero(Limb *a, int n)
{
    memset(a, 0, sizeof(Limb) * (size_t)n);
}

static inline void wide_copy(Limb *out, const Limb *a, int n)
{
    memcpy(out, a, sizeof(Limb) * (size_t)n);
}

static inline bool wide_is_zero(const Limb *a, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i])
            return false;
    return true;
}

static inline int wide_cmp(const Limb *a, const Limb *b, int n)
{
    for (int i = n - 1; i >= 0; i--)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

/* out = a + b (out may alias either). */
static inline void wide_add(Limb *out, const Limb *a, const Limb *b, int n)
{
    Limb carry = 0;
    for (int i = 0; i < n; i++) {
        Limb s = a[i] + carry;
        carry = s < carry;
        Limb t = s + b[i];
        carry += t < s;
        out[i] = t;
    }
}

/* out = a - b, modulo 2^(64n) (out may alias either). */
static inline void wide_sub(Limb *out, const Limb *a, const Limb *b, int n)
{
    Limb borrow = 0;
    for (int i = 0; i < n; i++) {
        Limb d = a[i] - b[i];
        Limb b1 = a[i] < b[i];
        Limb e = d - borrow;
        Limb b2 = d < borrow;
        out[i] = e;
        borrow = b1 | b2;
    }
}

/* a += v << bit (v small, bit anywhere; the carry runs up). */
static inline void wide_add_at(Limb *a, uint64_t v, int bit, int n)
{
    int limb = bit / 64, shift = bit % 64;
    if (limb >= n || v == 0)
        return;
    Limb lo = v << shift, hi = shift ? v >> (64 - shift) : 0;
    Limb carry = 0;
    for (int i = limb; i < n; i++) {
        Limb add = i == limb ? lo : i == limb + 1 ? hi : 0;
        Limb s = a[i] + add;
        Limb c1 = s < add;
        Limb t = s + carry;
        Limb c2 = t < carry;
        a[i] = t;
        carry = c1 | c2;
        if (!carry && i > limb)
            break;
    }
}

/* a -= v (v small), modulo 2^(64n). */
static inline void wide_sub_small(Limb *a, uint64_t v, int n)
{
    for (int i = 0; i < n && v; i++) {
        Limb old = a[i];
        a[i] = old - v;
        v = old < v;
    }
}

/* a = 2^bits - 1. */
static inline void wide_ones(Limb *a, int bits, int n)
{
    wide_zero(a, n);
    for (int i = 0; i < n && bits > 0; i++, bits -= 64)
        a[i] = bits >= 64 ? ~(Limb)0 : (((Limb)1 << bits) - 1);
}

/* a >>= 1. */
static inline void wide_half(Limb *a, int n)
{
    for (int i = 0; i < n; i++)
        a[i] = (a[i] >> 1) | (i + 1 < n ? a[i + 1] << 63 : 0);
}

/* a <<= 1. */
static inline void wide_double(Limb *a, int n)
{
    for (int i = n - 1; i >= 0; i--)
        a[i] = (a[i] << 1) | (i > 0 ? a[i - 1] >> 63 : 0);
}

#endif
