/*
 * search.h - the search's internal structures, shared by engine.c (threads, the public API)
 * and search.c (the alpha-beta search itself). See search.c for the design.
 */
#ifndef SHASHKI_SEARCH_H
#define SHASHKI_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "dbsearch.h"
#include "draw.h"
#include "engine.h"
#include "eval.h"
#include "level.h"
#include "nnue.h"
#include "search_board.h"
#include "timeman.h"
#include "tt.h"

/* Switches for the parts of the search that self-play must prove (engine_set_param). */
typedef struct SearchParams {
    int lmr;          /* late-move reductions: 0 none, 1 by move count, 2 by log(depth) log(n) */
    int probcut;      /* a shallow search with a raised beta prunes a node that clears it */
    int aspiration;   /* iterations start with a narrow window around the last score */
    int threat;       /* quiescence searches one ply more when the side to move is threatened */
    int killers;      /* quiet moves that refuted a sibling are tried early */
    int history;      /* quiet moves are ordered by how often they refuted before */
    int single_reply; /* a position with one legal move is searched one ply deeper */
    int prune;        /* futility and move-count pruning of late quiet moves near the leaves */
    int egdb;         /* the kings-only endgame tables */
    int shots;        /* quiescence tries the quiet moves that give a piece up */
    int progress;     /* the score shrinks as a draw count nears its end */
} SearchParams;

void search_params_default(SearchParams *params);

typedef struct RootMove {
    ShMove move;
    int index;      /* in the generator's order (for the table) */
    int score;      /* from the last search of this move; -ENGINE_SCORE_WIN - 1 if none */
    int prev_score; /* from the iteration before */
    int pv_length;
    ShMove pv[ENGINE_MAX_PV];
} RootMove;

#define SCORE_NONE (-ENGINE_SCORE_WIN - 1)
#define SCORE_INF (ENGINE_SCORE_WIN + 1)

/* What all threads of one search share. */
typedef struct SearchShared {
    ShPosition root;
    uint64_t *keys;          /* the game's earlier positions' keys, then room for the path */
    int key_count;           /* earlier positions */
    DrawCounters root_draw;
    EngineLimits limits;
    SearchParams params;
    const SearchBoard *board; /* the tuning of the root's board (search_board.h) */
    LevelParams level;
    uint64_t seed;
    const EvalWeights *weights;
    const NnueNet *nnue;     /* the learned evaluation, or NULL for the classical one */
    Db *egdb;                /* the endgame databases, or NULL (Russian games only) */
    int egdb_pieces;         /* the most pieces of a position they may know */
    TTable *tt;
    EngineInfoFn on_info;
    void *user;

    atomic_bool stop;        /* every thread ends its search */
    atomic_bool pondering;   /* time limits wait for the ponderhit */
    double start;            /* when the search began (monotonic seconds) */
    _Atomic double clock_start; /* when this move's clock began (the ponderhit, or start) */
    TimePlan plan;
    uint64_t node_limit;     /* 0 = none */

    int threads;
    struct Worker **workers;
    void *user_engine;       /* the Engine that owns this (engine.c) */
    EngineResult result;     /* filled by the main thread */
} SearchShared;

typedef struct Worker {
    int id; /* 0 = the main thread */
    SearchShared *shared;
    _Atomic uint64_t nodes;
    _Atomic uint64_t egdb_hits;
    int seldepth;
    int root_depth;
    int multipv;  /* lines searched */
    int pv_index; /* the line being searched */
    int root_count;
    RootMove root_moves[SH_MAX_MOVES];
    int completed_depth;
    ShMove killers[ENGINE_MAX_PLY + 2][2];
    int32_t history[2][80][80]; /* side, from bit, to bit (12x12: bits to 76) */
    DrawCounters draw[ENGINE_MAX_PLY + 2];
    uint64_t *keys;    /* the game's keys, then the line's: room for key_count + MAX_PLY + 2 */
    int keys_capacity;
    ShMove pv[ENGINE_MAX_PLY + 1][ENGINE_MAX_PLY + 1];
    int pv_length[ENGINE_MAX_PLY + 1];
    NnueAccumulator nnue[ENGINE_MAX_PLY + 2]; /* the learned evaluation's, by ply (nnue.h) */
} Worker;

/* Forget the move-ordering statistics (a new game). */
void search_worker_clear(Worker *w);

/* The search of one thread: the main thread (id 0) runs iterative deepening, reports, decides
 * when to stop, ends the helpers and fills shared->result; helpers search until stopped. */
void search_run(Worker *w);

/* Move ordering: a key for each move of `list` (the bigger, the sooner it is searched): the
 * table's move (index tt_move), then captures by pieces and kings taken, crowning moves,
 * the two killers of this ply, and the rest by the history table. */
void search_order_keys(const Worker *w, const ShPosition *pos, const ShMoveList *list,
                       int tt_move, int ply, int *keys);

/* Seconds on the monotonic clock. */
double search_now(void);

#endif
