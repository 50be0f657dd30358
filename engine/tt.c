/* tt.c - the transposition table (see tt.h for the design). */
#include "tt.h"

#include <stdlib.h>
#include <string.h>

/* Data word layout, from bit 0:
 *   score 16 (signed, biased) | eval 16 (signed, biased) | depth 8 | bound 2 | age 6 | move 9 */
#define SHIFT_EVAL 16
#define SHIFT_DEPTH 32
#define SHIFT_BOUND 40
#define SHIFT_AGE 42
#define SHIFT_MOVE 48

static inline uint64_t pack(int score, int eval, int depth, int bound, int age, int move)
{
    return (uint64_t)(uint16_t)(int16_t)score | (uint64_t)(uint16_t)(int16_t)eval << SHIFT_EVAL |
           (uint64_t)(uint8_t)depth << SHIFT_DEPTH | (uint64_t)(bound & 3) << SHIFT_BOUND |
           (uint64_t)(age & 63) << SHIFT_AGE | (uint64_t)(move & 511) << SHIFT_MOVE;
}

static inline int data_score(uint64_t d)
{
    return (int16_t)(uint16_t)d;
}
static inline int data_eval(uint64_t d)
{
    return (int16_t)(uint16_t)(d >> SHIFT_EVAL);
}
static inline int data_depth(uint64_t d)
{
    return (int)(uint8_t)(d >> SHIFT_DEPTH);
}
static inline int data_bound(uint64_t d)
{
    return (int)((d >> SHIFT_BOUND) & 3);
}
static inline int data_age(uint64_t d)
{
    return (int)((d >> SHIFT_AGE) & 63);
}
static inline int data_move(uint64_t d)
{
    return (int)((d >> SHIFT_MOVE) & 511);
}

static inline TTBucket *bucket_of(const TTable *tt, uint64_t key)
{
    return &tt->buckets[(uint64_t)(((unsigned __int128)key * tt->count) >> 64)];
}

bool tt_init(TTable *tt, size_t mb)
{
    uint64_t count = (uint64_t)mb * 1024 * 1024 / sizeof(TTBucket);
    if (count == 0)
        count = 1;
    void *mem = NULL;
    if (posix_memalign(&mem, 64, (size_t)count * sizeof(TTBucket)) != 0)
        return false;
    tt->buckets = mem;
    tt->count = count;
    tt->generation = 0;
    tt_clear(tt);
    return true;
}

void tt_free(TTable *tt)
{
    free(tt->buckets);
    tt->buckets = NULL;
    tt->count = 0;
}

void tt_clear(TTable *tt)
{
    memset(tt->buckets, 0, (size_t)tt->count * sizeof(TTBucket));
    tt->generation = 0;
}

void tt_new_search(TTable *tt)
{
    tt->generation = (uint8_t)((tt->generation + 1) & 63);
}

bool tt_probe(const TTable *tt, uint64_t key, TTHit *hit)
{
    const TTBucket *b = bucket_of(tt, key);
    for (int i = 0; i < 4; i++) {
        uint64_t data = __atomic_load_n(&b->entries[i].data, __ATOMIC_RELAXED);
        uint64_t check = __atomic_load_n(&b->entries[i].check, __ATOMIC_RELAXED);
        if ((check ^ data) == key && data != 0) {
            hit->score = data_score(data);
            hit->eval = data_eval(data);
            hit->depth = data_depth(data);
            hit->bound = data_bound(data);
            hit->move = data_move(data);
            return true;
        }
    }
    return false;
}

void tt_store(TTable *tt, uint64_t key, int score, int eval, int depth, int bound, int move)
{
    TTBucket *b = bucket_of(tt, key);
    int gen = tt->generation;
    int victim = 0, victim_worth = 1 << 30;
    for (int i = 0; i < 4; i++) {
        uint64_t data = __atomic_load_n(&b->entries[i].data, __ATOMIC_RELAXED);
        uint64_t check = __atomic_load_n(&b->entries[i].check, __ATOMIC_RELAXED);
        if ((check ^ data) == key && data != 0) {
            /* The same position: keep a deeper exact result from this search, and the move. */
            if (move == TT_NO_MOVE)
                move = data_move(data);
            if (bound != TT_EXACT && data_age(data) == gen && data_depth(data) > depth + 2 &&
                data_bound(data) == TT_EXACT)
                return;
            victim = i;
            break;
        }
        int age = (gen - data_age(data)) & 63;
        int worth = data == 0 ? -1000 : data_depth(data) - 4 * age;
        if (worth < victim_worth) {
            victim_worth = worth;
            victim = i;
        }
    }
    if (depth < 0)
        depth = 0;
    if (depth > 255)
        depth = 255;
    uint64_t data = pack(score, eval, depth, bound, gen, move);
    __atomic_store_n(&b->entries[victim].check, key ^ data, __ATOMIC_RELAXED);
    __atomic_store_n(&b->entries[victim].data, data, __ATOMIC_RELAXED);
}

int tt_hashfull(const TTable *tt)
{
    uint64_t n = tt->count < 250 ? tt->count : 250, used = 0;
    for (uint64_t i = 0; i < n; i++)
        for (int j = 0; j < 4; j++) {
            uint64_t data = tt->buckets[i].entries[j].data;
            if (data != 0 && data_age(data) == tt->generation)
                used++;
        }
    return n ? (int)(used * 1000 / (n * 4)) : 0;
}
