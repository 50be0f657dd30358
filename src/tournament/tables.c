/* tables.c - the schedules of events whose games seat three or four players at one table
 * (Novgorod, Neva).
 *
 * Round robin. No table like Berger's is published for tables of three or four, and for most
 * fields none can cover every pair exactly once (a resolvable design exists only for some n),
 * so the schedule is searched for: for R = the least rounds whose meetings could cover every
 * pair, then R + 1 ..., a local search (simulated annealing on swaps of two players within a
 * round, Metropolis acceptance) minimises the sum over pairs of their meetings squared (with the total fixed, that is
 * evenness) plus the same for the players' free rounds; the first R whose best schedule has
 * every pair within floor/ceil of the meetings per pair (so at least once; where none is found
 * up to twice the fewest R, at least three of them, one more or one fewer meeting is allowed,
 * never none) is the cycle. R is taken among the multiples of
 * n / gcd(n, n % size), so that every player has as many free rounds (a free round scores
 * nothing, as a round robin's bye). The search's generator is seeded
 * by n, size and R: the schedule is a function of the field alone, found again identically
 * when each round is paired. Seats are dealt afterwards, round by round over every cycle:
 * seat 0 first to the member who has sat there least, then seat 1 ... (ties to the lower
 * number), so each player sits in each seat as evenly as the greedy allows.
 *
 * Swiss. The byes go to those with the fewest, the lowest ranked first, unless another choice
 * among those with as many lets the round be played without a rematch. The ranked players
 * (best first) minus the byes are cut into tables by a depth-first
 * search in rank order: the best player not yet seated takes the best ranked players who have
 * met neither him nor each other, the next table likewise, backtracking when a table cannot be
 * filled. The first complete round found keeps equal points together as far as "no rematch"
 * allows. The search is bounded (a node budget); when it finds nothing, a greedy round in rank
 * order is improved by swaps between tables until no swap lowers the repeated meetings. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "shashki_tournament.h"

static ShStatus no_memory(ShError *err)
{
    return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
}

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* ---- round robin ---- */

typedef struct Search {
    int n, size, tables, rounds;
    int slack;    /* meetings allowed beyond floor/ceil (0, then 1 if none is found) */
    int *order;   /* rounds * n: players 0..n-1, tables then byes */
    int *met;     /* n * n */
    int *byes;    /* n */
} Search;

/* The change of sum(met^2) when player a leaves (sign -1) or joins (+1) table t of a round's
 * row, its members but a and skip: (m-1)^2 - m^2 or (m+1)^2 - m^2 for each. */
static long meet_cost(const Search *s, const int *row, int t, int a, int skip, int sign)
{
    long d = 0;
    for (int k = t * s->size; k < (t + 1) * s->size; k++) {
        int b = row[k];
        if (b == a || b == skip)
            continue;
        d += 1 + sign * 2 * s->met[a * s->n + b];
    }
    return d;
}

static void move_meetings(Search *s, const int *row, int t, int a, int skip, int delta)
{
    for (int k = t * s->size; k < (t + 1) * s->size; k++) {
        int b = row[k];
        if (b == a || b == skip)
            continue;
        s->met[a * s->n + b] += delta;
        s->met[b * s->n + a] += delta;
    }
}

#define BYE_WEIGHT 4

/* The cost of `out` leaving place t of a round's row (a table, or -1 the byes) for `in`. */
static long place_cost(const Search *s, const int *row, int t, int out, int in)
{
    if (t >= 0)
        return meet_cost(s, row, t, out, -1, -1) + meet_cost(s, row, t, in, out, +1);
    return BYE_WEIGHT * ((2 * s->byes[in] + 1) - (2 * s->byes[out] - 1));
}

/* `out` leaves place t of the row for `in`: the meetings or the byes counted again. */
static void place(Search *s, const int *row, int t, int out, int in)
{
    if (t >= 0) {
        move_meetings(s, row, t, out, -1, -1);
        move_meetings(s, row, t, in, out, +1);
    } else {
        s->byes[out]--;
        s->byes[in]++;
    }
}

/* Swap positions i and j of round r if it does not cost more than `allow`; returns whether
 * the swap was made. */
static bool try_swap(Search *s, int r, int i, int j, long allow)
{
    int *row = &s->order[r * s->n];
    int seated = s->tables * s->size;
    int ti = i < seated ? i / s->size : -1, tj = j < seated ? j / s->size : -1;
    if (ti == tj)
        return false;
    int a = row[i], b = row[j];
    if (place_cost(s, row, ti, a, b) + place_cost(s, row, tj, b, a) > allow)
        return false;
    place(s, row, ti, a, b);
    place(s, row, tj, b, a);
    row[i] = b;
    row[j] = a;
    return true;
}

static void count_all(Search *s)
{
    memset(s->met, 0, sizeof(int) * (size_t)(s->n * s->n));
    memset(s->byes, 0, sizeof(int) * (size_t)s->n);
    for (int r = 0; r < s->rounds; r++) {
        const int *row = &s->order[r * s->n];
        for (int t = 0; t < s->tables; t++)
            for (int x = t * s->size; x < (t + 1) * s->size; x++)
                for (int y = x + 1; y < (t + 1) * s->size; y++) {
                    s->met[row[x] * s->n + row[y]]++;
                    s->met[row[y] * s->n + row[x]]++;
                }
        for (int x = s->tables * s->size; x < s->n; x++)
            s->byes[row[x]]++;
    }
}

/* Whether the schedule is as even as the rounds allow. */
static bool even_enough(const Search *s)
{
    long pairs = (long)s->n * (s->n - 1) / 2;
    long meetings = (long)s->rounds * s->tables * s->size * (s->size - 1) / 2;
    long lo = meetings / pairs - s->slack, hi = (meetings + pairs - 1) / pairs + s->slack;
    if (lo < 1)
        lo = 1;
    if (meetings < pairs)
        return false;
    for (int a = 0; a < s->n; a++)
        for (int b = a + 1; b < s->n; b++)
            if (s->met[a * s->n + b] < lo || s->met[a * s->n + b] > hi)
                return false;
    long byes = (long)s->rounds * (s->n - s->tables * s->size);
    long blo = byes / s->n, bhi = (byes + s->n - 1) / s->n;
    for (int a = 0; a < s->n; a++)
        if (s->byes[a] < blo || s->byes[a] > bhi)
            return false;
    return true;
}

/* Anneal the rounds of s; true when an even enough schedule was reached. */
static bool anneal(Search *s, uint64_t seed)
{
    for (int r = 0; r < s->rounds; r++) {
        int *row = &s->order[r * s->n];
        for (int i = 0; i < s->n; i++)
            row[i] = i;
        for (int i = s->n - 1; i > 0; i--) { /* a shuffled start */
            int j = (int)(rng_next(&seed) % (uint64_t)(i + 1)), t = row[i];
            row[i] = row[j];
            row[j] = t;
        }
    }
    count_all(s);
    long steps = 4000L * s->rounds * s->n;
    for (long step = 0; step < steps; step++) {
        if ((step & 1023) == 0 && even_enough(s))
            return true;
        int r = (int)(rng_next(&seed) % (uint64_t)s->rounds);
        int i = (int)(rng_next(&seed) % (uint64_t)s->n), j = (int)(rng_next(&seed) % (uint64_t)s->n);
        /* Metropolis: a swap costing d is taken with probability exp(-d / T), T cooling
         * from 2 to 0.1 (allow: the d that passes with the drawn u) */
        double temp = 2.0 * pow(0.05, (double)step / (double)steps);
        double u = ((double)(rng_next(&seed) >> 11) + 0.5) / 9007199254740992.0;
        try_swap(s, r, i, j, (long)floor(-temp * log(u)));
    }
    return even_enough(s);
}

/* Deal the seats of every table: seat k to the member who has sat there least. */
static void deal_seats(int *seats, int rounds, int n, int size, int tables, int *count)
{
    memset(count, 0, sizeof(int) * (size_t)(n * size));
    for (int r = 0; r < rounds; r++)
        for (int t = 0; t < tables; t++) {
            int *tab = &seats[r * n + t * size];
            for (int k = 0; k < size; k++) {
                int best = k;
                for (int x = k + 1; x < size; x++) {
                    int cx = count[(tab[x] - 1) * size + k], cb = count[(tab[best] - 1) * size + k];
                    if (cx < cb || (cx == cb && tab[x] < tab[best]))
                        best = x;
                }
                int tmp = tab[k];
                tab[k] = tab[best];
                tab[best] = tmp;
                count[(tab[k] - 1) * size + k]++;
            }
        }
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Order tables of `size` consecutive entries by their first entry. */
static void sort_tables(int *row, int tables, int size)
{
    for (int t = 1; t < tables; t++)
        for (int u = t; u > 0 && row[(u - 1) * size] > row[u * size]; u--)
            for (int k = 0; k < size; k++) {
                int tmp = row[(u - 1) * size + k];
                row[(u - 1) * size + k] = row[u * size + k];
                row[u * size + k] = tmp;
            }
}

ShStatus sh_table_schedule(int n, int size, int cycles, ShTableSchedule *out, ShError *err)
{
    memset(out, 0, sizeof *out);
    if (size < 3 || size > SH_MAX_PLAYERS)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "a table seats 3 or 4 players (not %d)",
                         size);
    if (n < size || n > SH_TABLE_MAX_PLAYERS)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "a round robin of tables of %d needs %d to %d players (it has %d)", size,
                         size, SH_TABLE_MAX_PLAYERS, n);
    if (cycles < 1 || cycles > 8)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "1 to 8 cycles");
    Search s = {n, size, n / size, 0, 0, NULL, NULL, NULL};
    long pairs = (long)n * (n - 1) / 2, per = (long)s.tables * size * (size - 1) / 2;
    int first = (int)((pairs + per - 1) / per);
    /* every player the same number of free rounds: the rounds a multiple of n / gcd(n, b) */
    int b = n - s.tables * size, q = n, x = n, y = b;
    while (y) {
        int t = x % y;
        x = y;
        y = t;
    }
    if (b)
        q = n / x;
    else
        q = 1;
    first = (first + q - 1) / q * q;
    int limit = first + 2 * q > 2 * first ? first + 2 * q : 2 * first;
    s.met = malloc(sizeof(int) * (size_t)(n * n));
    s.byes = malloc(sizeof(int) * (size_t)n);
    s.order = malloc(sizeof(int) * (size_t)(limit * n));
    if (!s.met || !s.byes || !s.order) {
        free(s.met);
        free(s.byes);
        free(s.order);
        return no_memory(err);
    }
    bool found = false;
    for (s.slack = 0; s.slack <= 1 && !found; s.slack++)
        for (s.rounds = first; s.rounds <= limit + 4 * q * s.slack && !found; s.rounds += q)
            for (int attempt = 0; attempt < 3 && !found; attempt++)
                found = anneal(&s, ((uint64_t)n << 40) ^ ((uint64_t)size << 32) ^
                                       ((uint64_t)s.rounds << 8) ^ (uint64_t)attempt);
    s.rounds -= q;
    free(s.met);
    free(s.byes);
    if (!found) {
        free(s.order);
        return error_set(err, SH_ERR_NO_PAIRING, 0, 0,
                         "no even schedule of tables of %d was found for %d players", size, n);
    }
    int total = s.rounds * cycles;
    int *seats = malloc(sizeof(int) * (size_t)(total * n));
    int *count = malloc(sizeof(int) * (size_t)(n * size));
    if (!seats || !count) {
        free(seats);
        free(count);
        free(s.order);
        return no_memory(err);
    }
    for (int r = 0; r < total; r++) {
        int *row = &seats[r * n];
        for (int i = 0; i < n; i++)
            row[i] = s.order[(r % s.rounds) * n + i] + 1;
        /* each table's members by number, the tables by their first member, the byes too */
        for (int t = 0; t < s.tables; t++)
            qsort(&row[t * size], (size_t)size, sizeof(int), cmp_int);
        sort_tables(row, s.tables, size);
        qsort(&row[s.tables * size], (size_t)(n - s.tables * size), sizeof(int), cmp_int);
    }
    free(s.order);
    deal_seats(seats, total, n, size, s.tables, count);
    free(count);
    out->players = n;
    out->size = size;
    out->rounds = total;
    out->seats = seats;
    return SH_OK;
}

void sh_table_schedule_free(ShTableSchedule *schedule)
{
    free(schedule->seats);
    schedule->seats = NULL;
}

/* ---- Swiss ---- */

int sh_table_swiss_rounds(int n, int size)
{
    int r = 0;
    long reach = 1;
    while (reach < n) {
        reach *= size < 2 ? 2 : size;
        r++;
    }
    return r + 1;
}

typedef struct Seat {
    int n, size, m;        /* m: the players to seat (the byes taken out) */
    const int *player;     /* m: indices into 0..n-1, in rank order */
    const int *met;
    bool *used;            /* by position in player */
    int *out;
    long budget;
} Seat;

static bool fits(const Seat *s, const int *table, int k, int cand)
{
    for (int x = 0; x < k; x++)
        if (s->met[s->player[table[x]] * s->n + s->player[cand]])
            return false;
    return true;
}

/* Fill table t (positions `at` ...) from seat k on: false when no rematch-free round follows. */
static bool fill(Seat *s, int at, int k, int from)
{
    if (--s->budget < 0)
        return false;
    if (at == s->m)
        return true;
    int *table = &s->out[at - k];
    if (k == 0) {
        int first = 0;
        while (s->used[first])
            first++;
        s->used[first] = true;
        table[0] = first;
        bool ok = fill(s, at + 1, 1, first + 1);
        s->used[first] = false;
        return ok;
    }
    for (int c = from; c < s->m; c++) {
        if (s->used[c] || !fits(s, table, k, c))
            continue;
        s->used[c] = true;
        table[k] = c;
        bool ok = k + 1 == s->size ? fill(s, at + 1, 0, 0) : fill(s, at + 1, k + 1, c + 1);
        s->used[c] = false;
        if (ok)
            return true;
        if (s->budget < 0)
            return false;
    }
    return false;
}

static int table_repeats(const Seat *s, const int *pos, int t)
{
    int r = 0;
    for (int x = t * s->size; x < (t + 1) * s->size; x++)
        for (int y = x + 1; y < (t + 1) * s->size; y++)
            r += s->met[s->player[pos[x]] * s->n + s->player[pos[y]]];
    return r;
}

/* The k-th combination (in the order of `group`, lowest ranked first) of `take` of the
 * group's g members: sets bye[] for them; false when there are no more. */
static bool next_combination(int *idx, int take, int g)
{
    int i = take - 1;
    while (i >= 0 && idx[i] == g - take + i)
        i--;
    if (i < 0)
        return false;
    idx[i]++;
    for (int j = i + 1; j < take; j++)
        idx[j] = idx[j - 1] + 1;
    return true;
}

/* The byes of the combination idx of group (added to those already set), and the players
 * left to seat, in rank order. */
static void choose_byes(bool *bye, const int *group, const int *idx, int take, int n,
                        int *player)
{
    for (int k = 0; k < take; k++)
        bye[group[idx[k]]] = true;
    int j = 0;
    for (int i = 0; i < n; i++)
        if (!bye[i])
            player[j++] = i;
}

ShStatus sh_table_swiss(int n, int size, const int *met, const int *byes, int *out,
                        int *repeats, ShError *err)
{
    if (size < 3 || size > SH_MAX_PLAYERS || n < size)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "a round of tables of %d needs %d players or more (it has %d)", size,
                         size, n);
    int nbyes = n % size, m = n - nbyes;
    bool *bye = calloc((size_t)n, sizeof(bool));
    int *player = malloc(sizeof(int) * (size_t)n);
    int *pos = malloc(sizeof(int) * (size_t)n);
    bool *used = calloc((size_t)n, sizeof(bool));
    int *group = malloc(sizeof(int) * (size_t)n);
    if (!bye || !player || !pos || !used || !group) {
        free(bye);
        free(player);
        free(pos);
        free(used);
        free(group);
        return no_memory(err);
    }
    /* The byes go to those with the fewest (all of those with fewer than the nbyes-th fewest,
     * then some of those with as many): among the latter, the lowest ranked first, unless
     * another choice of them lets the round be played without a rematch. */
    int c = 0, below = 0, g = 0;
    if (nbyes) {
        int *sorted = malloc(sizeof(int) * (size_t)n);
        if (sorted) {
            memcpy(sorted, byes, sizeof(int) * (size_t)n);
            qsort(sorted, (size_t)n, sizeof(int), cmp_int);
            c = sorted[nbyes - 1];
            free(sorted);
        }
        for (int i = n - 1; i >= 0; i--) {
            if (byes[i] < c) {
                bye[i] = true;
                below++;
            } else if (byes[i] == c) {
                group[g++] = i; /* lowest ranked first */
            }
        }
    }
    int take = nbyes - below, idx[SH_MAX_PLAYERS] = {0, 1, 2, 3};
    Seat s = {n, size, m, player, met, used, pos, 2000000};
    bool found = false;
    do {
        choose_byes(bye, group, idx, take, n, player);
        found = fill(&s, 0, 0, 0);
        if (!found)
            for (int k = 0; k < take; k++)
                bye[group[idx[k]]] = false;
    } while (!found && s.budget > 0 && take > 0 && next_combination(idx, take, g));
    int rep = 0;
    if (!found) {
        /* no rematch-free round found: the first choice of byes, the rank order, then swaps
         * while they lower the repeats */
        for (int k = 0; k < take; k++)
            idx[k] = k;
        choose_byes(bye, group, idx, take, n, player);
        for (int i = 0; i < m; i++)
            pos[i] = i;
        int tables = m / size;
        bool better = true;
        while (better) {
            better = false;
            for (int x = 0; x < m; x++)
                for (int y = x + 1; y < m; y++) {
                    int tx = x / size, ty = y / size;
                    if (tx == ty)
                        continue;
                    int before = table_repeats(&s, pos, tx) + table_repeats(&s, pos, ty);
                    int t = pos[x];
                    pos[x] = pos[y];
                    pos[y] = t;
                    if (table_repeats(&s, pos, tx) + table_repeats(&s, pos, ty) < before) {
                        better = true;
                    } else {
                        pos[y] = pos[x];
                        pos[x] = t;
                    }
                }
        }
        for (int t = 0; t < tables; t++) {
            qsort(&pos[t * size], (size_t)size, sizeof(int), cmp_int);
            rep += table_repeats(&s, pos, t);
        }
        sort_tables(pos, tables, size);
    }
    for (int i = 0; i < m; i++)
        out[i] = player[pos[i]];
    int j = m;
    for (int i = 0; i < n; i++)
        if (bye[i])
            out[j++] = i;
    if (repeats)
        *repeats = rep;
    free(group);
    free(bye);
    free(player);
    free(pos);
    free(used);
    return SH_OK;
}
