/* store_impl.h - inside the games' store (store.h): the connection and what its modules share
 * (store.c opens the database and brings its layout up to date, store_games.c keeps the games,
 * store_puzzles.c the puzzles' players, store_reviews.c the games' reviews). Everything is
 * written against db.h, so the same code runs on SQLite and on PostgreSQL. */
#ifndef SHASHKI_STORE_IMPL_H
#define SHASHKI_STORE_IMPL_H

#include <pthread.h>

#include "db.h"
#include "db_pool.h"
#include "store.h"

/* Changes waiting to share one commit (commit_group.c). */
typedef struct CommitGroup {
    pthread_mutex_t lock;
    pthread_cond_t done;      /* a group was committed */
    struct GroupJob *queue, **tail;
    int queued;               /* changes in the queue */
    bool leading;             /* a thread is committing a group */
} CommitGroup;

struct Store {
    Db *db;
    pthread_mutex_t *lock; /* the connection's, used by one thread at a time (db_pool.h: shared
                              with other stores when the pool is small) */
    CommitGroup group;    /* the games' changes, committed together (commit_group.c) */
    Db *reader;           /* a second connection for the reads that answer requests, which must
                             not wait for a commit on `db` (NULL: `db` serves them) */
    pthread_mutex_t read_lock;
    char name[512];       /* the database's name, as opened */
};

/* Tell every process of a shared database (PostgreSQL's NOTIFY on the channel "shashki", sent
 * when the transaction commits) that something changed: "g ID VERSION" a game (VERSION -1:
 * deleted), "e ID" an event; nothing on SQLite. Lock held, in a transaction. */
bool store_notify(Store *store, const char *what);

/* store_games.c's readers, shared with store_moves.c: the games row's columns in the order
 * store_read_game reads them, a game's players' rows (lock held). */
extern const char STORE_GAME_COLUMNS[];
void store_read_game(DbStmt *st, StoredGame *g);
void store_read_players(Db *db, StoredGame *g);

/* The time now, ISO 8601 in UTC. */
void store_now(char out[32]);
/* A column's text into out. */
void store_copy_text(char *out, size_t size, const char *text);
/* A transaction (lock held): begin, then finish with whether everything in it worked (commit,
 * or roll back); finish returns whether it was committed. */
bool store_begin(Store *store);
bool store_finish(Store *store, bool ok);
/* A read that must not wait for the commit in progress (a request's answer): the connection
 * to read on, locked until store_read_end. It sees what is committed. */
Db *store_read_begin(Store *store);
void store_read_end(Store *store);
/* A change run inside a transaction (the connection's lock held): whether it worked. */
typedef bool (*StoreChange)(Store *store, void *arg);
/* Run a change in a transaction shared with the changes queued meanwhile by other threads, one
 * commit for them all, each change in a savepoint of its own (called without the lock): true
 * once the commit holding it is durable, false if it failed or was not committed. */
bool store_group_run(Store *store, StoreChange change, void *arg);
void store_group_init(CommitGroup *group);
void store_group_destroy(CommitGroup *group);
/* One statement with text values bound in order (lock held): whether it ran. */
bool store_run(Store *store, const char *sql, int count, const char *const *values);

#endif
