/*
 * dbsearch.h - the endgame databases (engine/egdb/) as the search uses them.
 *
 * The databases give each position of up to 7 pieces its game-theoretic value (win, draw or
 * loss with best play and no draw counts) and, up to 5 pieces, the plies to the next
 * conversion (a capture or a crowning) with best play. The arbiter's counts (draw.h) can only
 * turn a win into a draw, never a draw into a win, so the two are combined like this
 * (docs/egdb.md has the reasoning):
 *
 *   - a draw in the databases is a draw: score 0;
 *   - a win with its conversion distance d is a win when d plies fit in what the counts leave
 *     (every count but the main road's starts again at a conversion, so the winner reaches the
 *     next phase of the ending before any count runs out); a win with no distance (6-7 pieces)
 *     when at least DBSEARCH_WDL_MARGIN plies are left; otherwise the databases say nothing
 *     and the search goes on. Under the main-road rule (three pieces against a lone king on
 *     a1-h8), whose count a crowning does not restart, the search goes on too;
 *   - such a win scores ENGINE_SCORE_DB_BASE + 20 a man of material ahead (a king counts 3)
 *     - the distance (100 when not stored) - the ply: a win, bigger the more material is
 *     ahead and the nearer the conversion; a loss the negation.
 *
 * At the root, when the databases know the position and one line is asked for, only the moves
 * that keep its value are searched: from a won position with a distance that fits the counts
 * only the moves that convert soonest (so the win comes inside the counts against any
 * defence), from any other won position the moves that keep the win, from a drawn one the
 * moves that keep the draw.
 */
#ifndef SHASHKI_DBSEARCH_H
#define SHASHKI_DBSEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "egdb/dbprobe.h"
#include "engine.h"

#define DBSEARCH_NONE (-ENGINE_SCORE_WIN - 2) /* the databases do not decide */
#define DBSEARCH_WDL_MARGIN 40                /* plies the counts must leave a win with no
                                                 distance */

/* The score of a position from the databases, for the side to move at `ply`, with `left`
 * plies before a count ends the game (draw_plies_left; a large number when none runs), or
 * DBSEARCH_NONE. */
int dbsearch_score(Db *db, const ShPosition *pos, int ply, int left);

/* The root's moves that keep its value (see above): keep[i] for moves[i]; returns how many are
 * kept, 0 when the databases do not know the root or a child (then keep nothing out). */
int dbsearch_root_moves(Db *db, const ShPosition *root, int left, const ShMove *moves, int count,
                        bool *keep);

/* The databases' verdict on a position, for analyse and the web app: false if it is not in
 * them. */
bool dbsearch_verdict(Db *db, const ShPosition *pos, EngineEgdbValue *value);

#endif
