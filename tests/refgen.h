/* refgen.h - a plain move generator of international rules on any even board (10x10, 12x12),
 * written for the tests without the library's bitboards: a square array, the rules spelled out
 * one by one. It is slow and simple on purpose, so that the library's generators can be checked
 * against something that shares none of their code (tests/test_wide.c). */
#ifndef SHASHKI_REFGEN_H
#define SHASHKI_REFGEN_H

#include "shashki.h"

/* A board: cell[file][rank], 0 empty, 1 white man, 2 white king, -1 black man, -2 black king. */
typedef struct RefBoard {
    int size;
    int side; /* SH_WHITE or SH_BLACK to move */
    signed char cell[SH_MAX_BOARD_SIZE][SH_MAX_BOARD_SIZE];
} RefBoard;

/* A move: squares in the PDN numbering (0-based, row by row from the top left), the captured
 * ones in increasing order. */
typedef struct RefMove {
    int from, to, promotes, ncaptured;
    int captured[SH_MAX_CAPTURES];
} RefMove;

#define REF_MAX_MOVES 1024

typedef struct RefList {
    int count;
    RefMove moves[REF_MAX_MOVES];
} RefList;

/* The PDN number (0-based) of a dark square, and back. */
int ref_square(int size, int file, int rank);
void ref_coords(int size, int square, int *file, int *rank);

/* The board of a library position (read square by square through the public functions). */
void ref_from_position(const ShPosition *pos, RefBoard *b);
/* Every legal move under the international rules, each distinct move once, sorted. */
void ref_generate(const RefBoard *b, RefList *list);
void ref_play(const RefBoard *b, const RefMove *m, RefBoard *out);
uint64_t ref_perft(const RefBoard *b, int depth);
/* The library's moves in the same form, sorted. */
void ref_from_moves(const ShMoveList *moves, RefList *list);
/* Whether two sorted lists are the same; if not, a line saying how in why. */
bool ref_same(const RefList *a, const RefList *b, char *why, size_t size);

#endif
