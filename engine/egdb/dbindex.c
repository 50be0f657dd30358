/* dbindex.c - the numbering of the endgame databases' positions (see dbindex.h). */
#include "dbindex.h"
#include "thread.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t dbindex_binom[33][33];
const uint32_t *dbindex_colex[DBINDEX_LISTED + 1];
uint32_t dbindex_bb_square[8][256];
uint64_t dbindex_square_bb[4][256];

static uint32_t *colex_lists[DBINDEX_LISTED + 1];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* The k-subsets of 0..31 in colex order: the next set after `set` (Gosper's hack). */
static uint32_t next_set(uint32_t set)
{
    uint32_t c = set & -set, r = set + c;
    return (((r ^ set) >> 2) / c) | r;
}

static void init_tables(void)
{
    for (int n = 0; n <= 32; n++)
        for (int k = 0; k <= 32; k++)
            dbindex_binom[n][k] = k == 0   ? 1
                                  : n == 0 ? 0
                                           : dbindex_binom[n - 1][k - 1] + dbindex_binom[n - 1][k];
    for (int byte = 0; byte < 8; byte++)
        for (int v = 0; v < 256; v++) {
            uint32_t m = 0;
            for (int b = 0; b < 8; b++)
                if (v >> b & 1) {
                    int s = bb_bit_square(8 * byte + b);
                    if (s >= 0)
                        m |= 1u << s;
                }
            dbindex_bb_square[byte][v] = m;
        }
    for (int byte = 0; byte < 4; byte++)
        for (int v = 0; v < 256; v++) {
            Bitboard b = 0;
            for (int i = 0; i < 8; i++)
                if (v >> i & 1)
                    b |= bb_bit(bb_square_bit(8 * byte + i));
            dbindex_square_bb[byte][v] = b;
        }
    /* Sets in colex order are Gosper's successors: the list of C(32, k) sets is a loop. */
    static const uint32_t empty = 0;
    dbindex_colex[0] = &empty;
    for (int k = 1; k <= DBINDEX_LISTED; k++) {
        uint64_t n = dbindex_binom[32][k];
        uint32_t *list = malloc(sizeof(uint32_t) * n);
        if (list) {
            uint32_t set = (1u << k) - 1;
            for (uint64_t i = 0; i < n; i++, set = i < n ? next_set(set) : set)
                list[i] = set;
        }
        colex_lists[k] = list;
        dbindex_colex[k] = list;
    }
}

void dbindex_init(void)
{
    pthread_once(&once, init_tables);
}

uint64_t dbindex_binomial(int n, int k)
{
    dbindex_init();
    return n < 0 || k < 0 || k > n || n > 32 ? 0 : dbindex_binom[n][k];
}

void dbindex_normalize(const ShPosition *pos, ShPosition *out)
{
    dbindex_init();
    DbMasks m;
    dbindex_masks(pos, &m);
    dbindex_position(&m, pos->variant, out);
}

void dbindex_key(const ShPosition *norm, DbKey *key)
{
    dbindex_init();
    DbMasks m;
    dbindex_masks(norm, &m);
    dbindex_masks_key(&m, key);
}

static inline uint64_t men_count(int men, int lead)
{
    if (men == 0)
        return 1;
    return dbindex_binom[4 * lead + 4][men] - dbindex_binom[4 * lead][men];
}

void dbindex_table(const DbKey *k, DbTable *t)
{
    dbindex_init();
    int free = 32 - k->sm - k->om;
    t->key = *k;
    t->n_om = men_count(k->om, k->lo);
    t->n_sk = dbindex_binom[free][k->sk];
    t->n_ok = dbindex_binom[free - k->sk][k->ok];
    t->base_sm = k->sm ? dbindex_binom[4 * k->ls][k->sm] : 0;
    t->base_om = k->om ? dbindex_binom[4 * k->lo][k->om] : 0;
    t->size = men_count(k->sm, k->ls) * t->n_om * t->n_sk * t->n_ok;
}

uint64_t dbindex_size(const DbKey *k)
{
    DbTable t;
    dbindex_table(k, &t);
    return t.size;
}

uint64_t dbindex_rank(const DbKey *k, const ShPosition *norm)
{
    DbTable t;
    dbindex_table(k, &t);
    DbMasks m;
    dbindex_masks(norm, &m);
    return dbindex_rank_masks(&t, &m);
}

uint32_t dbindex_colex_search(uint64_t r, int k)
{
    uint32_t set = 0;
    for (int i = k, n = 32; i >= 1; i--) {
        int lo = i - 1, hi = n - 1; /* the largest p < n with C(p, i) <= r */
        while (lo < hi) {
            int mid = (lo + hi + 1) / 2;
            if (dbindex_binom[mid][i] <= r)
                lo = mid;
            else
                hi = mid - 1;
        }
        set |= 1u << lo;
        r -= dbindex_binom[lo][i];
        n = lo;
    }
    return set;
}

static inline uint32_t colex_unrank(uint64_t r, int k)
{
    return dbindex_colex_set(r, k);
}

/* Kings given as places among the squares not in `taken`, put on their squares: the square of
 * place p is the least s with s = p + |taken & [0, s]|, reached by iterating from s = p (at
 * most one step a taken square). */
static inline uint32_t kings_squares(uint32_t places, uint32_t taken)
{
    uint32_t out = 0;
    for (; places; places &= places - 1) {
        int p = __builtin_ctz(places), s = p;
        for (;;) {
            int next = p + __builtin_popcountll(taken & ((UINT64_C(2) << s) - 1));
            if (next == s)
                break;
            s = next;
        }
        out |= 1u << s;
    }
    return out;
}

bool dbindex_unrank_masks(const DbTable *t, uint64_t index, DbMasks *m)
{
    const DbKey *k = &t->key;
    uint64_t iok = index % t->n_ok;
    index /= t->n_ok;
    uint64_t isk = index % t->n_sk;
    index /= t->n_sk;
    uint64_t iom = index % t->n_om, ism = index / t->n_om;
    m->sm = k->sm ? dbindex_white_places(colex_unrank(ism + t->base_sm, k->sm)) : 0;
    m->om = k->om ? dbindex_black_places(colex_unrank(iom + t->base_om, k->om)) : 0;
    if (m->sm & m->om)
        return false;
    uint32_t men = m->sm | m->om;
    m->sk = k->sk ? kings_squares(colex_unrank(isk, k->sk), men) : 0;
    m->ok = k->ok ? kings_squares(colex_unrank(iok, k->ok), men | m->sk) : 0;
    return true;
}

bool dbindex_unrank(const DbKey *k, uint64_t index, int variant, ShPosition *out)
{
    DbTable t;
    dbindex_table(k, &t);
    DbMasks m;
    if (!dbindex_unrank_masks(&t, index, &m))
        return false;
    dbindex_position(&m, variant, out);
    return true;
}

DbKey dbindex_mirror(const DbKey *k)
{
    DbKey m = {k->om, k->ok, k->sm, k->sk, k->lo, k->ls};
    return m;
}

bool dbindex_equal(const DbKey *a, const DbKey *b)
{
    return a->sm == b->sm && a->sk == b->sk && a->om == b->om && a->ok == b->ok &&
           a->ls == b->ls && a->lo == b->lo;
}

void dbindex_name(const DbKey *k, char out[32])
{
    snprintf(out, 32, "%dM%dK-%dM%dK.%d-%d", k->sm, k->sk, k->om, k->ok, k->ls, k->lo);
}

bool dbindex_parse(const char *name, DbKey *key)
{
    dbindex_init();
    int v[6], n = 0;
    if (sscanf(name, "%1dM%1dK-%1dM%1dK.%1d-%1d%n", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5],
               &n) != 6 || name[n] != '\0')
        return false;
    for (int i = 0; i < 6; i++)
        if (v[i] < 0 || v[i] > (i < 4 ? DB_MAX_PIECES : DB_RANKS - 1))
            return false;
    if ((v[0] == 0 && v[4] != 0) || (v[2] == 0 && v[5] != 0) || v[0] + v[1] == 0 ||
        v[2] + v[3] == 0 || v[0] + v[1] + v[2] + v[3] > DB_MAX_PIECES)
        return false;
    DbKey k = {(uint8_t)v[0], (uint8_t)v[1], (uint8_t)v[2], (uint8_t)v[3], (uint8_t)v[4],
               (uint8_t)v[5]};
    /* A side's men must fit below its leading rank. */
    if ((k.sm && men_count(k.sm, k.ls) == 0) || (k.om && men_count(k.om, k.lo) == 0))
        return false;
    *key = k;
    return true;
}

int dbindex_id(const DbKey *k)
{
    return ((((k->sm * 9 + k->sk) * 9 + k->om) * 9 + k->ok) * DB_RANKS + k->ls) * DB_RANKS + k->lo;
}
