/* table_standings.c - the standings of a stage played at tables of three or four.
 *
 * Points are the places' points of each table (table_event.c), plus the byes'. A table is
 * read as the games between each two of its players (won by the larger share of the point,
 * drawn on equal shares), so the tie-breaks of two-player events carry over with one
 * opponent per table mate (docs/tournaments.md "Tables"):
 *   bh      the table mates' points, a round without a table counting its own points for
 *           each seat (as FIDE's virtual opponent); bh-c1 less the lowest round, bh-m1 less
 *           the highest and the lowest; solkoff the mates' points only
 *   sb      each mate's points times the share of the game between the two won
 *   win     tables won outright (the largest share alone)
 *   de      points scored against the players with the same points
 *   ps      the sum of the running scores; aro, tpr the mates' average rating and the
 *           performance of those games; ks the points against mates with half the most */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "event.h"
#include "table_event.h"

typedef struct Meet {
    int round;      /* 0-based within the stage */
    int mate;       /* stage position */
    int points;     /* tenths scored in the game between the two */
} Meet;

typedef struct Player {
    int id, points, tables, won, shared, lost;
    int *round_points; /* per round, tenths */
    bool *round_table; /* per round: at a table */
    int nmeets, cap;
    Meet *meets;
} Player;

typedef struct Sorted {
    ShStanding st;
    double key[SH_EVENT_MAX_TIEBREAKS];
} Sorted;

static int compare(const Sorted *a, const Sorted *b, int keys)
{
    if (a->st.points != b->st.points)
        return a->st.points > b->st.points ? -1 : 1;
    for (int k = 0; k < keys; k++)
        if (fabs(a->key[k] - b->key[k]) > 1e-9)
            return a->key[k] > b->key[k] ? -1 : 1;
    return 0;
}

static bool add_meet(Player *p, int round, int mate, int points)
{
    if (p->nmeets == p->cap) {
        int cap = p->cap ? 2 * p->cap : 16;
        Meet *m = realloc(p->meets, sizeof(Meet) * (size_t)cap);
        if (!m)
            return false;
        p->meets = m;
        p->cap = cap;
    }
    p->meets[p->nmeets++] = (Meet){round, mate, points};
    return true;
}

/* Round values for the Buchholz: the mates' points, or the own points per seat. */
static double buchholz(const Player *pl, int i, int rounds, int size, int cut_low, int cut_high,
                       bool virtual_rounds)
{
    double *v = calloc((size_t)rounds + 1, sizeof(double));
    if (!v)
        return 0;
    const Player *p = &pl[i];
    for (int m = 0; m < p->nmeets; m++)
        v[p->meets[m].round] += pl[p->meets[m].mate].points / 10.0;
    for (int r = 0; r < rounds; r++)
        if (!p->round_table[r] && virtual_rounds)
            v[r] = (size - 1) * p->points / 10.0;
    /* cut the lowest (and highest) rounds */
    for (int c = 0; c < cut_low + cut_high; c++) {
        int at = -1;
        for (int r = 0; r < rounds; r++)
            if (!isnan(v[r]) && (at < 0 || (c < cut_low ? v[r] < v[at] : v[r] > v[at])))
                at = r;
        if (at >= 0)
            v[at] = NAN;
    }
    double sum = 0;
    for (int r = 0; r < rounds; r++)
        if (!isnan(v[r]))
            sum += v[r];
    free(v);
    return sum;
}

static double value(const ShEvent *e, const Player *pl, int n, int i, ShTieBreak tb, int rounds,
                    double *perf)
{
    const ShEventSettings *s = &e->settings;
    int size = sh_event_table_size(s);
    const Player *p = &pl[i];
    double sum = 0;
    switch (tb) {
    case SH_TB_BUCHHOLZ: return buchholz(pl, i, rounds, size, 0, 0, true);
    case SH_TB_BUCHHOLZ_CUT1: return buchholz(pl, i, rounds, size, 1, 0, true);
    case SH_TB_BUCHHOLZ_MEDIAN: return buchholz(pl, i, rounds, size, 1, 1, true);
    case SH_TB_SOLKOFF: return buchholz(pl, i, rounds, size, 0, 0, false);
    case SH_TB_SONNEBORN_BERGER:
        for (int m = 0; m < p->nmeets; m++)
            sum += pl[p->meets[m].mate].points / 10.0 * p->meets[m].points / (double)s->win;
        return sum;
    case SH_TB_WINS: return p->won;
    case SH_TB_DIRECT:
        for (int m = 0; m < p->nmeets; m++)
            if (pl[p->meets[m].mate].points == p->points)
                sum += p->meets[m].points / 10.0;
        return sum;
    case SH_TB_PROGRESSIVE: {
        int running = 0;
        for (int r = 0; r < rounds; r++) {
            running += p->round_points[r];
            sum += running / 10.0;
        }
        return sum;
    }
    case SH_TB_ARO:
    case SH_TB_PERFORMANCE: {
        int games = 0, pts = 0;
        double opp = 0;
        for (int m = 0; m < p->nmeets; m++) {
            const ShEventPlayer *o = sh_event_player(e, pl[p->meets[m].mate].id);
            if (!o || !o->rating)
                continue;
            games++;
            opp += o->rating;
            pts += p->meets[m].points * 10 / s->win; /* as 1 / 0.5 / 0 in tenths */
        }
        return event_aro_tpr(tb, games, pts, opp, perf);
    }
    case SH_TB_KOYA: {
        double half = rounds * (size - 1) * s->win / 2.0;
        for (int m = 0; m < p->nmeets; m++)
            if (pl[p->meets[m].mate].points + 1e-9 >= half)
                sum += p->meets[m].points / 10.0;
        return sum;
    }
    default:
        (void)n;
        return 0;
    }
}

int table_stage_standings(const ShEvent *e, int stage, ShStanding **out, ShError *err)
{
    *out = NULL;
    const StageState *ss = &e->stage[stage - 1];
    const ShEventSettings *s = &e->settings;
    int n = ss->count, rounds = sh_event_rounds_paired(e, stage);
    Player *pl = calloc((size_t)n + 1, sizeof(Player));
    int *pos_of = malloc(sizeof(int) * ((size_t)e->nplayers + 1));
    Sorted *rows = calloc((size_t)n + 1, sizeof(Sorted));
    bool ok = pl && pos_of && rows;
    for (int i = 0; i < n && ok; i++) {
        pl[i].id = ss->ids[i];
        pl[i].round_points = calloc((size_t)rounds + 1, sizeof(int));
        pl[i].round_table = calloc((size_t)rounds + 1, sizeof(bool));
        ok = pl[i].round_points && pl[i].round_table;
    }
    if (ok) {
        for (int id = 0; id <= e->nplayers; id++)
            pos_of[id] = -1;
        for (int i = 0; i < n; i++)
            pos_of[ss->ids[i]] = i;
        const ShEventPairing *all;
        int np = sh_event_all_pairings(e, &all);
        for (int k = 0; k < np && ok; k++) {
            const ShEventPairing *p = &all[k];
            if (p->stage != stage)
                continue;
            int r = p->round - 1, pts[SH_MAX_PLAYERS];
            sh_event_table_points(e, p, pts);
            if (p->type != SH_PAIRING_GAME) {
                int a = pos_of[p->white];
                if (a >= 0)
                    pl[a].round_points[r] += pts[0];
                continue;
            }
            if (p->games[0].result != SH_GAME_TABLE)
                continue;
            int top = 0, at_top = 0;
            for (int x = 0; x < p->seats; x++)
                top = p->games[0].share[x] > top ? p->games[0].share[x] : top;
            for (int x = 0; x < p->seats; x++)
                at_top += p->games[0].share[x] == top;
            for (int x = 0; x < p->seats && ok; x++) {
                int a = pos_of[p->seat[x]];
                if (a < 0)
                    continue;
                Player *me = &pl[a];
                me->round_points[r] += pts[x];
                me->round_table[r] = true;
                me->tables++;
                if (p->games[0].share[x] == top)
                    at_top == 1 ? me->won++ : me->shared++;
                else
                    me->lost++;
                for (int y = 0; y < p->seats && ok; y++) {
                    int b = pos_of[p->seat[y]];
                    if (y == x || b < 0)
                        continue;
                    const uint8_t *sh = p->games[0].share;
                    int v = sh[x] > sh[y] ? s->win : sh[x] == sh[y] ? s->draw : s->loss;
                    ok = add_meet(me, r, b, v);
                }
            }
        }
    }
    if (ok) {
        for (int i = 0; i < n; i++)
            for (int r = 0; r < rounds; r++)
                pl[i].points += pl[i].round_points[r];
        for (int i = 0; i < n; i++) {
            ShStanding *st = &rows[i].st;
            st->id = pl[i].id;
            st->points = pl[i].points;
            st->games = pl[i].tables;
            st->wins = pl[i].won;
            st->draws = pl[i].shared;
            st->losses = pl[i].lost;
            for (int k = 0; k < s->tiebreak_count; k++) {
                double perf = 0;
                rows[i].key[k] = value(e, pl, n, i, s->tiebreaks[k], rounds, &perf);
                st->tiebreaks[k] = rows[i].key[k];
            }
            double perf = 0;
            value(e, pl, n, i, SH_TB_PERFORMANCE, rounds, &perf);
            st->performance = perf;
            const ShEventPlayer *me = sh_event_player(e, pl[i].id);
            for (int m = 0; m < pl[i].nmeets && me && me->rating; m++) {
                const ShEventPlayer *o = sh_event_player(e, pl[pl[i].meets[m].mate].id);
                if (o && o->rating)
                    st->rating_change += s->k_factor * (pl[i].meets[m].points / (double)s->win -
                                                        sh_rating_expected(me->rating, o->rating));
            }
        }
        int keys = s->tiebreak_count;
        for (int i = 1; i < n; i++) { /* stable: equal rows keep the stage order */
            Sorted x = rows[i];
            int j = i;
            for (; j > 0 && compare(&rows[j - 1], &x, keys) > 0; j--)
                rows[j] = rows[j - 1];
            rows[j] = x;
        }
        for (int i = 0; i < n; i++)
            rows[i].st.rank =
                i > 0 && compare(&rows[i - 1], &rows[i], keys) == 0 ? rows[i - 1].st.rank : i + 1;
    }
    ShStanding *res = ok ? calloc((size_t)n + 1, sizeof(ShStanding)) : NULL;
    for (int i = 0; res && i < n; i++)
        res[i] = rows[i].st;
    for (int i = 0; pl && i < n; i++) {
        free(pl[i].round_points);
        free(pl[i].round_table);
        free(pl[i].meets);
    }
    free(pl);
    free(pos_of);
    free(rows);
    if (!res)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory"), -1;
    *out = res;
    return n;
}
