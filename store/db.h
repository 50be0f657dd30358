/*
 * db.h - the one SQL interface the store is written against, with two engines behind it:
 * SQLite (db_sqlite.c), the embedded default, a file a club's server owns alone, and
 * PostgreSQL (db_pg.c, through libpq), a server that several processes share.
 *
 * A database is named by a text: "postgresql://user@host/name" (or "postgres://...", or a libpq
 * "key=value" string starting with "host=", "dbname=" or "user=") is PostgreSQL; anything else is
 * an SQLite file's path ("sqlite:PATH" also). The store writes SQL that both read alike: `?`
 * placeholders (numbered $1, $2 ... for PostgreSQL by this module), `INSERT ... ON CONFLICT
 * (...) DO UPDATE`, `INSERT ... RETURNING id`, and the few differences asked for by name:
 * db_like (a case-blind LIKE) and the tables' types in its schema (db_kind).
 *
 * A connection is used by one thread at a time (the store holds a mutex around it). Values are
 * read by column number from the row db_step has just reached; a text read stays valid until
 * the next step, reset or finalize of the statement.
 */
#ifndef SHASHKI_DB_H
#define SHASHKI_DB_H

#include <stdbool.h>
#include <stddef.h>

typedef enum DbKind { DB_SQLITE = 0, DB_POSTGRES } DbKind;
typedef enum DbStep { DB_ERROR = -1, DB_DONE = 0, DB_ROW = 1 } DbStep;
/* A value's type as the engine gives it back. */
typedef enum DbType { DB_NULL = 0, DB_INT, DB_REAL, DB_TEXT, DB_BLOB } DbType;

typedef struct Db Db;
typedef struct DbStmt DbStmt;

/* Whether a database's name is PostgreSQL's. */
bool db_is_postgres(const char *name);
/* A database's name fit to print: a PostgreSQL password in it (USER:PASSWORD@ of a URL, its
 * ?password= or libpq's password=...) written *** ("postgresql://shashki:***@host/db"). */
void db_name_masked(const char *name, char *out, size_t size);
/* Whether the name holds a password (which ps shows when it is on a command line). */
bool db_name_has_password(const char *name);
/* Open a database (create an SQLite file if needed; a PostgreSQL database must exist); NULL
 * with a message in err on failure. */
Db *db_open(const char *name, char *err, size_t size);
/* The same, a PostgreSQL connection named `as` for the server's activity view (libpq's
 * application_name, unless the database's name sets one; NULL: "shashki PID"). */
Db *db_open_as(const char *name, const char *as, char *err, size_t size);
void db_close(Db *db);
/* Open a database and create the tables of a schema (db_exec_schema) when missing: NULL with
 * "WHAT: the reason" in err when either fails. */
Db *db_open_schema(const char *name, const char *schema, const char *what, char *err,
                   size_t size);
DbKind db_kind(const Db *db);
/* The last error's message. */
const char *db_error(const Db *db);

/* Run statements without parameters, separated by ';'. */
bool db_exec(Db *db, const char *sql);
/* The same for tables' definitions, the engine's types written in place of @ID (a row id the
 * database numbers), @BLOB, @REAL and @BIGINT (64 bits: PostgreSQL's INTEGER has 32). */
bool db_exec_schema(Db *db, const char *sql);
/* A statement with `?` parameters, bound from 1; NULL on a syntax error (db_error says). */
DbStmt *db_prepare(Db *db, const char *sql);
void db_bind_text(DbStmt *st, int at, const char *value); /* NULL: SQL NULL */
void db_bind_int(DbStmt *st, int at, long long value);
void db_bind_double(DbStmt *st, int at, double value);
void db_bind_blob(DbStmt *st, int at, const void *data, int size);
void db_bind_null(DbStmt *st, int at);
/* Run the statement (the first call) and move to its next row. */
DbStep db_step(DbStmt *st);
/* Read a column of the current row (from 0). */
const char *db_column_text(DbStmt *st, int col); /* "" for NULL */
long long db_column_int(DbStmt *st, int col);
double db_column_double(DbStmt *st, int col);
bool db_column_null(DbStmt *st, int col);
/* A blob's bytes (NULL for NULL) and its size. */
const void *db_column_blob(DbStmt *st, int col, int *size);
/* The statement's columns, their names and the current row's value types: known once db_step
 * has run it (the names and count whether it gave a row or not). */
int db_column_count(DbStmt *st);
const char *db_column_name(DbStmt *st, int col);
DbType db_column_type(DbStmt *st, int col);
/* Rows the last data change of the statement touched. */
long long db_statement_changes(DbStmt *st);
/* Run it again with new values (the bindings are kept until replaced). */
void db_reset(DbStmt *st);
void db_finalize(DbStmt *st);

/* A transaction that takes the write lock at once (SQLite's IMMEDIATE). */
bool db_begin(Db *db);
bool db_commit(Db *db);
void db_rollback(Db *db);

/* The layout version a program wrote in the database (0 for a new one), and its setting. */
int db_layout(Db *db);
bool db_set_layout(Db *db, int version);
/* Whether a table has a column. */
bool db_has_column(Db *db, const char *table, const char *column);
/* The program's tables in the database (not the engine's own), every table after the tables
 * its foreign keys name: the order in which rows may be copied in. The count, at most max;
 * -1 on an error. */
int db_tables(Db *db, char (*names)[64], int max);
/* Tell the processes listening on a channel (PostgreSQL's NOTIFY, sent when the transaction
 * commits); nothing on SQLite, where no other process listens. */
bool db_notify(Db *db, const char *channel, const char *what);

/* A listener of a shared database's notifications (PostgreSQL's LISTEN on a channel, on a
 * connection of its own): db_listen gives NULL for an SQLite file (nobody else writes it) with
 * err "", or NULL with the reason. db_listener_wait waits up to timeout_ms for the next
 * notification: 1 with its payload, 0 for none in that time, -1 when the connection is lost
 * (close it and listen again). One thread uses a listener. */
typedef struct DbListener DbListener;
DbListener *db_listen(const char *name, const char *channel, char *err, size_t size);
int db_listener_wait(DbListener *l, int timeout_ms, char *payload, size_t size);
void db_listener_close(DbListener *l);

/* Whether the database answers: false while the connection to a PostgreSQL server is lost (a
 * statement failed because of it), each call trying to connect again (at most four times a
 * second, and never inside a transaction, whose statements all fail once it is lost). */
bool db_available(Db *db);

/* "LIKE" for SQLite (blind to ASCII case already), "ILIKE" for PostgreSQL. */
const char *db_like(const Db *db);

#endif
