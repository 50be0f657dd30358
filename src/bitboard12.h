/*
 * bitboard12.h - the 72 dark squares of a 12x12 board (Canadian draughts) in a 128-bit word
 * (private). The layout is bitboard10.h's grown by a file each side: square s (PDN order,
 * 0 = b12 ... 71 = k1) at bit s + s / 12, so that a ghost bit (12, 25, 38, 51, 64) follows
 * every second row and stays empty. A diagonal step is a shift by 6 or 7, and a step off the
 * board lands on a ghost or outside the 77 bits of the board:
 *
 *     north-east -6, north-west -7, south-west +6, south-east +7   (north: towards row 12)
 *
 * Rays are up to eleven squares long, so the occluded fill takes four doubling steps.
 *
 * The word is unsigned __int128 (a gcc and clang extension; the project builds with those
 * two). In ShPosition the word is split: bits 0-63 in the 64-bit fields the other boards use,
 * bits 64-79 in ShPosition.ext.high[0..2] (for pieces[0], pieces[1] and kings). A move's
 * captured set needs no extension: a piece on the edge of the board cannot be jumped, and the
 * 50 inner squares are bits 7..69, so ShMove.captured holds the set shifted down by
 * B12_CAPTURED_SHIFT (bits 1..63). Tests on the 64-bit word (a capture or not, how many) are
 * then right on this board too.
 */
#ifndef SHASHKI_BITBOARD12_H
#define SHASHKI_BITBOARD12_H

#include "bitboard.h"

__extension__ typedef unsigned __int128 Wide;

enum { B12_NE = -6, B12_NW = -7, B12_SW = 6, B12_SE = 7, B12_BITS = 77, B12_CAPTURED_SHIFT = 6 };

#define W1 ((Wide)1)
/* All 72 playing squares: bits 0..76 but the ghosts. */
#define B12_VALID (((W1 << B12_BITS) - 1) & ~((W1 << 12) | (W1 << 25) | (W1 << 38) | \
                                             (W1 << 51) | (W1 << 64)))
#define B12_TOP_ROW ((Wide)0x3f)                /* squares 1-6: where White is crowned */
#define B12_BOTTOM_ROW ((Wide)0x3f << 71)       /* squares 67-72: where Black is crowned */

static inline Wide w_shift(Wide b, int d)
{
    return d > 0 ? b << d : b >> -d;
}

static inline int w_count(Wide b)
{
    return __builtin_popcountll((uint64_t)b) + __builtin_popcountll((uint64_t)(b >> 64));
}

static inline int w_first(Wide b) /* index of the lowest set bit; b != 0 */
{
    uint64_t lo = (uint64_t)b;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(b >> 64));
}

static inline Wide w_bit(int index)
{
    return W1 << index;
}

/* A wide word from its two parts, and the parts of one. */
static inline Wide b12_join(uint64_t low, uint16_t high)
{
    return (Wide)low | (Wide)high << 64;
}

static inline int b12_square_bit(int square)
{
    return square + square / 12;
}

static inline int b12_bit_square(int bit)
{
    return bit < 0 || bit >= B12_BITS || bit % 13 == 12 ? -1 : bit - bit / 13;
}

static inline Wide b12_promotion(int color)
{
    return color == SH_WHITE ? B12_TOP_ROW : B12_BOTTOM_ROW;
}

static inline Wide b12_fill(Wide gen, Wide pro, int d)
{
    gen |= pro & w_shift(gen, d);
    pro &= w_shift(pro, d);
    gen |= pro & w_shift(gen, 2 * d);
    pro &= w_shift(pro, 2 * d);
    gen |= pro & w_shift(gen, 4 * d);
    pro &= w_shift(pro, 4 * d);
    gen |= pro & w_shift(gen, 8 * d);
    return gen;
}

/* File (0 = a) and rank (0 = rank 1) of a square: rows of six, the top row starting on b. */
static inline int b12_square_file(int square)
{
    int row = square / 6;
    return 2 * (square % 6) + (row % 2 == 0 ? 1 : 0);
}

static inline int b12_square_rank(int square)
{
    return 11 - square / 6;
}

static inline int b12_square_at(int file, int rank)
{
    if (file < 0 || file > 11 || rank < 0 || rank > 11 || (file + rank) % 2 != 0)
        return -1;
    return (11 - rank) * 6 + file / 2;
}

#endif
