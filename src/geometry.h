/*
 * geometry.h - where each variant's squares are in the bitboards (private to the library and
 * the engine).
 *
 * Three boards share the 64-bit words of ShPosition:
 *   - the dark squares the Russian way round (a1 a playing square): the 45-degree layout of
 *     bitboard.h, square s (PDN order, 1 = b8) at BB_SQUARE_BIT[s];
 *   - the dark squares of a turned board (Italian, Spanish: a8 and h1 are playing squares,
 *     1 = a8): stored mirrored, file f as file 7 - f, so that the board the generator sees is
 *     the Russian one. The long diagonal h1-a8 is then the generator's a1-h8 (and the double
 *     corner falls where it falls on a Russian board), so every diagonal rule and every
 *     evaluation feature keeps its meaning; only the names and numbers of the squares differ.
 *     In PDN order the mirror keeps the row and reverses the four squares of it:
 *     s -> (s & ~3) | (3 - (s & 3));
 *   - every square (Turkish): bit rank * 8 + file (a1 = 0), square s (1 = a8) on row s / 8
 *     from the top;
 *   - the 50 dark squares of a 10x10 board (international draughts): bitboard10.h, square s
 *     (1 = b10 ... 50 = i1) at bit s + s / 10;
 *   - the 72 dark squares of a 12x12 board (Canadian draughts): bitboard12.h, square s
 *     (1 = b12 ... 72 = k1) at bit s + s / 12, bits 0-76 of a 128-bit word whose bits past 63
 *     are kept in ShPosition.ext.high (a move's captured set is kept shifted: bitboard12.h).
 *     The functions here that return a Bitboard give the low 64 bits on that board;
 *     geo_valid_wide and geo_promotion_wide the whole;
 *   - the 25 squares of a 7x7 board (Lasca), bit rank * 8 + file (below);
 *   - the 40 dark squares of the 80-square board, 10 files by 8 ranks (Spantsiretti):
 *     bitboard80.h, the 10x10 layout cut after eight rows, square s (1 = b8 ... 40 = i1) at
 *     bit s + s / 10.
 */
#ifndef SHASHKI_GEOMETRY_H
#define SHASHKI_GEOMETRY_H

#include "bitboard10.h"
#include "bitboard12.h"
#include "bitboard80.h"

typedef enum GeoKind {
    GEO_DIAGONAL = 0,
    GEO_MIRRORED,
    GEO_ORTHOGONAL,
    GEO_DIAGONAL10,
    GEO_SMALL7,    /* the 25 squares of a 7x7 board with a1 a playing square (Lasca) */
    GEO_DIAGONAL12, /* the 72 dark squares of a 12x12 board (Canadian) */
    GEO_DIAGONAL80  /* the 40 dark squares of the 10x8 board (Spantsiretti) */
} GeoKind;

/* The 7x7 board (Lasca): square s (PDN order, 1 = a7 ... 4 = g7, 5 = b6 ... 25 = g1) at bit
 * rank * 8 + file, so a diagonal step is a shift by 7 or 9 and file 8 (h) is padding no
 * square uses. Rows from the top hold 4, 3, 4, 3, 4, 3, 4 squares. */
#define S7_VALID UINT64_C(0x00552a552a552a55)

static inline int s7_square_at(int file, int rank)
{
    if (file < 0 || file > 6 || rank < 0 || rank > 6 || ((file + rank) & 1))
        return -1;
    int top = 6 - rank; /* rows above: pairs of 4 + 3 */
    return top / 2 * 7 + (top & 1) * 4 + file / 2;
}

static inline int s7_square_rank(int square)
{
    int pair = square / 7, r = square % 7;
    return 6 - (pair * 2 + (r >= 4));
}

static inline int s7_square_file(int square)
{
    int r = square % 7;
    return r >= 4 ? (r - 4) * 2 + 1 : r * 2;
}

/* The geometry of each variant, indexed by ShVariant. */
extern const uint8_t GEO_KIND[SH_VARIANT_COUNT];

static inline GeoKind geo_kind(int variant)
{
    return (unsigned)variant < SH_VARIANT_COUNT ? (GeoKind)GEO_KIND[variant] : GEO_DIAGONAL;
}

static inline int geo_squares(int variant)
{
    GeoKind k = geo_kind(variant);
    return k == GEO_ORTHOGONAL    ? 64
           : k == GEO_DIAGONAL10 ? 50
           : k == GEO_DIAGONAL12 ? 72
           : k == GEO_SMALL7     ? 25
           : k == GEO_DIAGONAL80 ? 40
                                 : 32;
}

/* Every bit a playing square of the variant can occupy. */
static inline Bitboard geo_valid(int variant)
{
    GeoKind k = geo_kind(variant);
    return k == GEO_ORTHOGONAL    ? ~(Bitboard)0
           : k == GEO_DIAGONAL10 ? B10_VALID
           : k == GEO_DIAGONAL12 ? (Bitboard)B12_VALID
           : k == GEO_SMALL7     ? S7_VALID
           : k == GEO_DIAGONAL80 ? B80_VALID
                                 : BB_VALID;
}

/* The same as a 128-bit word (all of the 12x12 board). */
static inline Wide geo_valid_wide(int variant)
{
    return geo_kind(variant) == GEO_DIAGONAL12 ? B12_VALID : (Wide)geo_valid(variant);
}

static inline int geo_mirror(int square)
{
    return (square & ~3) | (3 - (square & 3));
}

/* Square (PDN order, 0-based) to bit index, and back (-1 for a bit that is no square). */
static inline int geo_square_bit(int variant, int square)
{
    switch (geo_kind(variant)) {
    case GEO_MIRRORED: return BB_SQUARE_BIT[geo_mirror(square)];
    case GEO_ORTHOGONAL: return (7 - square / 8) * 8 + square % 8;
    case GEO_DIAGONAL10: return b10_square_bit(square);
    case GEO_DIAGONAL12: return b12_square_bit(square);
    case GEO_SMALL7: return s7_square_rank(square) * 8 + s7_square_file(square);
    case GEO_DIAGONAL80: return b80_square_bit(square);
    case GEO_DIAGONAL: break;
    }
    return BB_SQUARE_BIT[square];
}

static inline int geo_bit_square(int variant, int bit)
{
    /* the 8x8 generators' board is a constant: no lookup of its kind (nor code for the
     * others inlined into their hot paths) */
    if (__builtin_constant_p(variant) && variant == SH_VARIANT_RUSSIAN)
        return BB_BIT_SQUARE[bit];
    switch (geo_kind(variant)) {
    case GEO_MIRRORED: {
        int s = BB_BIT_SQUARE[bit];
        return s < 0 ? -1 : geo_mirror(s);
    }
    case GEO_ORTHOGONAL: return (7 - bit / 8) * 8 + bit % 8;
    case GEO_DIAGONAL10: return b10_bit_square(bit);
    case GEO_DIAGONAL12: return b12_bit_square(bit);
    case GEO_SMALL7: return s7_square_at(bit % 8, bit / 8);
    case GEO_DIAGONAL80: return b80_bit_square(bit);
    case GEO_DIAGONAL: break;
    }
    return BB_BIT_SQUARE[bit];
}

/* The rank (0 = rank 1) of the bit, for the promotion rows. */
static inline int geo_bit_rank(int variant, int bit)
{
    if (geo_kind(variant) == GEO_ORTHOGONAL || geo_kind(variant) == GEO_SMALL7)
        return bit / 8;
    if (geo_kind(variant) == GEO_DIAGONAL10)
        return b10_square_rank(b10_bit_square(bit));
    if (geo_kind(variant) == GEO_DIAGONAL12)
        return b12_square_rank(b12_bit_square(bit));
    if (geo_kind(variant) == GEO_DIAGONAL80)
        return b80_square_rank(b80_bit_square(bit));
    return sh_square_rank(BB_BIT_SQUARE[bit]);
}

/* The bits of the row where `color`'s men are crowned (rank 8 for White, rank 1 for Black). */
static inline Bitboard geo_promotion(int variant, int color)
{
    if (geo_kind(variant) == GEO_ORTHOGONAL)
        return color == SH_WHITE ? (Bitboard)0xff << 56 : (Bitboard)0xff;
    if (geo_kind(variant) == GEO_DIAGONAL10)
        return b10_promotion(color);
    if (geo_kind(variant) == GEO_DIAGONAL12)
        return (Bitboard)b12_promotion(color);
    if (geo_kind(variant) == GEO_SMALL7)
        return S7_VALID & (color == SH_WHITE ? (Bitboard)0xff << 48 : (Bitboard)0xff);
    if (geo_kind(variant) == GEO_DIAGONAL80)
        return b80_promotion(color);
    return bb_promotion_rank(color);
}

static inline Wide geo_promotion_wide(int variant, int color)
{
    return geo_kind(variant) == GEO_DIAGONAL12 ? b12_promotion(color)
                                                : (Wide)geo_promotion(variant, color);
}

#endif
