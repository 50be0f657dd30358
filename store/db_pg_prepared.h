/* db_pg_prepared.h - the statements a PostgreSQL connection has prepared (db_pg.c): the store
 * sends the same few dozen statements again and again (a move: the game's row, its players'
 * clocks, the move, the notification); prepared once per connection, each is then executed by
 * name (PQexecPrepared), without PostgreSQL parsing and planning it again each time. */
#ifndef SHASHKI_DB_PG_PREPARED_H
#define SHASHKI_DB_PG_PREPARED_H

#include <stdbool.h>

#include "db_pq.h"

/* At most this many statements a connection: a statement beyond them (SQL made with values in
 * it, say) is sent unprepared, as before. */
#define PG_PREPARED_MAX 256

typedef struct PgPrepared {
    char **sql;      /* the statements prepared, as sent; a statement's name is its index */
    unsigned *hash;
    int count;
} PgPrepared;

/* The name of the statement `sql` (with $n parameters) prepared on conn, prepared now when it
 * was not ("s12" in name); false when it is not and cannot be (a transaction already failed,
 * the cache full, out of memory): the caller sends it unprepared, which fails alike if it must. */
bool pg_prepared_name(PgPrepared *p, const PqApi *pq, PGconn *conn, const char *sql, int nparams,
                      char name[16]);
/* Forget every statement (the connection was made again: its statements went with it). */
void pg_prepared_forget(PgPrepared *p);

#endif
