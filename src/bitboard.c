/* bitboard.c - square tables of the 45-degree layout (see bitboard.h) and board geometry. */
#include "bitboard.h"

const uint8_t BB_SQUARE_BIT[SH_SQUARES] = {
    58, 50, 42, 34, 57, 49, 41, 33, 48, 40, 32, 24, 47, 39, 31, 23,
    38, 30, 22, 14, 37, 29, 21, 13, 28, 20, 12, 4,  27, 19, 11, 3,
};

const int8_t BB_BIT_SQUARE[BB_BITS] = {
    -1, -1, -1, 31, 27, -1, -1, -1, -1, -1, -1, 30, 26, 23, 19, -1,
    -1, -1, -1, 29, 25, 22, 18, 15, 11, -1, -1, 28, 24, 21, 17, 14,
    10, 7,  3,  -1, -1, 20, 16, 13, 9,  6,  2,  -1, -1, -1, -1, 12,
    8,  5,  1,  -1, -1, -1, -1, -1, -1, 4,  0,  -1, -1, -1, -1, -1,
};

/* Square numbers run row by row from rank 8 down; on even rows (8, 6, 4, 2) the first dark
 * square is on file b, on odd rows on file a. */
int sh_square_at(int file, int rank)
{
    if (file < 0 || file > 7 || rank < 0 || rank > 7 || (file + rank) % 2 != 0)
        return -1;
    int row = 7 - rank;
    return row * 4 + file / 2;
}

int sh_square_file(int square)
{
    int row = square / 4;
    return 2 * (square % 4) + (row % 2 == 0 ? 1 : 0);
}

int sh_square_rank(int square)
{
    return 7 - square / 4;
}
