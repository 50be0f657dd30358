/*
 * other_search.h - the engine of the other games (shashki_other.h): one generic search for
 * every game whose record is `searchable` (corners, go-ban, Belarusian, Wiegman, Stavropol, and
 * the hex and four-player games when their modules set it).
 *
 * The search knows a game only through its ShOtherGame record: moves, make (on a copy of the
 * state), result, evaluate and hash. It is iterative deepening alpha-beta with a transposition
 * table keyed by game->hash (or a hash of the position's text when the game has none).
 *
 *   Two players: negamax; a position's value is evaluate(st, to_move).
 *   Three or four players: the "paranoid" reduction. The player to move at the root (the
 *   searcher) maximises evaluate(st, searcher); every other player is taken to play against
 *   it, minimising that same value. Paranoid is a two-sided game (searcher against coalition),
 *   so alpha-beta and the table work unchanged; max-n, which would let each opponent maximise
 *   its own evaluate, cannot prune and is not used.
 *
 * Both are written as one negamax over "sides": a child's value is negated only when the side
 * to move changes, so a game where a player moves twice in a row (Wiegman's two moves a turn,
 * or two coalition players one after the other) is searched correctly.
 *
 * A finished position (no move) scores from its result: the searcher's (or, with two players,
 * the side to move's) win is OTHER_SEARCH_WIN - ply, another player's win the negative, no
 * winner 0. Wins found are never traded away by the levels.
 *
 * Limits: depth, nodes and seconds, any together (0: none; with none at all the depth is
 * OTHER_SEARCH_MAX_DEPTH). The search stops at the first limit reached and answers with the
 * last iteration it completed (the first move if none). With only depth and node limits, the
 * answer is the same every run (deterministic); a time limit makes it depend on the machine.
 *
 * Levels 1-10 as engine/level.h: level L caps the nodes as the main engine does and, below 10,
 * chooses among the root moves whose score is within the level's margin of the best, the closer
 * the likelier, with a generator seeded from `seed` and the position's hash.
 */
#ifndef SHASHKI_OTHER_SEARCH_H
#define SHASHKI_OTHER_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "shashki_other.h"

#define OTHER_SEARCH_MAX_DEPTH 32
#define OTHER_SEARCH_WIN 1000000 /* a won position, less the plies to the win */
#define OTHER_SEARCH_PV_MAX OTHER_SEARCH_MAX_DEPTH

typedef struct OtherSearchLimits {
    int depth;            /* 0: up to OTHER_SEARCH_MAX_DEPTH */
    uint64_t nodes;       /* 0: no cap (the level's cap still applies) */
    double seconds;       /* 0: no time limit */
    int level;            /* 1..10; 0 is taken as 10 (full strength) */
    uint64_t seed;        /* for the levels' choice */
    int table_bits;       /* the table holds 2^bits entries; 0: 16 */
    const atomic_bool *stop; /* NULL, or set by another thread to stop at once */
    int lines;            /* 2: the second best root move scored exactly too (a review's "only
                             move"); 0 or 1: the best only */
    int judge;            /* 1 + the index (in game->moves' order) of a root move whose exact
                             score is wanted too (a review of a game of three or four); 0: none */
    bool two_depths;      /* (two players, full strength) the scores (best, second, judged) are
                             the mean of the last two depths completed: a search without a quiet
                             end (corners' race: every move a step on, a jump many) misjudges
                             the player whose turn it is at its leaves, so odd depths favour
                             the player to move and even ones the other, and a review, which
                             compares positions of both players, would draw a saw. A proven win
                             or loss stands as found */
} OtherSearchLimits;

typedef struct OtherSearchResult {
    bool has_move;        /* false: the game is over, nothing to play */
    ShOtherMove best;
    int score;            /* of `best`, for the player to move, hundredths of a piece */
    int depth;            /* the deepest iteration completed */
    uint64_t nodes;
    double seconds;
    int pv_length;
    ShOtherMove pv[OTHER_SEARCH_PV_MAX]; /* pv[0] is best (the level's choice may differ) */
    bool has_second;      /* with lines 2 and two moves or more: the second best and its score */
    ShOtherMove second;
    int second_score;
    bool has_judged;      /* with judge: that move's score, for the player to move */
    int judged_score;
} OtherSearchResult;

/* Search `st` of `game` within the limits. SH_ERR_ARGUMENT when the game is not searchable
 * (no evaluate) or not playable; SH_ERR_NO_MEMORY when the table cannot be allocated. */
ShStatus other_search(const ShOtherGame *game, const ShOtherState *st,
                      const OtherSearchLimits *limits, OtherSearchResult *out, ShError *err);

/* True for a score that is a proven win or loss. */
bool other_search_is_mate(int score);

#endif
