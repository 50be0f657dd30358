/* dbsolve.c - solving one slice (the design is in dbbuild.c) and the cache of the tables a
 * slice looks up. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "egdb/dbbuild.h"
#include "egdb/dbfile.h"
#include "error.h"

/* ---- the tables looked up, decompressed whole ---- */

typedef struct Loaded {
    DbKey key;
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
    uint64_t size[2];
    uint8_t *state[2], *count[2], *dist[2];
    Queue queue[MAX_LEVEL + 1];
    Loaded **local;     /* by table id, pinned for this slice */
    Loaded **pinned;
    int npinned, cap_pinned;
    ShError *err;
    bool failed;
    int max_level;
} Solve;

static bool push(Solve *s, int level, int table, uint64_t index)
{
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

static int table_of(const Solve *s, const DbKey *k)
{
    if (dbindex_equal(k, &s->slice->t[0]))
        return 0;
    if (s->slice->ntables == 2 && dbindex_equal(k, &s->slice->t[1]))
        return 1;
    return -1;
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

/* The value of a child (the other side to move) for its side to move, with its distance;
 * -1 - table when it is in this slice (its index in *index), -100 on error. */
static int child_value(Solve *s, const ShPosition *child, int *dist, uint64_t *index)
{
    *dist = 0;
    if (!child->pieces[child->side])
        return DB_LOSS;
    ShPosition n;
    dbindex_normalize(child, &n);
    DbKey k;
    dbindex_key(&n, &k);
    int t = table_of(s, &k);
    if (t >= 0) {
        if (index)
            *index = dbindex_rank(&k, &n);
        return -1 - t;
    }
    Loaded *l = lookup_table(s, &k);
    if (!l)
        return -100;
    uint64_t i = dbindex_rank(&k, &n);
    if (l->dtc)
        *dist = l->dtc[i];
    return dbfile_wdl_get(l->wdl, i);
}

static void init_position(Solve *s, int t, uint64_t i)
{
    ShPosition p;
    uint8_t *st = &s->state[t][i];
    if (!dbindex_unrank(&s->slice->t[t], i, s->b->variant, &p)) {
        *st = F_INVALID;
        return;
    }
    ShMoveList list;
    sh_moves_generate(&p, &list);
    if (list.count == 0) {
        *st = DB_LOSS;
        if (s->dtc)
            s->dist[t][i] = 0;
        push(s, 0, t, i);
        return;
    }
    bool capture = list.moves[0].captured != 0;
    int wmin = 1000, lmax = 0, in_slice = 0;
    bool draw = false, all_lose = true;
    for (int m = 0; m < list.count; m++) {
        ShPosition child;
        sh_position_play(&p, &list.moves[m], &child);
        int d;
        int v = child_value(s, &child, &d, NULL);
        if (v == -100)
            return;
        if (v < 0) {
            in_slice++;
            all_lose = false;
            continue;
        }
        int plies = capture || list.moves[m].promotes ? 1 : d + 1;
        if (v == DB_LOSS) {
            if (plies < wmin)
                wmin = plies;
            all_lose = false;
        } else if (v == DB_WIN) {
            if (plies > lmax)
                lmax = plies;
        } else {
            draw = true;
            all_lose = false;
        }
    }
    if (capture) {
        *st = F_CAPTURE;
        if (wmin < 1000 || all_lose) {
            *st |= wmin < 1000 ? DB_WIN : DB_LOSS;
            if (s->dtc)
                s->dist[t][i] = 1;
            push(s, s->dtc ? 1 : 0, t, i);
        } else {
            *st |= S_DRAWN;
        }
        return;
    }
    if (wmin < 1000) {
        *st = DB_WIN;
        if (s->dtc)
            s->dist[t][i] = (uint8_t)(wmin > 255 ? 255 : wmin);
        push(s, s->dtc ? wmin : 0, t, i);
        return;
    }
    if (in_slice == 0) {
        if (draw) {
            *st = S_DRAWN;
        } else {
            *st = DB_LOSS;
            if (s->dtc)
                s->dist[t][i] = (uint8_t)(lmax > 255 ? 255 : lmax);
            push(s, s->dtc ? lmax : 0, t, i);
        }
        return;
    }
    *st = draw ? F_DRAW_CHILD : 0;
    s->count[t][i] = (uint8_t)in_slice;
    if (s->dtc)
        s->dist[t][i] = (uint8_t)(lmax > 255 ? 255 : lmax);
}

/* A predecessor Y (the side that moved to X is to move in Y) of decided X at `level`. */
static void reach(Solve *s, const ShPosition *y, int xres, int level)
{
    ShPosition n;
    dbindex_normalize(y, &n);
    DbKey k;
    dbindex_key(&n, &k);
    int t = table_of(s, &k);
    if (t < 0)
        return; /* a man stepped back below its side's leading rank: another slice */
    uint64_t j = dbindex_rank(&k, &n);
    uint8_t *st = &s->state[t][j];
    if (*st & (F_CAPTURE | F_INVALID))
        return;
    int res = *st & RES;
    if (xres == DB_LOSS) {
        if (res == 0) {
            *st = (uint8_t)((*st & ~RES) | DB_WIN);
            if (s->dtc)
                s->dist[t][j] = (uint8_t)(level + 1);
            push(s, s->dtc ? level + 1 : 0, t, j);
        } else if (res == DB_WIN && s->dtc && s->dist[t][j] > level + 1) {
            s->dist[t][j] = (uint8_t)(level + 1);
            push(s, level + 1, t, j);
        }
        return;
    }
    if (res != 0)
        return;
    if (--s->count[t][j] == 0 && !(*st & F_DRAW_CHILD)) {
        *st = (uint8_t)((*st & ~RES) | DB_LOSS);
        int d = level + 1;
        if (s->dtc) {
            if (s->dist[t][j] > d)
                d = s->dist[t][j];
            s->dist[t][j] = (uint8_t)d;
        }
        push(s, s->dtc ? d : 0, t, j);
    }
}

/* Every predecessor of X within the slice: unmake a quiet move of the side not to move. */
static void unmove(Solve *s, int t, uint64_t i, int level)
{
    ShPosition x;
    dbindex_unrank(&s->slice->t[t], i, s->b->variant, &x);
    int xres = s->state[t][i] & RES;
    Bitboard empty = pos_empty(&x);
    Bitboard them = x.pieces[SH_BLACK];
    static const int dirs[4] = {DIR_NE, DIR_NW, DIR_SW, DIR_SE};
    ShPosition y = x;
    y.side = SH_BLACK;
    for (Bitboard k = them & x.kings; k; k &= k - 1) {
        Bitboard from = k & -k;
        for (int d = 0; d < 4; d++) {
            Bitboard ray = bb_fill(from, empty, dirs[d]) & ~from;
            for (; ray; ray &= ray - 1) {
                Bitboard to = ray & -ray;
                y.pieces[SH_BLACK] = them ^ from ^ to;
                y.kings = x.kings ^ from ^ to;
                reach(s, &y, xres, level);
            }
        }
    }
    y.kings = x.kings;
    /* Black men step towards rank 1 (south); a step back goes north. */
    for (Bitboard m = them & ~x.kings; m; m &= m - 1) {
        Bitboard at = m & -m;
        Bitboard back = (bb_shift(at, DIR_NE) | bb_shift(at, DIR_NW)) & empty;
        for (; back; back &= back - 1) {
            Bitboard from = back & -back;
            y.pieces[SH_BLACK] = them ^ at ^ from;
            reach(s, &y, xres, level);
        }
    }
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void solve_free(Solve *s)
{
    for (int t = 0; t < 2; t++) {
        free(s->state[t]);
        free(s->count[t]);
        free(s->dist[t]);
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
    double start = now();
    Solve s;
    memset(&s, 0, sizeof s);
    s.b = b;
    s.slice = slice;
    s.err = err;
    s.dtc = dbindex_pieces(&slice->t[0]) <= DB_DTC_PIECES;
    s.local = calloc(DBINDEX_IDS, sizeof *s.local);
    bool ok = s.local != NULL;
    for (int t = 0; t < slice->ntables && ok; t++) {
        s.size[t] = dbindex_size(&slice->t[t]);
        s.state[t] = calloc(s.size[t] + 1, 1);
        s.count[t] = calloc(s.size[t] + 1, 1);
        if (s.dtc)
            s.dist[t] = calloc(s.size[t] + 1, 1);
        ok = s.state[t] && s.count[t] && (!s.dtc || s.dist[t]);
    }
    if (!ok) {
        solve_free(&s);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    }
    for (int t = 0; t < slice->ntables && !s.failed; t++)
        for (uint64_t i = 0; i < s.size[t] && !s.failed; i++)
            init_position(&s, t, i);
    for (int level = 0; level <= s.max_level && !s.failed; level++) {
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
    /* The values, packed; invalid indices repeat the value before them (they compress). */
    DbTableData data[2];
    memset(data, 0, sizeof data);
    memset(stats, 0, sizeof *stats);
    uint8_t *packed[2] = {NULL, NULL};
    for (int t = 0; t < slice->ntables && ok; t++) {
        packed[t] = calloc(s.size[t] / 4 + 1, 1);
        if (!(ok = packed[t] != NULL))
            break;
        DbTableData *d = &data[t];
        d->key = slice->t[t];
        d->positions = s.size[t];
        int last = DB_DRAW, last_dist = 0;
        for (uint64_t i = 0; i < s.size[t]; i++) {
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
        st = dbfile_write(path, b->variant, slice->ntables, data, DB_BUILD_LEVEL, err);
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
    return st;
}
