/*
 * bitboard80.h - the 40 dark squares of the 80-square board (10 files by 8 ranks, a1 a playing
 * square: Spantsiretti draughts) in a 64-bit word (private). It is the 10x10 layout of
 * bitboard10.h cut after eight rows: square s (PDN order, 0 = b8 ... 39 = i1, rows of five
 * read from the top left) at bit s + s / 10, a ghost bit (10, 21, 32) after every second row.
 * The diagonal steps are the 10x10 board's shifts (B10_NE ... B10_SE), and a step off the board
 * lands on a ghost, past bit 42 (never a square) or off the word. The longest diagonal has
 * eight squares, so the 8x8 fill of bitboard.h (seven steps) covers a king's ray.
 */
#ifndef SHASHKI_BITBOARD80_H
#define SHASHKI_BITBOARD80_H

#include "bitboard10.h"

#define B80_FILES 10
#define B80_RANKS 8
#define B80_SQUARES 40

/* All 40 playing squares: bits 0..42 but the ghosts (tests/test_board.c checks it). */
#define B80_VALID (((UINT64_C(1) << 43) - 1) & ~((UINT64_C(1) << 10) | (UINT64_C(1) << 21) | \
                                                (UINT64_C(1) << 32)))
#define B80_TOP_ROW UINT64_C(0x1f)                /* squares 1-5: where White is crowned */
#define B80_BOTTOM_ROW (UINT64_C(0x1f) << 38)     /* squares 36-40: where Black is crowned */

static inline int b80_square_bit(int square)
{
    return b10_square_bit(square); /* the 10x10 layout's first 40 squares */
}

static inline int b80_bit_square(int bit)
{
    return bit > 42 ? -1 : b10_bit_square(bit);
}

static inline Bitboard b80_promotion(int color)
{
    return color == SH_WHITE ? B80_TOP_ROW : B80_BOTTOM_ROW;
}

/* File (0 = a) and rank (0 = rank 1) of a square: rows of five, the top row starting on b, as
 * on 10x10. */
static inline int b80_square_file(int square)
{
    return b10_square_file(square);
}

static inline int b80_square_rank(int square)
{
    return B80_RANKS - 1 - square / 5;
}

static inline int b80_square_at(int file, int rank)
{
    if (file < 0 || file >= B80_FILES || rank < 0 || rank >= B80_RANKS || (file + rank) % 2 != 0)
        return -1;
    return (B80_RANKS - 1 - rank) * 5 + file / 2;
}

#endif
