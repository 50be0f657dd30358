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

/* Build the numbering tables (once; thread-safe). Every function below calls it. */
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

#endif
