/* dbindex.c - the numbering of the endgame databases' positions (see dbindex.h). */
#include "dbindex.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

static uint64_t binom[33][33];
static int8_t wpos[32];      /* square -> place of a White man in advancement order, -1 none */
static int8_t bpos[32];      /* the same for a Black man */
static int8_t wsq[28], bsq[28]; /* place -> square */
static uint8_t flipbit[64];  /* internal bit -> the bit of the square turned 180 degrees */
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void init_tables(void)
{
    for (int n = 0; n <= 32; n++)
        for (int k = 0; k <= 32; k++)
            binom[n][k] = k == 0 ? 1 : n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k];
    int place = 0;
    for (int rank = 0; rank < 7; rank++)
        for (int s = 0; s < 32; s++)
            if (sh_square_rank(s) == rank) {
                wsq[place] = (int8_t)s;
                wpos[s] = (int8_t)place++;
            }
    for (int s = 0; s < 32; s++)
        if (sh_square_rank(s) == 7)
            wpos[s] = -1;
    for (int s = 0; s < 32; s++)
        bpos[s] = wpos[31 - s];
    for (int p = 0; p < 28; p++)
        bsq[p] = (int8_t)(31 - wsq[p]);
    memset(flipbit, 0, sizeof flipbit);
    for (int s = 0; s < 32; s++)
        flipbit[bb_square_bit(s)] = (uint8_t)bb_square_bit(31 - s);
}

void dbindex_init(void)
{
    pthread_once(&once, init_tables);
}

uint64_t dbindex_binomial(int n, int k)
{
    dbindex_init();
    return n < 0 || k < 0 || k > n ? 0 : binom[n][k];
}

static inline Bitboard flip(Bitboard b)
{
    Bitboard out = 0;
    for (; b; b &= b - 1)
        out |= bb_bit(flipbit[bb_first(b)]);
    return out;
}

void dbindex_normalize(const ShPosition *pos, ShPosition *out)
{
    dbindex_init();
    if (pos->side == SH_WHITE) {
        *out = *pos;
        return;
    }
    Bitboard w = pos->pieces[SH_WHITE], b = pos->pieces[SH_BLACK], k = pos->kings;
    out->pieces[SH_WHITE] = flip(b);
    out->pieces[SH_BLACK] = flip(w);
    out->kings = flip(k);
    out->key = 0;
    out->side = SH_WHITE;
    out->variant = pos->variant;
    memset(out->reserved, 0, sizeof out->reserved);
}

/* Public-square mask (bit s = square s) of an internal bitboard. */
static inline uint32_t square_mask(Bitboard b)
{
    uint32_t m = 0;
    for (; b; b &= b - 1)
        m |= 1u << bb_bit_square(bb_first(b));
    return m;
}

/* The men's squares as places in advancement order (bit p = place p). */
static inline uint32_t places(uint32_t squares, const int8_t *order)
{
    uint32_t m = 0;
    for (; squares; squares &= squares - 1)
        m |= 1u << order[__builtin_ctz(squares)];
    return m;
}

void dbindex_key(const ShPosition *norm, DbKey *key)
{
    dbindex_init();
    Bitboard wm = norm->pieces[SH_WHITE] & ~norm->kings, bm = norm->pieces[SH_BLACK] & ~norm->kings;
    key->sm = (uint8_t)bb_count(wm);
    key->sk = (uint8_t)bb_count(norm->pieces[SH_WHITE] & norm->kings);
    key->om = (uint8_t)bb_count(bm);
    key->ok = (uint8_t)bb_count(norm->pieces[SH_BLACK] & norm->kings);
    uint32_t pw = places(square_mask(wm), wpos), pb = places(square_mask(bm), bpos);
    key->ls = (uint8_t)(pw ? (31 - __builtin_clz(pw)) / 4 : 0);
    key->lo = (uint8_t)(pb ? (31 - __builtin_clz(pb)) / 4 : 0);
}

static inline uint64_t men_count(int men, int lead)
{
    if (men == 0)
        return 1;
    return binom[4 * lead + 4][men] - binom[4 * lead][men];
}

uint64_t dbindex_size(const DbKey *k)
{
    dbindex_init();
    int free = 32 - k->sm - k->om;
    return men_count(k->sm, k->ls) * men_count(k->om, k->lo) * binom[free][k->sk] *
           binom[free - k->sk][k->ok];
}

static inline uint64_t colex(uint32_t set)
{
    uint64_t r = 0;
    int i = 1;
    for (; set; set &= set - 1, i++)
        r += binom[__builtin_ctz(set)][i];
    return r;
}

/* The kings' places among the free squares (bit p = the p-th free square). */
static inline uint32_t free_places(uint32_t kings, uint32_t free)
{
    uint32_t m = 0;
    for (; kings; kings &= kings - 1) {
        int s = __builtin_ctz(kings);
        m |= 1u << __builtin_popcount(free & ((1u << s) - 1));
    }
    return m;
}

uint64_t dbindex_rank(const DbKey *k, const ShPosition *norm)
{
    Bitboard kings = norm->kings;
    uint32_t wm = square_mask(norm->pieces[SH_WHITE] & ~kings);
    uint32_t bm = square_mask(norm->pieces[SH_BLACK] & ~kings);
    uint32_t wk = square_mask(norm->pieces[SH_WHITE] & kings);
    uint32_t bk = square_mask(norm->pieces[SH_BLACK] & kings);
    uint64_t ism = k->sm ? colex(places(wm, wpos)) - binom[4 * k->ls][k->sm] : 0;
    uint64_t iom = k->om ? colex(places(bm, bpos)) - binom[4 * k->lo][k->om] : 0;
    uint32_t free = ~(wm | bm);
    uint64_t isk = colex(free_places(wk, free));
    uint64_t iok = colex(free_places(bk, free & ~wk));
    int nfree = 32 - k->sm - k->om;
    uint64_t nsk = binom[nfree][k->sk], nok = binom[nfree - k->sk][k->ok];
    return ((ism * men_count(k->om, k->lo) + iom) * nsk + isk) * nok + iok;
}

/* The k-set of places below n with colex rank r. */
static inline uint32_t colex_unrank(uint64_t r, int k, int n)
{
    uint32_t set = 0;
    for (int i = k; i >= 1; i--) {
        int p = n - 1;
        while (binom[p][i] > r)
            p--;
        set |= 1u << p;
        r -= binom[p][i];
        n = p;
    }
    return set;
}

static inline uint32_t places_to_squares(uint32_t set, const int8_t *sq)
{
    uint32_t m = 0;
    for (; set; set &= set - 1)
        m |= 1u << sq[__builtin_ctz(set)];
    return m;
}

static inline uint32_t free_to_squares(uint32_t set, uint32_t free)
{
    uint32_t m = 0;
    int p = 0;
    for (uint32_t f = free; set && f; f &= f - 1, p++) {
        if (set & (1u << p)) {
            m |= f & -f;
            set &= ~(1u << p);
        }
    }
    return m;
}

static inline Bitboard board_of(uint32_t squares)
{
    Bitboard b = 0;
    for (; squares; squares &= squares - 1)
        b |= bb_bit(bb_square_bit(__builtin_ctz(squares)));
    return b;
}

bool dbindex_unrank(const DbKey *k, uint64_t index, int variant, ShPosition *out)
{
    dbindex_init();
    int nfree = 32 - k->sm - k->om;
    uint64_t nsk = binom[nfree][k->sk], nok = binom[nfree - k->sk][k->ok];
    uint64_t nom = men_count(k->om, k->lo);
    uint64_t iok = index % nok;
    index /= nok;
    uint64_t isk = index % nsk;
    index /= nsk;
    uint64_t iom = index % nom, ism = index / nom;
    uint32_t wm = 0, bm = 0;
    if (k->sm)
        wm = places_to_squares(
            colex_unrank(ism + binom[4 * k->ls][k->sm], k->sm, 4 * k->ls + 4), wsq);
    if (k->om)
        bm = places_to_squares(
            colex_unrank(iom + binom[4 * k->lo][k->om], k->om, 4 * k->lo + 4), bsq);
    if (wm & bm)
        return false;
    uint32_t free = ~(wm | bm);
    uint32_t wk = free_to_squares(colex_unrank(isk, k->sk, nfree), free);
    uint32_t bk = free_to_squares(colex_unrank(iok, k->ok, nfree - k->sk), free & ~wk);
    memset(out, 0, sizeof *out);
    out->pieces[SH_WHITE] = board_of(wm | wk);
    out->pieces[SH_BLACK] = board_of(bm | bk);
    out->kings = board_of(wk | bk);
    out->side = SH_WHITE;
    out->variant = (uint8_t)variant;
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
    if ((k.sm && binom[4 * k.ls + 4][k.sm] == binom[4 * k.ls][k.sm]) ||
        (k.om && binom[4 * k.lo + 4][k.om] == binom[4 * k.lo][k.om]))
        return false;
    *key = k;
    return true;
}

int dbindex_id(const DbKey *k)
{
    return ((((k->sm * 9 + k->sk) * 9 + k->om) * 9 + k->ok) * DB_RANKS + k->ls) * DB_RANKS + k->lo;
}
