/*
 * dbindex.h - naming and numbering the positions of the endgame databases.
 *
 * A table holds every position of one material with one side to move. The side to move is
 * always White: a position with Black to move is turned 180 degrees and its colours swapped
 * (dbindex_normalize), which maps a Black man's moves onto a White man's. A table is named by
 * the side to move's men and kings, the other side's men and kings, and the "leading rank"
 * of each side's men: how far its most advanced man has gone (0 = its own back rank, 6 = one
 * step from crowning; 0 when it has no men). A man's quiet move never lowers its side's
 * leading rank, so a table depends only on tables with higher ranks, fewer men or fewer
 * pieces, which is what lets a build go slice by slice (the idea of the English-checkers
 * databases).
 *
 * The index of a position in its table is, from the most significant part down: the set of
 * the side to move's men, the other side's men, the side to move's kings, the other side's
 * kings. A set of men is ranked in the combinatorial number system over the 28 squares a man
 * can stand on, ordered by how far each is from its side's back rank, so that the sets with a
 * given leading rank form one contiguous range; the two sets of men may overlap (such
 * indices are invalid and skipped). Kings are ranked over the squares the men leave free.
 *
 * Only the board's geometry is used here (8x8, men crowned on the far rank, 4 squares a
 * rank); the moves come from the library's generator for the position's variant, so another
 * 8x8 variant with the same board can use the same numbering.
 */
#ifndef SHASHKI_DBINDEX_H
#define SHASHKI_DBINDEX_H

#include <stdbool.h>
#include <stdint.h>

#include "position.h"

#define DB_MAX_PIECES 8 /* the numbering works up to 8 pieces (builds are tested to 7) */
#define DB_RANKS 7      /* leading ranks 0..6 */

typedef struct DbKey {
    uint8_t sm, sk; /* the side to move's men and kings */
    uint8_t om, ok; /* the other side's */
    uint8_t ls, lo; /* leading ranks of the two sides' men (0 when a side has no men) */
} DbKey;

/* A position as four sets of squares (bit s = square s, 0-based PDN order: 0 = b8, 31 = g1),
 * seen with the side to move as White: its men and kings, the other side's men and kings.
 * The hot paths (the builder, probes) work on these. */
typedef struct DbMasks {
    uint32_t sm, sk, om, ok;
} DbMasks;

/* Build the numbering tables (once; thread-safe). Every function below that is not inline
 * calls it; call it before the inline ones. */
void dbindex_init(void);

/* The position with the side to move shown as White (turned and recoloured if Black moves).
 * The key field is not kept. */
void dbindex_normalize(const ShPosition *pos, ShPosition *out);

/* The table of a normalized position (White to move, both sides with pieces). */
void dbindex_key(const ShPosition *norm, DbKey *key);

/* Positions in a table (invalid indices included). */
uint64_t dbindex_size(const DbKey *key);

/* The index of a normalized position in its table (key from dbindex_key). */
uint64_t dbindex_rank(const DbKey *key, const ShPosition *norm);

/* The position at an index: false (and *out undefined) if the index names no position (the
 * two sides' men overlap). The position has White to move and variant `variant`. */
bool dbindex_unrank(const DbKey *key, uint64_t index, int variant, ShPosition *out);

/* The same table seen from the other side: (om, ok, sm, sk, lo, ls). */
DbKey dbindex_mirror(const DbKey *key);

bool dbindex_equal(const DbKey *a, const DbKey *b);

static inline int dbindex_pieces(const DbKey *k)
{
    return k->sm + k->sk + k->om + k->ok;
}

/* A table's name: "2M1K-1M1K.6-5" (the ranks only for sides with men: "1K-2M.3"). */
void dbindex_name(const DbKey *key, char out[32]);

/* Read a name written by dbindex_name; false if it is not one. */
bool dbindex_parse(const char *name, DbKey *key);

/* A small integer naming the table, for lookup arrays: material and ranks, < DBINDEX_IDS. */
#define DBINDEX_IDS (9 * 9 * 9 * 9 * DB_RANKS * DB_RANKS)
int dbindex_id(const DbKey *key);

/* The binomial coefficient C(n, k) for n <= 32. */
uint64_t dbindex_binomial(int n, int k);

/* ---- the fast path: numbering from square sets ----
 *
 * A table's constants (DbTable) are worked out once; then ranking a position is a few dozen
 * instructions: each side's men become "places" in advancement order by reversing the
 * square set's nibbles (White: the rank order turned round) or the bits inside each nibble
 * (Black), each set is ranked in the combinatorial number system (a table lookup a piece),
 * and a king's place among the free squares is a population count. Unranking reads the sets
 * of places from lists in colex order (up to DBINDEX_LISTED pieces a set) and puts the kings
 * back on the free squares by a short fixed-point iteration. */

#define DBINDEX_LISTED 6

extern uint64_t dbindex_binom[33][33];
extern const uint32_t *dbindex_colex[DBINDEX_LISTED + 1]; /* rank -> set, C(32, k) each */
extern uint32_t dbindex_bb_square[8][256];  /* a byte of a bitboard -> its squares */
extern uint64_t dbindex_square_bb[4][256];  /* a byte of a square set -> its bitboard bits */

typedef struct DbTable {
    DbKey key;
    uint64_t size;
    uint64_t n_om, n_sk, n_ok; /* how many values each part of the index takes */
    uint64_t base_sm, base_om; /* the colex rank of the first set of men with the leading rank */
} DbTable;

void dbindex_table(const DbKey *key, DbTable *t);

/* The k-set of places with colex rank r (from the lists, or by a search for more than
 * DBINDEX_LISTED pieces). */
uint32_t dbindex_colex_search(uint64_t r, int k);
static inline uint32_t dbindex_colex_set(uint64_t r, int k)
{
    return k <= DBINDEX_LISTED ? dbindex_colex[k][r] : dbindex_colex_search(r, k);
}

/* Squares of a bitboard, and back. */
static inline uint32_t dbindex_squares(Bitboard b)
{
    return dbindex_bb_square[0][b & 255] | dbindex_bb_square[1][(b >> 8) & 255] |
           dbindex_bb_square[2][(b >> 16) & 255] | dbindex_bb_square[3][(b >> 24) & 255] |
           dbindex_bb_square[4][(b >> 32) & 255] | dbindex_bb_square[5][(b >> 40) & 255] |
           dbindex_bb_square[6][(b >> 48) & 255] | dbindex_bb_square[7][b >> 56];
}

static inline Bitboard dbindex_board(uint32_t s)
{
    return dbindex_square_bb[0][s & 255] | dbindex_square_bb[1][(s >> 8) & 255] |
           dbindex_square_bb[2][(s >> 16) & 255] | dbindex_square_bb[3][s >> 24];
}

/* The board turned 180 degrees: square s -> 31 - s. */
static inline uint32_t dbindex_turn(uint32_t x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    return __builtin_bswap32(x);
}

/* A White man's squares as places (4 * rank + the square's place in its row); its own inverse. */
static inline uint32_t dbindex_white_places(uint32_t x)
{
    x = __builtin_bswap32(x);
    return ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
}

/* A Black man's (its ranks counted from rank 8); its own inverse. */
static inline uint32_t dbindex_black_places(uint32_t x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    return ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
}

/* The leading rank of a set of places (0 if empty). */
static inline int dbindex_lead(uint32_t places)
{
    return places ? (31 - __builtin_clz(places)) >> 2 : 0;
}

/* A normalized position's square sets. */
static inline void dbindex_masks(const ShPosition *pos, DbMasks *m)
{
    Bitboard k = pos->kings, w = pos->pieces[SH_WHITE], b = pos->pieces[SH_BLACK];
    uint32_t wm = dbindex_squares(w & ~k), wk = dbindex_squares(w & k);
    uint32_t bm = dbindex_squares(b & ~k), bk = dbindex_squares(b & k);
    if (pos->side == SH_WHITE) {
        m->sm = wm, m->sk = wk, m->om = bm, m->ok = bk;
    } else {
        m->sm = dbindex_turn(bm), m->sk = dbindex_turn(bk);
        m->om = dbindex_turn(wm), m->ok = dbindex_turn(wk);
    }
}

static inline void dbindex_masks_key(const DbMasks *m, DbKey *key)
{
    key->sm = (uint8_t)__builtin_popcount(m->sm);
    key->sk = (uint8_t)__builtin_popcount(m->sk);
    key->om = (uint8_t)__builtin_popcount(m->om);
    key->ok = (uint8_t)__builtin_popcount(m->ok);
    key->ls = (uint8_t)dbindex_lead(dbindex_white_places(m->sm));
    key->lo = (uint8_t)dbindex_lead(dbindex_black_places(m->om));
}

static inline uint64_t dbindex_colex_rank(uint32_t set)
{
    uint64_t r = 0;
    for (int i = 1; set; set &= set - 1, i++)
        r += dbindex_binom[__builtin_ctz(set)][i];
    return r;
}

/* The colex rank of a set of kings among the squares not in `taken`. */
static inline uint64_t dbindex_kings_rank(uint32_t kings, uint32_t taken)
{
    uint64_t r = 0;
    for (int i = 1; kings; kings &= kings - 1, i++) {
        uint32_t below = (1u << __builtin_ctz(kings)) - 1;
        r += dbindex_binom[__builtin_ctz(kings) - __builtin_popcount(taken & below)][i];
    }
    return r;
}

/* The index of a position (its square sets, normalized) in table t (its key must be t's). */
static inline uint64_t dbindex_rank_masks(const DbTable *t, const DbMasks *m)
{
    uint64_t ism = dbindex_colex_rank(dbindex_white_places(m->sm)) - t->base_sm;
    uint64_t iom = dbindex_colex_rank(dbindex_black_places(m->om)) - t->base_om;
    uint32_t men = m->sm | m->om;
    uint64_t isk = dbindex_kings_rank(m->sk, men);
    uint64_t iok = dbindex_kings_rank(m->ok, men | m->sk);
    return ((ism * t->n_om + iom) * t->n_sk + isk) * t->n_ok + iok;
}

/* The square sets at an index of table t; false if the two sides' men overlap. */
bool dbindex_unrank_masks(const DbTable *t, uint64_t index, DbMasks *m);

/* The normalized position (White to move) of square sets. */
static inline void dbindex_position(const DbMasks *m, int variant, ShPosition *out)
{
    Bitboard sk = dbindex_board(m->sk), ok = dbindex_board(m->ok);
    out->pieces[SH_WHITE] = dbindex_board(m->sm) | sk;
    out->pieces[SH_BLACK] = dbindex_board(m->om) | ok;
    out->kings = sk | ok;
    out->key = 0;
    out->side = SH_WHITE;
    out->variant = (uint8_t)variant;
    out->turn_move = 0;
    for (int i = 0; i < (int)sizeof out->reserved; i++)
        out->reserved[i] = 0;
}

#endif
