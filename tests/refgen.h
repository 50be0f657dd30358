/* refgen.h - a plain move generator of international rules, or of Russian rules, on any board of
 * an even number of files and ranks (10x10, 12x12, the 10x8 board of 80-square draughts, 8x8),
 * written for the tests without the library's bitboards: a square array, the rules spelled out
 * one by one. It is slow and simple on purpose, so that the library's generators can be checked
 * against something that shares none of their code (tests/test_wide.c, tests/test_board80.c). */
#ifndef SHASHKI_REFGEN_H
#define SHASHKI_REFGEN_H

#include "shashki.h"

/* A board: cell[file][rank], 0 empty, 1 white man, 2 white king, -1 black man, -2 black king. */
typedef struct RefBoard {
    int files, ranks;
    int side;     /* SH_WHITE or SH_BLACK to move */
    bool russian; /* Russian rules (free choice of capture, a man crowned mid-capture goes on as
                     a king); else international (the most pieces, crowned where it ends) */
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

/* The PDN number (0-based: row by row from the top, a row's dark squares left to right) of a
 * dark square, and back. */
int ref_square(const RefBoard *b, int file, int rank);
void ref_coords(const RefBoard *b, int square, int *file, int *rank);

/* The board of a library position (read square by square through the public functions), with
 * Russian rules where the game's record has a free choice of capture. */
void ref_from_position(const ShPosition *pos, RefBoard *b);
/* Every legal move under the board's rules, each distinct move once, sorted. */
void ref_generate(const RefBoard *b, RefList *list);
void ref_play(const RefBoard *b, const RefMove *m, RefBoard *out);
uint64_t ref_perft(const RefBoard *b, int depth);
/* The library's moves in the same form, sorted. */
void ref_from_moves(const ShMoveList *moves, RefList *list);
/* Whether two sorted lists are the same; if not, a line saying how in why. */
bool ref_same(const RefList *a, const RefList *b, char *why, size_t size);

/* The library against the reference (tests/test_wide.c): every move list of random games of
 * the game (from the start and from random set-ups of up to `most` pieces a side, a third of
 * them kings), a test case of their own; and every move list of the tree below pos to `depth`,
 * the positions compared returned (a large negative number after a difference). */
void ref_check_random_games(ShVariant v, int games, int most);
int ref_check_walk(const ShPosition *pos, int depth, int *captures, int *kings);
/* The 20 positions of a reference-set file (variants/russian.epd ...): the reference's perft
 * to depth 4 is the file's; and every position of a rules file (variants/rules_canadian.txt
 * ..., at least `at_least` positions): the reference's moves are the library's. Each a test
 * case of its own. */
void ref_check_epd(const char *name, ShVariant v);
void ref_check_rules_file(const char *name, ShVariant v, int at_least);

#endif
