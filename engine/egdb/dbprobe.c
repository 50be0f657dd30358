/* dbprobe.c - probing the endgame databases through a block cache (see dbprobe.h). */
#include "egdb/dbprobe.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

#include "egdb/dbbuild.h"
#include "egdb/dbfile.h"
#include "error.h"
#include "thread.h"

typedef struct Slot {
    char *path;
    DbTable tab[2];
    DbFile file;
    atomic_int state; /* 0 not opened, 1 open, 2 failed */
} Slot;

#define WAYS 4
#define DBPROBE_POOL 16

typedef struct Entry {
    uint64_t key; /* 0 = empty */
    uint64_t used;
    uint8_t data[DBFILE_BLOCK];
} Entry;

typedef struct Set {
    pthread_mutex_t lock;
    uint64_t tick;
    Entry way[WAYS];
} Set;

struct Db {
    char dir[4096];
    int shared;          /* dbprobe_acquire's count of users, 0 for a private Db */
    atomic_bool stale;   /* retired by dbprobe_refresh: no longer in the shared list */
    struct Db *next;     /* in the list of shared ones */
    int nslots;
    Slot *slots;
    int32_t *table_slot; /* by table id: slot * 2 + table, -1 */
    pthread_mutex_t open_lock;
    size_t nsets;
    Set *sets;
    int pieces, max_pieces;
    atomic_uint_fast64_t probes, reads;
    /* Decompression contexts, taken by a thread for one block read (one a set would cost
     * about 100 KB each of the thousands of sets). */
    pthread_mutex_t pool_lock;
    int npool;
    ZSTD_DCtx *pool[DBPROBE_POOL];
};

static int name_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The slice files of a folder, sorted by name. */
static char **list_files(const char *dir, int *count, ShError *err)
{
    DIR *d = opendir(dir);
    if (!d) {
        error_set(err, SH_ERR_IO, 0, 0, "cannot read the endgame database folder %s", dir);
        return NULL;
    }
    int n = 0, cap = 64;
    char **names = malloc(sizeof(char *) * (size_t)cap);
    struct dirent *e;
    while (names && (e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name), sl = strlen(DBFILE_SUFFIX);
        if (len <= sl || strcmp(e->d_name + len - sl, DBFILE_SUFFIX) != 0)
            continue;
        char base[64];
        if (len - sl >= sizeof base)
            continue;
        memcpy(base, e->d_name, len - sl);
        base[len - sl] = '\0';
        DbKey k;
        if (!dbindex_parse(base, &k))
            continue;
        if (n == cap) {
            cap *= 2;
            char **bigger = realloc(names, sizeof(char *) * (size_t)cap);
            if (!bigger)
                break;
            names = bigger;
        }
        names[n++] = strdup(base);
    }
    closedir(d);
    if (!names) {
        error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        return NULL;
    }
    qsort(names, (size_t)n, sizeof(char *), name_cmp);
    *count = n;
    return names;
}

Db *dbprobe_open(const char *dir, size_t cache_mb, ShError *err)
{
    dbindex_init();
    int n = 0;
    char **names = list_files(dir, &n, err);
    if (!names)
        return NULL;
    if (n == 0) {
        free(names);
        error_set(err, SH_ERR_IO, 0, 0, "no endgame databases in %s", dir);
        return NULL;
    }
    Db *db = calloc(1, sizeof *db);
    size_t sets = ((cache_mb ? cache_mb : 64) << 20) / (sizeof(Entry) * WAYS);
    if (sets < 16)
        sets = 16;
    if (db) {
        db->slots = calloc((size_t)n, sizeof(Slot));
        db->table_slot = malloc(sizeof(int32_t) * DBINDEX_IDS);
        db->sets = calloc(sets, sizeof(Set));
    }
    if (!db || !db->slots || !db->table_slot || !db->sets) {
        if (db) {
            free(db->slots);
            free(db->table_slot);
            free(db->sets);
        }
        free(db);
        for (int i = 0; i < n; i++)
            free(names[i]);
        free(names);
        error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        return NULL;
    }
    snprintf(db->dir, sizeof db->dir, "%s", dir);
    db->nsets = sets;
    for (size_t i = 0; i < sets; i++)
        pthread_mutex_init(&db->sets[i].lock, NULL);
    pthread_mutex_init(&db->open_lock, NULL);
    pthread_mutex_init(&db->pool_lock, NULL);
    for (int i = 0; i < DBINDEX_IDS; i++)
        db->table_slot[i] = -1;
    for (int i = 0; i < n; i++) {
        DbKey k;
        dbindex_parse(names[i], &k);
        DbSlice s;
        dbbuild_slice_of(&k, &s);
        size_t len = strlen(dir) + strlen(names[i]) + 16;
        Slot *slot = &db->slots[db->nslots];
        slot->path = malloc(len);
        if (slot->path && dbbuild_slice_of(&k, &s) == 0) {
            snprintf(slot->path, len, "%s/%s%s", dir, names[i], DBFILE_SUFFIX);
            slot->file.fd = -1;
            if (dbindex_pieces(&k) > db->max_pieces)
                db->max_pieces = dbindex_pieces(&k);
            for (int t = 0; t < s.ntables; t++) {
                db->table_slot[dbindex_id(&s.t[t])] = db->nslots * 2 + t;
                dbindex_table(&s.t[t], &slot->tab[t]);
            }
            db->nslots++;
        } else {
            free(slot->path);
        }
        free(names[i]);
    }
    free(names);
    /* The piece counts that are complete. */
    for (int p = 2; p <= DB_MAX_PIECES; p++) {
        DbSlice *list;
        int count = dbbuild_slices(p, &list);
        bool all = count > 0;
        for (int i = 0; i < count && all; i++)
            if (dbindex_pieces(&list[i].t[0]) == p && db->table_slot[dbindex_id(&list[i].t[0])] < 0)
                all = false;
        if (count >= 0)
            free(list);
        if (!all)
            break;
        db->pieces = p;
    }
    return db;
}

void dbprobe_close(Db *db)
{
    if (!db)
        return;
    for (int i = 0; i < db->nslots; i++) {
        if (atomic_load(&db->slots[i].state) == 1)
            dbfile_close(&db->slots[i].file);
        free(db->slots[i].path);
    }
    for (size_t i = 0; i < db->nsets; i++)
        pthread_mutex_destroy(&db->sets[i].lock);
    for (int i = 0; i < db->npool; i++)
        ZSTD_freeDCtx(db->pool[i]);
    pthread_mutex_destroy(&db->pool_lock);
    pthread_mutex_destroy(&db->open_lock);
    free(db->sets);
    free(db->slots);
    free(db->table_slot);
    free(db);
}

static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;
static Db *shared_list;
static atomic_uint generation;

Db *dbprobe_acquire(const char *dir, ShError *err)
{
    pthread_mutex_lock(&shared_lock);
    Db *db = shared_list;
    while (db && strcmp(db->dir, dir) != 0)
        db = db->next;
    if (db) {
        db->shared++;
    } else if ((db = dbprobe_open(dir, 0, err)) != NULL) {
        db->shared = 1;
        db->next = shared_list;
        shared_list = db;
    }
    pthread_mutex_unlock(&shared_lock);
    return db;
}

void dbprobe_release(Db *db)
{
    if (!db)
        return;
    pthread_mutex_lock(&shared_lock);
    bool last = --db->shared == 0;
    if (last)
        for (Db **p = &shared_list; *p; p = &(*p)->next)
            if (*p == db) {
                *p = db->next;
                break;
            }
    pthread_mutex_unlock(&shared_lock);
    if (last)
        dbprobe_close(db);
}

void dbprobe_refresh(const char *dir)
{
    pthread_mutex_lock(&shared_lock);
    for (Db **p = &shared_list; *p; p = &(*p)->next)
        if (strcmp((*p)->dir, dir) == 0) {
            Db *old = *p;
            *p = old->next;
            old->next = NULL;
            atomic_store(&old->stale, true);
            break;
        }
    atomic_fetch_add(&generation, 1);
    pthread_mutex_unlock(&shared_lock);
}

bool dbprobe_stale(const Db *db)
{
    return atomic_load(&db->stale);
}

Db *dbprobe_renew(Db *db)
{
    if (!db || !atomic_load(&db->stale))
        return db;
    Db *now = dbprobe_acquire(db->dir, NULL);
    if (!now)
        return db;
    dbprobe_release(db);
    return now;
}

unsigned dbprobe_generation(void)
{
    return atomic_load(&generation);
}

const char *dbprobe_dir(const Db *db)
{
    return db->dir;
}

int dbprobe_pieces(const Db *db)
{
    return db->pieces;
}

static Slot *slot_get(Db *db, int s)
{
    Slot *slot = &db->slots[s];
    int state = atomic_load_explicit(&slot->state, memory_order_acquire);
    if (state == 0) {
        pthread_mutex_lock(&db->open_lock);
        state = atomic_load(&slot->state);
        if (state == 0) {
            state = dbfile_open(slot->path, &slot->file, NULL) == SH_OK ? 1 : 2;
            atomic_store_explicit(&slot->state, state, memory_order_release);
        }
        pthread_mutex_unlock(&db->open_lock);
    }
    return state == 1 ? slot : NULL;
}

static inline uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= UINT64_C(0xff51afd7ed558ccd);
    x ^= x >> 33;
    return x;
}

static ZSTD_DCtx *dctx_take(Db *db)
{
    pthread_mutex_lock(&db->pool_lock);
    ZSTD_DCtx *d = db->npool ? db->pool[--db->npool] : NULL;
    pthread_mutex_unlock(&db->pool_lock);
    return d ? d : ZSTD_createDCtx();
}

static void dctx_give(Db *db, ZSTD_DCtx *d)
{
    if (!d)
        return;
    pthread_mutex_lock(&db->pool_lock);
    if (db->npool < DBPROBE_POOL) {
        db->pool[db->npool++] = d;
        d = NULL;
    }
    pthread_mutex_unlock(&db->pool_lock);
    ZSTD_freeDCtx(d);
}

/* Byte `offset` of a block, through the cache; -1 on a read error. */
static int block_byte(Db *db, int s, const DbFile *f, int table, int section, uint32_t block,
                      uint32_t offset)
{
    uint64_t key = ((uint64_t)(s * 4 + table * 2 + section) << 32 | block) + 1;
    Set *set = &db->sets[mix(key) % db->nsets];
    pthread_mutex_lock(&set->lock);
    set->tick++;
    Entry *e = NULL, *oldest = &set->way[0];
    for (int w = 0; w < WAYS; w++) {
        if (set->way[w].key == key) {
            e = &set->way[w];
            break;
        }
        if (set->way[w].used < oldest->used)
            oldest = &set->way[w];
    }
    if (!e) {
        atomic_fetch_add_explicit(&db->reads, 1, memory_order_relaxed);
        e = oldest;
        e->key = 0;
        ZSTD_DCtx *dctx = dctx_take(db);
        bool ok = dctx && dbfile_read_block(f, table, section, block, dctx, e->data, NULL) >= 0;
        dctx_give(db, dctx);
        if (!ok) {
            pthread_mutex_unlock(&set->lock);
            return -1;
        }
        e->key = key;
    }
    e->used = set->tick;
    int v = e->data[offset];
    pthread_mutex_unlock(&set->lock);
    return v;
}

bool dbprobe_has_table(const Db *db, const DbKey *key)
{
    return db->table_slot[dbindex_id(key)] >= 0;
}

int dbprobe_max_pieces(const Db *db)
{
    return db->max_pieces;
}

/* The table of a position (its square sets in *m), or -1: slot * 2 + table. The databases
 * hold Russian checkers only: a position of any other game is never in them. */
static inline int table_of(const Db *db, const ShPosition *pos, DbMasks *m)
{
    if (pos->variant != SH_VARIANT_RUSSIAN || !pos->pieces[0] || !pos->pieces[1] ||
        bb_count(pos->pieces[0] | pos->pieces[1]) > DB_MAX_PIECES)
        return -1;
    dbindex_masks(pos, m);
    DbKey k;
    dbindex_masks_key(m, &k);
    return db->table_slot[dbindex_id(&k)];
}

bool dbprobe_covers(const Db *db, const ShPosition *pos)
{
    DbMasks m;
    return table_of(db, pos, &m) >= 0;
}

bool dbprobe_value(Db *db, const ShPosition *pos, DbValue *value)
{
    DbMasks m;
    int ts = table_of(db, pos, &m);
    if (ts < 0)
        return false;
    Slot *slot = slot_get(db, ts / 2);
    if (!slot)
        return false;
    int t = ts % 2;
    uint64_t i = dbindex_rank_masks(&slot->tab[t], &m);
    atomic_fetch_add_explicit(&db->probes, 1, memory_order_relaxed);
    int byte = block_byte(db, ts / 2, &slot->file, t, 0, (uint32_t)(i / DBFILE_WDL_PER_BLOCK),
                          (uint32_t)(i % DBFILE_WDL_PER_BLOCK / 4));
    if (byte < 0)
        return false;
    value->result = (byte >> (2 * (i & 3))) & 3;
    value->dtc = -1;
    if (slot->file.dtc) {
        int d = block_byte(db, ts / 2, &slot->file, t, 1, (uint32_t)(i / DBFILE_BLOCK),
                           (uint32_t)(i % DBFILE_BLOCK));
        if (d < 0)
            return false;
        value->dtc = d;
    }
    return value->result != DB_UNKNOWN;
}

/* A child's worth to the mover: bigger is better. */
static long child_worth(const ShPosition *child, const DbValue *v, bool converts)
{
    int us = child->side ^ 1;
    long material = 3L * bb_count(child->pieces[us] & child->kings) +
                    bb_count(child->pieces[us] & ~child->kings) -
                    3L * bb_count(child->pieces[us ^ 1] & child->kings) -
                    bb_count(child->pieces[us ^ 1] & ~child->kings);
    int d = converts ? 0 : v->dtc < 0 ? 0 : v->dtc;
    if (v->result == DB_LOSS) /* the opponent is lost: convert soonest */
        return 1000000L - 1000L * d + material;
    if (v->result == DB_WIN) /* we are lost: hold out longest */
        return -1000000L + 1000L * d + material;
    return material;
}

bool dbprobe_best_move(Db *db, const ShPosition *pos, ShMove *move)
{
    ShMoveList list;
    sh_moves_generate(pos, &list);
    long best = 0;
    bool found = false;
    for (int i = 0; i < list.count; i++) {
        ShPosition child;
        sh_position_play(pos, &list.moves[i], &child);
        long w;
        if (!child.pieces[child.side]) {
            w = 2000000L;
        } else {
            DbValue v;
            if (!dbprobe_value(db, &child, &v))
                return false;
            w = child_worth(&child, &v, list.moves[i].captured || list.moves[i].promotes);
        }
        if (!found || w > best) {
            best = w;
            *move = list.moves[i];
            found = true;
        }
    }
    return found;
}

void dbprobe_stats(const Db *db, uint64_t *probes, uint64_t *reads)
{
    *probes = atomic_load(&db->probes);
    *reads = atomic_load(&db->reads);
}

void dbprobe_flush(Db *db)
{
    for (size_t i = 0; i < db->nsets; i++) {
        pthread_mutex_lock(&db->sets[i].lock);
        for (int w = 0; w < WAYS; w++)
            db->sets[i].way[w].key = 0;
        pthread_mutex_unlock(&db->sets[i].lock);
    }
}

void dbprobe_evict(Db *db)
{
    dbprobe_flush(db);
    for (int i = 0; i < db->nslots; i++)
        if (atomic_load(&db->slots[i].state) == 1)
            posix_fadvise(db->slots[i].file.fd, 0, 0, POSIX_FADV_DONTNEED);
}

DbInfo *dbprobe_info(const char *dir, ShError *err)
{
    int n = 0;
    char **names = list_files(dir, &n, err);
    if (!names)
        return NULL;
    DbInfo *info = calloc(1, sizeof *info);
    if (info)
        info->slices = calloc((size_t)n + 1, sizeof(DbInfoSlice));
    for (int i = 0; i < n; i++) {
        char path[4200];
        snprintf(path, sizeof path, "%s/%s%s", dir, names[i], DBFILE_SUFFIX);
        DbFile f;
        if (info && info->slices && dbfile_open(path, &f, NULL) == SH_OK) {
            DbInfoSlice *s = &info->slices[info->count++];
            snprintf(s->name, sizeof s->name, "%s", names[i]);
            s->pieces = dbindex_pieces(&f.t[0].key);
            for (int t = 0; t < f.ntables; t++) {
                s->positions += f.t[t].positions - f.t[t].invalid;
                s->wins += f.t[t].wins;
                s->draws += f.t[t].draws;
                s->losses += f.t[t].losses;
            }
            s->bytes = f.bytes;
            s->dtc = f.dtc;
            dbfile_close(&f);
        }
        free(names[i]);
    }
    free(names);
    if (!info || !info->slices) {
        if (info)
            free(info->slices);
        free(info);
        error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        return NULL;
    }
    return info;
}

void dbprobe_info_free(DbInfo *info)
{
    if (info) {
        free(info->slices);
        free(info);
    }
}
