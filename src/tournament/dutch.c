/*
 * dutch.c - the FIDE Dutch system, C.04.3 as in force since 1 July 2025 (see dutch.h).
 *
 * The rules pair a round bracket by bracket, from the top score down. In each bracket they
 * first look for the pairing that breaks none of the absolute criteria (no rematch, no second
 * bye, no clash of absolute colour preferences), leaves the rest of the field pairable, and
 * then is best by a long, ordered list of quality criteria: most pairs in the bracket, the
 * highest scores paired, then the same for the next bracket, the fewest unplayed games for
 * whoever gets the bye, then the colour preferences met (topscorers' absolute ones, three in
 * a row, preferences, strong preferences), then the floats repeated from one and two rounds
 * before and their scores. Among pairings equal by all of these, the rules' order of
 * transpositions and exchanges (S1 against S2, the fewest and smallest exchanges) decides.
 *
 * Searching transpositions literally explodes on large brackets. Instead every criterion is
 * a field of one edge weight, the most important in the highest bits, each field wide enough
 * to hold its count over a whole round; a matching of maximum total weight is then a pairing
 * best by the criteria in their order. The bracket-by-bracket choices the rules make in
 * sequence become a sequence of questions to one weighted matching (matching.c) over all the
 * players still to be paired, whose lower brackets keep only "can be paired at all" in their
 * weights, which is the completion criterion:
 *
 *   1. Which moved-down players are paired in the bracket: the highest first, each kept if
 *      some best pairing pairs it (its edges into the bracket are nudged up by one to ask).
 *   2. Their opponents: each moved-down player in turn takes the highest-ranked resident a
 *      best pairing allows (small bonuses ordering the residents), and the pair is fixed.
 *   3. In the remainder, the split into S1 and S2 that needs the fewest exchanges, and of
 *      those the one whose exchanged players' numbers differ least: S1's lowest players are
 *      offered for exchange first, then S2's highest (each a question with a nudge of one).
 *   4. Each S1 player, from the top, meets the highest S2 player that keeps the pairing best.
 *
 * The weights and the order of the questions follow the way bbpPairings (Jeremy Bierema's
 * open-source Dutch engine, FIDE-endorsed) encodes the 2025 text, so that the two give the
 * same pairings and colours, as they must for the reference tournaments in tests/data.
 * Colours are then allocated pair by pair by the rules' colour allocation (article 5).
 *
 * Points are tenths of a point throughout (a win is 10 unless the input says otherwise).
 */
#include "dutch.h"

#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "matching.h"

enum { FLOAT_DOWN = 0, FLOAT_UP = 1, FLOAT_NONE = 2 };

/* What the pairing needs to know of a player in the round to pair. */
typedef struct Player {
    int index;     /* in the input */
    int rank;      /* effective pairing number (0-based) */
    int score;     /* tenths */
    int pref;      /* colour preference: DUTCH_WHITE, DUTCH_BLACK or DUTCH_NO_COLOR */
    int repeated;  /* the colour of the last two games when they were the same, else none */
    int imbalance; /* |whites - blacks| */
    bool strong;   /* a strong (not absolute) preference */
    bool bye_ok;   /* may receive the pairing-allocated bye */
    int played;    /* games played over the board */
    int float1, float2; /* floats one and two rounds before */
} Player;

static bool absolute_imbalance(const Player *p)
{
    return p->imbalance > 1;
}

static bool absolute(const Player *p)
{
    return p->imbalance > 1 || p->repeated != DUTCH_NO_COLOR;
}

static int invert(int color)
{
    return color == DUTCH_WHITE ? DUTCH_BLACK : color == DUTCH_BLACK ? DUTCH_WHITE : color;
}

static bool prefs_compatible(int a, int b)
{
    return a != b || a == DUTCH_NO_COLOR || b == DUTCH_NO_COLOR;
}

static int bits_for(long x)
{
    int b = 0;
    while (x > 0) {
        b++;
        x >>= 1;
    }
    return b;
}

int dutch_points(const DutchInput *in, const DutchGame *g)
{
    if (g->outcome == DUTCH_LOSS)
        return g->paired ? (g->played ? in->loss : in->forfeit_loss) : in->zero_bye;
    if (g->outcome == DUTCH_WIN)
        return g->opponent < 0 && g->paired ? in->bye : in->win;
    return in->draw;
}

/* ---- the context of one pairing ---- */

/* Bit offsets of the fields of an edge weight, from the least significant bit. */
typedef struct Layout {
    int total;                       /* bits */
    int completion;                  /* 2 bits: 1 + players paired who may not have the bye */
    int pairs_cur, scores_cur;       /* pairs in the bracket, and their scores */
    int pairs_next, scores_next;     /* the same for the next bracket */
    int bye_games;                   /* the bye assignee's games played */
    int colors[4];                   /* topscorers' colour difference, three in a row,
                                        preferences, strong preferences */
    int down1, up1, down2, up2;      /* floats repeated from 1 and 2 rounds before */
    int down1_score, up1_score, down2_score, up2_score; /* ... by score */
} Layout;

typedef struct Ctx {
    const DutchInput *in;
    int n;                /* players to pair */
    Player *p;            /* sorted: score down, rank up */
    int *group_shift;     /* by sorted index: the bit offset of the player's score group */
    int group_bits;       /* bits to count the largest score group */
    int groups_bits;      /* bits of all score-group subfields together */
    Layout lay;
    int limbs;
    unsigned char *forbid; /* n x n, sorted indexes */
    int top_threshold;     /* topscorers in the last round score more than this */
    bool last_round;
    int bye_score;
    bool single_bye;       /* the bye criterion (C9) applies to this bracket */
    int *games_rank;       /* by games played: the order among the bye score's players */
    Limb *max_weight;
    Matching *m;
    int *stable;           /* the last solution: partner, or itself */
} Ctx;

static bool compatible(const Ctx *c, int a, int b)
{
    if (c->forbid[(size_t)a * (size_t)c->n + (size_t)b])
        return false;
    const Player *x = &c->p[a], *y = &c->p[b];
    if (!absolute(x) || !absolute(y) || x->pref != y->pref)
        return true;
    return c->last_round && (x->score > c->top_threshold || y->score > c->top_threshold);
}

static bool bye_candidate(const Ctx *c, const Player *x)
{
    return x->bye_ok && x->score <= c->bye_score;
}

/* The weight of pairing sorted players h (higher) and l (lower), l in the current bracket
 * (cur) or the next (next). */
static void edge_weight(const Ctx *c, int hi, int li, bool cur, bool next, Limb *out)
{
    int L = c->limbs;
    const Layout *lay = &c->lay;
    wide_zero(out, L);
    if (!compatible(c, hi, li))
        return;
    const Player *h = &c->p[hi], *l = &c->p[li];
    wide_add_at(out, 1u + !bye_candidate(c, h) + !bye_candidate(c, l), lay->completion, L);
    if (cur) {
        wide_add_at(out, 1, lay->pairs_cur, L);
        wide_add_at(out, 1, lay->scores_cur + c->group_shift[hi], L);
    }
    if (next) {
        wide_add_at(out, 1, lay->pairs_next, L);
        wide_add_at(out, 1, lay->scores_next + c->group_shift[hi], L);
    }
    if (c->single_bye) {
        if (h->score == c->bye_score)
            wide_add_at(out, (uint64_t)c->games_rank[h->played], lay->bye_games, L);
        if (l->score == c->bye_score)
            wide_add_at(out, (uint64_t)c->games_rank[l->played], lay->bye_games, L);
    }
    if (!cur)
        return;
    /* Colours, seen from the lower player l against h. */
    bool same = l->pref == h->pref;
    wide_add_at(out, !absolute_imbalance(l) || !absolute_imbalance(h) || !same, lay->colors[0], L);
    bool third;
    if (l->imbalance == h->imbalance)
        third = l->repeated == DUTCH_NO_COLOR || l->repeated != h->repeated;
    else
        third = (l->imbalance > h->imbalance ? h : l)->repeated != invert(l->pref);
    wide_add_at(out, !absolute(l) || !absolute(h) || !same || third, lay->colors[1], L);
    wide_add_at(out, prefs_compatible(l->pref, h->pref), lay->colors[2], L);
    wide_add_at(out,
                (!l->strong && !absolute(l)) || (!h->strong && !absolute(h)) ||
                    (absolute(l) && absolute(h)) || !same,
                lay->colors[3], L);
    int rounds = c->in->rounds;
    if (rounds >= 1) {
        wide_add_at(out, (uint64_t)(l->float1 == FLOAT_DOWN) +
                             (uint64_t)(h->score <= l->score && h->float1 == FLOAT_DOWN),
                    lay->down1, L);
        wide_add_at(out, !(h->score > l->score && l->float1 == FLOAT_UP), lay->up1, L);
        wide_add_at(out, l->float1 == FLOAT_DOWN, lay->down1_score + c->group_shift[li], L);
        wide_add_at(out, h->float1 == FLOAT_DOWN, lay->down1_score + c->group_shift[hi], L);
        if (!(l->float1 == FLOAT_UP && h->score > l->score))
            wide_add_at(out, 1, lay->up1_score + c->group_shift[hi], L);
    }
    if (rounds >= 2) {
        wide_add_at(out, (uint64_t)(l->float2 == FLOAT_DOWN) +
                             (uint64_t)(h->score <= l->score && h->float2 == FLOAT_DOWN),
                    lay->down2, L);
        wide_add_at(out, !(h->score > l->score && l->float2 == FLOAT_UP), lay->up2, L);
        wide_add_at(out, l->float2 == FLOAT_DOWN, lay->down2_score + c->group_shift[li], L);
        wide_add_at(out, h->float2 == FLOAT_DOWN, lay->down2_score + c->group_shift[hi], L);
        if (!(l->float2 == FLOAT_UP && h->score > l->score))
            wide_add_at(out, 1, lay->up2_score + c->group_shift[hi], L);
    }
}

/* The next `width` bits of the weight from *pos on: the field's lowest bit. */
static int field_take(int *pos, int width)
{
    int at = *pos;
    *pos += width;
    return at;
}

static void layout_make(Ctx *c)
{
    int g = c->group_bits, s = c->groups_bits, r = c->in->rounds;
    Layout *lay = &c->lay;
    int pos = 1 + 3 * g; /* room for the orderings of steps 1-4 */
    if (r >= 2) {
        lay->up2_score = field_take(&pos, s);
        lay->down2_score = field_take(&pos, s);
    }
    if (r >= 1) {
        lay->up1_score = field_take(&pos, s);
        lay->down1_score = field_take(&pos, s);
    }
    if (r >= 2) {
        lay->up2 = field_take(&pos, g);
        lay->down2 = field_take(&pos, g);
    }
    if (r >= 1) {
        lay->up1 = field_take(&pos, g);
        lay->down1 = field_take(&pos, g);
    }
    for (int i = 3; i >= 0; i--)
        lay->colors[i] = field_take(&pos, g);
    lay->bye_games = field_take(&pos, 2 * g);
    lay->scores_next = field_take(&pos, s);
    lay->pairs_next = field_take(&pos, g);
    lay->scores_cur = field_take(&pos, s);
    lay->pairs_cur = field_take(&pos, g);
    lay->completion = field_take(&pos, 2);
    lay->total = pos;
}

/* ---- the players ---- */

static int float_of(const DutchInput *in, const int *scores_back, int player, int back)
{
    const DutchGame *g = &in->games[(size_t)player * (size_t)in->rounds + (size_t)(in->rounds - back)];
    if (!g->played)
        return dutch_points(in, g) > in->loss ? FLOAT_DOWN : FLOAT_NONE;
    int mine = scores_back[(size_t)player * 3 + (size_t)back];
    int theirs = scores_back[(size_t)g->opponent * 3 + (size_t)back];
    return mine > theirs ? FLOAT_DOWN : mine < theirs ? FLOAT_UP : FLOAT_NONE;
}

static void player_make(const DutchInput *in, const int *scores_back, int i, int rank,
                        Player *p)
{
    memset(p, 0, sizeof *p);
    p->index = i;
    p->rank = rank;
    p->score = scores_back[(size_t)i * 3];
    int whites = 0, blacks = 0, run = 0, last = DUTCH_NO_COLOR;
    p->bye_ok = true;
    for (int r = 0; r < in->rounds; r++) {
        const DutchGame *g = &in->games[(size_t)i * (size_t)in->rounds + (size_t)r];
        if (!g->played) {
            if (dutch_points(in, g) >= in->win)
                p->bye_ok = false;
            continue;
        }
        p->played++;
        if (g->color == DUTCH_WHITE)
            whites++;
        else
            blacks++;
        run = run && g->color == last ? run + 1 : 1;
        last = g->color;
    }
    int lower = whites > blacks ? DUTCH_BLACK : DUTCH_WHITE;
    p->imbalance = whites > blacks ? whites - blacks : blacks - whites;
    p->pref = p->imbalance > 1 ? lower
              : run > 1        ? invert(last)
              : p->imbalance   ? lower
              : run            ? invert(last)
                               : DUTCH_NO_COLOR;
    p->repeated = run > 1 ? last : DUTCH_NO_COLOR;
    if (in->no_absolute_colours) {
        p->repeated = DUTCH_NO_COLOR;
        if (p->imbalance > 1)
            p->imbalance = 1;
    }
    p->strong = !absolute(p) && p->imbalance;
    p->float1 = in->rounds >= 1 ? float_of(in, scores_back, i, 1) : FLOAT_NONE;
    p->float2 = in->rounds >= 2 ? float_of(in, scores_back, i, 2) : FLOAT_NONE;
}

static int cmp_players(const void *a, const void *b)
{
    const Player *x = a, *y = b;
    if (x->score != y->score)
        return x->score > y->score ? -1 : 1;
    return (x->rank > y->rank) - (x->rank < y->rank);
}

/* ---- colours ---- */

/* True if a ranks below b (lower score, or the same score and a higher number). */
static bool below(const Player *a, const Player *b)
{
    return a->score < b->score || (a->score == b->score && a->rank > b->rank);
}

/* The colours of the two players in the latest round both played and they differed. */
static void first_difference(const DutchInput *in, int a, int b, int *ca, int *cb)
{
    int ra = in->rounds - 1, rb = in->rounds - 1;
    const DutchGame *ga = &in->games[(size_t)a * (size_t)in->rounds];
    const DutchGame *gb = &in->games[(size_t)b * (size_t)in->rounds];
    for (;;) {
        while (ra >= 0 && !ga[ra].played)
            ra--;
        while (rb >= 0 && !gb[rb].played)
            rb--;
        if (ra < 0 || rb < 0 || ga[ra].color != gb[rb].color)
            break;
        ra--;
        rb--;
    }
    *ca = ra >= 0 ? ga[ra].color : DUTCH_NO_COLOR;
    *cb = rb >= 0 ? gb[rb].color : DUTCH_NO_COLOR;
}

/* The colour of x against y by the colour allocation rules (article 5). */
static int choose_color(const DutchInput *in, const Player *x, const Player *y)
{
    int color = DUTCH_NO_COLOR;
    if (prefs_compatible(x->pref, y->pref)) {
        color = x->pref != DUTCH_NO_COLOR ? x->pref : invert(y->pref);
    } else if (absolute(x) && (x->imbalance > y->imbalance || !absolute(y))) {
        color = x->pref;
    } else if (absolute(y) && (y->imbalance > x->imbalance || !absolute(x))) {
        color = invert(y->pref);
    } else if (x->strong && !y->strong) {
        color = x->pref;
    } else if (y->strong && !x->strong) {
        color = invert(y->pref);
    } else {
        int cx, cy;
        first_difference(in, x->index, y->index, &cx, &cy);
        if (cx != DUTCH_NO_COLOR && cy != DUTCH_NO_COLOR)
            color = cy;
    }
    if (color != DUTCH_NO_COLOR)
        return color;
    if (x->pref == DUTCH_NO_COLOR) {
        if (below(x, y))
            return y->rank & 1 ? in->initial_color : invert(in->initial_color);
        return x->rank & 1 ? invert(in->initial_color) : in->initial_color;
    }
    return below(x, y) ? invert(y->pref) : x->pref;
}

/* ---- the pairing ---- */

typedef struct Bracket {
    int *vert;        /* the players of the bracket and the next score group (sorted index) */
    int size;
    int moved;        /* the first `moved` are moved-down players */
    int next_begin;   /* where the next score group starts in vert */
    int group_vertex; /* the first sorted index of the bracket's own score group */
    int next_vertex;  /* the first sorted index of the next score group */
    Limb *base;       /* size x size weights (row: the lower player) */
} Bracket;

#define BASE(c, b, lo, hi) ((b)->base + ((size_t)(lo) * (size_t)(b)->size + (size_t)(hi)) * (size_t)(c)->limbs)

static void set(Ctx *c, int v, int u, const Limb *w)
{
    matching_set(c->m, v, u, w);
}

/* v's partner in the last solution (itself when unpaired). */
static int mate(const Ctx *c, int v)
{
    return c->stable[v];
}

/* Fix the pair v0-v1: every other edge at either is removed. */
static void finalize(Ctx *c, int v0, int v1, Limb *zero)
{
    wide_zero(zero, c->limbs);
    for (int u = 0; u < c->n; u++) {
        if (u != v0)
            set(c, v0, u, u == v1 ? c->max_weight : zero);
        if (u != v1)
            set(c, v1, u, u == v0 ? c->max_weight : zero);
    }
}

/* The weight used while choosing exchanges in the remainder (step 3). */
static void remainder_weight(const Ctx *c, const Bracket *b, int lo_pos, int hi_pos, int hi_rem,
                             int rem_pairs, Limb *out)
{
    int L = c->limbs;
    wide_copy(out, BASE(c, b, lo_pos, hi_pos), L);
    if (wide_is_zero(out, L))
        return;
    if (hi_rem < rem_pairs)
        wide_add_at(out, 1, 2 * c->group_bits + 1, L);
    wide_sub_small(out, 2 * (uint64_t)hi_rem, L);
}

static bool in_bracket(const Bracket *b, int q)
{
    return q >= b->group_vertex && q < b->next_vertex;
}

/* Solve, and keep the solution: setting weights disturbs the matcher's own state. */
static bool solve(Ctx *c)
{
    if (!matching_solve(c->m))
        return false;
    for (int v = 0; v < c->n; v++) {
        int q = matching_mate(c->m, v);
        c->stable[v] = q < 0 ? v : q;
    }
    return true;
}

/* Pair one bracket (steps 1-4 of the essay); marks `matched`. */
static bool pair_bracket(Ctx *c, Bracket *b, bool *matched, int *rem, Limb *w, Limb *zero)
{
    int L = c->limbs, M = b->moved, nb = b->next_begin;
    const int *vert = b->vert;
    for (int lo = M; lo < b->size; lo++)
        for (int hi = 0; hi < lo; hi++) {
            edge_weight(c, vert[hi], vert[lo], lo < nb, lo >= nb, BASE(c, b, lo, hi));
            set(c, vert[lo], vert[hi], BASE(c, b, lo, hi));
        }
    if (!solve(c))
        return false;

    /* 1. The moved-down players paired in the bracket. */
    int level = 0, remaining = 0, remaining_matched = 0;
    for (int pi = 0; pi < M; pi++) {
        const Player *pp = &c->p[vert[pi]];
        if (pi == 0 || pp->score < level) {
            level = pp->score;
            remaining = remaining_matched = 0;
            for (int k = pi; k < b->size && c->p[vert[k]].score >= level; k++) {
                remaining++;
                if (in_bracket(b, mate(c, vert[k])))
                    remaining_matched++;
            }
        }
        if (!remaining_matched)
            continue;
        int pv = vert[pi];
        if (remaining <= remaining_matched) {
            matched[pv] = true;
            continue;
        }
        remaining--;
        if (!in_bracket(b, mate(c, pv))) {
            for (int oi = M; oi < nb; oi++) {
                if (wide_is_zero(BASE(c, b, oi, pi), L))
                    continue;
                wide_copy(w, BASE(c, b, oi, pi), L);
                wide_add_at(w, 1, 0, L);
                set(c, pv, vert[oi], w);
            }
            if (!solve(c))
                return false;
        }
        if (in_bracket(b, mate(c, pv))) {
            matched[pv] = true;
            remaining_matched--;
            for (int oi = M; oi < nb; oi++) {
                if (wide_is_zero(BASE(c, b, oi, pi), L))
                    continue;
                wide_copy(w, BASE(c, b, oi, pi), L);
                wide_add_at(w, (uint64_t)(nb - M) + 1, 0, L);
                set(c, pv, vert[oi], w);
            }
        }
    }

    /* 2. Their opponents, the highest first. */
    for (int pi = 0; pi < M; pi++) {
        int pv = vert[pi];
        if (!matched[pv])
            continue;
        uint64_t addend = (uint64_t)b->size;
        for (int oi = nb - 1; oi >= M; oi--) {
            int ov = vert[oi];
            if (matched[ov] || wide_is_zero(BASE(c, b, oi, pi), L))
                continue;
            wide_copy(w, BASE(c, b, oi, pi), L);
            wide_add_at(w, addend, 0, L);
            set(c, pv, ov, w);
            addend++;
        }
        if (!solve(c))
            return false;
        int mv = mate(c, pv);
        matched[mv] = true;
        finalize(c, pv, mv, zero);
    }

    /* 3. The remainder: S1 and S2, and the exchanges between them. */
    int nrem = 0, pairs = 0;
    for (int pos = M; pos < nb; pos++) {
        int v = vert[pos], q = mate(c, v);
        if (q < b->group_vertex)
            continue;
        rem[nrem++] = pos;
        if (q < v)
            pairs++;
    }
    for (int j = 0; j < nrem; j++)
        for (int i = 0; i < j; i++) {
            remainder_weight(c, b, rem[j], rem[i], i, pairs, w);
            set(c, vert[rem[i]], vert[rem[j]], w);
        }
    if (!solve(c))
        return false;
    int exchanges = 0;
    for (int i = 0; i < pairs; i++) {
        int v = vert[rem[i]], q = mate(c, v);
        exchanges += q <= v || q >= b->next_vertex;
    }
    /* S1's lowest players offered for exchange */
    int left = exchanges;
    for (int i = pairs; i > 0 && left;) {
        i--;
        int pv = vert[rem[i]], q = mate(c, pv);
        if (q > pv && q < b->next_vertex) {
            for (int j = i + 1; j < nrem; j++) {
                remainder_weight(c, b, rem[j], rem[i], i, pairs, w);
                if (!wide_is_zero(w, L))
                    wide_sub_small(w, 1, L);
                set(c, pv, vert[rem[j]], w);
            }
            if (!solve(c))
                return false;
        }
        q = mate(c, pv);
        bool exchange = q <= pv || q >= b->next_vertex;
        left -= exchange;
        for (int j = i + 1; j < nrem; j++) {
            if (exchange)
                wide_zero(BASE(c, b, rem[j], rem[i]), L);
            remainder_weight(c, b, rem[j], rem[i], i, pairs, w);
            set(c, pv, vert[rem[j]], w);
        }
    }
    /* S2's highest players offered for exchange */
    left = exchanges;
    for (int i = pairs; i < nrem && left > 1; i++) {
        int pv = vert[rem[i]], q = mate(c, pv);
        bool already = q > pv && q < b->next_vertex;
        if (!already) {
            for (int j = i + 1; j < nrem; j++) {
                remainder_weight(c, b, rem[j], rem[i], i, pairs, w);
                if (!wide_is_zero(w, L))
                    wide_add_at(w, 1, 0, L);
                set(c, pv, vert[rem[j]], w);
            }
            if (!solve(c))
                return false;
        }
        q = mate(c, pv);
        if (q > pv && q < b->next_vertex) {
            left--;
            for (int j = 0; j < i; j++) {
                wide_zero(BASE(c, b, rem[i], rem[j]), L);
                set(c, pv, vert[rem[j]], BASE(c, b, rem[i], rem[j]));
            }
            for (int oi = nb; oi < b->size; oi++) {
                wide_zero(BASE(c, b, oi, rem[i]), L);
                set(c, pv, vert[oi], BASE(c, b, oi, rem[i]));
            }
        }
        if (!already)
            for (int j = i + 1; j < nrem; j++) {
                remainder_weight(c, b, rem[j], rem[i], i, pairs, w);
                set(c, pv, vert[rem[j]], w);
            }
    }
    /* the exchanges made: only edges from the new S1 to the new S2 stay */
    for (int i = 0; i < nrem; i++) {
        int pv = vert[rem[i]];
        for (int j = i + 1; j < nrem; j++) {
            int ov = vert[rem[j]], qp = mate(c, pv), qo = mate(c, ov);
            if (qp <= pv || qp >= b->next_vertex || (qo > ov && qo < b->next_vertex))
                wide_zero(BASE(c, b, rem[j], rem[i]), L);
            set(c, pv, ov, BASE(c, b, rem[j], rem[i]));
        }
    }

    /* 4. Each S1 player, from the top, against the highest S2 player possible. */
    for (int i = 0; i < nrem; i++) {
        int pv = vert[rem[i]], q = mate(c, pv);
        if (!(q > pv && q < b->next_vertex))
            continue;
        uint64_t addend = 0;
        for (int j = nrem - 1; j >= 0; j--) {
            int ov = vert[rem[j]];
            if (rem[j] <= rem[i] || matched[ov])
                continue;
            if (!wide_is_zero(BASE(c, b, rem[j], rem[i]), L)) {
                wide_copy(w, BASE(c, b, rem[j], rem[i]), L);
                wide_add_at(w, addend, 0, L);
                set(c, pv, ov, w);
            }
            addend++;
        }
        if (!solve(c))
            return false;
        int mv = mate(c, pv);
        matched[pv] = matched[mv] = true;
        finalize(c, pv, mv, zero);
    }
    return true;
}

/* The first pairing: can the round be paired at all, and who could take the bye. */
static ShStatus first_pairing(Ctx *c, Limb *w, ShError *err)
{
    int n = c->n, L = c->limbs;
    bool odd = n % 2 == 1;
    for (int lo = 0; lo < n; lo++)
        for (int hi = 0; hi < lo; hi++) {
            if (odd) {
                wide_zero(w, L);
                if (compatible(c, lo, hi)) {
                    uint64_t top = 1u + !c->p[lo].bye_ok + !c->p[hi].bye_ok;
                    wide_add_at(w, top, c->groups_bits + c->group_bits, L);
                    wide_add_at(w, (uint64_t)(c->group_shift[lo] + c->group_shift[hi]),
                                c->group_bits, L);
                    wide_add_at(w, c->p[lo].score >= c->p[0].score, 0, L);
                }
            } else {
                edge_weight(c, hi, lo, false, false, w);
            }
            set(c, lo, hi, w);
        }
    if (!solve(c))
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    int unmatched = -1;
    for (int v = 0; v < n; v++) {
        if (matching_mate(c->m, v) >= 0)
            continue;
        if (unmatched >= 0 || !c->p[v].bye_ok)
            return error_set(err, SH_ERR_NO_PAIRING, 0, 0,
                             "no pairing of the round satisfies the absolute criteria (no "
                             "rematch, at most one bye each, no clash of absolute colours)");
        unmatched = v;
    }
    if (!odd)
        return SH_OK;
    c->bye_score = c->p[unmatched].score;
    int top = c->p[0].score;
    c->single_bye = false;
    if (c->bye_score >= top) {
        c->single_bye = true;
        for (int v = 0; v < n && c->p[v].score >= top; v++)
            if (c->p[mate(c, v)].score < top) {
                c->single_bye = false;
                break;
            }
    }
    /* the players of the bye's score ranked by games played, most first */
    int rounds = c->in->rounds, rank = 0;
    for (int g = rounds; g >= 0; g--)
        for (int v = 0; v < n; v++)
            if (c->p[v].score == c->bye_score && c->p[v].played == g)
                c->games_rank[g] = rank++;
    for (int lo = 0; lo < n; lo++)
        for (int hi = 0; hi < lo; hi++) {
            edge_weight(c, hi, lo, false, false, w);
            set(c, lo, hi, w);
        }
    return SH_OK;
}

static void ctx_free(Ctx *c)
{
    free(c->p);
    free(c->group_shift);
    free(c->forbid);
    free(c->games_rank);
    free(c->max_weight);
    free(c->stable);
    matching_free(c->m);
}

ShStatus dutch_pair(const DutchInput *in, DutchPair *out, int *count, ShError *err)
{
    *count = 0;
    Ctx c;
    memset(&c, 0, sizeof c);
    c.in = in;
    int np = in->players;
    /* Scores now and one and two rounds before; effective pairing numbers. */
    int *back = calloc((size_t)np * 3 + 1, sizeof(int));
    int *rank_of = calloc((size_t)np + 1, sizeof(int));
    c.p = calloc((size_t)np + 1, sizeof(Player));
    if (!back || !rank_of || !c.p) {
        free(back);
        free(rank_of);
        free(c.p);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    }
    for (int i = 0; i < np; i++) {
        int s = 0;
        for (int r = 0; r < in->rounds; r++)
            s += dutch_points(in, &in->games[(size_t)i * (size_t)in->rounds + (size_t)r]);
        back[i * 3] = s;
        for (int k = 1; k <= 2 && k <= in->rounds; k++)
            back[i * 3 + k] =
                back[i * 3 + k - 1] -
                dutch_points(in, &in->games[(size_t)i * (size_t)in->rounds +
                                             (size_t)(in->rounds - k)]);
    }
    int effective = 0;
    for (int k = 0; k < np; k++) {
        int i = in->order ? in->order[k] : k;
        bool valid = !in->absent[i];
        for (int r = 0; r < in->rounds && !valid; r++)
            valid = in->games[(size_t)i * (size_t)in->rounds + (size_t)r].paired;
        rank_of[i] = valid ? effective++ : np + k;
    }
    int n = 0;
    for (int i = 0; i < np; i++)
        if (!in->absent[i])
            player_make(in, back, i, rank_of[i], &c.p[n++]);
    free(back);
    free(rank_of);
    c.n = n;
    if (n == 0) {
        free(c.p);
        return SH_OK;
    }
    qsort(c.p, (size_t)n, sizeof(Player), cmp_players);

    /* Score groups: each gets a subfield wide enough to count its players. */
    c.group_shift = calloc((size_t)n, sizeof(int));
    c.games_rank = calloc((size_t)in->rounds + 2, sizeof(int));
    c.forbid = calloc((size_t)n * (size_t)n, 1);
    if (!c.group_shift || !c.games_rank || !c.forbid) {
        ctx_free(&c);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    }
    int biggest = 0;
    for (int end = n; end > 0;) {
        int start = end - 1;
        while (start > 0 && c.p[start - 1].score == c.p[end - 1].score)
            start--;
        int size = end - start;
        for (int i = start; i < end; i++)
            c.group_shift[i] = c.groups_bits;
        c.groups_bits += bits_for(size);
        if (size > biggest)
            biggest = size;
        end = start;
    }
    c.group_bits = bits_for(biggest);
    layout_make(&c);
    c.limbs = (c.lay.total + 8 + 63) / 64;
    c.max_weight = calloc((size_t)c.limbs * 4, sizeof(Limb));
    c.m = matching_new(n, c.limbs);
    c.stable = malloc(sizeof(int) * (size_t)n);
    if (!c.max_weight || !c.m || !c.stable) {
        ctx_free(&c);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    }
    wide_ones(c.max_weight, c.lay.total, c.limbs);
    Limb *w = c.max_weight + c.limbs, *zero = w + c.limbs;

    /* Who may not meet: earlier opponents over the board, and the arbiter's pairs. */
    int *sorted_of = calloc((size_t)np + 1, sizeof(int));
    if (!sorted_of) {
        ctx_free(&c);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    }
    for (int i = 0; i < np; i++)
        sorted_of[i] = -1;
    for (int v = 0; v < n; v++)
        sorted_of[c.p[v].index] = v;
    for (int v = 0; v < n; v++) {
        int i = c.p[v].index;
        for (int r = 0; r < in->rounds; r++) {
            const DutchGame *g = &in->games[(size_t)i * (size_t)in->rounds + (size_t)r];
            if (g->played && g->opponent >= 0 && sorted_of[g->opponent] >= 0) {
                c.forbid[(size_t)v * (size_t)n + (size_t)sorted_of[g->opponent]] = 1;
                c.forbid[(size_t)sorted_of[g->opponent] * (size_t)n + (size_t)v] = 1;
            }
        }
        if (in->forbidden)
            for (int u = 0; u < n; u++)
                if (in->forbidden[(size_t)i * (size_t)np + (size_t)c.p[u].index])
                    c.forbid[(size_t)v * (size_t)n + (size_t)u] = 1;
    }
    free(sorted_of);
    int best = in->win > in->draw ? in->win : in->draw;
    c.top_threshold = in->rounds * best / 2;
    c.last_round = in->rounds >= in->total_rounds - 1;

    ShStatus st = first_pairing(&c, w, err);
    if (st != SH_OK) {
        ctx_free(&c);
        return st;
    }

    Bracket b;
    memset(&b, 0, sizeof b);
    b.vert = malloc(sizeof(int) * (size_t)n);
    int *next_vert = malloc(sizeof(int) * (size_t)n);
    int *rem = malloc(sizeof(int) * (size_t)n);
    int *pair_of = malloc(sizeof(int) * (size_t)n);
    bool *matched = calloc((size_t)n, sizeof(bool));
    if (!b.vert || !next_vert || !rem || !pair_of || !matched) {
        st = error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        goto done;
    }
    for (int v = 0; v < n; v++)
        pair_of[v] = -1;
    int next = 0;
    while (next < n && c.p[next].score >= c.p[0].score)
        b.vert[b.size++] = next++;
    while (b.size > 1 || next < n) {
        b.next_begin = b.size;
        b.next_vertex = b.group_vertex + (b.next_begin - b.moved);
        int group = next;
        while (next < n && c.p[next].score >= c.p[group].score)
            b.vert[b.size++] = next++;
        free(b.base);
        b.base = calloc((size_t)b.size * (size_t)b.size * (size_t)c.limbs + 1, sizeof(Limb));
        if (!b.base) {
            st = error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
            goto done;
        }
        if (!pair_bracket(&c, &b, matched, rem, w, zero)) {
            st = error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
            goto done;
        }
        /* The next bracket: the unpaired players move down to the next score group. */
        bool single = n % 2 == 1 && group < n && c.bye_score >= c.p[group].score;
        int size = 0, moved = 0;
        for (int i = 0; i < b.size; i++) {
            int v = b.vert[i];
            if (i < b.next_begin && matched[v]) {
                int q = mate(&c, v);
                pair_of[v] = q;
                pair_of[q] = v;
            } else {
                next_vert[size++] = v;
                if (i < b.next_begin)
                    moved++;
                if (single && c.p[mate(&c, v)].score < c.p[group].score)
                    single = false;
            }
        }
        c.single_bye = single;
        if (next >= n && moved == size && size > 1) {
            /* nothing was paired and nothing is left to add: cannot happen after a
             * complete first pairing, but never loop */
            st = error_set(err, SH_ERR_NO_PAIRING, 0, 0,
                           "the last %d players cannot be paired with one another", size);
            goto done;
        }
        memcpy(b.vert, next_vert, sizeof(int) * (size_t)size);
        b.size = size;
        b.moved = moved;
        b.group_vertex = b.next_vertex;
    }

    /* The pairs with their colours, in the published order. */
    int k = 0;
    for (int v = 0; v < n; v++) {
        int q = pair_of[v];
        if (q < 0) {
            out[k].white = c.p[v].index;
            out[k].black = -1;
            k++;
        } else if (c.p[v].index < c.p[q].index) {
            int color = choose_color(in, &c.p[v], &c.p[q]);
            out[k].white = color == DUTCH_WHITE ? c.p[v].index : c.p[q].index;
            out[k].black = color == DUTCH_WHITE ? c.p[q].index : c.p[v].index;
            k++;
        }
    }
    /* published order: the bye last; by the higher player's score, the lower's, the higher's
     * number (insertion sort: the list is short and the sort must be stable) */
    int *score = calloc((size_t)np, sizeof(int)), *rk = calloc((size_t)np, sizeof(int));
    if (!score || !rk) {
        free(score);
        free(rk);
        st = error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        goto done;
    }
    for (int v = 0; v < n; v++) {
        score[c.p[v].index] = c.p[v].score;
        rk[c.p[v].index] = c.p[v].rank;
    }
    for (int i = 1; i < k; i++) {
        DutchPair x = out[i];
        int j = i;
        while (j > 0) {
            const DutchPair *y = &out[j - 1];
            int xh = x.black < 0 || below(&(Player){.score = score[x.black], .rank = rk[x.black]},
                                           &(Player){.score = score[x.white], .rank = rk[x.white]})
                         ? x.white
                         : x.black;
            int xl = xh == x.white ? x.black : x.white;
            int yh = y->black < 0 ||
                             below(&(Player){.score = score[y->black], .rank = rk[y->black]},
                                   &(Player){.score = score[y->white], .rank = rk[y->white]})
                         ? y->white
                         : y->black;
            int yl = yh == y->white ? y->black : y->white;
            bool xb = x.black < 0, yb = y->black < 0;
            int xls = xl < 0 ? score[xh] : score[xl], yls = yl < 0 ? score[yh] : score[yl];
            bool before = xb != yb                     ? !xb
                          : score[xh] != score[yh]     ? score[xh] > score[yh]
                          : xls != yls                 ? xls > yls
                                                       : rk[xh] < rk[yh];
            if (!before)
                break;
            out[j] = out[j - 1];
            j--;
        }
        out[j] = x;
    }
    free(score);
    free(rk);
    *count = k;
done:
    free(b.base);
    free(b.vert);
    free(next_vert);
    free(rem);
    free(pair_of);
    free(matched);
    ctx_free(&c);
    return st;
}
