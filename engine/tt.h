/*
 * tt.h - the transposition table: what earlier searches learned about positions.
 *
 * Buckets of four 16-byte entries fill one 64-byte cache line. An entry is two words: the
 * data (score, static evaluation, depth, bound, age, best move) and the position's key XORed
 * with the data. A reader accepts an entry only if key ^ data matches, so an entry torn by
 * two threads writing at once is simply not found (the lock-free scheme of Hyatt and Mann);
 * with the bucket chosen by the key's high bits, a false match needs a 64-bit collision.
 *
 * Replacement: an entry for the same position is overwritten (keeping its move when the new
 * data has none); otherwise the entry that is shallowest, counting four plies per search of
 * age, gives way.
 *
 * The best move is stored as its index in the position's move list (the generator's order
 * is deterministic), so it costs 9 bits; TT_NO_MOVE when there is none.
 */
#ifndef SHASHKI_TT_H
#define SHASHKI_TT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TT_NO_MOVE 511
#define TT_NO_EVAL (-32768)

typedef enum TTBound { TT_NONE = 0, TT_UPPER = 1, TT_LOWER = 2, TT_EXACT = 3 } TTBound;

typedef struct TTEntry {
    uint64_t check; /* key ^ data */
    uint64_t data;
} TTEntry;

typedef struct TTBucket {
    TTEntry entries[4];
} TTBucket;

typedef struct TTable {
    TTBucket *buckets;
    uint64_t count;     /* number of buckets */
    uint8_t generation; /* age of the current search, 0..63 */
} TTable;

/* What a probe finds. Scores are as stored (see search.c for the ply adjustment of wins). */
typedef struct TTHit {
    int score;
    int eval;  /* TT_NO_EVAL when unknown */
    int depth;
    int bound; /* TTBound */
    int move;  /* index in the move list, or TT_NO_MOVE */
} TTHit;

/* Allocate `mb` MiB (at least one bucket) and clear it; false if memory is short. */
bool tt_init(TTable *tt, size_t mb);
void tt_free(TTable *tt);
void tt_clear(TTable *tt);
/* A new search: entries from earlier searches age. */
void tt_new_search(TTable *tt);

bool tt_probe(const TTable *tt, uint64_t key, TTHit *hit);
void tt_store(TTable *tt, uint64_t key, int score, int eval, int depth, int bound, int move);
/* Permille of the first thousand buckets' entries written in the current search. */
int tt_hashfull(const TTable *tt);

/* Prefetch the bucket of a key (a hint). */
static inline void tt_prefetch(const TTable *tt, uint64_t key)
{
    __builtin_prefetch(&tt->buckets[(uint64_t)(((unsigned __int128)key * tt->count) >> 64)]);
}

#endif
