/* db_sqlite.c - the store's SQL interface (db.h) on SQLite: a file in WAL mode with full
 * synchronisation, so that a committed change survives the process being killed. The
 * PostgreSQL engine is db_pg.c; db_open chooses by the database's name. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db_impl.h"

typedef struct SqliteDb {
    Db base;
    sqlite3 *handle;
} SqliteDb;

typedef struct SqliteStmt {
    DbStmt base;
    sqlite3_stmt *handle;
    bool stepped;
} SqliteStmt;

static sqlite3 *handle_of(Db *db)
{
    return ((SqliteDb *)db)->handle;
}

static void note_error(Db *db)
{
    snprintf(db->error, sizeof db->error, "%s", sqlite3_errmsg(handle_of(db)));
}

static bool s_exec(Db *db, const char *sql)
{
    char *msg = NULL;
    if (sqlite3_exec(handle_of(db), sql, NULL, NULL, &msg) == SQLITE_OK)
        return true;
    snprintf(db->error, sizeof db->error, "%s", msg ? msg : sqlite3_errmsg(handle_of(db)));
    sqlite3_free(msg);
    return false;
}

static DbStmt *s_prepare(Db *db, const char *sql)
{
    SqliteStmt *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    if (sqlite3_prepare_v2(handle_of(db), sql, -1, &st->handle, NULL) != SQLITE_OK) {
        note_error(db);
        free(st);
        return NULL;
    }
    st->base.db = db;
    return &st->base;
}

static sqlite3_stmt *stmt_of(DbStmt *st)
{
    return ((SqliteStmt *)st)->handle;
}

static void s_bind_text(DbStmt *st, int at, const char *value)
{
    if (value)
        sqlite3_bind_text(stmt_of(st), at, value, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(stmt_of(st), at);
}

static void s_bind_int(DbStmt *st, int at, long long value)
{
    sqlite3_bind_int64(stmt_of(st), at, value);
}

static void s_bind_double(DbStmt *st, int at, double value)
{
    sqlite3_bind_double(stmt_of(st), at, value);
}

static void s_bind_blob(DbStmt *st, int at, const void *data, int size)
{
    sqlite3_bind_blob(stmt_of(st), at, data, size, SQLITE_TRANSIENT);
}

static void s_bind_null(DbStmt *st, int at)
{
    sqlite3_bind_null(stmt_of(st), at);
}

static DbStep s_step(DbStmt *st)
{
    int rc = sqlite3_step(stmt_of(st));
    if (rc == SQLITE_ROW)
        return DB_ROW;
    if (rc == SQLITE_DONE) {
        /* a query changes nothing (sqlite3_changes would give the connection's last change) */
        st->changes = sqlite3_stmt_readonly(stmt_of(st)) ? 0 : sqlite3_changes(handle_of(st->db));
        return DB_DONE;
    }
    note_error(st->db);
    return DB_ERROR;
}

static const char *s_column_text(DbStmt *st, int col)
{
    const unsigned char *text = sqlite3_column_text(stmt_of(st), col);
    return text ? (const char *)text : "";
}

static long long s_column_int(DbStmt *st, int col)
{
    return sqlite3_column_int64(stmt_of(st), col);
}

static double s_column_double(DbStmt *st, int col)
{
    return sqlite3_column_double(stmt_of(st), col);
}

static bool s_column_null(DbStmt *st, int col)
{
    return sqlite3_column_type(stmt_of(st), col) == SQLITE_NULL;
}

static const void *s_column_blob(DbStmt *st, int col, int *size)
{
    const void *data = sqlite3_column_blob(stmt_of(st), col);
    *size = sqlite3_column_bytes(stmt_of(st), col);
    return data;
}

static int s_column_count(DbStmt *st)
{
    return sqlite3_column_count(stmt_of(st));
}

static const char *s_column_name(DbStmt *st, int col)
{
    const char *name = sqlite3_column_name(stmt_of(st), col);
    return name ? name : "";
}

static DbType s_column_type(DbStmt *st, int col)
{
    switch (sqlite3_column_type(stmt_of(st), col)) {
    case SQLITE_INTEGER:
        return DB_INT;
    case SQLITE_FLOAT:
        return DB_REAL;
    case SQLITE_BLOB:
        return DB_BLOB;
    case SQLITE_NULL:
        return DB_NULL;
    default:
        return DB_TEXT;
    }
}

static void s_reset(DbStmt *st)
{
    sqlite3_reset(stmt_of(st));
}

static void s_finalize(DbStmt *st)
{
    sqlite3_finalize(stmt_of(st));
    free(st);
}

static void s_close(Db *db)
{
    sqlite3_close(handle_of(db));
    free(db);
}

static int s_layout(Db *db)
{
    DbStmt *st = s_prepare(db, "PRAGMA user_version");
    int v = 0;
    if (st && s_step(st) == DB_ROW)
        v = (int)s_column_int(st, 0);
    if (st)
        s_finalize(st);
    return v;
}

static bool s_set_layout(Db *db, int version)
{
    char sql[64];
    snprintf(sql, sizeof sql, "PRAGMA user_version=%d", version);
    return s_exec(db, sql);
}

static bool s_has_column(Db *db, const char *table, const char *column)
{
    char sql[128];
    snprintf(sql, sizeof sql, "PRAGMA table_info(%s)", table);
    DbStmt *st = s_prepare(db, sql);
    bool found = false;
    while (st && !found && s_step(st) == DB_ROW)
        found = strcmp(s_column_text(st, 1), column) == 0;
    if (st)
        s_finalize(st);
    return found;
}

static const DbOps SQLITE_OPS = {
    .exec = s_exec,
    .prepare = s_prepare,
    .bind_text = s_bind_text,
    .bind_int = s_bind_int,
    .bind_double = s_bind_double,
    .bind_blob = s_bind_blob,
    .bind_null = s_bind_null,
    .step = s_step,
    .column_text = s_column_text,
    .column_int = s_column_int,
    .column_double = s_column_double,
    .column_null = s_column_null,
    .column_blob = s_column_blob,
    .reset = s_reset,
    .finalize = s_finalize,
    .close = s_close,
    .layout = s_layout,
    .set_layout = s_set_layout,
    .has_column = s_has_column,
    .column_count = s_column_count,
    .column_name = s_column_name,
    .column_type = s_column_type,
    .tables_sql = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                  " ORDER BY name",
    .parents_sql = "SELECT m.name, p.\"table\" FROM sqlite_master m, pragma_foreign_key_list(m.name) p"
                   " WHERE m.type = 'table'",
    .begin_sql = "BEGIN IMMEDIATE",
    .like = "LIKE",
};

Db *db_sqlite_open(const char *path, char *err, size_t size)
{
    SqliteDb *db = calloc(1, sizeof *db);
    if (!db) {
        snprintf(err, size, "out of memory");
        return NULL;
    }
    db->base.ops = &SQLITE_OPS;
    db->base.kind = DB_SQLITE;
    if (sqlite3_open_v2(path, &db->handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK) {
        snprintf(err, size, "cannot open %s: %s", path, sqlite3_errmsg(db->handle));
        sqlite3_close(db->handle);
        free(db);
        return NULL;
    }
    sqlite3_busy_timeout(db->handle, 10000);
    if (!s_exec(&db->base, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; "
                           "PRAGMA foreign_keys=ON;")) {
        snprintf(err, size, "not a usable games file: %s (in %s)", db->base.error, path);
        s_close(&db->base);
        return NULL;
    }
    return &db->base;
}
