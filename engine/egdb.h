/*
 * egdb.h - exact values of endings with kings only and at most four pieces.
 *
 * With kings alone on the board the rules' draw counts decide as much as the pieces do:
 * three kings beat a lone king only if they catch it within 15 moves, two or three pieces
 * with kings on both sides must change the balance within 5 moves. A search would need 30
 * plies to see that; these tables know it.
 *
 * Every position with 1-3 kings a side and at most four in all (the colour does not matter:
 * kings have no direction) gets its value under the counts: won, lost or drawn, and for a
 * won or lost one the plies to the conversion (the capture that ends the game or leads to a
 * won smaller ending, the count starting again) and the plies to the end of the game. A win
 * counts only if the conversion comes within the count: 10 plies with 2 or 3 pieces, 30 with
 * 4 (15 moves of king-only play, or three kings against one). The tables are built by
 * retrograde analysis once per process, when first needed: a quarter of a second on a quiet
 * machine, 0.7-1.4 s on a busy one, which a search under a clock cannot wait for (the engine
 * builds them in the background then: egdb_init_background, egdb_ready).
 */
#ifndef SHASHKI_EGDB_H
#define SHASHKI_EGDB_H

#include <stdbool.h>

#include "position.h"

typedef enum EgdbResult { EGDB_DRAW = 0, EGDB_WIN = 1, EGDB_LOSS = -1 } EgdbResult;

typedef struct EgdbValue {
    EgdbResult result; /* for the side to move */
    int conversion;    /* plies to the capture that converts (won or lost positions) */
    int end;           /* plies to the end of the game with that play */
} EgdbValue;

/* Whether a game has Russian checkers' kings and counts (the tables were built under them). */
static inline bool egdb_covers_game(int variant)
{
    return variant == SH_VARIANT_RUSSIAN || variant == SH_VARIANT_FLYING ||
           variant == SH_VARIANT_DIAGONAL;
}

/* Whether a position is in the tables: kings only, each side at least one, four at most, in
 * such a game. */
static inline bool egdb_covers(const ShPosition *p)
{
    return egdb_covers_game((int)p->variant) &&
           p->kings == (p->pieces[0] | p->pieces[1]) && p->pieces[0] && p->pieces[1] &&
           __builtin_popcountll(p->kings) <= 4;
}

/* The value of a covered position with fresh counts (builds the tables on first use). */
EgdbValue egdb_probe(const ShPosition *pos);

/* The move the tables play in a covered position: the quickest win, the longest loss, or a
 * drawing move. False if there is no move. */
bool egdb_best_move(const ShPosition *pos, ShMove *move);

/* Build the tables now (else the first probe does). Thread-safe. */
void egdb_init(void);

/* Build them on a thread of their own, once, if not built yet; returns at once. */
void egdb_init_background(void);

/* Whether the tables are built (a probe would not wait). */
bool egdb_ready(void);

/* The count a covered position with `pieces` pieces has: 10 or 30 plies. */
int egdb_limit(int pieces);

#endif
