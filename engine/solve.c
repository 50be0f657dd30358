/*
 * solve.c - proving a forced result (the contract is solve.h).
 *
 * An AND/OR depth-first search with iterative deepening on the solver's moves. At a position
 * where the solver is to move (an OR node) one move must prove the goal; where the defender is
 * to move (an AND node) every defence must be answered. `n` is the number of the solver's
 * moves still allowed; a node is a leaf when the rules end the game there (no piece or no move:
 * the side to move loses, in giveaway it wins), the kings-only tables (egdb.h) cover it, an
 * arbiter's count (engine/draw.h, the same tables as the game's arbiter) has run out, or, for
 * the draw goal, the position repeats one on the path within the window the counts allow. For
 * the material goal a position where the defender is to move, has no capture and is at least
 * SOLVE_MATERIAL_GAIN worse off than at the start is a leaf won.
 *
 * Depth 1, 2, ... is tried in turn, so the first proof found is a shortest one. A transposition
 * table keeps, per position (and draw-count state, when a count is near its end), the fewest
 * moves proven enough and the most moves proven not enough; results that rest on a repetition
 * of the path are not stored (they depend on the path). Move ordering: at the solver's nodes
 * the table's move, then the moves that leave the defender the fewest replies (forcing moves,
 * sacrifices that force a capture, come first); at the defender's nodes the table's refutation
 * first.
 *
 * When the proof is done the tree is built from the table: at each solver's node the first
 * move (in the order moves are written for people) that proves in the fewest moves; at each
 * defender's node every defence, the one that holds out longest first (the main line). With
 * check_sound each other solver's move is tried for the same number of moves (a dual), and each
 * other first move for cook_moves (a cook). When the root itself is in the tables, the tables
 * are used only for the smaller endings the play converts to, so that the solution is played
 * out instead of "the tables say so".
 */
#include "solve.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "draw.h"
#include "egdb.h"

#define TT_BITS 20
#define MAX_PLY 250
#define MAX_SOLVE_MOVES 60

typedef struct TtEntry {
    uint64_t key;
    uint8_t win;  /* the fewest moves proven enough, + 1; 0 if none */
    uint8_t fail; /* the most moves proven not enough, + 1; 0 if none */
    uint8_t best; /* the move that proved (solver) or refuted (defender), by generator index */
    uint8_t pad[5];
} TtEntry;

typedef enum Res { R_FAIL = 0, R_PROVEN, R_ABORT } Res;

typedef struct Solver {
    SolveGoal goal;
    int solver;         /* the solver's colour */
    bool giveaway;      /* the side left without a move wins */
    int base;           /* (material) the start's balance for the solver */
    int egdb_pieces;    /* the tables are used for positions of at most this many pieces */
    TtEntry *tt;
    uint64_t mask;
    uint64_t nodes, node_limit;
    double time_limit;  /* CPU seconds, 0 none */
    clock_t start;
    bool limited;       /* the limits apply (not while the tree is built) */
    bool aborted;
    uint64_t path[MAX_PLY + 2];
    /* the tree being built */
    SolveStep *steps;
    int count, cap;
    bool truncated;
    bool check_sound;
    SolveResult *res;
} Solver;

static double cpu_seconds(clock_t since)
{
    return (double)(clock() - since) / CLOCKS_PER_SEC;
}

static uint64_t mix64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

/* The position's identity: the board, the side, and what else the rules keep. */
static uint64_t position_key(const ShPosition *p)
{
    uint64_t k = p->key;
    k ^= mix64((uint64_t)p->turn_move + 1) * (p->turn_move != 0);
    k ^= mix64(((uint64_t)p->king_run[0] << 8 | p->king_run[1]) + 0x100) *
         (p->king_run[0] || p->king_run[1]);
    static const uint64_t SALT[3] = {0x9e3779b97f4a7c15u, 0xbf58476d1ce4e5b9u,
                                     0x94d049bb133111ebu};
    for (int i = 0; i < 3; i++) {
        uint64_t e;
        memcpy(&e, p->ext.bytes + 8 * i, 8);
        if (e)
            k ^= mix64(e ^ SALT[i]);
    }
    return k;
}

static int popcount64(uint64_t b)
{
    return __builtin_popcountll(b);
}

static int material(const ShPosition *p, int color)
{
    uint64_t b = p->pieces[color];
    return popcount64(b & ~p->kings) + SOLVE_KING_VALUE * popcount64(b & p->kings);
}

static int balance(const ShPosition *p, int color)
{
    return material(p, color) - material(p, color ^ 1);
}

/* The rules' end: +1 the solver has won, -1 lost, 0 the game goes on. */
static int rules_end(const Solver *S, const ShPosition *p)
{
    int us = p->side, them = us ^ 1, loser;
    if (!p->pieces[us])
        loser = us;
    else if (!p->pieces[them])
        loser = them;
    else if (sh_moves_count(p) == 0)
        loser = us;
    else
        return 0;
    int winner = S->giveaway ? loser : loser ^ 1;
    return winner == S->solver ? 1 : -1;
}

static bool limits_hit(Solver *S)
{
    if (!S->limited)
        return false;
    if (S->aborted)
        return true;
    if (S->node_limit && S->nodes > S->node_limit)
        S->aborted = true;
    else if (S->time_limit > 0 && (S->nodes & 1023) == 0 &&
             cpu_seconds(S->start) > S->time_limit)
        S->aborted = true;
    return S->aborted;
}

/* Whether the side to move can crown a man with its next move (the material goal's end must
 * not give the defender a king at once). */
static bool can_crown(const ShPosition *p)
{
    ShMoveList list;
    sh_moves_generate(p, &list);
    for (int i = 0; i < list.count; i++)
        if (list.moves[i].promotes)
            return true;
    return false;
}

/* What a position is by itself: R_PROVEN, R_FAIL, or -1 when the search must go on. *dep is
 * set when the answer rests on the path (a repetition). */
static int leaf(const Solver *S, const ShPosition *p, const DrawCounters *c, int ply, bool *dep)
{
    *dep = false;
    bool attacker = p->side == S->solver;
    int end = rules_end(S, p);
    if (end)
        return end > 0 ? R_PROVEN : R_FAIL;
    if (egdb_covers(p) && popcount64(p->kings) <= S->egdb_pieces) {
        int v = egdb_probe(p).result; /* for the side to move */
        if (!attacker)
            v = -v;
        if (S->goal == SOLVE_GOAL_DRAW)
            return v >= 0 ? R_PROVEN : R_FAIL;
        return v > 0 ? R_PROVEN : R_FAIL;
    }
    if (draw_reached(c, p))
        return S->goal == SOLVE_GOAL_DRAW ? R_PROVEN : R_FAIL;
    if (S->goal == SOLVE_GOAL_DRAW && ply > 0) {
        uint64_t k = position_key(p);
        int oldest = ply - (int)c->reversible;
        for (int i = ply - 1; i >= 0 && i >= oldest; i--)
            if (S->path[i] == k) {
                *dep = true;
                return R_PROVEN;
            }
    }
    if (S->goal == SOLVE_GOAL_MATERIAL && !attacker &&
        balance(p, S->solver) >= S->base + SOLVE_MATERIAL_GAIN && !sh_moves_capture_pending(p) &&
        !can_crown(p))
        return R_PROVEN;
    return -1;
}

/* The moves allowed after `m` was played from a node with `n` left: the solver's move that
 * hands the turn over uses one. */
static int moves_after(const Solver *S, const ShPosition *before, const ShPosition *after, int n)
{
    return before->side == S->solver && after->side != S->solver ? n - 1 : n;
}

static Res prove(Solver *S, const ShPosition *p, const DrawCounters *c, int n, int ply,
                 bool *dep)
{
    *dep = false;
    S->nodes++;
    if (limits_hit(S))
        return R_ABORT;
    int lf = leaf(S, p, c, ply, dep);
    if (lf >= 0)
        return (Res)lf;
    bool attacker = p->side == S->solver;
    if (n <= 0 && attacker)
        return R_FAIL;
    if (ply >= MAX_PLY)
        return R_FAIL;
    uint64_t pk = position_key(p);
    uint64_t key = pk ^ draw_key(c, p);
    S->path[ply] = pk;
    TtEntry *e = &S->tt[key & S->mask];
    int best = -1;
    if (e->key == key) {
        if (e->win && e->win - 1 <= n)
            return R_PROVEN;
        if (e->fail && e->fail - 1 >= n)
            return R_FAIL;
        best = e->best;
    }
    ShMoveList list;
    sh_moves_generate(p, &list);
    int order[SH_MAX_MOVES], keys[SH_MAX_MOVES], count = list.count;
    for (int i = 0; i < count; i++) {
        order[i] = i;
        keys[i] = 0;
        if (attacker && count > 1) {
            ShPosition q;
            sh_position_play(p, &list.moves[i], &q);
            keys[i] = q.side == S->solver ? 0 : sh_moves_count(&q);
        }
        if (i == best)
            keys[i] = -1;
    }
    /* insertion sort by key, stable */
    for (int i = 1; i < count; i++) {
        int o = order[i], k = keys[o], j = i;
        while (j > 0 && keys[order[j - 1]] > k) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = o;
    }
    bool any_dep = false;
    for (int oi = 0; oi < count; oi++) {
        int i = order[oi];
        ShPosition q;
        DrawCounters cq;
        sh_position_play(p, &list.moves[i], &q);
        draw_next(c, p, &list.moves[i], &q, &cq);
        bool d;
        Res r = prove(S, &q, &cq, moves_after(S, p, &q, n), ply + 1, &d);
        if (r == R_ABORT)
            return R_ABORT;
        if (attacker && r == R_PROVEN) {
            *dep = d;
            if (!d) {
                if (e->key != key)
                    *e = (TtEntry){.key = key};
                if (!e->win || e->win > n + 1)
                    e->win = (uint8_t)(n + 1);
                e->best = (uint8_t)i;
            }
            return R_PROVEN;
        }
        if (!attacker && r == R_FAIL) {
            if (S->goal != SOLVE_GOAL_DRAW) {
                if (e->key != key)
                    *e = (TtEntry){.key = key};
                if (e->fail < n + 1)
                    e->fail = (uint8_t)(n + 1);
                e->best = (uint8_t)i;
            }
            return R_FAIL;
        }
        any_dep |= d;
    }
    if (attacker) {
        if (S->goal != SOLVE_GOAL_DRAW) {
            if (e->key != key)
                *e = (TtEntry){.key = key};
            if (e->fail < n + 1)
                e->fail = (uint8_t)(n + 1);
        }
        return R_FAIL;
    }
    *dep = any_dep;
    if (!any_dep) {
        if (e->key != key)
            *e = (TtEntry){.key = key};
        if (!e->win || e->win > n + 1)
            e->win = (uint8_t)(n + 1);
    }
    return R_PROVEN;
}

/* ------------------------------------------------------------------------------------------
 * The tree
 * ---------------------------------------------------------------------------------------- */

static int tree_add(Solver *S, const ShMove *move, int parent, int ply, bool main, bool solver)
{
    if (S->count >= SOLVE_MAX_STEPS) {
        S->truncated = true;
        return -1;
    }
    if (S->count == S->cap) {
        int cap = S->cap ? S->cap * 2 : 64;
        SolveStep *s = realloc(S->steps, (size_t)cap * sizeof *s);
        if (!s) {
            S->truncated = true;
            return -1;
        }
        S->steps = s;
        S->cap = cap;
    }
    S->steps[S->count] = (SolveStep){*move, parent, ply, main, solver};
    return S->count++;
}

static void flaw_add(Solver *S, int step, const ShMove *alt, bool cook)
{
    SolveResult *r = S->res;
    if (r->flaw_count < SOLVE_MAX_FLAWS)
        r->flaws[r->flaw_count++] = (SolveFlaw){step, *alt, cook};
}

/* Proven with `n` moves left, the limits off (the tree is built from what is proven). */
static bool proven(Solver *S, const ShPosition *q, const DrawCounters *cq, int n, int ply)
{
    bool d;
    return prove(S, q, cq, n, ply, &d) == R_PROVEN;
}

/* Whether an alternative proves within n, under the limits (soundness checks); -1 undecided. */
static int alt_proves(Solver *S, const ShPosition *q, const DrawCounters *cq, int n, int ply)
{
    bool d;
    S->limited = true;
    Res r = prove(S, q, cq, n, ply, &d);
    S->limited = false;
    return r == R_ABORT ? -1 : r == R_PROVEN;
}

static void build_node(Solver *S, const ShPosition *p, const DrawCounters *c, int n, int parent,
                       int ply, bool main);

static void build_solver(Solver *S, const ShPosition *p, const DrawCounters *c, int n,
                         int parent, int ply, bool main, int cook_moves)
{
    S->path[ply] = position_key(p);
    ShMoveList list;
    sh_moves_generate(p, &list);
    sh_moves_sort(&list);
    ShPosition kids[1];
    int chosen = -1, k = 0;
    for (int m = 1; m <= n && chosen < 0; m++)
        for (int i = 0; i < list.count && chosen < 0; i++) {
            DrawCounters cq;
            sh_position_play(p, &list.moves[i], &kids[0]);
            draw_next(c, p, &list.moves[i], &kids[0], &cq);
            if (proven(S, &kids[0], &cq, moves_after(S, p, &kids[0], m), ply + 1)) {
                chosen = i;
                k = m;
            }
        }
    if (chosen < 0)
        return; /* cannot happen after a proof */
    int idx = tree_add(S, &list.moves[chosen], parent, ply, main, true);
    if (idx < 0)
        return;
    if (S->check_sound) {
        for (int i = 0; i < list.count; i++) {
            if (i == chosen)
                continue;
            ShPosition q;
            DrawCounters cq;
            sh_position_play(p, &list.moves[i], &q);
            draw_next(c, p, &list.moves[i], &q, &cq);
            bool cook = parent < 0;
            int r = alt_proves(S, &q, &cq, moves_after(S, p, &q, cook ? cook_moves : k), ply + 1);
            S->path[ply] = position_key(p);
            if (r > 0)
                flaw_add(S, idx, &list.moves[i], cook);
            else if (r < 0 && cook)
                S->res->unsettled++;
        }
    }
    ShPosition q;
    DrawCounters cq;
    sh_position_play(p, &list.moves[chosen], &q);
    draw_next(c, p, &list.moves[chosen], &q, &cq);
    build_node(S, &q, &cq, moves_after(S, p, &q, k), idx, ply + 1, main);
}

static void build_defender(Solver *S, const ShPosition *p, const DrawCounters *c, int n,
                           int parent, int ply, bool main)
{
    S->path[ply] = position_key(p);
    ShMoveList list;
    sh_moves_generate(p, &list);
    sh_moves_sort(&list);
    int need[SH_MAX_MOVES], longest = 0;
    for (int i = 0; i < list.count; i++) {
        ShPosition q;
        DrawCounters cq;
        sh_position_play(p, &list.moves[i], &q);
        draw_next(c, p, &list.moves[i], &q, &cq);
        need[i] = n;
        for (int m = 0; m < n; m++)
            if (proven(S, &q, &cq, m, ply + 1)) {
                need[i] = m;
                break;
            }
        if (need[i] > need[longest])
            longest = i;
    }
    for (int oi = -1; oi < list.count; oi++) {
        int i = oi < 0 ? longest : oi;
        if (oi >= 0 && i == longest)
            continue;
        bool is_main = main && i == longest;
        int idx = tree_add(S, &list.moves[i], parent, ply, is_main, false);
        if (idx < 0)
            return;
        ShPosition q;
        DrawCounters cq;
        sh_position_play(p, &list.moves[i], &q);
        draw_next(c, p, &list.moves[i], &q, &cq);
        S->path[ply] = position_key(p);
        build_node(S, &q, &cq, need[i], idx, ply + 1, is_main);
    }
}

static void build_node(Solver *S, const ShPosition *p, const DrawCounters *c, int n, int parent,
                       int ply, bool main)
{
    bool d;
    if (leaf(S, p, c, ply, &d) >= 0 || ply >= MAX_PLY)
        return;
    if (p->side == S->solver)
        build_solver(S, p, c, n, parent, ply, main, n);
    else
        build_defender(S, p, c, n, parent, ply, main);
}

/* ------------------------------------------------------------------------------------------
 * The entry points
 * ---------------------------------------------------------------------------------------- */

ShStatus solve_position_after(const ShPosition *pos, const ShPosition *before, SolveGoal goal,
                              const SolveLimits *limits, bool check_sound, SolveResult *res,
                              ShError *err)
{
    if (!res || !pos) {
        if (err) {
            err->code = SH_ERR_ARGUMENT;
            err->line = err->column = 0;
            strcpy(err->message, "no position or no result to fill");
        }
        return SH_ERR_ARGUMENT;
    }
    memset(res, 0, sizeof *res);
    res->verdict = SOLVE_UNKNOWN;
    res->goal = goal;
    if (goal != SOLVE_GOAL_WIN && goal != SOLVE_GOAL_DRAW && goal != SOLVE_GOAL_MATERIAL) {
        if (err) {
            err->code = SH_ERR_ARGUMENT;
            err->line = err->column = 0;
            strcpy(err->message, "unknown goal");
        }
        return SH_ERR_ARGUMENT;
    }
    const ShRules *rules = sh_rules_get((ShVariant)pos->variant);
    if (!rules) {
        if (err) {
            err->code = SH_ERR_ARGUMENT;
            err->line = err->column = 0;
            strcpy(err->message, "unknown variant");
        }
        return SH_ERR_ARGUMENT;
    }
    ShStatus st = sh_position_validate(pos, err);
    if (st != SH_OK)
        return st;
    SolveLimits lim = limits ? *limits : (SolveLimits){0};
    int max_moves = lim.max_moves > 0 ? lim.max_moves : 20;
    if (max_moves > MAX_SOLVE_MOVES)
        max_moves = MAX_SOLVE_MOVES;
    int cook_moves = lim.cook_moves > 0 ? lim.cook_moves : max_moves;
    if (cook_moves > MAX_SOLVE_MOVES)
        cook_moves = MAX_SOLVE_MOVES;

    Solver *S = calloc(1, sizeof *S);
    TtEntry *tt = calloc((size_t)1 << TT_BITS, sizeof *tt);
    if (!S || !tt) {
        free(S);
        free(tt);
        if (err) {
            err->code = SH_ERR_NO_MEMORY;
            err->line = err->column = 0;
            strcpy(err->message, "out of memory");
        }
        return SH_ERR_NO_MEMORY;
    }
    S->goal = goal;
    S->solver = pos->side;
    S->giveaway = rules->goal == SH_GOAL_GIVEAWAY;
    S->base = balance(pos, pos->side);
    if (before && before->variant == pos->variant) {
        int b = balance(before, pos->side);
        if (b > S->base)
            S->base = b;
    }
    S->egdb_pieces = egdb_covers(pos) ? popcount64(pos->kings) - 1 : 64;
    S->tt = tt;
    S->mask = ((uint64_t)1 << TT_BITS) - 1;
    S->node_limit = lim.nodes;
    S->time_limit = lim.seconds;
    S->start = clock();
    S->limited = true;
    S->check_sound = check_sound;
    S->res = res;
    res->solver = (ShColor)pos->side;

    DrawCounters c0;
    draw_start(pos, &c0);
    int found = 0;
    bool aborted = false;
    if (rules_end(S, pos) == 0) {
        for (int k = 1; k <= max_moves && !found; k++) {
            bool d;
            S->path[0] = position_key(pos);
            ShMoveList list;
            sh_moves_generate(pos, &list);
            for (int i = 0; i < list.count; i++) {
                ShPosition q;
                DrawCounters cq;
                sh_position_play(pos, &list.moves[i], &q);
                draw_next(&c0, pos, &list.moves[i], &q, &cq);
                Res r = prove(S, &q, &cq, moves_after(S, pos, &q, k), 1, &d);
                if (r == R_ABORT) {
                    aborted = true;
                    break;
                }
                if (r == R_PROVEN) {
                    found = k;
                    break;
                }
            }
            if (aborted)
                break;
        }
    }
    if (found) {
        res->verdict = SOLVE_PROVEN;
        res->moves = found;
        /* the soundness checks get as much again as the proof was allowed */
        S->node_limit = lim.nodes ? S->nodes + lim.nodes : 0;
        S->time_limit = lim.seconds > 0 ? cpu_seconds(S->start) + lim.seconds : 0;
        S->limited = false;
        build_solver(S, pos, &c0, found, -1, 0, true, cook_moves);
        res->steps = S->steps;
        res->step_count = S->count;
        res->truncated = S->truncated;
        S->steps = NULL;
    } else {
        res->verdict = aborted ? SOLVE_UNKNOWN : SOLVE_NONE;
    }
    res->nodes = S->nodes;
    res->seconds = cpu_seconds(S->start);
    free(S->steps);
    free(tt);
    free(S);
    return SH_OK;
}

ShStatus solve_position(const ShPosition *pos, SolveGoal goal, const SolveLimits *limits,
                        bool check_sound, SolveResult *res, ShError *err)
{
    return solve_position_after(pos, NULL, goal, limits, check_sound, res, err);
}

void solve_result_free(SolveResult *res)
{
    if (!res)
        return;
    free(res->steps);
    res->steps = NULL;
    res->step_count = 0;
}
