/* db_impl.h - inside db.h: the table of functions each engine fills, and what every connection
 * and statement carries. db.c dispatches; db_sqlite.c and db_pg.c are the engines. */
#ifndef SHASHKI_DB_IMPL_H
#define SHASHKI_DB_IMPL_H

#include "db.h"

typedef struct DbOps {
    bool (*exec)(Db *db, const char *sql);
    DbStmt *(*prepare)(Db *db, const char *sql);
    void (*bind_text)(DbStmt *st, int at, const char *value);
    void (*bind_int)(DbStmt *st, int at, long long value);
    void (*bind_double)(DbStmt *st, int at, double value);
    void (*bind_blob)(DbStmt *st, int at, const void *data, int size);
    void (*bind_null)(DbStmt *st, int at);
    DbStep (*step)(DbStmt *st);
    const char *(*column_text)(DbStmt *st, int col);
    long long (*column_int)(DbStmt *st, int col);
    double (*column_double)(DbStmt *st, int col);
    bool (*column_null)(DbStmt *st, int col);
    const void *(*column_blob)(DbStmt *st, int col, int *size);
    int (*column_count)(DbStmt *st);
    const char *(*column_name)(DbStmt *st, int col);
    DbType (*column_type)(DbStmt *st, int col);
    void (*reset)(DbStmt *st);
    void (*finalize)(DbStmt *st);
    void (*close)(Db *db);
    int (*layout)(Db *db);
    bool (*set_layout)(Db *db, int version);
    bool (*has_column)(Db *db, const char *table, const char *column);
    bool (*available)(Db *db); /* NULL: always (an SQLite file) */
    const char *begin_sql;
    const char *tables_sql;  /* the program's tables, one a row */
    const char *parents_sql; /* (table, the table a foreign key of it names), one pair a row */
    const char *like;
} DbOps;

struct Db {
    const DbOps *ops;
    DbKind kind;
    char error[512];
};

struct DbStmt {
    Db *db;
    long long changes;
};

Db *db_sqlite_open(const char *path, char *err, size_t size);
Db *db_pg_open(const char *conninfo, const char *as, char *err, size_t size);
DbListener *db_pg_listen(const char *conninfo, const char *channel, char *err, size_t size);
int db_pg_listener_wait(DbListener *l, int timeout_ms, char *payload, size_t size);
void db_pg_listener_close(DbListener *l);

#endif
