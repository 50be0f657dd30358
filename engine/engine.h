/*
 * engine.h - the Shashki engine: search a Russian checkers position and choose a move.
 *
 * This header is the engine's whole contract. The Hub protocol, the match runner, the
 * analysis command and the web app use nothing else. Positions and moves are the library's
 * (shashki.h): ShPosition, ShMove.
 *
 * Life cycle
 *   Engine *e = engine_create(&options);       threads, hash size, playing level
 *   engine_clear(e);                            a new game: forget what was learned
 *   engine_search(e, &pos, history, n, &limits, on_info, user, &result, &err);
 *   engine_free(e);
 *
 *   engine_search blocks until the search ends. engine_start begins the same search and
 *   returns at once; engine_wait then blocks for its result. While a search runs, another
 *   thread may call engine_stop (end it now: the best move found so far is the result) and
 *   engine_ponderhit (the pondered move was played: the clock limits apply from now on).
 *   Calls on one Engine must otherwise come from one thread at a time, and no two searches
 *   may run on one Engine at once. Different Engines are independent.
 *
 * The game so far
 *   A search is given the position to move from and the game's earlier positions, oldest
 *   first, each one move before the next and the last one move before `pos`. From them the
 *   engine knows which positions would repeat and how far the arbiter's draw counters have
 *   run (three kings against one, 15 moves of king-only play, the material-balance counts;
 *   see the rules' "End of the game"). Pass none (NULL, 0) for a position set up from scratch.
 *
 * Scores
 *   For the side to move, in the evaluation's unit: "centi-men" in name, fitted to game
 *   results (tools/README.md): +100 is an expected score of about 69% for the side to move, a
 *   man is worth about 300 in the middlegame and 60 in a bare endgame, where an extra man
 *   wins less often. A won game is ENGINE_SCORE_WIN minus the plies to the win (10000 - 7: the
 *   side to move wins with its 4th move), a lost one the negation; these are what Hub clients
 *   expect (score/100 > 90 is a win in ceil((10000 - score) / 2) moves). A proven draw is 0.
 *
 * Determinism
 *   With one thread and a depth or node limit (no time), a search from a cleared engine
 *   gives the same moves, scores and node counts every run. Levels below 10 choose among
 *   near-best moves with a generator seeded from EngineOptions.seed and the position, so
 *   they too repeat exactly for a given seed.
 */
#ifndef SHASHKI_ENGINE_H
#define SHASHKI_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "shashki.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------
 * Scores
 * ---------------------------------------------------------------------------------------- */

#define ENGINE_SCORE_WIN 10000 /* a win on the spot (the opponent has no move) */
#define ENGINE_MAX_PLY 128     /* the deepest line the search follows */
/* Scores at least this large are wins (at most -this, losses); the rest are evaluations. */
#define ENGINE_SCORE_WIN_MIN (ENGINE_SCORE_WIN - 1000)

/* True if the score is a proven win (loss) for the side to move. */
static inline bool engine_score_is_win(int score)
{
    return score >= ENGINE_SCORE_WIN_MIN;
}
static inline bool engine_score_is_loss(int score)
{
    return score <= -ENGINE_SCORE_WIN_MIN;
}
/* Wins proven by the endgame databases (docs/egdb.md), whose plies to the end are not known,
 * score from ENGINE_SCORE_WIN_MIN up to (not including) ENGINE_SCORE_DB_MAX, losses the
 * negation: around ENGINE_SCORE_DB_BASE, more for more material ahead and a nearer conversion.
 * They are wins for engine_score_is_win; Hub clients see 90.23 ... 96.99 ("a win"). */
#define ENGINE_SCORE_DB_BASE (ENGINE_SCORE_WIN - 550)
#define ENGINE_SCORE_DB_MAX (ENGINE_SCORE_WIN - 300)

static inline bool engine_score_is_db(int score)
{
    int a = score < 0 ? -score : score;
    return a >= ENGINE_SCORE_WIN_MIN && a < ENGINE_SCORE_DB_MAX;
}

/* The plies to the end of a won or lost game (0 for any other score, and for the databases'
 * wins and losses). */
static inline int engine_score_plies(int score)
{
    if (engine_score_is_db(score))
        return 0;
    if (engine_score_is_win(score))
        return ENGINE_SCORE_WIN - score;
    if (engine_score_is_loss(score))
        return ENGINE_SCORE_WIN + score;
    return 0;
}

/* ------------------------------------------------------------------------------------------
 * Options
 * ---------------------------------------------------------------------------------------- */

#define ENGINE_MAX_THREADS 64
#define ENGINE_MAX_HASH_MB 65536
#define ENGINE_LEVEL_MAX 10

typedef struct EngineOptions {
    int threads;   /* search threads, 1..ENGINE_MAX_THREADS (default 1) */
    int hash_mb;   /* transposition table size in MiB, 1..ENGINE_MAX_HASH_MB (default 64) */
    int level;     /* playing strength for people, 1 (beginner) .. 10 (full strength, the
                      default). Levels below 10 cap the nodes searched and choose among
                      near-best moves; see engine/level.c for what each level does. */
    uint64_t seed; /* seeds the choice among near-best moves at levels below 10 */
} EngineOptions;

/* The defaults: 1 thread, 64 MiB, level 10, seed 0. */
void engine_options_default(EngineOptions *options);

/* ------------------------------------------------------------------------------------------
 * Limits of one search. Zero means "no limit" for each field. With no limit at all the
 * search runs until engine_stop (as with `infinite`). When several limits are given the
 * search ends at the first one reached.
 * ---------------------------------------------------------------------------------------- */

#define ENGINE_NO_CLOCK (-1.0)

typedef struct EngineLimits {
    int depth;          /* nominal depth in plies, 1..ENGINE_MAX_PLY - 1 */
    uint64_t nodes;     /* nodes to search (exact with one thread) */
    double move_time;   /* seconds for this move */
    double time_left;   /* the clock of the side to move, in seconds, before this move;
                           ENGINE_NO_CLOCK (any negative value) when there is no clock */
    double increment;   /* seconds the clock gains after each move (Fischer) */
    int moves_to_go;    /* moves to play before the clock gets more time; 0 = sudden death
                           (time_left must last the rest of the game) */
    bool infinite;      /* search until engine_stop; the other limits still end it */
    bool ponder;        /* the search is on the opponent's time: no time limit applies until
                           engine_ponderhit; then the clock limits count from that moment */
    int multipv;        /* lines to find and report, 1..ENGINE_MAX_MULTIPV (0 means 1) */
} EngineLimits;

#define ENGINE_MAX_MULTIPV 16

/* All zero, no clock, one line. */
void engine_limits_default(EngineLimits *limits);

/* ------------------------------------------------------------------------------------------
 * Progress and result
 * ---------------------------------------------------------------------------------------- */

#define ENGINE_MAX_PV 64

typedef enum EngineBound {
    ENGINE_BOUND_EXACT = 0, /* the score is the search's value */
    ENGINE_BOUND_LOWER = 1, /* the true value is at least this (a fail high) */
    ENGINE_BOUND_UPPER = 2  /* at most this (a fail low) */
} EngineBound;

/* One line of progress: sent when an iteration completes for each of the multipv lines,
 * and when the best move changes or the aspiration window fails during an iteration. */
typedef struct EngineInfo {
    int depth;          /* nominal depth of the iteration */
    int seldepth;       /* deepest ply reached */
    int multipv;        /* which line, 1 = the best */
    int score;          /* centi-men from the side to move, or a win/loss (see Scores) */
    EngineBound bound;
    uint64_t nodes;     /* nodes searched so far, all threads */
    uint64_t nps;       /* nodes per second */
    double time;        /* seconds since the search began */
    int hashfull;       /* permille of the transposition table in use (a sample) */
    int pv_length;      /* moves in pv, from the searched position */
    ShMove pv[ENGINE_MAX_PV];
    uint64_t egdb_hits; /* positions the endgame databases scored (all threads) */
} EngineInfo;

/* Called from the search's own thread; keep it quick. */
typedef void (*EngineInfoFn)(const EngineInfo *info, void *user);

typedef struct EngineResult {
    bool has_move;   /* false only when the side to move has no legal move (it has lost) */
    ShMove move;     /* the move to play */
    bool has_ponder; /* whether `ponder` holds the expected reply */
    ShMove ponder;
    int score;       /* of the chosen move, as in EngineInfo */
    int depth;       /* the last iteration completed */
    int seldepth;
    uint64_t nodes;  /* all threads */
    double time;     /* seconds */
    int pv_length;   /* the principal variation, starting with `move` */
    ShMove pv[ENGINE_MAX_PV];
} EngineResult;

/* ------------------------------------------------------------------------------------------
 * The engine
 * ---------------------------------------------------------------------------------------- */

typedef struct Engine Engine;

/* A new engine (options NULL = the defaults). Returns NULL and fills err when the options are
 * out of range or memory is short. */
Engine *engine_create(const EngineOptions *options, ShError *err);
/* Stops any search, joins the threads and frees everything. NULL is allowed. */
void engine_free(Engine *engine);

/* Change the options: resizes the table (clearing it) and restarts the threads when those
 * change. Refused (SH_ERR_ARGUMENT) while a search runs. */
ShStatus engine_configure(Engine *engine, const EngineOptions *options, ShError *err);
void engine_get_options(const Engine *engine, EngineOptions *options);

/* A new game: clears the transposition table and the move-ordering statistics. */
void engine_clear(Engine *engine);

/* Developer settings, for measuring what each part of the search and evaluation is worth
 * (self-play with a feature on against off) and for loading other evaluation weights. Each
 * is "name" = "value"; engine_param_list gives the names, their values and a line of help.
 *   lmr          0 off, 1 by move count, 2 by log(depth) log(moves) (the default)
 *   probcut, aspiration, threat, killers, history, single-reply   0 or 1 (default 1)
 *   prune        futility and move-count pruning near the leaves, 0 or 1 (default 0)
 *   shots        quiescence also tries the quiet moves that give a piece up, 0 or 1 (default 0)
 *   progress     scores shrink as a draw count nears its end, 0 or 1 (default 0)
 *   egdb         the kings-only endgame tables, 0 or 1 (default 1)
 *   egdb-path    a folder of endgame databases (shashki egdb build; docs/egdb.md) to probe
 *                in Russian games, or "" for none (the default); opened at once, an error if
 *                it holds none. Engines given one folder share one open copy; slices a
 *                build adds to it later (dbprobe_refresh) are used from the next search.
 *   eval-file    a weights file in the format of data/eval/weights.txt (default: the game's
 *                built-in weights, data/eval/weights-VARIANT.txt or Russian's)
 *   eval-zero    a group of evaluation features to switch off (see engine/eval.h)
 *   eval         classic (the linear evaluation, eval.h), nnue (the learned network, nnue.h,
 *                for the games that have one: Russian, international; the others stay
 *                classic) or default (the default: the network for the games where it won
 *                at equal time, nnue_default: none at present)
 *   nnue-file    a network file (tools/train.c) played with instead of the built-in one of
 *                its game; sets eval to nnue
 *   book         the opening book (engine/book.h, docs/book.md): "off" (the default; also
 *                "none", "false", "0"), "on" (the book built into the program; also
 *                "built-in", "true", "1") or a book file. At level 10, a search for
 *                one line that is neither infinite nor pondering, of a position the book has a
 *                safe move for, ends at once: one info line (nodes 0, the book's depth and
 *                score, sent from engine_start's caller's thread) and the book move.
 *   book-margin  0..BOOK_BOUND (default BOOK_MARGIN): book moves this many centi-men from
 *                the best are chosen among, by a choice seeded with EngineOptions.seed
 * Refused (SH_ERR_ARGUMENT) while a search runs, or for an unknown name or a bad value. */
ShStatus engine_set_param(Engine *engine, const char *name, const char *value, ShError *err);
/* Whether engine_set_param knows the setting `name` (whatever its value). */
bool engine_param_known(const char *name);
/* One line per setting, "name value  help", into out (NUL-terminated, cut to size). */
void engine_param_list(const Engine *engine, char *out, int size);

/* Search `pos` (the game's earlier positions in history[0..history_count-1], oldest first)
 * within `limits`, calling on_info (which may be NULL) with progress, and fill *result (may
 * be NULL).
 * Errors (SH_ERR_ARGUMENT): a search already running, bad limits, an invalid position. */
ShStatus engine_search(Engine *engine, const ShPosition *pos, const ShPosition *history,
                       int history_count, const EngineLimits *limits, EngineInfoFn on_info,
                       void *user, EngineResult *result, ShError *err);

/* The same search, begun on the engine's own thread; returns at once. The history is copied,
 * so the caller's arrays may go. on_info runs on the search thread. */
ShStatus engine_start(Engine *engine, const ShPosition *pos, const ShPosition *history,
                      int history_count, const EngineLimits *limits, EngineInfoFn on_info,
                      void *user, ShError *err);
/* Block until the search begun by engine_start ends; fill *result (may be NULL). Returns at
 * once if no search was started. */
void engine_wait(Engine *engine, EngineResult *result);
/* True from engine_start until the search has ended (engine_wait then returns at once). */
bool engine_busy(Engine *engine);

/* Called on the search's own thread the moment a search has its result, before the engine's
 * other threads are joined: a protocol answers from there at once, without waking a thread of
 * its own (under a loaded machine each wake-up may wait tens of milliseconds, charged to the
 * clock). engine_wait still returns afterwards. NULL: none. Set between searches. */
typedef void (*EngineDoneFn)(const EngineResult *result, void *user);
void engine_set_on_done(Engine *engine, EngineDoneFn on_done, void *user);

/* From any thread: end the running search as soon as possible (the best move so far is the
 * result). A ponder or infinite search ends too. Does nothing when no search runs. */
void engine_stop(Engine *engine);
/* From any thread: the opponent played the pondered move; a `ponder` search becomes a normal
 * one whose clock limits count from now. Does nothing when no ponder search runs. */
void engine_ponderhit(Engine *engine);

/* The last search's time plan (timeman.h: soft and hard limits in seconds, 0 when untimed)
 * and the lag learned from the clocks (timelag.h: the mean a move and the worst stall
 * lately), for a log of the engine's clock reads. */
typedef struct EngineTimeState {
    double soft, hard, lag, stall;
} EngineTimeState;
void engine_time_state(Engine *engine, EngineTimeState *state);

/* The endgame databases' verdict on a position (egdb-path): game-theoretic, the draw counts
 * aside (docs/egdb.md says how the search combines the two). */
typedef struct EngineEgdbValue {
    int result; /* 1: the side to move wins, 0: a draw, -1: it loses */
    int dtc;    /* plies to the next capture or crowning with best play; -1 when not stored */
    int pieces; /* on the board */
} EngineEgdbValue;

/* False when the engine has no databases, the game is not Russian or the position is not in
 * them. */
bool engine_egdb_probe(Engine *engine, const ShPosition *pos, EngineEgdbValue *value);

/* The static evaluation of a position in centi-men from the side to move (no search; a
 * capture may be pending), with the built-in weights of its game. For tools and tests. */
int engine_evaluate(const ShPosition *pos);

#ifdef __cplusplus
}
#endif

#endif /* SHASHKI_ENGINE_H */
