/* db_pool.c - the PostgreSQL connections of one process (see db_pool.h). */
#include "db_pool.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const ROLE_NAMES[DB_ROLES] = {"games", "reads", "accounts", "events", "lobby",
                                                 "contests"};

/* One connection open, and the uses that hold it. */
typedef struct PoolEntry {
    Db *db;
    pthread_mutex_t lock;
    int users;
    bool games;     /* the games store's: the one the uses without their own share */
    char name[512]; /* the database's */
    struct PoolEntry *next;
} PoolEntry;

static pthread_mutex_t entries_lock = PTHREAD_MUTEX_INITIALIZER;
static PoolEntry *entries;
static int pool_size; /* 0: not set, every use its own */

bool db_pool_set(int size, char *err, size_t errsize)
{
    if (size < DB_POOL_MIN) {
        snprintf(err, errsize,
                 "--db-pool %d: a process needs at least %d PostgreSQL connections (one to hear "
                 "the other processes' changes, one for its stores)",
                 size, DB_POOL_MIN);
        return false;
    }
    if (size > DB_POOL_MAX) {
        snprintf(err, errsize,
                 "--db-pool %d: a process uses at most %d PostgreSQL connections (the listener "
                 "and one for each of games, reads, accounts, events, lobby, contests)",
                 size, DB_POOL_MAX);
        return false;
    }
    pool_size = size;
    return true;
}

bool db_pool_own(const char *name, DbRole role)
{
    /* the listener takes one; role r is the (r + 1)th of the rest */
    return !pool_size || !db_is_postgres(name) || role == DB_FOR_GAMES || (int)role + 1 < pool_size;
}

/* "shashki PID games,lobby": the uses of a connection, as pg_stat_activity shows it. */
static void label(const char *name, DbRole role, char *out, size_t size)
{
    int n = snprintf(out, size, "shashki %ld %s", (long)getpid(), ROLE_NAMES[role]);
    for (int r = 0; role == DB_FOR_GAMES && r < DB_ROLES && n > 0 && (size_t)n < size; r++)
        if (r != DB_FOR_GAMES && r != DB_FOR_READS && !db_pool_own(name, (DbRole)r))
            n += snprintf(out + n, size - (size_t)n, ",%s", ROLE_NAMES[r]);
}

Db *db_pool_open(const char *name, DbRole role, pthread_mutex_t **lock, char *err, size_t size)
{
    pthread_mutex_lock(&entries_lock);
    PoolEntry *e = NULL;
    if (!db_pool_own(name, role))
        for (e = entries; e && !(e->games && strcmp(e->name, name) == 0);)
            e = e->next;
    if (e) {
        e->users++;
    } else if ((e = calloc(1, sizeof *e))) {
        char as[128];
        label(name, role, as, sizeof as);
        e->db = db_open_as(name, as, err, size);
        if (!e->db) {
            free(e);
            pthread_mutex_unlock(&entries_lock);
            return NULL;
        }
        pthread_mutex_init(&e->lock, NULL);
        e->users = 1;
        e->games = role == DB_FOR_GAMES;
        snprintf(e->name, sizeof e->name, "%s", name);
        e->next = entries;
        entries = e;
    } else {
        snprintf(err, size, "out of memory");
    }
    pthread_mutex_unlock(&entries_lock);
    if (!e)
        return NULL;
    *lock = &e->lock;
    return e->db;
}

Db *db_pool_open_schema(const char *name, DbRole role, const char *schema, const char *what,
                        pthread_mutex_t **lock, char *err, size_t size)
{
    Db *db = db_pool_open(name, role, lock, err, size);
    if (db && !db_exec_schema(db, schema)) {
        snprintf(err, size, "%s: %s", what, db_error(db));
        db_pool_close(db);
        db = NULL;
    }
    return db;
}

void db_pool_close(Db *db)
{
    if (!db)
        return;
    pthread_mutex_lock(&entries_lock);
    PoolEntry **at = &entries;
    while (*at && (*at)->db != db)
        at = &(*at)->next;
    PoolEntry *e = *at;
    if (e && --e->users == 0)
        *at = e->next;
    else
        e = NULL;
    pthread_mutex_unlock(&entries_lock);
    if (e) {
        db_close(e->db);
        pthread_mutex_destroy(&e->lock);
        free(e);
    }
}
