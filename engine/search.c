/*
 * search.c - the alpha-beta search.
 *
 * Design
 * ------
 * Draughts is a game of forced moves: captures are compulsory, a capture usually answers a
 * capture, and a position's worth often turns on a shot several plies deep. The search is
 * built around that.
 *
 * 1. Iterative deepening with principal-variation search. Each iteration starts with a narrow
 *    aspiration window around the last score and widens it on a fail. Root moves are kept
 *    sorted by their last scores; a move that beats the best during an aborted iteration
 *    still counts (it was searched to the full depth).
 *
 * 2. Quiescence never evaluates a position where the side to move must capture: it searches
 *    every capture until the position is quiet (captures are few and forced, so this costs
 *    little). A quiet position with no move is a loss. When the side to move is quiet but
 *    threatened (the opponent would capture if it were its turn), the first quiescence ply
 *    searches one full ply instead of standing pat, as Scan does.
 *
 * 3. Positions with a single legal move (mostly forced captures) are searched one ply
 *    deeper: they cost almost nothing and they are where the shots are.
 *
 * 4. Pruning and reductions, each switchable for self-play (SearchParams, engine_set_param):
 *    late quiet moves are searched with a depth reduced by log(depth) * log(n) / 2 first (LMR);
 *    at non-PV nodes a search at 40% of the depth with a beta raised by 10 centi-men per ply
 *    prunes the node when it clears it (ProbCut as Scan uses it). No null move: zugzwang is
 *    everywhere in draughts. Futility and move-count pruning near the leaves exist but are
 *    off: self-play did not show them to help.
 *
 * 5. The transposition table (tt.h) gives the first move to try and cuts off at non-PV
 *    nodes. Then captures (most pieces first), crowning moves, two killers per ply and a
 *    history table by side, from and to square order the rest.
 *
 * 6. Draws: a position that repeats a position of the game or of the line is a draw; so is
 *    one where an arbiter's counter (draw.h) has run out. Near the end of a count the count
 *    is mixed into the table key, so a result found with more moves to spare is not reused
 *    where there are fewer. Wins and losses are scored by their distance (engine.h). Endings
 *    of kings alone with at most four pieces are read from exact tables (egdb.h), which know
 *    the counts too; a line that reaches one is shown to the end of the game. Given a folder
 *    of endgame databases (egdb-path), a quiet position of up to their pieces in a Russian
 *    game takes its value from them where the counts allow (dbsearch.h), and at the root
 *    only the moves that keep the databases' value are searched.
 *
 * 7. Threads share the table (Lazy SMP): every thread runs its own iterative deepening, the
 *    helpers starting at staggered depths, and the main thread's result is the engine's.
 *    With one thread and a depth or node limit nothing depends on time, so runs repeat.
 */
#include "search.h"

#include <math.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "egdb.h"
#include "egdb/dbfile.h"
#include "thread.h"

/* ---- parameters ---- */

void search_params_default(SearchParams *p)
{
    p->lmr = 2;
    p->prune = 0;
    p->egdb = 1;
    p->probcut = 1;
    p->aspiration = 1;
    p->threat = 1;
    p->killers = 1;
    p->history = 1;
    p->single_reply = 1;
    p->shots = 0;
    p->progress = 0;
}

double search_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void search_worker_clear(Worker *w)
{
    memset(w->killers, 0, sizeof w->killers);
    memset(w->history, 0, sizeof w->history);
}

/* ---- scores ---- */

static inline int loss_in(int ply)
{
    return -ENGINE_SCORE_WIN + ply;
}

/* The score of a position whose side to move has no move: lost, or won in giveaway. */
static inline int no_move_score(const ShPosition *pos, int ply)
{
    return pos->variant == SH_VARIANT_GIVEAWAY ? -loss_in(ply) : loss_in(ply);
}

static inline int score_to_tt(int s, int ply)
{
    if (s >= ENGINE_SCORE_WIN_MIN)
        return s + ply;
    if (s <= -ENGINE_SCORE_WIN_MIN)
        return s - ply;
    return s;
}

static inline int score_from_tt(int s, int ply)
{
    if (s >= ENGINE_SCORE_WIN_MIN)
        return s - ply;
    if (s <= -ENGINE_SCORE_WIN_MIN)
        return s + ply;
    return s;
}

static inline bool is_decisive(int s)
{
    return s >= ENGINE_SCORE_WIN_MIN || s <= -ENGINE_SCORE_WIN_MIN;
}

/* A win or loss whose plies to the end are known (not one of the databases'). */
static inline bool is_mate(int s)
{
    return is_decisive(s) && !engine_score_is_db(s);
}

/* ---- stopping ---- */

static uint64_t total_nodes(const SearchShared *sh)
{
    uint64_t n = 0;
    for (int i = 0; i < sh->threads; i++)
        n += atomic_load_explicit(&sh->workers[i]->nodes, memory_order_relaxed);
    return n;
}

static uint64_t total_egdb_hits(const SearchShared *sh)
{
    uint64_t n = 0;
    for (int i = 0; i < sh->threads; i++)
        n += atomic_load_explicit(&sh->workers[i]->egdb_hits, memory_order_relaxed);
    return n;
}

static double clock_elapsed(SearchShared *sh)
{
    return search_now() - atomic_load_explicit(&sh->clock_start, memory_order_relaxed);
}

#ifdef __wasi__
/* The WebAssembly build's one thread cannot be told to stop by another: it asks the page
 * (wasm/api.c: a flag the page sets in memory shared with its worker) every 4096 nodes. */
bool wasm_stop_asked(void);
#endif

/* Called at every node: true when the search must end. Only the main thread decides. */
static inline bool must_stop(Worker *w)
{
    SearchShared *sh = w->shared;
    if (w->id == 0) {
        uint64_t n = atomic_load_explicit(&w->nodes, memory_order_relaxed);
        if (sh->node_limit) {
            uint64_t done = sh->threads == 1 ? n : (n & 1023) == 0 ? total_nodes(sh) : 0;
            if (done >= sh->node_limit)
                atomic_store_explicit(&sh->stop, true, memory_order_relaxed);
        }
        if ((n & 1023) == 0 && sh->plan.timed &&
            !atomic_load_explicit(&sh->pondering, memory_order_relaxed) &&
            clock_elapsed(sh) >= sh->plan.hard)
            atomic_store_explicit(&sh->stop, true, memory_order_relaxed);
#ifdef __wasi__
        if ((n & 4095) == 0 && wasm_stop_asked())
            atomic_store_explicit(&sh->stop, true, memory_order_relaxed);
#endif
    }
    return atomic_load_explicit(&sh->stop, memory_order_relaxed);
}

/* ---- moves ---- */

static inline bool same_move(const ShMove *a, const ShMove *b)
{
    return a->from == b->from && a->to == b->to && a->captured == b->captured;
}

/* Order-of-search keys: bigger first. */
enum {
    ORDER_TT = 1 << 30,
    ORDER_CAPTURE = 1 << 28,
    ORDER_PROMOTION = 1 << 27,
    ORDER_KILLER = 1 << 26
};

/* How many kings a capture takes: on the 12x12 board the move's captured set is kept shifted
 * (bitboard12.h) and the kings reach past 64 bits. */
static inline int captured_kings(const ShPosition *pos, const ShMove *m)
{
    if (__builtin_expect(pos->variant == SH_VARIANT_CANADIAN, 0))
        return w_count(move_wide_captured(m) & pos_wide_kings(pos));
    return bb_count(m->captured & pos->kings);
}

void search_order_keys(const Worker *w, const ShPosition *pos, const ShMoveList *list,
                       int tt_move, int ply, int *keys)
{
    const SearchParams *sp = &w->shared->params;
    int us = pos->side;
    for (int i = 0; i < list->count; i++) {
        const ShMove *m = &list->moves[i];
        int k;
        if (i == tt_move) {
            k = ORDER_TT;
        } else if (m->captured) {
            k = ORDER_CAPTURE + 64 * bb_count(m->captured) + 32 * captured_kings(pos, m) +
                16 * m->promotes;
        } else if (m->promotes) {
            k = ORDER_PROMOTION;
        } else if (sp->killers && same_move(m, &w->killers[ply][0])) {
            k = ORDER_KILLER + 1;
        } else if (sp->killers && same_move(m, &w->killers[ply][1])) {
            k = ORDER_KILLER;
        } else {
            k = sp->history ? w->history[us][m->from][m->to] : 0;
        }
        keys[i] = k;
    }
}

/* The index of the best-keyed move from `start` on; swaps it into place. */
static inline int pick_move(int *keys, int *order, int count, int start)
{
    int best = start;
    for (int i = start + 1; i < count; i++)
        if (keys[i] > keys[best])
            best = i;
    int tk = keys[start], to = order[start];
    keys[start] = keys[best];
    order[start] = order[best];
    keys[best] = tk;
    order[best] = to;
    return order[start];
}

#define HISTORY_MAX 16384

static inline void history_update(int32_t *h, int bonus)
{
    int b = bonus > HISTORY_MAX ? HISTORY_MAX : bonus < -HISTORY_MAX ? -HISTORY_MAX : bonus;
    *h += b - *h * (b < 0 ? -b : b) / HISTORY_MAX;
}

/* ---- the path: keys for repetitions, counters for the arbiter's draws ---- */

/* The child position's bookkeeping: its key on the path and its draw counters. */
static inline void path_push(Worker *w, const ShPosition *pos, const ShMove *m,
                             const ShPosition *child, int ply)
{
    w->keys[w->shared->key_count + ply + 1] = child->key;
    draw_next(&w->draw[ply], pos, m, child, &w->draw[ply + 1]);
}

/* A repetition of an earlier position of the line or the game. */
static inline bool repeats(const Worker *w, const ShPosition *pos, int ply)
{
    int reversible = w->draw[ply].reversible;
    /* the side to move alternates every ply, but for two moves a turn */
    int step = pos->variant == SH_VARIANT_TWO_MOVE ? 1 : 2;
    if (reversible < 2 * step)
        return false;
    const uint64_t *k = w->keys + w->shared->key_count + ply;
    int limit = reversible < w->shared->key_count + ply ? reversible : w->shared->key_count + ply;
    for (int d = 2 * step; d <= limit; d += step)
        if (k[-d] == pos->key)
            return true;
    return false;
}

static inline void pv_set(Worker *w, int ply, const ShMove *m)
{
    w->pv[ply][0] = *m;
    int n = w->pv_length[ply + 1];
    if (n > ENGINE_MAX_PLY - 1)
        n = ENGINE_MAX_PLY - 1;
    memcpy(&w->pv[ply][1], &w->pv[ply + 1][0], sizeof(ShMove) * (size_t)n);
    w->pv_length[ply] = n + 1;
}

/* ---- endgame tables ---- */

/* The tables' value of a covered position with `left` plies of the draw counts to go. */
static int egdb_score(Worker *w, const ShPosition *pos, int ply, int left)
{
    (void)w;
    EgdbValue v = egdb_probe(pos);
    if (v.result == EGDB_WIN && v.conversion <= left)
        return ENGINE_SCORE_WIN - ply - v.end;
    if (v.result == EGDB_LOSS && v.conversion <= left)
        return -ENGINE_SCORE_WIN + ply + v.end;
    return 0;
}

/* The endgame databases' score of a quiet position (no capture pending), or DBSEARCH_NONE. */
static inline int db_score(Worker *w, const ShPosition *pos, int ply, int left)
{
    SearchShared *sh = w->shared;
    if (!sh->egdb || bb_count(pos_occupied(pos)) > sh->egdb_pieces)
        return DBSEARCH_NONE;
    int s = dbsearch_score(sh->egdb, pos, ply, left);
    if (s != DBSEARCH_NONE)
        atomic_store_explicit(&w->egdb_hits,
                              atomic_load_explicit(&w->egdb_hits, memory_order_relaxed) + 1,
                              memory_order_relaxed);
    return s;
}

/* ---- quiescence ---- */

/* The static evaluation for the side to move: the learned one, its accumulator kept by ply,
 * or the classical one. */
static inline int evaluate(Worker *w, const ShPosition *pos, int ply)
{
    if (w->shared->nnue)
        return nnue_evaluate(w->shared->nnue, w->nnue, ply, pos, w->shared->weights);
    return eval_position(w->shared->weights, pos);
}

/* The same where only whether it is above alpha or below beta counts (a quiescence leaf):
 * a bound is enough there, and the network is not run when the classical evaluation gives
 * one (nnue_evaluate_lazy). */
static inline int evaluate_leaf(Worker *w, const ShPosition *pos, int ply, int alpha, int beta)
{
    if (w->shared->nnue)
        return nnue_evaluate_lazy(w->shared->nnue, w->nnue, ply, pos, w->shared->weights, alpha,
                                  beta);
    return eval_position(w->shared->weights, pos);
}

static int search(Worker *w, const ShPosition *pos, int alpha, int beta, int depth, int ply,
                  bool prune);

/* Progress in a long ending: as a draw count (the 25 king moves, the 16 and 5 moves) nears its
 * end, the static score shrinks towards the draw it will be (to a third at the end), so the
 * side ahead prefers the moves that start the count again (a capture, a man's move) while
 * there is time. Only in the last 32 plies of a count, where the count is part of the
 * table's key (draw.h); after captures (qply > 0) the counts start afresh. */
static int count_scaled(Worker *w, const ShPosition *pos, int ply, int qply, int score)
{
    DrawCounters fresh;
    const DrawCounters *c = &w->draw[ply];
    if (qply > 0) {
        draw_start(pos, &fresh);
        c = &fresh;
    }
    int left = draw_plies_left(c, pos);
    if (left >= 32)
        return score;
    return score * (left + 16) / 48;
}

static int qsearch(Worker *w, const ShPosition *pos, int alpha, int beta, int ply, int qply);

/* A quiescence move's score: the best so far and its line if better; true at a cutoff. */
static inline bool q_better(Worker *w, int ply, const ShMove *m, int score, int *best, int beta)
{
    if (score <= *best)
        return false;
    *best = score;
    pv_set(w, ply, m);
    return score >= beta;
}

/* Shots: at a quiet leaf that does not stand at beta, the quiet moves that give a piece up
 * (the opponent must take) are searched through the captures that follow: the sacrifice
 * that forces a majority capture back is where 10x10 games turn, and standing pat misses
 * it. `best` is the standing score; returns the best of it and the shots. */
static int qsearch_shots(Worker *w, const ShPosition *pos, int alpha, int beta, int ply, int best)
{
    ShMoveList list;
    sh_moves_generate(pos, &list);
    for (int n = 0; n < list.count; n++) {
        const ShMove *m = &list.moves[n];
        ShPosition child;
        pos_play(pos, m, &child);
        if (child.side == pos->side || !board_can_capture(&child, child.side))
            continue;
        int a = alpha > best ? alpha : best;
        int score = -qsearch(w, &child, -beta, -a, ply + 1, 1);
        if (atomic_load_explicit(&w->shared->stop, memory_order_relaxed))
            return 0;
        if (q_better(w, ply, m, score, &best, beta))
            break;
    }
    return best;
}

static int qsearch(Worker *w, const ShPosition *pos, int alpha, int beta, int ply, int qply)
{
    w->pv_length[ply] = 0;
    if (must_stop(w))
        return 0;
    atomic_store_explicit(&w->nodes, atomic_load_explicit(&w->nodes, memory_order_relaxed) + 1,
                          memory_order_relaxed);
    if (ply > w->seldepth)
        w->seldepth = ply;
    if (w->shared->params.egdb && egdb_covers(pos))
        return egdb_score(w, pos, ply, qply == 0 ? draw_plies_left(&w->draw[ply], pos)
                                                 : egdb_limit(bb_count(pos->kings)));
    int us = pos->side;
    if (!board_can_capture(pos, us)) {
        if (!board_has_quiet_move(pos))
            return no_move_score(pos, ply);
        if (w->shared->egdb) {
            /* after a capture the counts start again */
            DrawCounters fresh;
            draw_start(pos, &fresh);
            int s = db_score(w, pos, ply, draw_plies_left(qply == 0 ? &w->draw[ply] : &fresh, pos));
            if (s != DBSEARCH_NONE)
                return s;
        }
        if (ply >= ENGINE_MAX_PLY - 1)
            return evaluate(w, pos, ply);
        const SearchParams *sp = &w->shared->params;
        bool deep_enough = ply >= 2 * w->root_depth + 8;
        if (qply == 0 && sp->threat && !deep_enough && board_can_capture(pos, us ^ 1))
            return search(w, pos, alpha, beta, 1, ply, false);
        if (!sp->progress && !sp->shots) /* the bound a lazy evaluation may give is enough */
            return evaluate_leaf(w, pos, ply, alpha, beta);
        int stand = evaluate(w, pos, ply);
        if (sp->progress && pos_has_kings(pos))
            stand = count_scaled(w, pos, ply, qply, stand);
        if (sp->shots && qply == 0 && stand < beta && !deep_enough)
            return qsearch_shots(w, pos, alpha > stand ? alpha : stand, beta, ply, stand);
        return stand;
    }
    if (ply >= ENGINE_MAX_PLY - 1)
        return evaluate(w, pos, ply);
    ShMoveList list;
    sh_moves_generate(pos, &list);
    int keys[SH_MAX_MOVES], order[SH_MAX_MOVES];
    for (int i = 0; i < list.count; i++) {
        const ShMove *m = &list.moves[i];
        keys[i] = 64 * bb_count(m->captured) + 32 * captured_kings(pos, m) + 16 * m->promotes;
        order[i] = i;
    }
    int best = -SCORE_INF;
    for (int n = 0; n < list.count; n++) {
        const ShMove *m = &list.moves[pick_move(keys, order, list.count, n)];
        ShPosition child;
        pos_play(pos, m, &child);
        int a = alpha > best ? alpha : best;
        int score = child.side == pos->side ? qsearch(w, &child, a, beta, ply + 1, qply + 1)
                                             : -qsearch(w, &child, -beta, -a, ply + 1, qply + 1);
        if (atomic_load_explicit(&w->shared->stop, memory_order_relaxed))
            return 0;
        if (q_better(w, ply, m, score, &best, beta))
            break;
    }
    return best;
}

/* ---- the main search ---- */

/* A child's score for the side to move at `pos` within (alpha, beta): negamax, but for the
 * first move of a two-move turn, after which the same side moves again. */
static inline int child_search(Worker *w, const ShPosition *pos, const ShPosition *child,
                               int alpha, int beta, int depth, int ply, bool prune)
{
    if (child->side == pos->side)
        return search(w, child, alpha, beta, depth, ply, prune);
    return -search(w, child, -beta, -alpha, depth, ply, prune);
}

static int search(Worker *w, const ShPosition *pos, int alpha, int beta, int depth, int ply,
                  bool prune)
{
    SearchShared *sh = w->shared;
    const SearchParams *sp = &sh->params;
    bool pv_node = beta - alpha > 1;
    w->pv_length[ply] = 0;

    if (ply > 0 && repeats(w, pos, ply))
        return 0;
    if (depth <= 0)
        return qsearch(w, pos, alpha, beta, ply, 0);

    if (must_stop(w))
        return 0;
    atomic_store_explicit(&w->nodes, atomic_load_explicit(&w->nodes, memory_order_relaxed) + 1,
                          memory_order_relaxed);
    if (ply > w->seldepth)
        w->seldepth = ply;

    if (ply > 0 && pos->variant != SH_VARIANT_GIVEAWAY) {
        /* Mate-distance pruning: no line from here beats a win already found closer. */
        if (alpha < loss_in(ply))
            alpha = loss_in(ply);
        if (beta > -loss_in(ply + 1))
            beta = -loss_in(ply + 1);
        if (alpha >= beta)
            return alpha;
    }

    ShMoveList list;
    sh_moves_generate(pos, &list);
    if (list.count == 0)
        return no_move_score(pos, ply);
    if (pos_has_kings(pos) && ply > 0) {
        int left = draw_plies_left(&w->draw[ply], pos);
        if (left <= 0)
            return 0;
        if (sp->egdb && egdb_covers(pos))
            return egdb_score(w, pos, ply, left);
    }
    bool capture = list.moves[0].captured != 0;
    if (sh->egdb && ply > 0 && !capture) {
        int s = db_score(w, pos, ply, draw_plies_left(&w->draw[ply], pos));
        if (s != DBSEARCH_NONE)
            return s;
    }
    if (ply >= ENGINE_MAX_PLY - 1)
        return qsearch(w, pos, alpha, beta, ply, 1);

    uint64_t key = pos->key ^ (pos_has_kings(pos) ? draw_key(&w->draw[ply], pos) : 0);
    TTHit hit;
    int tt_move = TT_NO_MOVE;
    int static_eval = TT_NO_EVAL;
    if (tt_probe(sh->tt, key, &hit)) {
        if (hit.move < list.count)
            tt_move = hit.move;
        int s = score_from_tt(hit.score, ply);
        if (!pv_node && hit.depth >= depth &&
            ((hit.bound == TT_LOWER && s >= beta) || (hit.bound == TT_UPPER && s <= alpha) ||
             hit.bound == TT_EXACT))
            return s;
        static_eval = hit.eval;
    }
    /* only the pruning of late moves reads it (off by default): not worth an evaluation else */
    if (!capture && static_eval == TT_NO_EVAL && sp->prune)
        static_eval = evaluate(w, pos, ply);

    /* ProbCut: a shallow search clearing a raised beta by a margin prunes the node. */
    if (sp->probcut && prune && !pv_node && depth >= 3 && !is_decisive(beta) && ply > 0) {
        int margin = depth * sh->board->probcut_margin;
        int raised = beta + margin;
        int s = search(w, pos, raised - 1, raised, depth * sh->board->probcut_percent / 100, ply,
                       false);
        if (atomic_load_explicit(&sh->stop, memory_order_relaxed))
            return 0;
        if (s >= raised)
            return is_decisive(s) ? s : s - margin;
    }

    int keys[SH_MAX_MOVES], order[SH_MAX_MOVES];
    search_order_keys(w, pos, &list, tt_move, ply, keys);
    for (int i = 0; i < list.count; i++)
        order[i] = i;

    int extension = sp->single_reply && list.count == 1 ? 1 : 0;
    int best = -SCORE_INF, best_index = TT_NO_MOVE;
    int old_alpha = alpha;
    int quiets[SH_MAX_MOVES], quiet_count = 0;
    int us = pos->side;

    for (int n = 0; n < list.count; n++) {
        int index = pick_move(keys, order, list.count, n);
        const ShMove *m = &list.moves[index];
        /* Shallow pruning of late quiet moves: futility (the static evaluation is too far
         * below alpha for a quiet move to matter) and a cap on the moves tried. */
        if (sp->prune && !pv_node && !capture && depth <= 3 && n > 0 && !m->promotes &&
            keys[n] < ORDER_KILLER && best > -ENGINE_SCORE_WIN_MIN) {
            static const int futility[4] = {0, 80, 160, 0};
            static const int late[4] = {0, 6, 10, 16};
            if (n >= late[depth])
                continue;
            if (depth <= 2 && static_eval != TT_NO_EVAL && static_eval + futility[depth] <= alpha)
                continue;
        }
        ShPosition child;
        pos_play(pos, m, &child);
        tt_prefetch(sh->tt, child.key);
        path_push(w, pos, m, &child, ply);
        int new_depth = depth - 1 + extension;
        int score;
        if (n == 0) {
            score = child_search(w, pos, &child, alpha, beta, new_depth, ply + 1, prune);
        } else {
            int reduction = 0;
            if (sp->lmr == 1 && depth >= 2 && !capture && !m->promotes &&
                n >= (pv_node ? 3 : 1) && keys[n] < ORDER_KILLER)
                reduction = !pv_node && n >= 4 ? 2 : 1;
            else if (sp->lmr == 2 && depth >= 2 && !capture && !m->promotes &&
                     !board_can_capture(&child, child.side)) {
                reduction = sh->board->lmr[depth < 63 ? depth : 63][n < 63 ? n : 63];
                reduction -= pv_node + (keys[n] >= ORDER_KILLER);
                if (reduction > new_depth - 1)
                    reduction = new_depth - 1;
                if (reduction < 0)
                    reduction = 0;
            }
            score = child_search(w, pos, &child, alpha, alpha + 1, new_depth - reduction, ply + 1,
                                 prune);
            if (score > alpha && reduction)
                score = child_search(w, pos, &child, alpha, alpha + 1, new_depth, ply + 1, prune);
            if (score > alpha && score < beta)
                score = child_search(w, pos, &child, alpha, beta, new_depth, ply + 1, prune);
        }
        if (atomic_load_explicit(&sh->stop, memory_order_relaxed))
            return 0;
        if (score > best) {
            best = score;
            best_index = index;
            if (score > alpha) {
                alpha = score;
                pv_set(w, ply, m);
                if (score >= beta)
                    break;
            }
        }
        if (!m->captured)
            quiets[quiet_count++] = index;
    }

    /* A quiet move that refuted the node: remember it. */
    if (best >= beta && best_index != TT_NO_MOVE && !list.moves[best_index].captured) {
        const ShMove *m = &list.moves[best_index];
        if (!same_move(m, &w->killers[ply][0])) {
            w->killers[ply][1] = w->killers[ply][0];
            w->killers[ply][0] = *m;
        }
        int bonus = depth * depth;
        history_update(&w->history[us][m->from][m->to], bonus);
        for (int i = 0; i < quiet_count; i++) {
            const ShMove *q = &list.moves[quiets[i]];
            history_update(&w->history[us][q->from][q->to], -bonus);
        }
    }

    int bound = best >= beta ? TT_LOWER : best > old_alpha ? TT_EXACT : TT_UPPER;
    tt_store(sh->tt, key, score_to_tt(best, ply), static_eval, depth, bound,
             bound == TT_UPPER ? TT_NO_MOVE : best_index);
    return best;
}

/* ---- the root ---- */

/* Search the root moves from w->pv_index on within (alpha, beta); returns the best score.
 * Each move's score is set when its search completes (SCORE_NONE when it failed low). */
static int search_root(Worker *w, int alpha, int beta, int depth)
{
    SearchShared *sh = w->shared;
    const ShPosition *pos = &sh->root;
    int best = -SCORE_INF;
    int extension = sh->params.single_reply && w->root_count == 1 ? 1 : 0;
    for (int i = w->pv_index; i < w->root_count; i++) {
        RootMove *rm = &w->root_moves[i];
        ShPosition child;
        pos_play(pos, &rm->move, &child);
        path_push(w, pos, &rm->move, &child, 0);
        int new_depth = depth - 1 + extension;
        int score;
        if (i == w->pv_index) {
            score = child_search(w, pos, &child, alpha, beta, new_depth, 1, true);
        } else {
            score = child_search(w, pos, &child, alpha, alpha + 1, new_depth, 1, true);
            if (score > alpha && score < beta)
                score = child_search(w, pos, &child, alpha, beta, new_depth, 1, true);
        }
        if (atomic_load_explicit(&sh->stop, memory_order_relaxed))
            return best;
        if (i == w->pv_index || score > alpha) {
            rm->score = score;
            rm->pv[0] = rm->move;
            int n = w->pv_length[1] < ENGINE_MAX_PV - 1 ? w->pv_length[1] : ENGINE_MAX_PV - 1;
            memcpy(&rm->pv[1], w->pv[1], sizeof(ShMove) * (size_t)n);
            rm->pv_length = n + 1;
        } else {
            rm->score = SCORE_NONE;
        }
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                if (score >= beta)
                    break;
            }
        }
    }
    return best;
}

/* Stable sort of root moves [from, count) by score, best first. */
static void sort_root(Worker *w, int from)
{
    for (int i = from + 1; i < w->root_count; i++) {
        RootMove t = w->root_moves[i];
        int j = i;
        while (j > from && w->root_moves[j - 1].score < t.score) {
            w->root_moves[j] = w->root_moves[j - 1];
            j--;
        }
        w->root_moves[j] = t;
    }
}

/* A line that ends in a won or lost ending of the tables or the databases goes on with their
 * moves, so that it shows how the game ends (or, from the databases, how it is won). Each
 * move of a database's line probes every reply, through blocks that may not be in the cache
 * yet: on a busy machine 64 of them took over a second, after the search had stopped, and
 * bullet games were lost on time. Under a clock the line grows only until the hard limit. */
static void extend_pv(SearchShared *sh, ShMove *pv, int *length)
{
    ShPosition p = sh->root;
    for (int i = 0; i < *length; i++)
        pos_play(&p, &pv[i], &p);
    while (*length < ENGINE_MAX_PV) {
        if (sh->plan.timed && !atomic_load_explicit(&sh->pondering, memory_order_relaxed) &&
            clock_elapsed(sh) >= sh->plan.hard)
            break;
        ShMove m;
        DbValue v;
        if (sh->params.egdb && egdb_covers(&p)) {
            if (egdb_probe(&p).result == EGDB_DRAW || !egdb_best_move(&p, &m))
                break;
        } else if (!sh->egdb || !dbprobe_value(sh->egdb, &p, &v) || v.result == DB_DRAW ||
                   !dbprobe_best_move(sh->egdb, &p, &m)) {
            break;
        }
        pv[(*length)++] = m;
        pos_play(&p, &m, &p);
    }
}

/* Stable sort of the first `n` root moves by score. */
static void sort_root_lines(Worker *w, int n)
{
    for (int i = 1; i < n; i++) {
        RootMove t = w->root_moves[i];
        int j = i;
        while (j > 0 && w->root_moves[j - 1].score < t.score) {
            w->root_moves[j] = w->root_moves[j - 1];
            j--;
        }
        w->root_moves[j] = t;
    }
}

static void report(Worker *w, int depth, int line, int score, EngineBound bound)
{
    SearchShared *sh = w->shared;
    if (!sh->on_info)
        return;
    EngineInfo info;
    memset(&info, 0, sizeof info);
    const RootMove *rm = &w->root_moves[line];
    info.depth = depth;
    info.seldepth = w->seldepth;
    info.multipv = line + 1;
    info.score = score;
    info.bound = bound;
    info.nodes = total_nodes(sh);
    info.time = search_now() - sh->start;
    info.nps = info.time > 0 ? (uint64_t)((double)info.nodes / info.time) : 0;
    info.hashfull = tt_hashfull(sh->tt);
    info.pv_length = rm->pv_length;
    memcpy(info.pv, rm->pv, sizeof(ShMove) * (size_t)rm->pv_length);
    info.egdb_hits = total_egdb_hits(sh);
    if (is_decisive(score) && (sh->params.egdb || sh->egdb))
        extend_pv(sh, info.pv, &info.pv_length);
    sh->on_info(&info, sh->user);
}

static void root_init(Worker *w)
{
    SearchShared *sh = w->shared;
    ShMoveList list;
    sh_moves_generate(&sh->root, &list);
    w->root_count = list.count;
    for (int i = 0; i < list.count; i++) {
        RootMove *rm = &w->root_moves[i];
        rm->move = list.moves[i];
        rm->index = i;
        rm->score = rm->prev_score = SCORE_NONE;
        rm->pv_length = 1;
        rm->pv[0] = list.moves[i];
    }
    /* The table's move first. */
    TTHit hit;
    uint64_t root_key =
        sh->root.key ^ (pos_has_kings(&sh->root) ? draw_key(&sh->root_draw, &sh->root) : 0);
    if (tt_probe(sh->tt, root_key, &hit) &&
        hit.move < list.count && hit.move > 0) {
        RootMove t = w->root_moves[hit.move];
        memmove(&w->root_moves[1], &w->root_moves[0], sizeof(RootMove) * (size_t)hit.move);
        w->root_moves[0] = t;
    }
    memcpy(w->keys, sh->keys, sizeof(uint64_t) * (size_t)sh->key_count);
    w->keys[sh->key_count] = sh->root.key;
    w->draw[0] = sh->root_draw;
    w->seldepth = 0;
    w->completed_depth = 0;
    int lines = sh->limits.multipv > 0 ? sh->limits.multipv : 1;
    if (sh->level.lines > lines)
        lines = sh->level.lines;
    /* The databases' root: only the moves that keep its value (dbsearch.h). */
    if (sh->egdb && lines == 1 && bb_count(pos_occupied(&sh->root)) <= sh->egdb_pieces &&
        !(sh->params.egdb && egdb_covers(&sh->root))) {
        ShMove moves[SH_MAX_MOVES];
        bool keep[SH_MAX_MOVES];
        for (int i = 0; i < w->root_count; i++)
            moves[i] = w->root_moves[i].move;
        if (dbsearch_root_moves(sh->egdb, &sh->root, draw_plies_left(&sh->root_draw, &sh->root),
                                moves, w->root_count, keep) > 0) {
            int n = 0;
            for (int i = 0; i < w->root_count; i++)
                if (keep[i])
                    w->root_moves[n++] = w->root_moves[i];
            w->root_count = n;
        }
    }
    w->multipv = lines < w->root_count ? lines : w->root_count;
}

/* One iteration of every line at `depth`, with aspiration windows. */
static void iterate(Worker *w, int depth)
{
    SearchShared *sh = w->shared;
    bool main = w->id == 0;
    for (w->pv_index = 0; w->pv_index < w->multipv; w->pv_index++) {
        RootMove *rm = &w->root_moves[w->pv_index];
        int prev = rm->prev_score;
        int delta = 20, alpha = -SCORE_INF, beta = SCORE_INF;
        if (sh->params.aspiration && depth >= 4 && prev != SCORE_NONE && !is_decisive(prev)) {
            alpha = prev - delta;
            beta = prev + delta;
        }
        for (;;) {
            int score = search_root(w, alpha, beta, depth);
            sort_root(w, w->pv_index);
            if (atomic_load_explicit(&sh->stop, memory_order_relaxed))
                return;
            if (score <= alpha && alpha > -SCORE_INF) {
                if (main && search_now() - sh->start > 1.0)
                    report(w, depth, w->pv_index, score, ENGINE_BOUND_UPPER);
                beta = (alpha + beta) / 2;
                alpha = score - delta < -SCORE_INF ? -SCORE_INF : score - delta;
                if (is_decisive(score))
                    alpha = -SCORE_INF;
            } else if (score >= beta && beta < SCORE_INF) {
                if (main && search_now() - sh->start > 1.0)
                    report(w, depth, w->pv_index, score, ENGINE_BOUND_LOWER);
                beta = score + delta > SCORE_INF ? SCORE_INF : score + delta;
                if (is_decisive(score))
                    beta = SCORE_INF;
            } else {
                break;
            }
            delta += delta;
            if (delta > 400) {
                alpha = -SCORE_INF;
                beta = SCORE_INF;
            }
        }
        /* The lines found so far, best first (a later line may have scored higher). */
        sort_root_lines(w, w->pv_index + 1);
    }
    for (int i = 0; i < w->root_count; i++)
        w->root_moves[i].prev_score = w->root_moves[i].score;
    /* Moves after the lines keep their order but lose their scores. */
    for (int i = w->multipv; i < w->root_count; i++)
        w->root_moves[i].prev_score = SCORE_NONE;
    w->completed_depth = depth;
    if (main)
        for (int i = 0; i < w->multipv; i++)
            report(w, depth, i, w->root_moves[i].score, ENGINE_BOUND_EXACT);
}

static void fill_result(Worker *w)
{
    SearchShared *sh = w->shared;
    EngineResult *r = &sh->result;
    memset(r, 0, sizeof *r);
    r->depth = w->completed_depth;
    r->seldepth = w->seldepth;
    r->nodes = total_nodes(sh);
    r->time = search_now() - sh->start;
    if (w->root_count == 0) {
        r->score = no_move_score(&sh->root, 0);
        return;
    }
    int choice = 0;
    if (sh->level.margin > 0 && w->multipv > 1) {
        int scores[ENGINE_MAX_MULTIPV];
        int n = w->multipv < ENGINE_MAX_MULTIPV ? w->multipv : ENGINE_MAX_MULTIPV;
        for (int i = 0; i < n; i++)
            scores[i] = w->root_moves[i].score == SCORE_NONE ? w->root_moves[i].prev_score
                                                              : w->root_moves[i].score;
        for (int i = 1; i < n; i++)
            if (scores[i] == SCORE_NONE || scores[i] > scores[0])
                n = i;
        choice = level_choose(scores, n, &sh->level, sh->seed ^ sh->root.key);
    }
    const RootMove *rm = &w->root_moves[choice];
    r->has_move = true;
    r->move = rm->move;
    r->score = rm->score != SCORE_NONE ? rm->score : rm->prev_score;
    if (r->score == SCORE_NONE)
        r->score = 0;
    r->pv_length = rm->pv_length;
    memcpy(r->pv, rm->pv, sizeof(ShMove) * (size_t)rm->pv_length);
    if (is_decisive(r->score) && (sh->params.egdb || sh->egdb)) {
        extend_pv(sh, r->pv, &r->pv_length);
        r->time = search_now() - sh->start;
    }
    if (r->pv_length > 1) {
        r->has_ponder = true;
        r->ponder = r->pv[1];
    }
}

static void main_search(Worker *w)
{
    SearchShared *sh = w->shared;
    root_init(w);
    if (w->root_count == 0) {
        fill_result(w);
        return;
    }
    int max_depth = sh->limits.depth > 0 ? sh->limits.depth : ENGINE_MAX_PLY - 1;
    if (max_depth > ENGINE_MAX_PLY - 1)
        max_depth = ENGINE_MAX_PLY - 1;
    bool open_ended = sh->limits.infinite || sh->limits.ponder;
    /* With one move and a clock there is nothing to think about. */
    if (w->root_count == 1 && sh->plan.timed && !open_ended)
        max_depth = 1;
    ShMove last_best = w->root_moves[0].move;
    double changes = 0;
    int last_score = SCORE_NONE;
    uint64_t last_nodes = UINT64_MAX;
    for (int depth = 1; depth <= max_depth; depth++) {
        w->root_depth = depth;
        iterate(w, depth);
        if (atomic_load_explicit(&sh->stop, memory_order_relaxed))
            break;
        const RootMove *best = &w->root_moves[0];
        changes *= 0.5;
        if (!same_move(&best->move, &last_best))
            changes += 1.0;
        last_best = best->move;
        int drop = last_score == SCORE_NONE ? 0 : last_score - best->score;
        last_score = best->score;
        if (!open_ended && is_mate(best->score) && engine_score_plies(best->score) <= depth)
            break;
        /* A proven result searched past its end, or an iteration that found nothing new (every
         * line ends in the rules or the tables): deeper iterations would only repeat it. */
        uint64_t searched = atomic_load_explicit(&w->nodes, memory_order_relaxed);
        if ((is_mate(best->score) && depth >= engine_score_plies(best->score) + 2) ||
            searched == last_nodes)
            break;
        last_nodes = searched;
        if (sh->plan.timed && !atomic_load_explicit(&sh->pondering, memory_order_relaxed)) {
            double elapsed = clock_elapsed(sh);
            if (elapsed >= sh->plan.soft * timeman_soft_factor(changes, drop))
                break;
        }
    }
    /* An infinite or ponder search does not end by itself. */
    while (!atomic_load_explicit(&sh->stop, memory_order_relaxed) &&
           (sh->limits.infinite || atomic_load_explicit(&sh->pondering, memory_order_relaxed))) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    atomic_store_explicit(&sh->stop, true, memory_order_relaxed);
    fill_result(w);
}

static void helper_search(Worker *w)
{
    SearchShared *sh = w->shared;
    root_init(w);
    if (w->root_count == 0)
        return;
    w->multipv = 1;
    for (int depth = 1 + (w->id & 1); depth < ENGINE_MAX_PLY; depth++) {
        w->root_depth = depth;
        iterate(w, depth);
        if (atomic_load_explicit(&sh->stop, memory_order_relaxed))
            break;
    }
}

void search_run(Worker *w)
{
    w->nodes = 0;
    w->egdb_hits = 0;
    for (int i = 0; i < ENGINE_MAX_PLY + 2; i++)
        w->nnue[i].valid = false; /* the network may have changed */
    if (w->id == 0)
        main_search(w);
    else
        helper_search(w);
}
