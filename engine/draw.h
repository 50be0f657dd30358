/*
 * draw.h - the arbiter's draw counters as the search needs them.
 *
 * The search cannot run the game library's arbiter at every node, yet the counters change
 * results: three kings cannot win against a lone king after fifteen moves, so a search that
 * ignored the count would chase a win the arbiter will not give. This module keeps, in four
 * bytes per ply, what the rules count (rules-notes.md, "End of the game"; the counts in
 * plies as the game library's arbiter keeps them, checked against it by the tests):
 *
 *   kings_only  plies in a row of king moves without a capture (15 moves each: 30 plies).
 *               It is also the window in which a position can repeat: a man move or a
 *               capture can never be undone.
 *   three_v_one plies since three kings or more (with any other pieces) first stood against
 *               a lone king, without a capture or a crowning (15 moves: 30 plies).
 *   road        plies in a row in which three pieces (at least one a king) stand against a
 *               lone king on the main road a1-h8 (5 moves: 10 plies); a crowning among the
 *               three does not restart it, the king leaving the road does.
 *   balance     plies without a capture or a crowning while both sides have kings; the limit
 *               depends on the pieces on the board: 2-3 pieces 5 moves, 4-5 pieces 30 moves,
 *               6-7 pieces 60 moves (10, 60, 120 plies).
 *
 * A counter that reaches its limit makes the position a draw, unless the side to move has
 * already lost (no move), which the search tests first.
 */
#ifndef SHASHKI_DRAW_H
#define SHASHKI_DRAW_H

#include <stdbool.h>
#include <stdint.h>

#include "position.h"

typedef struct DrawCounters {
    uint8_t kings_only;
    uint8_t three_v_one;
    uint8_t road;
    uint8_t balance;
} DrawCounters;

#define DRAW_KINGS_ONLY_LIMIT 30
#define DRAW_THREE_V_ONE_LIMIT 30
#define DRAW_ROAD_LIMIT 10

/* Counters for a position with no known past (each condition that holds starts now). */
void draw_start(const ShPosition *pos, DrawCounters *c);

/* The counters after the move that led from `before` to `after`. `irreversible` tells
 * whether the move captured or moved a man; `changes_balance` whether it captured or
 * crowned. */
void draw_next(const DrawCounters *c, const ShPosition *before, const ShPosition *after,
               bool irreversible, bool changes_balance, DrawCounters *out);

/* The same with the two flags read from the positions (for replaying a game's history). */
void draw_step(const DrawCounters *c, const ShPosition *before, const ShPosition *after,
               DrawCounters *out);

/* The balance limit in plies for this many pieces with kings on both sides (0: none). */
int draw_balance_limit(int pieces);

/* Plies left before a counter declares a draw (a large number when no rule runs). */
int draw_plies_left(const DrawCounters *c, const ShPosition *pos);

static inline bool draw_reached(const DrawCounters *c, const ShPosition *pos)
{
    return draw_plies_left(c, pos) <= 0;
}

/* Which count has run out, in words ("15 moves with kings only" ...), or NULL if none. */
const char *draw_reason(const DrawCounters *c, const ShPosition *pos);

/* A key to mix into the position's hash when a counter is close enough to its limit to
 * change what the search finds (0 otherwise), so that the transposition table does not mix
 * results computed with different counts. */
uint64_t draw_key(const DrawCounters *c, const ShPosition *pos);

#endif
