/*
 * standings.c - scores, tie-breaks, ranks, rating changes (see shashki_tournament.h).
 *
 * Everything here is computed from the pairings and their results; nothing is stored. A
 * stage's table holds, for each player and round, what the round gave him: an opponent
 * and a colour, the points, whether a game was played over the board, and what kind of
 * unplayed round it was otherwise. The tie-breaks follow FIDE C.07 (2024):
 *
 *   - a "voluntarily unplayed round" (VUR) is a half-point or zero-point bye, an absence or
 *     a forfeit loss; a pairing-allocated bye, a full-point bye and a forfeit win are not;
 *   - Buchholz: each round played gives the opponent's adjusted score (his score with the
 *     unplayed rounds after his last round without a VUR counted as draws); each round the
 *     player did not play gives his own score; cuts take the player's VURs first, then the
 *     least values; the median also cuts the greatest;
 *   - Sonneborn-Berger: the same values, each times the points the player scored in that
 *     round (so in 1 / 0.5 / 0 scoring: the opponents beaten plus half those drawn);
 *   - in a round robin a forfeited game counts as played (the opponent is real);
 *   - direct encounter among the tied: by the points scored against one another when all
 *     have met; otherwise a player is placed apart only when his points exceed what any
 *     other tied player could have reached;
 *   - ranks go by points, then each tie-break in the settings' order, equal values sharing.
 * A knockout stage ranks by the round a player went out in (places 5-8 shared ...).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "event.h"
#include "table_event.h"
#include "team.h"

typedef struct Cell {
    int opp;             /* opponent id, 0 none */
    bool white;
    int points;          /* tenths, as far as results are in */
    bool has_result;     /* every game of the pairing has its result (or it is a bye) */
    bool played;         /* a game of it was played over the board */
    bool in;             /* the player had a pairing this round (not a free round) */
    bool vur;            /* a voluntarily unplayed round */
    int wins_black;      /* games won with Black over the board */
    int games, wins, draws, losses; /* over the board */
    int rated_points;    /* points in rated games over the board, scaled to a win = 10 */
    int rated_games;
    double rated_opp;    /* sum of the opponents' ratings in those */
    double expected;     /* Elo expectation over them */
} Cell;

typedef struct Table {
    const ShEvent *e;
    int stage, rounds, n;
    int *ids;            /* stage players */
    int *pos;            /* by id: position in ids, -1 */
    Cell *cells;         /* n x rounds */
    int *score;          /* tenths */
    int *adjusted;       /* for Buchholz */
    bool rr;
} Table;

#define CELL(t, i, r) (&(t)->cells[(size_t)(i) * (size_t)(t)->rounds + (size_t)(r)])

static const int DP[51] = {0,   7,   14,  21,  29,  36,  43,  50,  57,  65,  72,  80,  87,
                           95,  102, 110, 117, 125, 133, 141, 149, 158, 166, 175, 184, 193,
                           202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
                           351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800};

/* FIDE's table of rating differences by score fraction (B.02 8.1a). */
static double dp_of(double p)
{
    if (p < 0)
        p = 0;
    if (p > 1)
        p = 1;
    int hundredths = (int)floor(p * 100 + 0.5);
    return hundredths >= 50 ? DP[hundredths - 50] : -DP[50 - hundredths];
}

double sh_rating_performance(int score_tenths, int games, double average)
{
    if (games <= 0)
        return 0;
    return average + dp_of((double)score_tenths / (10.0 * games));
}

double sh_rating_expected(int rating, int opponent)
{
    double d = rating - opponent;
    if (d > 400)
        d = 400;
    if (d < -400)
        d = -400;
    return 1.0 / (1.0 + pow(10.0, -d / 400.0));
}

static void table_free(Table *t)
{
    free(t->ids);
    free(t->pos);
    free(t->cells);
    free(t->score);
    free(t->adjusted);
}

static bool table_build(Table *t, const ShEvent *e, int stage, ShError *err)
{
    memset(t, 0, sizeof *t);
    t->e = e;
    t->stage = stage;
    t->rr = e->settings.stages[stage - 1].system == SH_SYSTEM_ROUND_ROBIN;
    t->rounds = sh_event_rounds_paired(e, stage);
    t->n = sh_event_stage_players(e, stage, NULL);
    t->ids = malloc(sizeof(int) * ((size_t)t->n + 1));
    t->pos = malloc(sizeof(int) * ((size_t)e->nplayers + 2));
    t->cells = calloc((size_t)t->n * (size_t)(t->rounds + 1), sizeof(Cell));
    t->score = calloc((size_t)t->n + 1, sizeof(int));
    t->adjusted = calloc((size_t)t->n + 1, sizeof(int));
    if (!t->ids || !t->pos || !t->cells || !t->score || !t->adjusted) {
        table_free(t);
        error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        return false;
    }
    sh_event_stage_players(e, stage, t->ids);
    for (int id = 0; id <= e->nplayers + 1; id++)
        t->pos[id] = -1;
    for (int i = 0; i < t->n; i++)
        t->pos[t->ids[i]] = i;
    const ShEventSettings *s = &e->settings;
    /* a round without a pairing for a player is an absence (a VUR) */
    for (int i = 0; i < t->n; i++)
        for (int r = 0; r < t->rounds; r++) {
            Cell *c = CELL(t, i, r);
            c->vur = true;
            c->has_result = true;
            c->in = true;
        }
    for (int k = 0; k < e->npairings; k++) {
        const ShEventPairing *p = &e->pairings[k];
        if (p->stage != stage)
            continue;
        int wi = t->pos[p->white], bi = p->black ? t->pos[p->black] : -1;
        if (wi < 0)
            continue;
        int r = p->round - 1;
        Cell *cw = CELL(t, wi, r);
        int pw, pb, winner;
        sh_event_pairing_points(e, p, &pw, &pb, &winner);
        memset(cw, 0, sizeof *cw);
        cw->in = true;
        cw->has_result = true;
        cw->points = pw;
        if (p->type != SH_PAIRING_GAME) {
            cw->vur = p->type == SH_PAIRING_HALF_BYE || p->type == SH_PAIRING_ABSENT;
            cw->in = p->type != SH_PAIRING_REST;
            continue;
        }
        if (bi < 0)
            continue;
        Cell *cb = CELL(t, bi, r);
        memset(cb, 0, sizeof *cb);
        cb->in = true;
        cb->has_result = true;
        cb->points = pb;
        cw->opp = p->black;
        cb->opp = p->white;
        cw->white = true;
        int wrating = sh_event_player(e, p->white)->rating;
        int brating = sh_event_player(e, p->black)->rating;
        for (int g = 0; g < p->ngames; g++) {
            if (e->settings.stages[stage - 1].system == SH_SYSTEM_KNOCKOUT &&
                p->games[g].tiebreak)
                continue; /* tie-break games decide the match, they do not score */
            ShGameResult res = p->games[g].result;
            int gw, gb;
            sh_event_game_players(p, g, &gw, &gb);
            Cell *cgw = gw == p->white ? cw : cb, *cgb = gw == p->white ? cb : cw;
            if (res == SH_GAME_PENDING) {
                cw->has_result = cb->has_result = false;
                continue;
            }
            if (res != SH_GAME_WHITE_WINS && res != SH_GAME_DRAW && res != SH_GAME_BLACK_WINS)
                continue;
            cw->played = cb->played = true;
            cgw->games++;
            cgb->games++;
            if (res == SH_GAME_WHITE_WINS) {
                cgw->wins++;
                cgb->losses++;
            } else if (res == SH_GAME_BLACK_WINS) {
                cgb->wins++;
                cgw->losses++;
                cgb->wins_black++;
            } else {
                cgw->draws++;
                cgb->draws++;
            }
            if (wrating > 0 && brating > 0) {
                int white_pts = event_game_points(s, res, true) * 10 / s->win;
                int black_pts = event_game_points(s, res, false) * 10 / s->win;
                int rw = gw == p->white ? wrating : brating, rb = gw == p->white ? brating : wrating;
                cgw->rated_games++;
                cgw->rated_points += white_pts;
                cgw->rated_opp += rb;
                cgw->expected += sh_rating_expected(rw, rb);
                cgb->rated_games++;
                cgb->rated_points += black_pts;
                cgb->rated_opp += rw;
                cgb->expected += sh_rating_expected(rb, rw);
            }
        }
        /* a forfeit loss is voluntary; a forfeit win is not */
        cw->vur = !cw->played && cw->points < pb;
        cb->vur = !cb->played && cb->points < pw;
        if (!cw->played && p->ngames && p->games[0].result == SH_GAME_DOUBLE_FORFEIT)
            cw->vur = cb->vur = true;
    }
    int draw = s->match_scoring ? s->draw : s->draw * s->stages[stage - 1].games;
    for (int i = 0; i < t->n; i++) {
        int last = -1;
        for (int r = 0; r < t->rounds; r++) {
            const Cell *c = CELL(t, i, r);
            t->score[i] += c->points;
            if (c->in && !c->vur)
                last = r;
        }
        for (int r = 0; r < t->rounds; r++) {
            const Cell *c = CELL(t, i, r);
            if (!c->in)
                continue;
            t->adjusted[i] += r <= last || c->opp ? c->points : draw;
        }
    }
    return true;
}

/* Whether the round counts as a game against the opponent for tie-breaks. */
static bool real_game(const Table *t, const Cell *c)
{
    return c->opp && (c->played || t->rr);
}

typedef struct Value {
    double v;
    bool vur;
} Value;

static int cmp_value(const void *a, const void *b)
{
    const Value *x = a, *y = b;
    return (x->v > y->v) - (x->v < y->v);
}

/* Buchholz-like: sb weights each value by the points scored in the round. */
static double buchholz(const Table *t, int i, int low, int high, bool sb)
{
    Value *v = malloc(sizeof(Value) * ((size_t)t->rounds + 1));
    if (!v)
        return 0;
    int n = 0;
    for (int r = 0; r < t->rounds; r++) {
        const Cell *c = CELL(t, i, r);
        if (!c->in)
            continue;
        double opp = real_game(t, c) ? t->adjusted[t->pos[c->opp]] : t->score[i];
        if (real_game(t, c) && t->pos[c->opp] < 0)
            opp = 0;
        double value = opp / 10.0;
        if (sb)
            value *= c->points / 10.0;
        v[n].v = value;
        v[n].vur = c->vur && !real_game(t, c);
        n++;
    }
    for (int k = 0; k < low && n > 0; k++) {
        int cut = -1;
        for (int j = 0; j < n; j++)
            if (v[j].vur && (cut < 0 || v[j].v < v[cut].v))
                cut = j;
        if (cut < 0)
            for (int j = 0; j < n; j++)
                if (cut < 0 || v[j].v < v[cut].v)
                    cut = j;
        v[cut] = v[--n];
    }
    if (high > 0 && n > 0) {
        qsort(v, (size_t)n, sizeof(Value), cmp_value);
        n = n > high ? n - high : 0;
    }
    double sum = 0;
    for (int j = 0; j < n; j++)
        sum += v[j].v;
    free(v);
    return sum;
}

static double tiebreak_value(const Table *t, int i, ShTieBreak tb, double *perf)
{
    const ShEventSettings *s = &t->e->settings;
    double sum = 0;
    int count = 0;
    switch (tb) {
    case SH_TB_BUCHHOLZ: return buchholz(t, i, 0, 0, false);
    case SH_TB_BUCHHOLZ_CUT1: return buchholz(t, i, 1, 0, false);
    case SH_TB_BUCHHOLZ_MEDIAN: return buchholz(t, i, 1, 1, false);
    case SH_TB_SONNEBORN_BERGER: return buchholz(t, i, 0, 0, true);
    case SH_TB_SOLKOFF:
        for (int r = 0; r < t->rounds; r++) {
            const Cell *c = CELL(t, i, r);
            if (c->opp && t->pos[c->opp] >= 0)
                sum += t->score[t->pos[c->opp]] / 10.0;
        }
        return sum;
    case SH_TB_WINS: {
        int games = s->stages[t->stage - 1].games;
        int full = s->match_scoring ? s->win : s->win * games;
        for (int r = 0; r < t->rounds; r++)
            count += CELL(t, i, r)->in && CELL(t, i, r)->points >= full && full > 0;
        return count;
    }
    case SH_TB_BLACK_WINS:
        for (int r = 0; r < t->rounds; r++)
            count += CELL(t, i, r)->wins_black;
        return count;
    case SH_TB_PROGRESSIVE: {
        int running = 0;
        for (int r = 0; r < t->rounds; r++) {
            running += CELL(t, i, r)->points;
            sum += running / 10.0;
        }
        return sum;
    }
    case SH_TB_ARO:
    case SH_TB_PERFORMANCE: {
        int games = 0, pts = 0;
        double opp = 0;
        for (int r = 0; r < t->rounds; r++) {
            const Cell *c = CELL(t, i, r);
            games += c->rated_games;
            pts += c->rated_points;
            opp += c->rated_opp;
        }
        return event_aro_tpr(tb, games, pts, opp, perf);
    }
    case SH_TB_KOYA: {
        int games = s->stages[t->stage - 1].games;
        int full = s->match_scoring ? s->win : s->win * games;
        double half = full * t->rounds / 2.0;
        for (int r = 0; r < t->rounds; r++) {
            const Cell *c = CELL(t, i, r);
            if (c->opp && t->pos[c->opp] >= 0 && t->score[t->pos[c->opp]] + 1e-9 >= half)
                sum += c->points / 10.0;
        }
        return sum;
    }
    default:
        return 0;
    }
}

double event_aro_tpr(ShTieBreak tb, int games, int points, double opponents, double *perf)
{
    if (!games)
        return 0;
    double aro = floor(opponents / games + 0.5);
    double tpr = floor(sh_rating_performance(points, games, aro) + 0.5);
    if (perf)
        *perf = tpr;
    return tb == SH_TB_ARO ? aro : tpr;
}

/* ---- ranking ---- */

typedef struct Row {
    ShStanding st;
    int pos;        /* in the table */
    double key[SH_EVENT_MAX_TIEBREAKS];
} Row;

static int compare_rows(const Row *a, const Row *b, int keys)
{
    if (a->st.group != b->st.group)
        return a->st.group < b->st.group ? -1 : 1;
    if (a->st.points != b->st.points)
        return a->st.points > b->st.points ? -1 : 1;
    for (int k = 0; k < keys; k++)
        if (fabs(a->key[k] - b->key[k]) > 1e-9)
            return a->key[k] > b->key[k] ? -1 : 1;
    return 0;
}

static void sort_rows(Row *rows, int n, int keys)
{
    /* insertion sort, stable: equal rows keep the stage order */
    for (int i = 1; i < n; i++) {
        Row x = rows[i];
        int j = i;
        while (j > 0 && compare_rows(&rows[j - 1], &x, keys) > 0) {
            rows[j] = rows[j - 1];
            j--;
        }
        rows[j] = x;
    }
}

/* Direct encounter within each group of rows equal on the keys before k. */
static void direct_encounter(const Table *t, Row *rows, int n, int k)
{
    for (int a = 0; a < n;) {
        int b = a + 1;
        while (b < n && compare_rows(&rows[a], &rows[b], k) == 0)
            b++;
        int size = b - a;
        if (size == 1) {
            rows[a].key[k] = 0;
            rows[a].st.tiebreaks[k] = 0;
            a = b;
            continue;
        }
        double *val = calloc((size_t)size, sizeof(double)), *max = calloc((size_t)size, sizeof(double));
        if (!val || !max) {
            free(val);
            free(max);
            return;
        }
        bool all_met = true;
        const ShEventSettings *s = &t->e->settings;
        int full = s->match_scoring ? s->win : s->win * s->stages[t->stage - 1].games;
        for (int x = 0; x < size; x++) {
            int met = 0;
            for (int r = 0; r < t->rounds; r++) {
                const Cell *c = CELL(t, rows[a + x].pos, r);
                if (!real_game(t, c))
                    continue;
                for (int y = 0; y < size; y++)
                    if (y != x && t->ids[rows[a + y].pos] == c->opp) {
                        val[x] += c->points / 10.0;
                        met++;
                    }
            }
            max[x] = val[x];
            if (met < size - 1) {
                all_met = false;
                max[x] += (size - 1 - met) * full / 10.0;
            }
        }
        for (int x = 0; x < size; x++)
            rows[a + x].st.tiebreaks[k] = val[x];
        /* the order by value (then by the most reachable), and who is placed apart */
        int *order = malloc(sizeof(int) * (size_t)size);
        if (order) {
            for (int x = 0; x < size; x++)
                order[x] = x;
            for (int x = 1; x < size; x++) {
                int o = order[x], y = x;
                while (y > 0 && (val[order[y - 1]] < val[o] ||
                                 (val[order[y - 1]] == val[o] && max[order[y - 1]] < max[o]))) {
                    order[y] = order[y - 1];
                    y--;
                }
                order[y] = o;
            }
            double level = 0;
            bool unique = true;
            rows[a + order[0]].key[k] = 0;
            for (int x = 1; x < size; x++) {
                int o = order[x], prev = order[x - 1];
                bool apart = all_met ? val[prev] > val[o] : unique && val[prev] > max[o];
                if (!all_met && !apart)
                    unique = false;
                if (apart)
                    level -= 1;
                rows[a + o].key[k] = level;
            }
            free(order);
        }
        free(val);
        free(max);
        a = b;
    }
}

static void assign_ranks(Row *rows, int n, int keys)
{
    /* ranks within a group count from its first row */
    int start = 0;
    for (int i = 0; i < n; i++) {
        if (i > 0 && rows[i].st.group != rows[i - 1].st.group)
            start = i;
        if (i > start && compare_rows(&rows[i - 1], &rows[i], keys) == 0)
            rows[i].st.rank = rows[i - 1].st.rank;
        else
            rows[i].st.rank = i - start + 1;
    }
}

/* The knockout round a player went out in (the number of rounds + 1 for the winner). */
static void knockout_places(const ShEvent *e, int stage, Row *rows, int n)
{
    int rounds = sh_event_rounds_paired(e, stage);
    int total = e->stage[stage - 1].total_rounds;
    int bracket = e->stage[stage - 1].bracket;
    for (int i = 0; i < n; i++) {
        int id = rows[i].st.id, out_round = 0, last = 0;
        bool third = false, third_won = false;
        for (int k = 0; k < e->npairings; k++) {
            const ShEventPairing *p = &e->pairings[k];
            if (p->stage != stage || (p->white != id && p->black != id))
                continue;
            bool is_third = p->round == total && p->board == 2 && p->type == SH_PAIRING_GAME;
            bool tb;
            int w = event_knockout_winner(e, p, &tb);
            if (is_third) {
                third = true;
                third_won = w == id;
                continue;
            }
            if (p->round > last)
                last = p->round;
            if (w && w != id)
                out_round = p->round;
        }
        /* the place range: out in round r of k rounds shares places 2^(k-r)+1 .. 2^(k-r+1) */
        int from = 1, to = 1;
        if (out_round) {
            from = (bracket >> out_round) + 1;
            to = bracket >> (out_round - 1);
        } else if (last < rounds || (rounds < total) ||
                   !sh_event_round_complete(e, stage, rounds)) {
            /* still playing: ranked below the finished ones of the same round */
            from = 1;
            to = bracket >> last;
        }
        if (third) {
            from = to = third_won ? 3 : 4;
        }
        /* a bracket larger than the field: the places beyond it are nobody's */
        if (to > n)
            to = n;
        if (from > to)
            from = to;
        rows[i].st.place_from = from;
        rows[i].st.place_to = to;
        rows[i].st.out = out_round != 0;
        /* the ranking key: the earlier out, the lower */
        rows[i].key[0] = -(double)from;
    }
}

static int stage_standings(const ShEvent *e, int stage, Row **out, ShError *err)
{
    if (sh_event_table_size(&e->settings)) {
        ShStanding *st;
        int n = table_stage_standings(e, stage, &st, err);
        Row *rows = n >= 0 ? calloc((size_t)n + 1, sizeof(Row)) : NULL;
        for (int i = 0; rows && i < n; i++)
            rows[i].st = st[i];
        if (n >= 0)
            free(st);
        if (!rows)
            return n < 0 ? -1 : (error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory"), -1);
        *out = rows;
        return n;
    }
    Table t;
    if (!table_build(&t, e, stage, err))
        return -1;
    const ShEventSettings *s = &e->settings;
    Row *rows = calloc((size_t)t.n + 1, sizeof(Row));
    if (!rows) {
        table_free(&t);
        error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        return -1;
    }
    const StageState *ss = &e->stage[stage - 1];
    for (int i = 0; i < t.n; i++) {
        Row *r = &rows[i];
        r->pos = i;
        r->st.id = t.ids[i];
        r->st.group = ss->started && ss->groups ? ss->group[i] : 0;
        r->st.points = t.score[i];
        double change = 0;
        int rated = 0, pts = 0;
        double opp = 0;
        for (int k = 0; k < t.rounds; k++) {
            const Cell *c = CELL(&t, i, k);
            r->st.games += c->games;
            r->st.wins += c->wins;
            r->st.draws += c->draws;
            r->st.losses += c->losses;
            rated += c->rated_games;
            pts += c->rated_points;
            opp += c->rated_opp;
            change += c->rated_points / 10.0 - c->expected;
        }
        r->st.rating_change = s->k_factor * change;
        r->st.performance =
            rated ? floor(sh_rating_performance(pts, rated, floor(opp / rated + 0.5)) + 0.5) : 0;
    }
    if (event_knockout(e, stage)) {
        knockout_places(e, stage, rows, t.n);
        /* sort by place, then points */
        for (int i = 1; i < t.n; i++) {
            Row x = rows[i];
            int j = i;
            while (j > 0 && (rows[j - 1].key[0] < x.key[0] ||
                             (rows[j - 1].key[0] == x.key[0] &&
                              rows[j - 1].st.points < x.st.points))) {
                rows[j] = rows[j - 1];
                j--;
            }
            rows[j] = x;
        }
        for (int i = 0; i < t.n; i++)
            rows[i].st.rank = rows[i].st.place_from;
        table_free(&t);
        *out = rows;
        return t.n;
    }
    int keys = s->tiebreak_count;
    for (int k = 0; k < keys; k++) {
        ShTieBreak tb = s->tiebreaks[k];
        if (tb == SH_TB_DIRECT) {
            sort_rows(rows, t.n, k);
            direct_encounter(&t, rows, t.n, k);
            continue;
        }
        for (int i = 0; i < t.n; i++) {
            double v = tiebreak_value(&t, rows[i].pos, tb, NULL);
            rows[i].key[k] = v;
            rows[i].st.tiebreaks[k] = v;
        }
    }
    sort_rows(rows, t.n, keys);
    assign_ranks(rows, t.n, keys);
    table_free(&t);
    *out = rows;
    return t.n;
}

int sh_event_standings(const ShEvent *e, int stage, ShStanding **out, ShError *err)
{
    *out = NULL;
    int stages = e->settings.stage_count;
    if (stage < 0 || stage > stages)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "the event has stages 1 to %d", stages),
               -1;
    if (stage > 0 && !e->stage[stage - 1].started && stage > 1)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "stage %d has not begun", stage), -1;
    if (stage > 0) {
        if (!e->stage[stage - 1].started) {
            /* before round 1: the entry list */
            ShStanding *rows = calloc((size_t)e->nplayers + 1, sizeof(ShStanding));
            if (!rows)
                return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory"), -1;
            for (int i = 0; i < e->nplayers; i++) {
                rows[i].id = i + 1;
                rows[i].rank = 1;
            }
            *out = rows;
            return e->nplayers;
        }
        Row *rows;
        int n = stage_standings(e, stage, &rows, err);
        if (n < 0)
            return -1;
        ShStanding *res = calloc((size_t)n + 1, sizeof(ShStanding));
        if (!res) {
            free(rows);
            return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory"), -1;
        }
        for (int i = 0; i < n; i++)
            res[i] = rows[i].st;
        free(rows);
        *out = res;
        return n;
    }
    /* the whole event */
    int current = sh_event_current_stage(e);
    if (current == 0 || (stages == 1 && !e->settings.series_count))
        return sh_event_standings(e, 1, out, err);
    ShStanding *res = calloc((size_t)e->nplayers + 1, sizeof(ShStanding));
    bool *placed = calloc((size_t)e->nplayers + 2, sizeof(bool));
    int *series = calloc((size_t)e->nplayers + 2, sizeof(int));
    if (!res || !placed || !series) {
        free(res);
        free(placed);
        free(series);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory"), -1;
    }
    int k = 0;
    const ShEventSettings *s = &e->settings;
    for (int st = current; st >= 1; st--) {
        Row *rows;
        int n = stage_standings(e, st, &rows, err);
        if (n < 0) {
            free(res);
            free(placed);
            free(series);
            return -1;
        }
        if (s->series_count) {
            /* place points: equal ranks share the places' points */
            for (int i = 0; i < n;) {
                int j = i;
                while (j < n && rows[j].st.rank == rows[i].st.rank &&
                       rows[j].st.group == rows[i].st.group)
                    j++;
                int sum = 0;
                for (int place = i; place < j; place++) {
                    int p = rows[place].st.group ? rows[place].st.rank - 1 + (place - i) : place;
                    sum += p < s->series_count ? s->series[p] : 0;
                }
                for (int place = i; place < j; place++)
                    series[rows[place].st.id] += sum / (j - i);
                i = j;
            }
        }
        for (int i = 0; i < n; i++) {
            int id = rows[i].st.id;
            if (placed[id])
                continue;
            placed[id] = true;
            res[k] = rows[i].st;
            k++;
        }
        free(rows);
    }
    for (int id = 1; id <= e->nplayers; id++)
        if (!placed[id]) {
            res[k].id = id;
            res[k].out = true;
            k++;
        }
    if (s->series_count) {
        for (int i = 0; i < k; i++)
            res[i].points = series[res[i].id];
        /* by series points; the order above (later stages first) breaks ties */
        for (int i = 1; i < k; i++) {
            ShStanding x = res[i];
            int j = i;
            while (j > 0 && res[j - 1].points < x.points) {
                res[j] = res[j - 1];
                j--;
            }
            res[j] = x;
        }
    }
    for (int i = 0; i < k; i++) {
        res[i].group = 0;
        res[i].rank = i > 0 && s->series_count && res[i].points == res[i - 1].points
                          ? res[i - 1].rank
                          : i + 1;
    }
    free(placed);
    free(series);
    *out = res;
    return k;
}
