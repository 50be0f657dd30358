/*
 * bitboard10.h - the 50 dark squares of a 10x10 board in a 64-bit word (private), the layout
 * 10x10 programs such as Scan use: square s (PDN order, 0 = b10 ... 49 = i1) at bit
 * s + s / 10, so that a ghost bit (10, 21, 32, 43) follows every second row and stays empty.
 * A diagonal step is then a shift by 5 or 6, and a step off the board lands on a ghost or off
 * the word:
 *
 *     north-east -5, north-west -6, south-west +5, south-east +6   (north: towards row 10)
 *
 * Rays are up to nine squares long, so the occluded fill takes four doubling steps.
 */
#ifndef SHASHKI_BITBOARD10_H
#define SHASHKI_BITBOARD10_H

#include "bitboard.h"

enum { B10_NE = -5, B10_NW = -6, B10_SW = 5, B10_SE = 6 };

/* All 50 playing squares: bits 0..53 but the ghosts. */
#define B10_VALID (((UINT64_C(1) << 54) - 1) & ~((UINT64_C(1) << 10) | (UINT64_C(1) << 21) | \
                                                (UINT64_C(1) << 32) | (UINT64_C(1) << 43)))
#define B10_LEFT_WING UINT64_C(0xe31c638c718e3) /* files a-e (tests/test_board.c checks it) */
/* The lines (Frisian): the next playing square of a file is 11 bits on, of a rank the next bit;
 * a step east may not land on file a, nor a step west on file j (tests/test_board.c). */
enum { B10_N = -11, B10_S = 11, B10_E = 1, B10_W = -1 };
#define B10_FILE_A UINT64_C(0x2004008010020)
#define B10_FILE_J UINT64_C(0x1002004008010)
#define B10_TOP_ROW UINT64_C(0x1f)                 /* squares 1-5: where White is crowned */
#define B10_BOTTOM_ROW (UINT64_C(0x1f) << 49)         /* squares 46-50: where Black is crowned */

static inline int b10_square_bit(int square)
{
    return square + square / 10;
}

static inline int b10_bit_square(int bit)
{
    return bit < 0 || bit > 53 || bit % 11 == 10 ? -1 : bit - bit / 11;
}

static inline Bitboard b10_promotion(int color)
{
    return color == SH_WHITE ? B10_TOP_ROW : B10_BOTTOM_ROW;
}

static inline Bitboard b10_fill(Bitboard gen, Bitboard pro, int d)
{
    gen |= pro & bb_shift(gen, d);
    pro &= bb_shift(pro, d);
    gen |= pro & bb_shift(gen, 2 * d);
    pro &= bb_shift(pro, 2 * d);
    gen |= pro & bb_shift(gen, 4 * d);
    pro &= bb_shift(pro, 4 * d);
    gen |= pro & bb_shift(gen, 8 * d);
    return gen;
}

/* File (0 = a) and rank (0 = rank 1) of a square: rows of five, the top row starting on b. */
static inline int b10_square_file(int square)
{
    int row = square / 5;
    return 2 * (square % 5) + (row % 2 == 0 ? 1 : 0);
}

static inline int b10_square_rank(int square)
{
    return 9 - square / 5;
}

static inline int b10_square_at(int file, int rank)
{
    if (file < 0 || file > 9 || rank < 0 || rank > 9 || (file + rank) % 2 != 0)
        return -1;
    return (9 - rank) * 5 + file / 2;
}

#endif
