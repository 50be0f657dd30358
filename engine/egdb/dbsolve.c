/* dbsolve.c - solving one slice (the design is in dbbuild.c) and the cache of the tables a
 * slice looks up. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "egdb/dbbuild.h"
#include "egdb/dbfile.h"
#include "error.h"
#include "thread.h"

/* ---- the tables looked up, decompressed whole ---- */

typedef struct Loaded {
    DbKey key;
    DbTable table;
    uint8_t *wdl, *dtc;
    size_t bytes;
    int refs;
    uint64_t used;
} Loaded;

struct DbBuilder {
    char dir[4096];
    int variant;
    size_t cap, bytes;
    uint64_t tick;
    pthread_mutex_t lock;
    Loaded **by_id;
};

DbBuilder *dbbuild_create(const char *dir, int variant, size_t memory_mb, ShError *err)
{
    DbBuilder *b = calloc(1, sizeof *b);
    if (b)
        b->by_id = calloc(DBINDEX_IDS, sizeof *b->by_id);
    if (!b || !b->by_id) {
        free(b);
        error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        return NULL;
    }
    snprintf(b->dir, sizeof b->dir, "%s", dir);
    b->variant = variant;
    b->cap = (memory_mb ? memory_mb : 4096) << 20;
    pthread_mutex_init(&b->lock, NULL);
    dbindex_init();
    return b;
}

static void loaded_free(Loaded *l)
{
    free(l->wdl);
    free(l->dtc);
    free(l);
}

void dbbuild_free(DbBuilder *b)
{
    if (!b)
        return;
    for (int i = 0; i < DBINDEX_IDS; i++)
        if (b->by_id[i])
            loaded_free(b->by_id[i]);
    free(b->by_id);
    pthread_mutex_destroy(&b->lock);
    free(b);
}

/* Drop unused tables, least recently used first, until `need` more bytes fit (lock held). */
static void cache_trim(DbBuilder *b, size_t need)
{
    while (b->bytes + need > b->cap) {
        Loaded *victim = NULL;
        int at = -1;
        for (int i = 0; i < DBINDEX_IDS; i++) {
            Loaded *l = b->by_id[i];
            if (l && l->refs == 0 && (!victim || l->used < victim->used)) {
                victim = l;
                at = i;
            }
        }
        if (!victim)
            return;
        b->bytes -= victim->bytes;
        b->by_id[at] = NULL;
        loaded_free(victim);
    }
}

static Loaded *cache_get(DbBuilder *b, const DbKey *key, ShError *err)
{
    int id = dbindex_id(key);
    pthread_mutex_lock(&b->lock);
    Loaded *l = b->by_id[id];
    if (!l) {
        DbSlice s;
        int t = dbbuild_slice_of(key, &s);
        char path[4200];
        dbbuild_path(b->dir, &s, path, sizeof path);
        DbFile f;
        l = calloc(1, sizeof *l);
        if (!l) {
            error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        } else if (dbfile_open(path, &f, err) != SH_OK) {
            free(l);
            l = NULL;
        } else {
            size_t need = (size_t)f.t[t].wdl_blocks * DBFILE_BLOCK +
                          (f.dtc ? (size_t)f.t[t].dtc_blocks * DBFILE_BLOCK : 0);
            cache_trim(b, need);
            if (dbfile_load(&f, t, &l->wdl, &l->dtc, err) != SH_OK) {
                free(l);
                l = NULL;
            } else {
                l->key = *key;
                dbindex_table(key, &l->table);
                l->bytes = need;
                b->bytes += need;
                b->by_id[id] = l;
            }
            dbfile_close(&f);
        }
    }
    if (l) {
        l->refs++;
        l->used = ++b->tick;
    }
    pthread_mutex_unlock(&b->lock);
    return l;
}

static void cache_release(DbBuilder *b, Loaded *l)
{
    pthread_mutex_lock(&b->lock);
    l->refs--;
    pthread_mutex_unlock(&b->lock);
}

/* ---- one slice ---- */

enum {
    RES = 3,          /* 0 undecided, DB_WIN, DB_LOSS, 3 drawn */
    S_DRAWN = 3,
    F_CAPTURE = 4,    /* the side to move must capture: decided at once */
    F_INVALID = 8,    /* the index names no position */
    F_DRAW_CHILD = 16 /* a drawn child outside the slice: cannot lose */
};

typedef struct Queue {
    uint64_t *items; /* table << 40 | index */
    size_t count, cap;
} Queue;

#define MAX_LEVEL 255

typedef struct Solve {
    DbBuilder *b;
    const DbSlice *slice;
    bool dtc;
    DbTable tab[2];
    int mirror[2];      /* the table of a position's children and predecessors in the slice */
    uint8_t *state[2], *count[2], *dist[2];
    Queue queue[MAX_LEVEL + 1]; /* with distances: the positions decided at each distance */
    uint64_t *pending[2];       /* without: a bit for each decided position not yet unmade */
    bool more;                  /* a pending bit was set */
    Loaded **local;     /* by table id, pinned for this slice */
    Loaded **pinned;
    int npinned, cap_pinned;
    ShError *err;
    bool failed;
    int max_level;
} Solve;

static bool push(Solve *s, int level, int table, uint64_t index)
{
    if (!s->dtc) {
        s->pending[table][index >> 6] |= UINT64_C(1) << (index & 63);
        s->more = true;
        return true;
    }
    if (level > MAX_LEVEL) {
        if (!s->failed)
            error_set(s->err, SH_ERR_LIMIT, 0, 0,
                      "a conversion distance longer than %d plies", MAX_LEVEL);
        s->failed = true;
        return false;
    }
    Queue *q = &s->queue[level];
    if (q->count == q->cap) {
        size_t cap = q->cap ? q->cap * 2 : 4096;
        uint64_t *items = realloc(q->items, sizeof(uint64_t) * cap);
        if (!items) {
            if (!s->failed)
                error_set(s->err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
            s->failed = true;
            return false;
        }
        q->items = items;
        q->cap = cap;
    }
    q->items[q->count++] = (uint64_t)table << 40 | index;
    if (level > s->max_level)
        s->max_level = level;
    return true;
}

static Loaded *lookup_table(Solve *s, const DbKey *k)
{
    int id = dbindex_id(k);
    Loaded *l = s->local[id];
    if (l)
        return l;
    l = cache_get(s->b, k, s->err);
    if (!l) {
        s->failed = true;
        return NULL;
    }
    if (s->npinned == s->cap_pinned) {
        int cap = s->cap_pinned ? 2 * s->cap_pinned : 64;
        Loaded **p = realloc(s->pinned, sizeof *p * (size_t)cap);
        if (!p) {
            cache_release(s->b, l);
            s->failed = true;
            return NULL;
        }
        s->pinned = p;
        s->cap_pinned = cap;
    }
    s->pinned[s->npinned++] = l;
    s->local[id] = l;
    return l;
}

static inline uint32_t square_of(int bit)
{
    return 1u << bb_bit_square(bit);
}

/* The value of a child outside the slice for its side to move, and its distance; -1 on
 * error. The child is given by the square sets of the parent (White to move) after the move. */
static int child_value(Solve *s, uint32_t sm, uint32_t sk, uint32_t om, uint32_t ok, int *dist)
{
    *dist = 0;
    if (!(om | ok))
        return DB_LOSS;
    DbMasks c = {dbindex_turn(om), dbindex_turn(ok), dbindex_turn(sm), dbindex_turn(sk)};
    DbKey k;
    dbindex_masks_key(&c, &k);
    Loaded *l = lookup_table(s, &k);
    if (!l)
        return -1;
    uint64_t i = dbindex_rank_masks(&l->table, &c);
    if (l->dtc)
        *dist = l->dtc[i];
    return dbfile_wdl_get(l->wdl, i);
}

/* What a position's moves that leave the slice lead to, and how many stay in it. */
typedef struct Tally {
    int wmin, lmax, in_slice, moves;
    bool draw, all_lose;
} Tally;

/* One move out of the slice: its child (the parent's square sets after the move) looked up. */
static inline bool tally_child(Solve *s, Tally *y, bool converts, uint32_t sm, uint32_t sk,
                               uint32_t om, uint32_t ok)
{
    int d, v = child_value(s, sm, sk, om, ok, &d);
    if (v < 0)
        return false;
    int plies = converts ? 1 : d + 1;
    y->moves++;
    if (v == DB_LOSS) {
        if (plies < y->wmin)
            y->wmin = plies;
        y->all_lose = false;
    } else if (v == DB_WIN) {
        if (plies > y->lmax)
            y->lmax = plies;
    } else {
        y->draw = true;
        y->all_lose = false;
    }
    return true;
}

/* The squares of rank at most r (0 = rank 1), for the men's steps that keep the leading rank. */
static Bitboard ranks_upto(int r)
{
    Bitboard b = 0;
    for (int sq = 0; sq < 32; sq++)
        if (sh_square_rank(sq) <= r)
            b |= bb_bit(bb_square_bit(sq));
    return b;
}

/* Pass 1 for one position. A capture (compulsory) leads out of the slice: the library's
 * generator gives the captures and each child is looked up. Otherwise the quiet moves are
 * counted on the bitboards: a king's (the rays of several kings in one direction never meet,
 * so one fill a direction counts them all) and a man's step behind its side's leading rank
 * stay in the slice; a crowning or the leading man's step past that rank is looked up. */
static void init_position(Solve *s, int t, uint64_t i, const DbMasks *m, Bitboard inside)
{
    uint8_t *st = &s->state[t][i];
    ShPosition p;
    dbindex_position(m, s->b->variant, &p);
    Tally y = {1000, 0, 0, 0, false, true};
    bool capture = board_can_capture(&p, SH_WHITE);
    if (capture) {
        ShMoveList list;
        sh_moves_generate(&p, &list);
        for (int n = 0; n < list.count; n++) {
            const ShMove *mv = &list.moves[n];
            uint32_t from = square_of(mv->from), to = square_of(mv->to);
            uint32_t cap = dbindex_squares(mv->captured), sm = m->sm, sk = m->sk;
            /* (a capture may end where it began: a king, or a man, going round four pieces) */
            if ((p.kings >> mv->from) & 1)
                sk = (sk & ~from) | to;
            else if (mv->promotes)
                sm &= ~from, sk |= to;
            else
                sm = (sm & ~from) | to;
            if (!tally_child(s, &y, true, sm, sk, m->om & ~cap, m->ok & ~cap))
                return;
        }
    } else {
        Bitboard empty = pos_empty(&p), kings = p.pieces[SH_WHITE] & p.kings;
        Bitboard men = p.pieces[SH_WHITE] & ~p.kings;
        if (kings) {
            y.in_slice += bb_count(bb_fill(kings, empty, DIR_NE) & ~kings);
            y.in_slice += bb_count(bb_fill(kings, empty, DIR_NW) & ~kings);
            y.in_slice += bb_count(bb_fill(kings, empty, DIR_SW) & ~kings);
            y.in_slice += bb_count(bb_fill(kings, empty, DIR_SE) & ~kings);
        }
        for (int d = 0; d < 2; d++) {
            int dir = d ? DIR_NW : DIR_NE;
            Bitboard to = bb_shift(men, dir) & empty;
            y.in_slice += bb_count(to & inside);
            for (Bitboard out = to & ~inside; out; out &= out - 1) {
                int bit = bb_first(out);
                uint32_t sq_to = square_of(bit), sq_from = square_of(bit - dir);
                bool crowns = (bb_bit(bit) & BB_RANK8) != 0;
                uint32_t sm = m->sm ^ sq_from, sk = m->sk;
                if (crowns)
                    sk |= sq_to;
                else
                    sm |= sq_to;
                if (!tally_child(s, &y, crowns, sm, sk, m->om, m->ok))
                    return;
            }
        }
        if (y.in_slice)
            y.all_lose = false;
    }
    if (y.moves + y.in_slice == 0) {
        *st = DB_LOSS;
        if (s->dtc)
            s->dist[t][i] = 0;
        push(s, 0, t, i);
        return;
    }
    if (capture) {
        *st = F_CAPTURE;
        if (y.wmin < 1000 || y.all_lose) {
            *st |= y.wmin < 1000 ? DB_WIN : DB_LOSS;
            if (s->dtc)
                s->dist[t][i] = 1;
            push(s, s->dtc ? 1 : 0, t, i);
        } else {
            *st |= S_DRAWN;
        }
        return;
    }
    if (y.wmin < 1000) {
        *st = DB_WIN;
        if (s->dtc)
            s->dist[t][i] = (uint8_t)(y.wmin > 255 ? 255 : y.wmin);
        push(s, s->dtc ? y.wmin : 0, t, i);
        return;
    }
    if (y.in_slice == 0) {
        if (y.draw) {
            *st = S_DRAWN;
        } else {
            *st = DB_LOSS;
            if (s->dtc)
                s->dist[t][i] = (uint8_t)(y.lmax > 255 ? 255 : y.lmax);
            push(s, s->dtc ? y.lmax : 0, t, i);
        }
        return;
    }
    *st = y.draw ? F_DRAW_CHILD : 0;
    s->count[t][i] = (uint8_t)y.in_slice;
    if (s->dtc)
        s->dist[t][i] = (uint8_t)(y.lmax > 255 ? 255 : y.lmax);
}

/* Pass 1 over a table, its positions in index order: the square sets are built part by part
 * (the men of each side, then the kings on the squares left), and a block of indices whose two
 * sets of men overlap is marked invalid at once. */
static void init_table(Solve *s, int t)
{
    const DbTable *tab = &s->tab[t];
    const DbKey *k = &tab->key;
    uint64_t block = tab->n_sk * tab->n_ok, n_sm = tab->size / (block * tab->n_om);
    Bitboard inside = ranks_upto(k->ls);
    uint64_t i = 0;
    for (uint64_t ism = 0; ism < n_sm && !s->failed; ism++) {
        uint32_t sm = k->sm ? dbindex_white_places(dbindex_colex_set(tab->base_sm + ism, k->sm)) : 0;
        for (uint64_t iom = 0; iom < tab->n_om && !s->failed; iom++) {
            uint32_t om =
                k->om ? dbindex_black_places(dbindex_colex_set(tab->base_om + iom, k->om)) : 0;
            if (sm & om) {
                memset(s->state[t] + i, F_INVALID, block);
                i += block;
                continue;
            }
            int8_t free1[32], free2[32];
            int n1 = 0;
            for (uint32_t f = ~(sm | om); f; f &= f - 1)
                free1[n1++] = (int8_t)__builtin_ctz(f);
            for (uint64_t isk = 0; isk < tab->n_sk && !s->failed; isk++) {
                uint32_t places = dbindex_colex_set(isk, k->sk), sk = 0;
                int n2 = 0;
                for (int f = 0; f < n1; f++) {
                    if (places >> f & 1)
                        sk |= 1u << free1[f];
                    else
                        free2[n2++] = free1[f];
                }
                for (uint64_t iok = 0; iok < tab->n_ok && !s->failed; iok++, i++) {
                    DbMasks m = {sm, sk, om, 0};
                    for (uint32_t q = dbindex_colex_set(iok, k->ok); q; q &= q - 1)
                        m.ok |= 1u << free2[__builtin_ctz(q)];
                    init_position(s, t, i, &m, inside);
                }
            }
        }
    }
}

/* A predecessor (index j of table u, its side to move the one that moved to X) of X, decided
 * at `level` with result xres. */
static inline void reach(Solve *s, int u, uint64_t j, int xres, int level)
{
    uint8_t *st = &s->state[u][j];
    if (*st & (F_CAPTURE | F_INVALID))
        return;
    int res = *st & RES;
    if (xres == DB_LOSS) {
        if (res == 0) {
            *st = (uint8_t)((*st & ~RES) | DB_WIN);
            if (s->dtc)
                s->dist[u][j] = (uint8_t)(level + 1);
            push(s, s->dtc ? level + 1 : 0, u, j);
        } else if (res == DB_WIN && s->dtc && s->dist[u][j] > level + 1) {
            s->dist[u][j] = (uint8_t)(level + 1);
            push(s, level + 1, u, j);
        }
        return;
    }
    if (res != 0)
        return;
    if (--s->count[u][j] == 0 && !(*st & F_DRAW_CHILD)) {
        *st = (uint8_t)((*st & ~RES) | DB_LOSS);
        int d = level + 1;
        if (s->dtc) {
            if (s->dist[u][j] > d)
                d = s->dist[u][j];
            s->dist[u][j] = (uint8_t)d;
        }
        push(s, s->dtc ? d : 0, u, j);
    }
}

/* Pass 2: every predecessor of X within the slice. Seen from the predecessor's side (the board
 * turned, so that it is White), its side to move unmakes a quiet move: a king slides back
 * along a free diagonal, a man steps back, keeping its side's leading rank. The predecessors'
 * indices are gathered first and their bytes prefetched: they lie all over the slice, and
 * waiting for memory one at a time is what would take the time. */
static void unmove(Solve *s, int t, uint64_t i, int level)
{
    DbMasks x;
    dbindex_unrank_masks(&s->tab[t], i, &x);
    int xres = s->state[t][i] & RES;
    int u = s->mirror[t];
    const DbTable *tu = &s->tab[u];
    DbMasks y = {dbindex_turn(x.om), dbindex_turn(x.ok), dbindex_turn(x.sm), dbindex_turn(x.sk)};
    Bitboard kings = dbindex_board(y.sk), men = dbindex_board(y.sm);
    Bitboard empty = BB_VALID & ~(kings | men | dbindex_board(y.om | y.ok));
    uint64_t found[8 * 13 + 2 * 8];
    int n = 0;
    static const int dirs[4] = {DIR_NE, DIR_NW, DIR_SW, DIR_SE};
    for (Bitboard k = kings; k; k &= k - 1) {
        Bitboard at = k & -k;
        uint32_t sk = y.sk ^ square_of(bb_first(at));
        for (int d = 0; d < 4; d++) {
            for (Bitboard ray = bb_fill(at, empty, dirs[d]) & ~at; ray; ray &= ray - 1) {
                DbMasks p = y;
                p.sk = sk | square_of(bb_first(ray));
                uint64_t j = dbindex_rank_masks(tu, &p);
                __builtin_prefetch(&s->state[u][j], 1);
                found[n++] = j;
            }
        }
    }
    int lead = tu->key.ls;
    for (Bitboard m = men; m; m &= m - 1) {
        Bitboard at = m & -m;
        uint32_t sm = y.sm ^ square_of(bb_first(at));
        for (Bitboard back = (bb_shift(at, DIR_SW) | bb_shift(at, DIR_SE)) & empty; back;
             back &= back - 1) {
            DbMasks p = y;
            p.sm = sm | square_of(bb_first(back));
            if (dbindex_lead(dbindex_white_places(p.sm)) != lead)
                continue; /* the leading man stepped back: another slice */
            uint64_t j = dbindex_rank_masks(tu, &p);
            __builtin_prefetch(&s->state[u][j], 1);
            found[n++] = j;
        }
    }
    for (int f = 0; f < n; f++)
        reach(s, u, found[f], xres, level);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void solve_free(Solve *s)
{
    for (int t = 0; t < 2; t++) {
        free(s->state[t]);
        free(s->count[t]);
        free(s->dist[t]);
        free(s->pending[t]);
    }
    for (int l = 0; l <= MAX_LEVEL; l++)
        free(s->queue[l].items);
    for (int p = 0; p < s->npinned; p++)
        cache_release(s->b, s->pinned[p]);
    free(s->pinned);
    free(s->local);
}

ShStatus dbbuild_slice(DbBuilder *b, const DbSlice *slice, DbSliceStats *stats, ShError *err)
{
    double start = now(), cpu_start = cpu_now();
    Solve s;
    memset(&s, 0, sizeof s);
    s.b = b;
    s.slice = slice;
    s.err = err;
    s.dtc = dbindex_pieces(&slice->t[0]) <= DB_DTC_PIECES;
    s.local = calloc(DBINDEX_IDS, sizeof *s.local);
    bool ok = s.local != NULL;
    for (int t = 0; t < slice->ntables && ok; t++) {
        dbindex_table(&slice->t[t], &s.tab[t]);
        s.mirror[t] = slice->ntables == 2 ? 1 - t : 0;
        uint64_t size = s.tab[t].size;
        s.state[t] = calloc(size + 1, 1);
        s.count[t] = calloc(size + 1, 1);
        if (s.dtc)
            s.dist[t] = calloc(size + 1, 1);
        else
            s.pending[t] = calloc(size / 64 + 1, sizeof(uint64_t));
        ok = s.state[t] && s.count[t] && (s.dtc ? s.dist[t] != NULL : s.pending[t] != NULL);
    }
    if (!ok) {
        solve_free(&s);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    }
    for (int t = 0; t < slice->ntables && !s.failed; t++)
        init_table(&s, t);
    double t1 = cpu_now();
    /* Without distances the order does not matter: sweep the pending bits until none is left
     * (a bit set behind the sweep waits for the next one). */
    while (!s.dtc && s.more && !s.failed) {
        s.more = false;
        for (int t = 0; t < slice->ntables; t++)
            for (uint64_t w = 0; w <= s.tab[t].size / 64; w++)
                while (s.pending[t][w]) {
                    int bit = __builtin_ctzll(s.pending[t][w]);
                    s.pending[t][w] &= s.pending[t][w] - 1;
                    unmove(&s, t, w * 64 + (uint64_t)bit, 0);
                }
    }
    for (int level = 0; s.dtc && level <= s.max_level && !s.failed; level++) {
        Queue *q = &s.queue[level];
        for (size_t n = 0; n < q->count && !s.failed; n++) {
            int t = (int)(q->items[n] >> 40);
            uint64_t i = q->items[n] & ((UINT64_C(1) << 40) - 1);
            if (s.dtc && s.dist[t][i] != level)
                continue; /* a quicker win was found after it was queued */
            unmove(&s, t, i, level);
        }
        free(q->items);
        q->items = NULL;
        q->count = q->cap = 0;
    }
    if (s.failed) {
        solve_free(&s);
        return err ? err->code : SH_ERR_NO_MEMORY;
    }
    double t2 = cpu_now();
    /* The values, packed; invalid indices repeat the value before them (they compress). */
    DbTableData data[2];
    memset(data, 0, sizeof data);
    memset(stats, 0, sizeof *stats);
    uint8_t *packed[2] = {NULL, NULL};
    for (int t = 0; t < slice->ntables && ok; t++) {
        packed[t] = calloc(s.tab[t].size / 4 + 1, 1);
        if (!(ok = packed[t] != NULL))
            break;
        DbTableData *d = &data[t];
        d->key = slice->t[t];
        d->positions = s.tab[t].size;
        int last = DB_DRAW, last_dist = 0;
        for (uint64_t i = 0; i < s.tab[t].size; i++) {
            uint8_t st = s.state[t][i];
            int v;
            if (st & F_INVALID) {
                d->invalid++;
                v = last;
                if (s.dtc)
                    s.dist[t][i] = (uint8_t)last_dist;
            } else {
                int r = st & RES;
                v = r == DB_WIN ? DB_WIN : r == DB_LOSS ? DB_LOSS : DB_DRAW;
                if (v == DB_WIN)
                    d->wins++;
                else if (v == DB_LOSS)
                    d->losses++;
                else
                    d->draws++;
                if (s.dtc) {
                    if (v == DB_DRAW)
                        s.dist[t][i] = 0;
                    if (s.dist[t][i] > stats->max_dtc)
                        stats->max_dtc = s.dist[t][i];
                    last_dist = s.dist[t][i];
                }
                last = v;
            }
            dbfile_wdl_set(packed[t], i, v);
        }
        d->wdl = packed[t];
        d->dtc = s.dtc ? s.dist[t] : NULL;
        stats->positions += d->positions;
        stats->wins += d->wins;
        stats->draws += d->draws;
        stats->losses += d->losses;
        stats->invalid += d->invalid;
    }
    ShStatus st = SH_ERR_NO_MEMORY;
    char path[4200];
    dbbuild_path(b->dir, slice, path, sizeof path);
    if (ok)
        st = dbfile_write(path, b->variant, slice->ntables, data, DB_BUILD_LEVEL, DB_DTC_LEVEL, err);
    else
        error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    free(packed[0]);
    free(packed[1]);
    solve_free(&s);
    if (st == SH_OK) {
        DbFile f;
        if (dbfile_open(path, &f, NULL) == SH_OK) {
            stats->bytes = f.bytes;
            dbfile_close(&f);
        }
    }
    stats->seconds = now() - start;
    stats->cpu[0] = t1 - cpu_start;
    stats->cpu[1] = t2 - t1;
    stats->cpu[2] = cpu_now() - t2;
    return st;
}
