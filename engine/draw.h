/*
 * draw.h - the arbiter's draw counters as the search needs them.
 *
 * The search cannot run the game library's arbiter at every node, yet the counters change
 * results: three kings cannot win against a lone king after fifteen moves, so a search that
 * ignored the count would chase a win the arbiter will not give. This module keeps, in four
 * bytes per ply, the counters of the library's rules tables (src/drawrules.h: each variant's
 * counts as data, the same table the game's arbiter reads, so the two cannot count apart; a
 * test plays whole games checking they end where the arbiter ends them):
 *
 *   quiet       plies in a row of king moves without a capture;
 *   balance     plies since the material last changed (a capture, a crowning, a demotion);
 *   road        plies in a row in which the Russian main-road condition held;
 *   reversible  plies since the last move that cannot be undone: the window in which a
 *               position can repeat (a king's move; on the Turkish board a man's side step).
 *
 * A rule whose material condition holds and whose counter reached its limit makes the position
 * a draw (claimed rules too: the engine claims them), unless the side to move has already lost
 * (no move), which the search tests first.
 */
#ifndef SHASHKI_DRAW_H
#define SHASHKI_DRAW_H

#include <stdbool.h>
#include <stdint.h>

#include "position.h"

typedef struct DrawCounters {
    uint8_t quiet;
    uint8_t balance;
    uint8_t road;
    uint8_t reversible;
} DrawCounters;

/* Counters for a position with no known past (each condition that holds starts now). */
void draw_start(const ShPosition *pos, DrawCounters *c);

/* The counters after `move`, which led from `before` to `after`. */
void draw_next(const DrawCounters *c, const ShPosition *before, const ShMove *move,
               const ShPosition *after, DrawCounters *out);

/* The same with the move read from the positions (for replaying a game's history). */
void draw_step(const DrawCounters *c, const ShPosition *before, const ShPosition *after,
               DrawCounters *out);

/* Plies left before a counter declares a draw (a large number when no rule runs). */
int draw_plies_left(const DrawCounters *c, const ShPosition *pos);

static inline bool draw_reached(const DrawCounters *c, const ShPosition *pos)
{
    return draw_plies_left(c, pos) <= 0;
}

/* Which count has run out, or SH_REASON_NONE. */
ShReason draw_reason(const DrawCounters *c, const ShPosition *pos);

/* A key to mix into the position's hash when a counter is close enough to its limit to
 * change what the search finds (0 otherwise), so that the transposition table does not mix
 * results computed with different counts. */
uint64_t draw_key(const DrawCounters *c, const ShPosition *pos);

#endif
