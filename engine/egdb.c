/*
 * egdb.c - tables of the kings-only endings with at most four pieces (see egdb.h).
 *
 * Positions are named by two sets of squares, the kings of the side to move and the other
 * side's, each ranked in the combinatorial number system; a class (a, b) holds every pair of
 * an a-set and a b-set (the overlapping pairs are unused). Classes are solved smallest first
 * (2 pieces, then 3, then 4), the classes of one size together since a quiet move leads from
 * (a, b) to (b, a).
 *
 * Retrograde analysis by distance: a position with no move is lost at distance 0; one whose
 * captures (compulsory) all lead to a smaller ending gets its value from those at distance 1
 * (a conversion); the others count their quiet moves. Then, distance by distance up to the
 * count's limit, each decided position is unmade one quiet king move at a time: a predecessor
 * of a lost position is won one ply further; a predecessor of a won one loses a move from its
 * count and is lost once all its moves lead to wins. What is left undecided is a draw. The
 * winner thus converts as fast as it can and the loser holds out as long as it can, which is
 * what the counts reward.
 */
#include "egdb.h"
#include "thread.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define NCLASS 6
static const int CLASS_A[NCLASS] = {1, 2, 1, 3, 1, 2};
static const int CLASS_B[NCLASS] = {1, 1, 2, 1, 3, 2};

typedef struct Entry {
    int8_t result;
    uint8_t dist;
    uint8_t end;
    uint8_t flags; /* while building: has a capture (1), decided (2) */
} Entry;

static int binom[33][5];
static uint32_t *combos[4];   /* combos[k][rank] = mask of the k-set */
static int combo_count[4];
static Entry *table[NCLASS];
static int class_of[4][4];    /* [a][b] -> class, -1 */
static int8_t ray[32][4][8];  /* squares along each direction, -1 ends */
static pthread_once_t once = PTHREAD_ONCE_INIT;
static atomic_bool built;
static atomic_flag background = ATOMIC_FLAG_INIT;

int egdb_limit(int pieces)
{
    return pieces <= 3 ? 10 : 30;
}

static int rank_of(uint32_t mask)
{
    int r = 0, i = 1;
    for (uint32_t m = mask; m; m &= m - 1, i++)
        r += binom[__builtin_ctz(m)][i];
    return r;
}

static inline int index_of(int cls, uint32_t stm, uint32_t opp)
{
    return rank_of(stm) * combo_count[CLASS_B[cls]] + rank_of(opp);
}

static uint32_t square_mask(Bitboard b)
{
    uint32_t m = 0;
    for (; b; b &= b - 1)
        m |= 1u << bb_bit_square(bb_first(b));
    return m;
}

static void make_position(uint32_t stm, uint32_t opp, ShPosition *p)
{
    sh_position_clear(p, SH_VARIANT_RUSSIAN, SH_WHITE);
    for (int s = 0; s < 32; s++) {
        if (stm >> s & 1)
            sh_position_set_piece(p, s, SH_WHITE_KING);
        if (opp >> s & 1)
            sh_position_set_piece(p, s, SH_BLACK_KING);
    }
}

static void tables_init(void)
{
    for (int n = 0; n <= 32; n++)
        for (int k = 0; k <= 4; k++)
            binom[n][k] = k == 0 ? 1 : n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k];
    for (int k = 1; k <= 3; k++) {
        combo_count[k] = binom[32][k];
        combos[k] = malloc(sizeof(uint32_t) * (size_t)combo_count[k]);
    }
    for (int i = 0; i < 32; i++) {
        combos[1][rank_of(1u << i)] = 1u << i;
        for (int j = i + 1; j < 32; j++) {
            combos[2][rank_of(1u << i | 1u << j)] = 1u << i | 1u << j;
            for (int k = j + 1; k < 32; k++)
                combos[3][rank_of(1u << i | 1u << j | 1u << k)] = 1u << i | 1u << j | 1u << k;
        }
    }
    memset(class_of, -1, sizeof class_of);
    for (int c = 0; c < NCLASS; c++) {
        class_of[CLASS_A[c]][CLASS_B[c]] = c;
        table[c] = calloc((size_t)combo_count[CLASS_A[c]] * (size_t)combo_count[CLASS_B[c]],
                          sizeof(Entry));
    }
    static const int df[4] = {1, -1, -1, 1}, dr[4] = {1, 1, -1, -1};
    for (int s = 0; s < 32; s++)
        for (int d = 0; d < 4; d++) {
            int f = sh_square_file(s), r = sh_square_rank(s), n = 0;
            for (;;) {
                f += df[d];
                r += dr[d];
                int t = sh_square_at(f, r);
                if (t < 0)
                    break;
                ray[s][d][n++] = (int8_t)t;
            }
            while (n < 8)
                ray[s][d][n++] = -1;
        }
}

typedef struct Queue {
    uint32_t *items; /* class << 24 | index */
    size_t count, cap;
} Queue;

static void push(Queue *q, int cls, int index)
{
    if (q->count == q->cap) {
        q->cap = q->cap ? q->cap * 2 : 4096;
        q->items = realloc(q->items, sizeof(uint32_t) * q->cap);
    }
    q->items[q->count++] = (uint32_t)cls << 24 | (uint32_t)index;
}

/* The value of a smaller ending's position (already solved). */
static const Entry *lookup(uint32_t stm, uint32_t opp)
{
    int c = class_of[__builtin_popcount(stm)][__builtin_popcount(opp)];
    return &table[c][index_of(c, stm, opp)];
}

static void solve_group(const int *classes, int n, int pieces)
{
    int limit = egdb_limit(pieces);
    Queue queue[32];
    memset(queue, 0, sizeof queue);
    uint8_t *counts[NCLASS] = {0}, *maxend[NCLASS] = {0};
    for (int g = 0; g < n; g++) {
        int c = classes[g], a = CLASS_A[c], b = CLASS_B[c];
        size_t size = (size_t)combo_count[a] * (size_t)combo_count[b];
        counts[c] = calloc(size, 1);
        maxend[c] = calloc(size, 1);
        for (int is = 0; is < combo_count[a]; is++) {
            uint32_t stm = combos[a][is];
            for (int io = 0; io < combo_count[b]; io++) {
                uint32_t opp = combos[b][io];
                if (stm & opp)
                    continue;
                int index = is * combo_count[b] + io;
                Entry *e = &table[c][index];
                ShPosition p;
                make_position(stm, opp, &p);
                ShMoveList list;
                sh_moves_generate(&p, &list);
                if (list.count == 0) {
                    e->result = EGDB_LOSS;
                    e->flags = 2;
                    push(&queue[0], c, index);
                    continue;
                }
                if (!list.moves[0].captured) {
                    counts[c][index] = (uint8_t)list.count;
                    continue;
                }
                /* Captures only: each leads to a smaller ending, already solved. */
                e->flags = 1;
                int win_end = 999, lose_end = -1;
                bool all_lose = true;
                for (int i = 0; i < list.count; i++) {
                    ShPosition child;
                    sh_position_play(&p, &list.moves[i], &child);
                    uint32_t cs = square_mask(child.pieces[child.side]);
                    uint32_t co = square_mask(child.pieces[child.side ^ 1]);
                    if (!cs) {
                        win_end = 1;
                        all_lose = false;
                        continue;
                    }
                    const Entry *v = lookup(cs, co);
                    if (v->result == EGDB_LOSS) {
                        if (v->end + 1 < win_end)
                            win_end = v->end + 1;
                        all_lose = false;
                    } else if (v->result == EGDB_WIN) {
                        if (v->end + 1 > lose_end)
                            lose_end = v->end + 1;
                    } else {
                        all_lose = false;
                    }
                }
                if (win_end < 999) {
                    e->result = EGDB_WIN;
                    e->dist = 1;
                    e->end = (uint8_t)win_end;
                } else if (all_lose) {
                    e->result = EGDB_LOSS;
                    e->dist = 1;
                    e->end = (uint8_t)lose_end;
                } else {
                    e->flags |= 2;
                    continue;
                }
                e->flags |= 2;
                push(&queue[1], c, index);
            }
        }
    }
    for (int d = 0; d < limit; d++) {
        for (size_t q = 0; q < queue[d].count; q++) {
            int c = (int)(queue[d].items[q] >> 24), index = (int)(queue[d].items[q] & 0xffffff);
            int a = CLASS_A[c], b = CLASS_B[c];
            const Entry *x = &table[c][index];
            uint32_t stm = combos[a][index / combo_count[b]];
            uint32_t opp = combos[b][index % combo_count[b]];
            uint32_t occupied = stm | opp;
            /* The side that has just moved is `opp`; undo one of its king moves. */
            int pc = class_of[b][a];
            for (uint32_t m = opp; m; m &= m - 1) {
                int k = __builtin_ctz(m);
                for (int dir = 0; dir < 4; dir++) {
                    for (int i = 0; i < 8 && ray[k][dir][i] >= 0; i++) {
                        int t = ray[k][dir][i];
                        if (occupied >> t & 1)
                            break;
                        uint32_t pstm = (opp & ~(1u << k)) | (1u << t);
                        int pi = index_of(pc, pstm, stm);
                        Entry *p = &table[pc][pi];
                        if (p->flags)
                            continue; /* decided, or its moves are captures */
                        if (x->result == EGDB_LOSS) {
                            p->result = EGDB_WIN;
                            p->dist = (uint8_t)(d + 1);
                            p->end = (uint8_t)(x->end + 1);
                            p->flags = 2;
                            push(&queue[d + 1], pc, pi);
                        } else {
                            if (x->end > maxend[pc][pi])
                                maxend[pc][pi] = x->end;
                            if (--counts[pc][pi] == 0) {
                                p->result = EGDB_LOSS;
                                p->dist = (uint8_t)(d + 1);
                                p->end = (uint8_t)(maxend[pc][pi] + 1);
                                p->flags = 2;
                                push(&queue[d + 1], pc, pi);
                            }
                        }
                    }
                }
            }
        }
    }
    for (int d = 0; d < 32; d++)
        free(queue[d].items);
    for (int g = 0; g < n; g++) {
        free(counts[classes[g]]);
        free(maxend[classes[g]]);
        int c = classes[g];
        size_t size = (size_t)combo_count[CLASS_A[c]] * (size_t)combo_count[CLASS_B[c]];
        for (size_t i = 0; i < size; i++)
            if (!(table[c][i].flags & 2))
                table[c][i].result = EGDB_DRAW;
    }
}

static void build(void)
{
    tables_init();
    static const int two[] = {0}, three[] = {1, 2}, four[] = {3, 4, 5};
    solve_group(two, 1, 2);
    solve_group(three, 2, 3);
    solve_group(four, 3, 4);
    atomic_store_explicit(&built, true, memory_order_release);
}

void egdb_init(void)
{
    pthread_once(&once, build);
}

bool egdb_ready(void)
{
    return atomic_load_explicit(&built, memory_order_acquire);
}

static void *build_main(void *arg)
{
    (void)arg;
    egdb_init();
    return NULL;
}

void egdb_init_background(void)
{
    if (SH_SINGLE_THREAD) { /* no thread to build them on (WebAssembly): now */
        egdb_init();
        return;
    }
    if (egdb_ready() || atomic_flag_test_and_set(&background))
        return;
    pthread_t thread;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&thread, &attr, build_main, NULL) != 0)
        atomic_flag_clear(&background); /* a later call tries again */
    pthread_attr_destroy(&attr);
}

EgdbValue egdb_probe(const ShPosition *pos)
{
    egdb_init();
    uint32_t stm = square_mask(pos->pieces[pos->side]);
    uint32_t opp = square_mask(pos->pieces[pos->side ^ 1]);
    const Entry *e = lookup(stm, opp);
    EgdbValue v = {(EgdbResult)e->result, e->dist, e->end};
    return v;
}

bool egdb_best_move(const ShPosition *pos, ShMove *move)
{
    ShMoveList list;
    sh_moves_generate(pos, &list);
    int best = -100000;
    for (int i = 0; i < list.count; i++) {
        ShPosition child;
        sh_position_play(pos, &list.moves[i], &child);
        int v;
        if (!child.pieces[child.side]) {
            v = 10000;
        } else {
            EgdbValue x = egdb_probe(&child);
            /* Quickest conversion first, then the quickest end; for a loss the reverse. */
            v = x.result == EGDB_LOSS ? 5000 - 100 * x.conversion - x.end
                : x.result == EGDB_WIN ? -5000 + 100 * x.conversion + x.end
                                       : 0;
        }
        if (v > best) {
            best = v;
            *move = list.moves[i];
        }
    }
    return list.count > 0;
}
