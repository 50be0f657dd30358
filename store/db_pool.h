/* db_pool.h - the PostgreSQL connections of one process, and who uses which (serve --db-pool N,
 * docs/federation.md "Connections").
 *
 * Each store of the server (the games, their reader, the accounts, the events, the lobby, the
 * contests) uses a connection under a mutex, one thread at a time, and the process listens to
 * the others on one more (live_sync.c). With a pool of N (2 to 7) the listener takes one, the
 * games store one, and the others take one of their own in this order while the pool lasts:
 * the reader (which lets reads answer while a commit waits for the disk), the accounts, the
 * events, the lobby, the contests; those left share the games store's connection and its mutex
 * (the reader left reads on the games store's). Without a pool set (every other command) and on
 * SQLite, each store opens its own, as before. */
#ifndef SHASHKI_DB_POOL_H
#define SHASHKI_DB_POOL_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include "db.h"

/* The stores' uses of a connection, in the order they get one of their own. */
typedef enum DbRole {
    DB_FOR_GAMES = 0,
    DB_FOR_READS,
    DB_FOR_ACCOUNTS,
    DB_FOR_EVENTS,
    DB_FOR_LOBBY,
    DB_FOR_CONTESTS,
    DB_ROLES
} DbRole;

/* The fewest connections that work (the listener and one for every store) and the most a
 * process can use (the listener and one for each use), also the default. */
enum { DB_POOL_MIN = 2, DB_POOL_MAX = DB_ROLES + 1 };

/* Set the pool's size before the stores open: false with the reason in err when it is out of
 * range. */
bool db_pool_set(int size, char *err, size_t errsize);
/* Whether a use has a connection of its own on a database (always, unless a pool set for a
 * PostgreSQL database gives it none). */
bool db_pool_own(const char *name, DbRole role);
/* Open the connection of a use: its own, or the games store's shared (the games store opens
 * first), with *lock the mutex that guards it; NULL with the reason in err. PostgreSQL's
 * application_name says "shashki PID USES" (pg_stat_activity). Close it with db_pool_close. */
Db *db_pool_open(const char *name, DbRole role, pthread_mutex_t **lock, char *err, size_t size);
/* The same, and a schema's tables created when missing (as db_open_schema). */
Db *db_pool_open_schema(const char *name, DbRole role, const char *schema, const char *what,
                        pthread_mutex_t **lock, char *err, size_t size);
void db_pool_close(Db *db);

#endif
