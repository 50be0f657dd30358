/*
 * bitboard.h - the 32 dark squares in a 64-bit word (private to the library and engine).
 *
 * The layout turns the board 45 degrees. A dark square on file f, rank r (0-based) gets the
 * coordinates u = (f + r) / 2 (along the a1-h8 diagonals) and v = (r - f) / 2 + 3 (along the
 * h2-b8 diagonals), and the bit u + 9 v. A diagonal step is then a plain shift:
 *
 *     north-east +1, north-west +9, south-west -1, south-east -9
 *
 * Each row of nine bits holds at most eight squares; bit u = 8 of every row and the cells
 * outside the board's diamond are "ghosts" that are never set in a piece or empty mask, so a
 * shift that leaves the board lands on a ghost or falls off the word, and no edge masks are
 * needed. This is the layout 10x10 engines such as Scan use, shrunk to 8x8.
 *
 * Internal bit indices run 3..61. Public square numbers (0..31, PDN order 1=b8 ... 32=g1)
 * are converted with bb_square_bit / bb_bit_square.
 */
#ifndef SHASHKI_BITBOARD_H
#define SHASHKI_BITBOARD_H

#include <stdint.h>

#include "shashki.h"

typedef uint64_t Bitboard;

enum {
    DIR_NE = 1,  /* file+1, rank+1 */
    DIR_NW = 9,  /* file-1, rank+1 */
    DIR_SW = -1, /* file-1, rank-1 */
    DIR_SE = -9  /* file+1, rank-1 */
};

#define BB_BITS 64

/* All 32 playable squares. */
#define BB_VALID UINT64_C(0x060787e7f9f87818)
/* The rank each colour promotes on: rank 8 for White, rank 1 for Black. */
#define BB_RANK8 UINT64_C(0x0404040400000000)
#define BB_RANK1 UINT64_C(0x0000000008080808)
/* The main road (a1-h8, "bolshaya doroga"): u = 0..7 at v = 3. */
#define BB_MAIN_ROAD (UINT64_C(0xff) << 27)

extern const uint8_t BB_SQUARE_BIT[SH_SQUARES]; /* public square -> bit index */
extern const int8_t BB_BIT_SQUARE[BB_BITS];     /* bit index -> public square, -1 off board */

static inline Bitboard bb_shift(Bitboard b, int d)
{
    return d > 0 ? b << d : b >> -d;
}

static inline int bb_count(Bitboard b)
{
    return __builtin_popcountll(b);
}

static inline int bb_first(Bitboard b) /* index of the lowest set bit; b != 0 */
{
    return __builtin_ctzll(b);
}

static inline Bitboard bb_bit(int index)
{
    return UINT64_C(1) << index;
}

static inline int bb_square_bit(int square)
{
    return BB_SQUARE_BIT[square];
}

static inline int bb_bit_square(int index)
{
    return BB_BIT_SQUARE[index];
}

static inline Bitboard bb_promotion_rank(int color)
{
    return color == SH_WHITE ? BB_RANK8 : BB_RANK1;
}

/* Occluded fill (Kogge-Stone): the squares reachable from `gen` in direction d through the
 * squares of `pro`, including `gen` itself. Kings' rays are at most seven squares long. */
static inline Bitboard bb_fill(Bitboard gen, Bitboard pro, int d)
{
    gen |= pro & bb_shift(gen, d);
    pro &= bb_shift(pro, d);
    gen |= pro & bb_shift(gen, 2 * d);
    pro &= bb_shift(pro, 2 * d);
    gen |= pro & bb_shift(gen, 4 * d);
    return gen;
}

#endif /* SHASHKI_BITBOARD_H */
