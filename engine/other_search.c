/* other_search.c - the generic search of the other games (other_search.h). */
#include "other_search.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "error.h"
#include "level.h"

#define INF (OTHER_SEARCH_WIN + 1000)
#define PLY_MAX (OTHER_SEARCH_MAX_DEPTH + 1)

enum { BOUND_EXACT = 1, BOUND_LOWER, BOUND_UPPER };

typedef struct TtEntry {
    uint64_t key;
    int32_t score;
    int16_t move; /* index in the position's move list, -1 none */
    int8_t depth;
    uint8_t bound;
} TtEntry;

typedef struct Search {
    const ShOtherGame *game;
    int root_player;
    bool paranoid;
    uint64_t nodes, node_cap;
    double deadline; /* 0: none */
    const atomic_bool *stop;
    bool aborted;
    TtEntry *table;
    uint64_t table_mask;
    ShOtherMove *moves; /* PLY_MAX lists of SH_OTHER_MAX_MOVES */
    ShOtherMove pv[PLY_MAX][PLY_MAX];
    int pv_length[PLY_MAX];
} Search;

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

bool other_search_is_mate(int score)
{
    return score > OTHER_SEARCH_WIN - 1000 || score < -(OTHER_SEARCH_WIN - 1000);
}

static uint64_t text_hash(const ShOtherGame *g, const ShOtherState *st)
{
    char text[SH_OTHER_TEXT_SIZE];
    g->format(st, text, sizeof text);
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (const char *p = text; *p; p++)
        h = (h ^ (unsigned char)*p) * UINT64_C(0x100000001b3);
    return h;
}

static uint64_t state_hash(const Search *s, const ShOtherState *st)
{
    uint64_t h = s->game->hash ? s->game->hash(st) : text_hash(s->game, st);
    return h ? h : 1; /* 0 marks an empty entry */
}

/* The side of a player: with two players the player itself; paranoid, 0 for the searcher and
 * 1 for everyone else. */
static int side_of(const Search *s, int player)
{
    if (!s->paranoid)
        return player;
    return player == s->root_player ? 0 : 1;
}

/* The value of a position for the side to move (its player `mover`). */
static int leaf_value(const Search *s, const ShOtherState *st, int mover)
{
    if (!s->paranoid)
        return s->game->evaluate(st, mover);
    int v = s->game->evaluate(st, s->root_player);
    return mover == s->root_player ? v : -v;
}

static int terminal_value(const Search *s, const ShOtherState *st, int mover, int ply)
{
    ShOtherResult r;
    s->game->result(st, &r);
    if (r.winner < 0)
        return 0;
    int win = OTHER_SEARCH_WIN - ply;
    if (!s->paranoid)
        return r.winner == mover ? win : -win;
    int v = r.winner == s->root_player ? win : -win;
    return mover == s->root_player ? v : -v;
}

static bool out_of_budget(Search *s)
{
    if (s->aborted)
        return true;
    if (s->node_cap && s->nodes >= s->node_cap)
        s->aborted = true;
    else if ((s->nodes & 1023) == 0 &&
             ((s->stop && atomic_load(s->stop)) || (s->deadline > 0 && now_seconds() > s->deadline)))
        s->aborted = true;
    return s->aborted;
}

static int to_table(int score, int ply)
{
    return score > OTHER_SEARCH_WIN - 1000 ? score + ply : score < -(OTHER_SEARCH_WIN - 1000) ? score - ply : score;
}

static int from_table(int score, int ply)
{
    return score > OTHER_SEARCH_WIN - 1000 ? score - ply : score < -(OTHER_SEARCH_WIN - 1000) ? score + ply : score;
}

/* Captures and promotions first, the table's move before all. */
static int move_rank(const ShOtherMove *m)
{
    return (m->kind == SH_MOVE_CAPTURE ? 2 + m->captured_count : 0) + (m->promotes ? 1 : 0);
}

/* The order to try the moves in (indices into list): the table's move, then by rank, else the
 * generator's order (a stable sort). */
static void order_moves(const ShOtherMove *list, int n, int first, int16_t *order)
{
    int k = 0;
    if (first >= 0 && first < n)
        order[k++] = (int16_t)first;
    int start = k;
    for (int i = 0; i < n; i++) {
        if (i == first)
            continue;
        int r = move_rank(&list[i]);
        int j = k++;
        while (j > start && r > 0 && move_rank(&list[order[j - 1]]) < r) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = (int16_t)i;
    }
}

/* The child's value for the parent's side: negated when the side changes. */
static int child_search(Search *s, const ShOtherState *st, const ShOtherMove *m, int depth,
                        int alpha, int beta, int ply, int parent_side);

static int search_node(Search *s, const ShOtherState *st, int depth, int alpha, int beta, int ply)
{
    s->pv_length[ply] = 0;
    s->nodes++;
    if (out_of_budget(s))
        return 0;
    int mover = s->game->to_move(st);
    ShOtherMove *list = s->moves + (size_t)ply * SH_OTHER_MAX_MOVES;
    int n = s->game->moves(st, list);
    if (n == 0)
        return terminal_value(s, st, mover, ply);
    if (depth <= 0 || ply >= OTHER_SEARCH_MAX_DEPTH)
        return leaf_value(s, st, mover);
    uint64_t key = state_hash(s, st);
    TtEntry *e = &s->table[key & s->table_mask];
    int tt_move = -1;
    if (e->key == key) {
        tt_move = e->move < n ? e->move : -1;
        if (e->depth >= depth && ply > 0) {
            int v = from_table(e->score, ply);
            if (e->bound == BOUND_EXACT || (e->bound == BOUND_LOWER && v >= beta) ||
                (e->bound == BOUND_UPPER && v <= alpha))
                return v;
        }
    }
    int16_t order[SH_OTHER_MAX_MOVES];
    order_moves(list, n, tt_move, order);
    int side = side_of(s, mover);
    int best = -INF, best_i = -1, alpha0 = alpha;
    for (int k = 0; k < n; k++) {
        int i = order[k];
        int v = child_search(s, st, &list[i], depth - 1, alpha, beta, ply, side);
        if (s->aborted)
            return 0;
        if (v > best) {
            best = v;
            best_i = i;
            if (v > alpha) {
                alpha = v;
                s->pv[ply][0] = list[i];
                memcpy(&s->pv[ply][1], s->pv[ply + 1],
                       (size_t)s->pv_length[ply + 1] * sizeof(ShOtherMove));
                s->pv_length[ply] = s->pv_length[ply + 1] + 1;
            }
            if (v >= beta)
                break;
        }
    }
    e->key = key;
    e->score = to_table(best, ply);
    e->depth = (int8_t)depth;
    e->move = (int16_t)best_i;
    e->bound = (uint8_t)(best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER);
    return best;
}

static int child_search(Search *s, const ShOtherState *st, const ShOtherMove *m, int depth,
                        int alpha, int beta, int ply, int parent_side)
{
    ShOtherState next = *st;
    s->game->make(&next, m);
    int child_side = side_of(s, s->game->to_move(&next));
    if (child_side == parent_side)
        return search_node(s, &next, depth, alpha, beta, ply + 1);
    return -search_node(s, &next, depth, -beta, -alpha, ply + 1);
}

static uint64_t mix(uint64_t z)
{
    z += UINT64_C(0x9e3779b97f4a7c15);
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* The level's choice among the root moves scored within `margin` of the best (scores[0]). */
static int choose(const int *scores, int n, int margin, uint64_t seed)
{
    if (n <= 1 || margin <= 0 || other_search_is_mate(scores[0]))
        return 0;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        int gap = scores[0] - scores[i];
        if (gap < margin && !other_search_is_mate(scores[i]))
            total += (uint64_t)(margin - gap);
    }
    if (total == 0)
        return 0;
    uint64_t r = mix(seed) % total;
    for (int i = 0; i < n; i++) {
        int gap = scores[0] - scores[i];
        uint64_t w = gap < margin && !other_search_is_mate(scores[i]) ? (uint64_t)(margin - gap) : 0;
        if (r < w)
            return i;
        r -= w;
    }
    return 0;
}

/* The mean of two depths' scores; a proven win or loss (the last depth's) stands. */
static int mean_score(int now, int last)
{
    if (other_search_is_mate(now) || other_search_is_mate(last))
        return now;
    return (int)(((long)now + last) / 2);
}

typedef struct RootMove {
    ShOtherMove move;
    int score;
    int index; /* in the generator's order */
} RootMove;

/* Best first; equal scores keep their order (so the search is the same on every libc). */
static void root_sort(RootMove *list, int n)
{
    for (int i = 1; i < n; i++) {
        RootMove t = list[i];
        int j = i;
        while (j > 0 && list[j - 1].score < t.score) {
            list[j] = list[j - 1];
            j--;
        }
        list[j] = t;
    }
}

ShStatus other_search(const ShOtherGame *game, const ShOtherState *st,
                      const OtherSearchLimits *limits, OtherSearchResult *out, ShError *err)
{
    if (!game || !st || !out)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no game, position or result");
    if (!sh_other_playable(game) || !game->evaluate)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "%s has no engine (not searchable)",
                         game->name);
    OtherSearchLimits lim = limits ? *limits : (OtherSearchLimits){0};
    memset(out, 0, sizeof *out);
    int level = lim.level < 1 || lim.level > 10 ? 10 : lim.level;
    LevelParams lp;
    level_params(level, &lp);
    int max_depth = lim.depth > 0 && lim.depth < OTHER_SEARCH_MAX_DEPTH ? lim.depth : OTHER_SEARCH_MAX_DEPTH;
    Search *s = calloc(1, sizeof *s);
    int bits = lim.table_bits > 0 && lim.table_bits <= 24 ? lim.table_bits : 16;
    if (s) {
        s->table = calloc((size_t)1 << bits, sizeof *s->table);
        s->moves = malloc((size_t)(PLY_MAX + 1) * SH_OTHER_MAX_MOVES * sizeof *s->moves);
    }
    RootMove *root = malloc(SH_OTHER_MAX_MOVES * sizeof *root);
    if (!s || !s->table || !s->moves || !root) {
        if (s) {
            free(s->table);
            free(s->moves);
        }
        free(s);
        free(root);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "no memory for the search");
    }
    double start = now_seconds();
    s->game = game;
    s->root_player = game->to_move(st);
    s->paranoid = game->players > 2;
    s->table_mask = ((uint64_t)1 << bits) - 1;
    s->node_cap = lim.nodes;
    if (lp.nodes && (!s->node_cap || lp.nodes < s->node_cap))
        s->node_cap = lp.nodes;
    s->deadline = lim.seconds > 0 ? start + lim.seconds : 0;
    s->stop = lim.stop;

    ShOtherMove *list = s->moves + (size_t)PLY_MAX * SH_OTHER_MAX_MOVES;
    int n = game->moves(st, list);
    if (n == 0) {
        free(s->table);
        free(s->moves);
        free(s);
        free(root);
        return SH_OK;
    }
    for (int i = 0; i < n; i++)
        root[i] = (RootMove){list[i], -INF, i};
    out->has_move = true;
    out->best = root[0].move;
    out->pv[0] = root[0].move;
    out->pv_length = 1;
    int margin = level < 10 ? lp.margin : 0;
    int scored = 1; /* root moves of the last iteration within the margin */
    int side = side_of(s, s->root_player);
    int last[3] = {0, 0, 0}; /* the last depth's score, second and judged (two_depths) */
    for (int depth = 1; depth <= max_depth; depth++) {
        int best = -INF, second = -INF;
        RootMove *iter = malloc((size_t)n * sizeof *iter);
        if (!iter)
            break;
        for (int i = 0; i < n; i++) {
            int lower = best > -INF ? best - margin - 1 : -INF;
            if (lim.lines > 1 && second < lower) /* what beats the second best is scored exactly */
                lower = second;
            if (root[i].index == lim.judge - 1)
                lower = -INF;
            int v = child_search(s, st, &root[i].move, depth - 1, lower, INF, 0, side);
            if (s->aborted)
                break;
            iter[i] = (RootMove){root[i].move, v, root[i].index};
            if (v > best)
                second = best;
            else if (v > second)
                second = v;
            if (v > best) {
                best = v;
                s->pv[0][0] = root[i].move;
                memcpy(&s->pv[0][1], s->pv[1], (size_t)s->pv_length[1] * sizeof(ShOtherMove));
                s->pv_length[0] = s->pv_length[1] + 1;
            }
        }
        if (s->aborted) {
            free(iter);
            break;
        }
        /* a completed iteration: its order is the next one's */
        root_sort(iter, n);
        memcpy(root, iter, (size_t)n * sizeof *iter);
        free(iter);
        scored = 0;
        while (scored < n && root[scored].score >= root[0].score - margin)
            scored++;
        bool proven = other_search_is_mate(root[0].score) || n == 1;
        out->depth = depth;
        out->score = root[0].score;
        out->best = root[0].move;
        out->pv_length = s->pv_length[0] < OTHER_SEARCH_PV_MAX ? s->pv_length[0] : OTHER_SEARCH_PV_MAX;
        memcpy(out->pv, s->pv[0], (size_t)out->pv_length * sizeof(ShOtherMove));
        out->has_second = lim.lines > 1 && n > 1;
        if (out->has_second) {
            out->second = root[1].move;
            out->second_score = root[1].score;
        }
        for (int i = 0; i < n && lim.judge > 0; i++) {
            if (root[i].index == lim.judge - 1) {
                out->has_judged = true;
                out->judged_score = root[i].score;
            }
        }
        if (lim.two_depths && !s->paranoid) {
            /* OtherSearchLimits.two_depths: the mean of this depth's scores and the last's */
            int now[3] = {out->score, out->second_score, out->judged_score};
            if (depth > 1 && !proven) {
                out->score = mean_score(out->score, last[0]);
                out->second_score = mean_score(out->second_score, last[1]);
                out->judged_score = mean_score(out->judged_score, last[2]);
            }
            memcpy(last, now, sizeof last);
        }
        if (proven)
            break;
    }
    if (margin > 0 && scored > 1 && !lim.two_depths) { /* two_depths: full strength only */
        int scores[SH_OTHER_MAX_MOVES];
        for (int i = 0; i < scored; i++)
            scores[i] = root[i].score;
        int k = choose(scores, scored, margin, lim.seed ^ state_hash(s, st));
        out->best = root[k].move;
        out->score = root[k].score;
    }
    out->nodes = s->nodes;
    out->seconds = now_seconds() - start;
    free(s->table);
    free(s->moves);
    free(s);
    free(root);
    return SH_OK;
}
