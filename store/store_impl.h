/* store_impl.h - inside the games' store (store.h): the connection and what its modules share
 * (store.c opens the database and brings its layout up to date, store_games.c keeps the games,
 * store_puzzles.c the puzzles' players, store_reviews.c the games' reviews). Everything is
 * written against db.h, so the same code runs on SQLite and on PostgreSQL. */
#ifndef SHASHKI_STORE_IMPL_H
#define SHASHKI_STORE_IMPL_H

#include <pthread.h>

#include "db.h"
#include "store.h"

struct Store {
    Db *db;
    pthread_mutex_t lock; /* one connection, used by one thread at a time */
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
void store_read_players(Store *store, StoredGame *g);

/* The time now, ISO 8601 in UTC. */
void store_now(char out[32]);
/* A column's text into out. */
void store_copy_text(char *out, size_t size, const char *text);
/* A transaction (lock held): begin, then finish with whether everything in it worked (commit,
 * or roll back); finish returns whether it was committed. */
bool store_begin(Store *store);
bool store_finish(Store *store, bool ok);
/* One statement with text values bound in order (lock held): whether it ran. */
bool store_run(Store *store, const char *sql, int count, const char *const *values);

#endif
