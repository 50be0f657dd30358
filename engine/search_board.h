/*
 * search_board.h - the search's tuning by board.
 *
 * The pruning and reductions of search.c were tuned by self-play on Russian checkers (8x8);
 * the 10x10 board has longer games, more moves a position and deeper shots, and a value that
 * is right for one need not be for the other. Each board size the search treats apart has
 * its record here; every game without one uses the 8x8 record, which is the search as it was
 * tuned (so Russian `shashki bench` does not change). A 10x10 value is kept only when a match
 * of the engine against itself with the 8x8 value (SPRT, docs/engine.md) says it wins.
 */
#ifndef SHASHKI_SEARCH_BOARD_H
#define SHASHKI_SEARCH_BOARD_H

#include "shashki.h"

typedef struct SearchBoard {
    int probcut_margin;  /* ProbCut: beta raised by this many centi-men a ply of depth */
    int probcut_percent; /* ProbCut: the shallow search's depth, in percent of the node's */
    int lmr_percent;     /* late-move reductions: log(depth) log(n) / 2, times this / 100 */
    unsigned char lmr[64][64]; /* the reductions, by depth and moves searched */
} SearchBoard;

/* The record of the board `variant` is played on (never NULL). */
const SearchBoard *search_board_get(ShVariant variant);

#endif
